import Foundation
import WidgetLintCore
import WidgetLintModel
import WidgetLintReaders

/// An Xcode app as it is (a Flutter app's `ios/` too). With an `.xcodeproj` (in `ios/` or the folder itself), its
/// `project.pbxproj` says what the targets are: each native target's product type, build settings per
/// configuration (with their `.xcconfig` files), Swift sources, entitlements and Info.plist, and which
/// extensions the app embeds. Where configurations disagree, the project is read once per configuration.
/// Without one, the `ios/` folder's targets are guessed from their Info.plist.
public struct XcodeAppFrontend: ProjectFrontend {
  /// The folder holding `ios/`, or `ios/` itself.
  public var directory: String

  public init(directory: String) { self.directory = directory }

  package var iosDirectory: String {
    FileManager.default.fileExists(atPath: PathUtilities.join(directory, "ios"))
      ? PathUtilities.join(directory, "ios") : directory
  }

  public func readProject(_ context: FrontendContext) -> Project {
    readVariants(context)[0]
  }

  public func readVariants(_ context: FrontendContext) -> [Project] {
    // The Xcode that builds the project, where the project states it. `LastUpgradeCheck` does not: it is
    // the Xcode that last offered to upgrade the project's settings.
    let toolchain = XcodeVersionFile.toolchain(near: iosDirectory, context: context)
    return readVariantsOfTheProject(context).map { project in
      var project = project
      project.toolchain = project.toolchain ?? toolchain
      return project
    }
  }

  private func readVariantsOfTheProject(_ context: FrontendContext) -> [Project] {
    let ios = iosDirectory
    guard let projectFolder = Self.xcodeProject(in: ios) else {
      return [readGuessingFromFolders(context, note: "no .xcodeproj found: targets guessed from folders")]
    }
    let pbxproj = PathUtilities.join(projectFolder, "project.pbxproj")
    let (objects, problems, _) = context.readXcodeProjectObjects(at: pbxproj, projectFolder: ios)
    guard let objects else {
      var project = readGuessingFromFolders(
        context, note: "\(pbxproj) could not be read: targets guessed from folders")
      project.readingProblems = problems + project.readingProblems
      if problems.isEmpty, let source = try? String(contentsOfFile: pbxproj, encoding: .utf8) {
        project.readingProblems.append(
          XcodeProjectReader.problem(
            SourceText(path: pbxproj, text: source), "the project file has no PBXProject root object", 0, 0))
      }
      return [project]
    }
    return XcodeProjectVariants(
      frontend: self, context: context, objects: objects, pbxproj: pbxproj, iosDirectory: ios
    ).read()
  }

  /// The app's `.xcodeproj` in a folder: `Runner.xcodeproj` (Flutter), else the first by name.
  package static func xcodeProject(in folder: String) -> String? {
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted().filter {
      $0.hasSuffix(".xcodeproj") && $0 != "Pods.xcodeproj"
        && FileManager.default.fileExists(
          atPath: PathUtilities.join(PathUtilities.join(folder, $0), "project.pbxproj"))
    }
    guard let name = names.first(where: { $0 == "Runner.xcodeproj" }) ?? names.first else { return nil }
    return PathUtilities.join(folder, name)
  }

  /// Today's fallback for a tree without an `.xcodeproj`: a folder whose Info.plist has
  /// `NSExtensionPointIdentifier` is an extension target, the one without `NSExtension` the app.
  package func readGuessingFromFolders(_ context: FrontendContext, note: String) -> Project {
    let ios = iosDirectory
    let settings = xcconfigSettings(in: ios, context)
    var manifest = Manifest(rootSpan: SourceSpan(file: SourceText(path: ios, text: ""), start: 0, end: 0))
    manifest.origin = .xcode
    var project = Project(manifestFile: SourceText(path: ios, text: ""), manifest: nil, readingProblems: [])
    project.filesRead.append("note: \(note)")
    var filesPerTarget: [[SwiftFileResolver.ResolvedFile]] = []
    let skipped: Set<String> = ["Pods", "Flutter", "build", "DerivedData", ".symlinks"]
    let folders = ((try? FileManager.default.contentsOfDirectory(atPath: ios)) ?? []).sorted().filter {
      !skipped.contains($0) && !$0.hasPrefix(".") && !$0.hasSuffix(".xcodeproj") && !$0.hasSuffix(".xcworkspace")
    }
    for folder in folders {
      let folderPath = PathUtilities.join(ios, folder)
      let infoPath = PathUtilities.join(folderPath, "Info.plist")
      guard FileManager.default.fileExists(atPath: infoPath) else { continue }
      project.filesRead.append(infoPath)
      let (info, infoProblems, _) = context.readValue(at: infoPath, display: infoPath)
      project.readingProblems += infoProblems
      let point = info?.at("NSExtension", "NSExtensionPointIdentifier")?.stringValue
      let entitlementFiles = ((try? FileManager.default.contentsOfDirectory(atPath: folderPath)) ?? []).sorted()
        .filter { $0.hasSuffix(".entitlements") }
      var entitlements: Entitlements?
      // Prefer the folder's own name (Runner.entitlements); a Debug/Release pair is read as the first.
      if let file = entitlementFiles.first(where: { $0 == folder + ".entitlements" }) ?? entitlementFiles.first {
        let path = PathUtilities.join(folderPath, file)
        project.filesRead.append(path)
        let (value, problems, _) = context.readValue(at: path, display: path)
        project.readingProblems += problems
        entitlements = value.flatMap(ConfigValues.entitlements).map { expand($0, with: settings) }
      }
      guard let point else {
        // The app: the folder with an Info.plist and no NSExtension (Runner in Flutter).
        if manifest.app == nil || folder == "Runner" {
          var app = Manifest.App(span: manifest.rootSpan, pointer: .root)
          app.entitlements = entitlements
          manifest.app = app
        }
        continue
      }
      var target = Manifest.Target.Draft(span: point.span, pointer: point.pointer)
      target.name = point.map { _ in folder }
      target.entitlements = entitlements
      var files: [SwiftFileResolver.ResolvedFile] = []
      if point.value == "com.apple.widgetkit-extension" {
        target.sources = [point.map { _ in folderPath }]
        files = SwiftFileResolver(baseDirectory: folderPath, displayDirectory: folderPath).files(for: ".") ?? []
      }
      manifest.targets.append(Manifest.Target(target))
      filesPerTarget.append(files)
    }
    project.manifest = manifest
    context.attachCode(filesPerTarget, to: &project)
    return project
  }

  /// The settings the project's `.xcconfig` files write (CocoaPods' aside), for `$(KEY)` in entitlements:
  /// each file read by `XcconfigReader` with its includes, in the order walked, a later one winning. A
  /// setting that a missing include may set again is unknown, and left out: what uses it stays unexpanded.
  package func xcconfigSettings(in directory: String, _ context: FrontendContext) -> [String: String] {
    let files = SwiftFileResolver(baseDirectory: directory, displayDirectory: directory).walk(".")
      .filter { $0.hasSuffix(".xcconfig") && !$0.hasPrefix("Pods/") }
    let reader = XcconfigReader(maxFileSize: context.limits.maxFileSize, overlay: context.overlay)
    let entries = files.flatMap { reader.read(path: PathUtilities.join(directory, $0)).entries }
    return XcodeBuildSettingsLayer(entries: entries).settings.compactMapValues {
      $0.mayBeOverriddenBy == nil ? $0.value : nil
    }
  }

  /// App Groups with `$(SETTING)` references expanded where the project defines the setting.
  package func expand(_ entitlements: Entitlements, with settings: [String: String]) -> Entitlements {
    guard !settings.isEmpty, let groups = entitlements.appGroups else { return entitlements }
    var result = entitlements
    result.appGroups = groups.map { group in
      guard BuildSettings.containsReference(group.value),
        let expanded = BuildSettings.expand(group.value, with: settings)
      else { return group }
      return group.map { _ in expanded }
    }
    return result
  }
}
