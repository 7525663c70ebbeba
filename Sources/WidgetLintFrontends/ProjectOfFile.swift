import Foundation
import WidgetLintCore
import WidgetLintModel
import WidgetLintReaders

/// Maps a file named on the command line to the project it belongs to, so that any changed file
/// (as a pre-commit hook passes them) lints its whole project, and a file widgetlint does not read
/// is skipped instead of being parsed as a manifest.
extension ProjectDiscovery {
  /// A file named on the command line that is not linted, and why.
  public struct SkippedFile: Error, Sendable, Equatable {
    public var path: String
    public var reason: String
  }

  /// What a file is to widgetlint, by its name.
  package enum FileKind: Equatable {
    case manifest
    case expoConfig
    /// A file an app's frontend reads (Swift, Dart, plist, entitlements, Xcode project, target config).
    case projectFile
    /// YAML or JSON under another name: a manifest when it has one's top-level keys.
    case possibleManifest
    /// JavaScript or TypeScript: an Expo app's project file when the app lists it as a config plugin.
    case possiblePlugin
    case unknown
  }

  /// Files that are YAML or JSON but never a widgetlint manifest.
  package static let otherToolsFiles: Set<String> = [
    "pubspec.yaml", "pubspec.lock", "analysis_options.yaml", "package.json", "package-lock.json", "tsconfig.json",
    "eas.json", ".pre-commit-config.yaml", ".pre-commit-hooks.yaml", ".widgetlint.yml", ".widgetlint.yaml",
    ".swiftlint.yml", ".yamllint", ".yamllint.yaml", "Package.resolved", "Contents.json",
  ]

  package static func kind(ofFileNamed name: String) -> FileKind {
    if manifestNames.contains(name) { return .manifest }
    if expoConfigNames.contains(name) { return .expoConfig }
    if otherToolsFiles.contains(name) { return .unknown }
    if name.hasPrefix("expo-target.config.") || name == "project.pbxproj" { return .projectFile }
    let projectExtensions = [".swift", ".dart", ".plist", ".entitlements", ".xcconfig"]
    if projectExtensions.contains(where: name.hasSuffix) { return .projectFile }
    if [".yaml", ".yml", ".json"].contains(where: name.lowercased().hasSuffix) { return .possibleManifest }
    if ExpoAppFrontend.pluginExtensions.contains(where: name.hasSuffix) { return .possiblePlugin }
    return .unknown
  }

  /// The input a file named on the command line stands for, or why it is skipped.
  package static func input(forFile path: String, cache: DiscoveryCache) -> Result<Input, SkippedFile> {
    let name = (path as NSString).lastPathComponent
    switch kind(ofFileNamed: name) {
    case .manifest:
      return .success(.file(path: path))
    case .possibleManifest:
      guard looksLikeManifest(path) else {
        return .failure(SkippedFile(path: path, reason: "not a widgetlint manifest (no top-level 'app' or 'targets')"))
      }
      return .success(.file(path: path))
    case .expoConfig:
      guard isExpoConfig(path) else {
        return .failure(
          SkippedFile(path: path, reason: "not an Expo app config (no expo keys, and expo is no dependency)"))
      }
      return .success(expoApp(in: Folder(parentOf: path)))
    case .possiblePlugin:
      if let app = expoApp(usingPlugin: path, cache: cache) { return .success(app) }
      return .failure(SkippedFile(path: path, reason: "not a config plugin of an Expo app in the folders above it"))
    case .projectFile:
      if let project = project(containing: path, cache: cache) { return .success(project) }
      return .failure(
        SkippedFile(
          path: path, reason: "belongs to no manifest, Expo app or iOS app with widgets in the folders above it"))
    case .unknown:
      return .failure(SkippedFile(path: path, reason: "not a file widgetlint reads"))
    }
  }

  /// Whether YAML or JSON has a manifest's top-level keys: a line that starts, after indentation and
  /// an opening brace, with `app` or `targets` (quoted or not) and a colon. A broken manifest still
  /// has them, so its syntax error is reported rather than the file skipped.
  package static func looksLikeManifest(_ path: String) -> Bool {
    guard case .success(let bytes) = InputReader.read(path: path, maxSize: 16 << 20) else {
      return true  // Reading it as a manifest reports why it cannot be read.
    }
    for line in bytes.prefix(1 << 20).split(separator: UInt8(ascii: "\n")) {
      var rest = line.drop(while: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "{") })
      if let quote = rest.first, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") { rest = rest.dropFirst() }
      for key in ["app", "targets"] where rest.starts(with: key.utf8) {
        var after = rest.dropFirst(key.utf8.count)
        if let quote = after.first, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
          after = after.dropFirst()
        }
        if after.drop(while: { $0 == UInt8(ascii: " ") }).first == UInt8(ascii: ":") { return true }
      }
    }
    return false
  }

  /// A folder as the user would name it and as the file system knows it, walked upwards.
  package struct Folder {
    package var display: String
    package var absolute: String

    package init(parentOf path: String) {
      let parent = (path as NSString).deletingLastPathComponent
      display = parent.isEmpty ? "." : parent
      absolute = PathUtilities.absolute(display)
    }

    package func child(_ name: String) -> String { display == "." ? name : PathUtilities.join(display, name) }

    package var parent: Folder? {
      guard absolute != "/" else { return nil }
      var folder = self
      folder.absolute = (absolute as NSString).deletingLastPathComponent
      if display == "." || display == ".." || display.hasSuffix("/..") {
        folder.display = display == "." ? ".." : display + "/.."
      } else {
        let up = (display as NSString).deletingLastPathComponent
        folder.display = up.isEmpty ? "." : up
      }
      return folder
    }

    package var names: [String] { (try? FileManager.default.contentsOfDirectory(atPath: absolute)) ?? [] }
  }

  /// The Expo app whose config is in a folder, by the config Expo reads first; or, where the app builds
  /// from a committed native project, that project.
  package static func expoApp(in folder: Folder) -> Input {
    let names = folder.names
    let targetsRoot = expoLayout(of: folder, names: names).targetsRoot
    if buildsFromCommittedNativeProject(folder.display, names: names, targetsRoot: targetsRoot) {
      return .xcodeProject(directory: folder.display)
    }
    let config = preferredExpoConfig(names.filter(expoConfigNames.contains)) ?? "app.json"
    return .expoApp(config: folder.child(config))
  }

  /// Whether an Expo app builds from its committed `ios/` folder rather than from what prebuild makes:
  /// no @bacons/apple-targets target folder (`targets/*/expo-target.config.*`), and an Xcode project in
  /// `ios/` with an app extension. Prebuild does not run where `ios/` exists, so the widget is that
  /// project's target.
  package static func buildsFromCommittedNativeProject(_ folder: String, names: [String], targetsRoot: String)
    -> Bool
  {
    guard names.contains("ios") else { return false }
    let targets = PathUtilities.join(folder, targetsRoot)
    let targetFolders = (try? FileManager.default.contentsOfDirectory(atPath: targets)) ?? []
    for target in targetFolders {
      let files = (try? FileManager.default.contentsOfDirectory(atPath: PathUtilities.join(targets, target))) ?? []
      if files.contains(where: { $0.hasPrefix("expo-target.config.") }) { return false }
    }
    return isXcodeAppFolder(PathUtilities.join(folder, "ios"))
  }

  /// The nearest project above a file (up to the repository's root): a manifest whose `sources`
  /// include it (for Swift), an Expo app, or an Xcode/Flutter app with widgets. A file in an Expo app's
  /// `targets/` or `ios/` folder is that Expo app's, whatever the folders between hold (a target folder
  /// with an Info.plist looks like an Xcode app of its own), so it is linted as the app's root is.
  package static func project(containing path: String, cache: DiscoveryCache) -> Input? {
    let isSwift = path.hasSuffix(".swift")
    let file = PathUtilities.absolute(path)
    var next: Folder? = Folder(parentOf: path)
    var nearestApp: Input?
    while let folder = next {
      let names = folder.names
      if isSwift, nearestApp == nil {
        for name in names.sorted() where manifestNames.contains(name) {
          if cache.swiftFiles(of: folder.child(name)).contains(file) { return .file(path: folder.child(name)) }
        }
      }
      if let app = cache.app(in: folder, names: names) {
        if nearestApp == nil { nearestApp = app }
        if cache.isExpoApp(folder, names: names) {
          let targetsRoot = cache.expoLayout(of: folder, names: names).targetsRoot
          let inside = [targetsRoot, "ios"].contains { file.hasPrefix(PathUtilities.join(folder.absolute, $0) + "/") }
          return inside ? app : nearestApp
        }
      }
      if names.contains(".git") { break }
      next = folder.parent
    }
    return nearestApp
  }

  /// The nearest Expo app above a script that lists it as a config plugin of its own.
  package static func expoApp(usingPlugin path: String, cache: DiscoveryCache) -> Input? {
    let file = PathUtilities.absolute(path)
    var next: Folder? = Folder(parentOf: path)
    while let folder = next {
      let names = folder.names
      if cache.isExpoApp(folder, names: names) {
        return cache.expoLayout(of: folder, names: names).localPlugins.contains(file) ? expoApp(in: folder) : nil
      }
      if names.contains(".git") { return nil }
      next = folder.parent
    }
    return nil
  }

  /// Where an Expo app's files are, as its config says: the folder its targets are in, and the absolute
  /// paths of the config plugins of its own.
  package struct ExpoLayout {
    package var targetsRoot = "targets"
    package var localPlugins: Set<String> = []
  }

  package static func expoLayout(of folder: Folder, names: [String]) -> ExpoLayout {
    var layout = ExpoLayout()
    guard let config = preferredExpoConfig(names.filter(expoConfigNames.contains)) else { return layout }
    let path = folder.child(config)
    guard let root = FrontendContext().readValue(at: path, display: path).0 else { return layout }
    let expo = root["expo"] ?? root
    layout.targetsRoot = ExpoAppFrontend.targetsRoot(of: expo)
    for entry in expo["plugins"]?.array ?? [] {
      guard let reference = entry.stringValue?.value ?? entry.array?.first?.stringValue?.value,
        ExpoAppFrontend.isLocalPlugin(reference),
        let file = ExpoAppFrontend.pluginFile(reference, appDirectory: folder.display)
      else { continue }
      layout.localPlugins.insert(PathUtilities.absolute(file))
    }
    return layout
  }

  /// Whether a folder holds an Expo app's config.
  package static func isExpoApp(_ folder: Folder, names: [String]) -> Bool {
    guard let config = preferredExpoConfig(names.filter(expoConfigNames.contains)) else { return false }
    return isExpoConfig(folder.child(config))
  }

  /// The Expo app, or the Xcode or Flutter app with widgets, whose folder this is.
  package static func app(in folder: Folder, names: [String]) -> Input? {
    if isExpoApp(folder, names: names) { return expoApp(in: folder) }
    if names.contains("ios"), isXcodeAppFolder(folder.child("ios")) {
      return .xcodeProject(directory: folder.display)
    }
    if isXcodeAppFolder(folder.display) {
      // `<app>/ios` is named by the folder that holds it, as a folder argument names it.
      if (folder.absolute as NSString).lastPathComponent == "ios", let parent = folder.parent {
        return .xcodeProject(directory: parent.display)
      }
      return .xcodeProject(directory: folder.display)
    }
    return nil
  }
}

/// What discovery learns of a folder or a manifest, learnt once a run however many of its files a
/// pre-commit hook names (each app check reads project files, a project.pbxproj among them).
package final class DiscoveryCache {
  private var filesByManifest: [String: Set<String>] = [:]
  private var appByFolder: [String: ProjectDiscovery.Input?] = [:]
  private var expoByFolder: [String: Bool] = [:]
  private var layoutByFolder: [String: ProjectDiscovery.ExpoLayout] = [:]

  /// Where the Expo app in the folder keeps its targets and its own config plugins.
  package func expoLayout(of folder: ProjectDiscovery.Folder, names: [String]) -> ProjectDiscovery.ExpoLayout {
    if let known = layoutByFolder[folder.display] { return known }
    let layout = ProjectDiscovery.expoLayout(of: folder, names: names)
    layoutByFolder[folder.display] = layout
    return layout
  }

  /// Whether the folder holds an Expo app's config, by the folder as the user's paths name it.
  package func isExpoApp(_ folder: ProjectDiscovery.Folder, names: [String]) -> Bool {
    if let known = expoByFolder[folder.display] { return known }
    let isExpo = ProjectDiscovery.isExpoApp(folder, names: names)
    expoByFolder[folder.display] = isExpo
    return isExpo
  }

  /// The app whose folder this is, by the folder as the user's paths name it (inputs keep that name).
  package func app(in folder: ProjectDiscovery.Folder, names: [String]) -> ProjectDiscovery.Input? {
    if let known = appByFolder[folder.display] { return known }
    let app = ProjectDiscovery.app(in: folder, names: names)
    appByFolder[folder.display] = app
    return app
  }

  /// The absolute paths of the Swift files a manifest names (none for an unreadable or broken one).
  package func swiftFiles(of manifestPath: String) -> Set<String> {
    let key = PathUtilities.absolute(manifestPath)
    if let known = filesByManifest[key] { return known }
    var files: Set<String> = []
    if case .success(let bytes) = InputReader.read(path: manifestPath, maxSize: 16 << 20) {
      let source = SourceText(path: manifestPath, bytes: bytes)
      let (document, _) = YAMLParser(limits: ReadingLimits().parser).parse(source)
      if let manifest = ManifestDecoder.decode(document).manifest {
        let directory = (manifestPath as NSString).deletingLastPathComponent
        let resolver = SwiftFileResolver(
          baseDirectory: directory.isEmpty ? "." : directory, displayDirectory: directory)
        for entry in manifest.targets.flatMap(\.sources) {
          for file in resolver.files(for: entry.value) ?? [] { files.insert(PathUtilities.absolute(file.path)) }
        }
      }
    }
    filesByManifest[key] = files
    return files
  }
}
