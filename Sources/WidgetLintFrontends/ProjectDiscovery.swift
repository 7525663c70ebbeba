import Foundation
import WidgetLintCore
import WidgetLintModel
import WidgetLintReaders

/// Finds the manifests a command line names: files as given, directories searched for
/// `widgets.yaml`, `widgets.yml` and `widgets.json`.
public enum ProjectDiscovery {
  public static let manifestNames: Set<String> = ["widgets.yaml", "widgets.yml", "widgets.json"]

  /// An Expo app's config files: static (JSON) and dynamic (JavaScript or TypeScript, read as data).
  public static let expoConfigNames = Set(ExpoAppFrontend.staticConfigNames + ExpoAppFrontend.dynamicConfigNames)

  public enum Input: Equatable, Sendable {
    /// A file to lint, and how to show its path.
    case file(path: String)
    case standardInput
    /// An Expo app, by its app config (app.json, app.config.json, app.config.ts/.js/.mjs/.cjs).
    case expoApp(config: String)
    /// An Xcode or Flutter app, by the folder holding `ios/` (or `ios/` itself).
    case xcodeProject(directory: String)
    /// A folder of widget Swift code with no manifest (`--sources`), and the iOS version it deploys to
    /// (`--deployment-target`; nil: OS availability is not judged).
    case swiftSources(directory: String, deploymentTarget: OSVersion?)

    /// The path a configuration's `ignore:` globs are matched against.
    package var configurationPath: String {
      switch self {
      case .file(let path): return path
      case .standardInput: return "-"
      case .expoApp(let config): return config
      case .xcodeProject(let directory): return PathUtilities.join(directory, "ios")
      case .swiftSources(let directory, _): return directory
      }
    }

    /// The folder whose nearest configuration applies (the current folder for standard input, a
    /// `--sources` folder itself).
    package var configurationDirectory: String {
      guard self != .standardInput else { return "." }
      if case .swiftSources(let directory, _) = self { return directory }
      let directory = (configurationPath as NSString).deletingLastPathComponent
      return directory.isEmpty ? "." : directory
    }

    /// How the report names a `--sources` folder.
    public static let swiftSourcesKind = "Swift sources"

    /// How the report names an app read as it is; nil for a manifest.
    package var appKind: String? {
      switch self {
      case .file, .standardInput: return nil
      case .swiftSources: return Self.swiftSourcesKind
      case .expoApp: return "Expo app"
      case .xcodeProject(let directory):
        let isFlutter = FileManager.default.fileExists(atPath: PathUtilities.join(directory, "pubspec.yaml"))
        return isFlutter ? "Flutter app" : "Xcode app"
      }
    }
  }

  /// Whether a file found in a folder is an Expo app's config. Expo reads app.json with its keys under
  /// `"expo"` or at the root; a root-level one (or an app.config.* file, a name other tools use too)
  /// counts when it has an `expo` key or names Expo's keys, or the folder's package.json depends on expo.
  package static func isExpoConfig(_ path: String) -> Bool {
    guard case .success(let bytes) = InputReader.read(path: path, maxSize: 4 << 20) else { return false }
    let name = (path as NSString).lastPathComponent
    if name.hasSuffix(".json") {
      // Read as Expo reads it (JSON5), so `expo:` and `'slug'` count as well as `"expo"`.
      let (value, _) = JavaScriptConfigReader.readJSON5(SourceText(path: path, bytes: bytes))
      if case .object(let members) = value?.value,
        members.contains(where: { ["expo", "slug", "ios", "plugins", "sdkVersion"].contains($0.key.value) })
      {
        return true
      }
    } else {
      let text = String(decoding: bytes, as: UTF8.self)
      if ["\"expo\"", "expo/config", "ExpoConfig", "@bacons/apple-targets"].contains(where: text.contains) {
        return true
      }
    }
    let folder = (path as NSString).deletingLastPathComponent
    let package = PathUtilities.join(folder.isEmpty ? "." : folder, "package.json")
    guard case .success(let packageBytes) = InputReader.read(path: package, maxSize: 4 << 20) else { return false }
    return String(decoding: packageBytes, as: UTF8.self).contains("\"expo\"")
  }

  /// The config Expo reads first among a folder's: a dynamic one, then a static one, in Expo's order.
  package static func preferredExpoConfig(_ names: [String]) -> String? {
    (ExpoAppFrontend.dynamicConfigNames + ExpoAppFrontend.staticConfigNames).first(where: names.contains)
  }

  /// Whether a project file has an app extension target.
  package static func hasAppExtension(_ pbxproj: String) -> Bool {
    guard case .success(let bytes) = InputReader.read(path: pbxproj, maxSize: 16 << 20) else { return false }
    return String(decoding: bytes, as: UTF8.self).contains("com.apple.product-type.app-extension")
  }

  /// Whether a folder holds an app extension's Info.plist (`<folder>/<target>/Info.plist` with NSExtension)
  /// or an `.xcodeproj` with an app extension target.
  package static func isXcodeAppFolder(_ path: String) -> Bool {
    let manager = FileManager.default
    guard let folders = try? manager.contentsOfDirectory(atPath: path) else { return false }
    for folder in folders where folder.hasSuffix(".xcodeproj") && folder != "Pods.xcodeproj" {
      if hasAppExtension(PathUtilities.join(PathUtilities.join(path, folder), "project.pbxproj")) {
        return true
      }
    }
    for folder in folders where !folder.hasPrefix(".") && folder != "Pods" {
      let info = PathUtilities.join(PathUtilities.join(path, folder), "Info.plist")
      if case .success(let bytes) = InputReader.read(path: info, maxSize: 4 << 20),
        String(decoding: bytes, as: UTF8.self).contains("NSExtension")
      {
        return true
      }
    }
    return false
  }

  /// The app an `.xcodeproj` or `.xcworkspace` on the command line names: the Xcode app in the folder
  /// that holds it (the folder above `ios/` for Flutter and Expo apps). A workspace names the app of the
  /// first project it lists other than CocoaPods'. Nil for any other path.
  package static func appOfXcodeBundle(_ argument: String) -> Result<Input, InputError>? {
    let trimmed = argument.hasSuffix("/") ? String(argument.dropLast()) : argument
    let name = (trimmed as NSString).lastPathComponent
    var project = trimmed
    if name.hasSuffix(".xcworkspace") {
      let listed = XcodeWorkspace.projects(in: trimmed).filter { !$0.hasSuffix("Pods.xcodeproj") }
      guard let first = listed.first else {
        return .failure(InputError(path: argument, message: "the workspace lists no Xcode project"))
      }
      project = first
    } else if !name.hasSuffix(".xcodeproj") {
      return nil
    }
    guard FileManager.default.fileExists(atPath: PathUtilities.join(project, "project.pbxproj")) else {
      return .failure(InputError(path: argument, message: "'\(project)' has no project.pbxproj"))
    }
    var folder = (project as NSString).deletingLastPathComponent
    if folder.isEmpty { folder = "." }
    if (PathUtilities.absolute(folder) as NSString).lastPathComponent == "ios" {
      let parent = (folder as NSString).deletingLastPathComponent
      folder = folder == "." ? ".." : (parent.isEmpty ? "." : parent)
    }
    guard isXcodeAppFolder(folder) || isXcodeAppFolder(PathUtilities.join(folder, "ios")) else {
      return .failure(InputError(path: argument, message: "the project has no app extension target"))
    }
    return .success(.xcodeProject(directory: folder))
  }

  /// What a command line names: each project once, in the order first named.
  public struct Discovery: Sendable {
    public var inputs: [Input] = []
    /// Arguments that name nothing that exists, or a folder with nothing to lint.
    public var errors: [InputError] = []
    /// Files that belong to no project widgetlint reads.
    public var skipped: [SkippedFile] = []
  }

  /// The inputs for the given arguments, and the arguments that named nothing lintable.
  public static func inputs(for arguments: [String]) -> (inputs: [Input], errors: [InputError]) {
    let discovery = discover(arguments)
    return (discovery.inputs, discovery.errors)
  }

  /// The `--sources` folders, each an input as given; a path that is not a folder is an error.
  public static func discover(sources directories: [String], deploymentTarget: OSVersion? = nil) -> Discovery {
    var discovery = Discovery()
    var seen: Set<String> = []
    for directory in directories {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
        discovery.errors.append(InputError(path: directory, message: "is not a folder of Swift sources"))
        continue
      }
      let input = Input.swiftSources(directory: directory, deploymentTarget: deploymentTarget)
      if seen.insert(PathUtilities.absolute(input.configurationPath)).inserted { discovery.inputs.append(input) }
    }
    return discovery
  }

  /// - Parameter listingError: the `errno` of listing a folder named on the command line, or nil when it
  ///   can be listed. Tests pass their own: they run as root, whom permissions do not stop.
  public static func discover(
    _ arguments: [String], listingError: (String) -> Int32? = ProjectDiscovery.listingError
  ) -> Discovery {
    var discovery = Discovery()
    var seen: Set<String> = []
    for input in discoverEach(arguments, listingError: listingError, into: &discovery) {
      // A project named twice (a folder and a file in it, two files of one app) is linted once.
      if input == .standardInput || seen.insert(PathUtilities.absolute(input.configurationPath)).inserted {
        discovery.inputs.append(input)
      }
    }
    return discovery
  }

  /// Why a folder cannot be listed (`EACCES` for an unreadable one), or nil when it can.
  public static func listingError(_ directory: String) -> Int32? {
    guard let stream = opendir(directory) else { return errno }
    closedir(stream)
    return nil
  }

  private static func discoverEach(
    _ arguments: [String], listingError: (String) -> Int32?, into discovery: inout Discovery
  ) -> [Input] {
    var inputs: [Input] = []
    var errors: [InputError] = []
    let cache = DiscoveryCache()
    defer { discovery.errors += errors }
    for argument in arguments {
      if argument == "-" {
        inputs.append(.standardInput)
        continue
      }
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory) else {
        let message =
          (try? FileManager.default.destinationOfSymbolicLink(atPath: argument)) != nil
          ? "is a broken symbolic link" : "no such file or directory"
        errors.append(InputError(path: argument, message: message))
        continue
      }
      if let app = appOfXcodeBundle(argument) {
        switch app {
        case .success(let input): inputs.append(input)
        case .failure(let error): errors.append(error)
        }
        continue
      }
      guard isDirectory.boolValue else {
        switch input(forFile: argument, cache: cache) {
        case .success(let input): inputs.append(input)
        case .failure(let skipped): discovery.skipped.append(skipped)
        }
        continue
      }
      // A folder that cannot be listed says why, rather than that it holds nothing to lint.
      if let code = listingError(argument) {
        errors.append(InputError(path: argument, message: InputReader.message(forErrno: code)))
        continue
      }
      let resolver = SwiftFileResolver(baseDirectory: argument, displayDirectory: argument)
      let files = resolver.walk(".")
      var found: [Input] = []
      var expoFolders: Set<String> = []
      var expoConfigs: [String: [String]] = [:]
      var expoInputs: [(index: Int, folder: String)] = []
      for relative in files {
        let name = (relative as NSString).lastPathComponent
        let path = PathUtilities.join(argument, relative)
        if manifestNames.contains(name) {
          found.append(.file(path: path))
        } else if expoConfigNames.contains(name), isExpoConfig(path) {
          let folder = (relative as NSString).deletingLastPathComponent
          // app.config.ts beside app.json is the same app: one input per folder, by the file Expo reads.
          if expoFolders.insert(folder).inserted {
            expoInputs.append((found.count, folder))
            found.append(.expoApp(config: path))
          }
          expoConfigs[folder, default: []].append(name)
        }
      }
      for (index, folder) in expoInputs {
        guard let preferred = preferredExpoConfig(expoConfigs[folder] ?? []) else { continue }
        let path = folder.isEmpty ? argument : PathUtilities.join(argument, folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        let layout = expoLayout(of: Folder(parentOf: PathUtilities.join(path, preferred)), names: names)
        found[index] =
          buildsFromCommittedNativeProject(path, names: names, targetsRoot: layout.targetsRoot)
          ? .xcodeProject(directory: path)
          : .expoApp(config: PathUtilities.join(argument, PathUtilities.join(folder, preferred)))
      }
      // An `ios` folder with app extensions, unless it is an Expo app's prebuild output.
      var iosFolders = Set(
        files.compactMap { relative -> String? in
          let parts = relative.split(separator: "/")
          guard let index = parts.lastIndex(of: "ios"), index + 2 == parts.count - 1, parts.last == "Info.plist" else {
            return nil
          }
          return parts[..<index].joined(separator: "/")
        })
      // An Xcode project with an app extension (`<folder>/<name>.xcodeproj/project.pbxproj`, or in `ios/`).
      for relative in files where relative.hasSuffix(".xcodeproj/project.pbxproj") {
        var parts = relative.split(separator: "/").dropLast(2)
        guard !parts.contains("Pods") else { continue }
        if parts.last == "ios" { parts = parts.dropLast() }
        if hasAppExtension(PathUtilities.join(argument, relative)) {
          iosFolders.insert(parts.joined(separator: "/"))
        }
      }
      if (argument as NSString).lastPathComponent == "ios" || isXcodeAppFolder(argument) { iosFolders.insert("") }
      for folder in iosFolders.sorted() where !expoFolders.contains(folder) {
        let path = folder.isEmpty ? argument : PathUtilities.join(argument, folder)
        let ios =
          !FileManager.default.fileExists(atPath: PathUtilities.join(path, "ios"))
          ? path : PathUtilities.join(path, "ios")
        if isXcodeAppFolder(ios) { found.append(.xcodeProject(directory: path)) }
      }
      if found.isEmpty {
        errors.append(
          InputError(
            path: argument,
            message:
              "contains no manifest (widgets.yaml, widgets.yml or widgets.json), Expo app or iOS app with widgets"))
      }
      inputs += found
    }
    return inputs
  }
}
