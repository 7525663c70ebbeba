import Foundation
import WidgetLintCore

/// A native Xcode app with an app extension: a folder with an `.xcodeproj` (in `ios/` or the folder
/// itself), or with an extension's Info.plist in a folder of `ios/`.
package enum XcodeKind: ProjectKind {
  package static let id = "xcode"
  package static let summaryName = "Xcode app"

  package static func role(ofFileNamed name: String) -> FileRole? {
    if name == "project.pbxproj" { return .projectFile }
    return [".swift", ".plist", ".entitlements", ".xcconfig"].contains(where: name.hasSuffix) ? .projectFile : nil
  }

  /// The app an `.xcodeproj` or `.xcworkspace` on the command line names: the app in the folder that
  /// holds it (the folder above `ios/` for Flutter and Expo apps). A workspace names the app of the
  /// first project it lists other than CocoaPods'.
  package static func input(forBundle argument: String, cache: DiscoveryCache) -> Result<
    ProjectDiscovery.Input, InputError
  >? {
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
    var folder = ProjectDiscovery.Folder(parentOf: project)
    if folder.name == "ios", let parent = folder.parent { folder = parent }
    guard let app = ProjectDiscovery.app(in: folder, cache: cache) else {
      return .failure(InputError(path: argument, message: "the project has no app extension target"))
    }
    return .success(app)
  }

  /// Folders with an `ios/` of app extensions, or that are one, which no earlier kind took.
  package static func discover(in scan: inout FolderScan, cache: DiscoveryCache) {
    // `<folder>/ios/<target>/Info.plist`
    var folders = Set(
      scan.files(named: ["Info.plist"]).compactMap { relative -> String? in
        let parts = relative.split(separator: "/")
        guard let index = parts.lastIndex(of: "ios"), index + 2 == parts.count - 1, parts.last == "Info.plist" else {
          return nil
        }
        return parts[..<index].joined(separator: "/")
      })
    // `<folder>/<name>.xcodeproj/project.pbxproj`, or in `ios/`, with an app extension.
    for relative in scan.files(named: ["project.pbxproj"]) where relative.hasSuffix(".xcodeproj/project.pbxproj") {
      var parts = relative.split(separator: "/").dropLast(2)
      guard !parts.contains("Pods") else { continue }
      if parts.last == "ios" { parts = parts.dropLast() }
      if hasAppExtension(scan.path(relative), cache: cache) { folders.insert(parts.joined(separator: "/")) }
    }
    if (scan.root as NSString).lastPathComponent == "ios" || isAppFolder(scan.root, cache: cache) { folders.insert("") }
    for folder in folders.sorted() where !scan.claimedFolders.contains(folder) {
      let path = scan.path(folder)
      let ios =
        FileManager.default.fileExists(atPath: PathUtilities.join(path, "ios")) ? PathUtilities.join(path, "ios") : path
      if isAppFolder(ios, cache: cache) {
        scan.claimedFolders.insert(folder)
        scan.found.append(.xcodeProject(directory: path))
      }
    }
  }

  /// `<app>/ios` is named by the folder that holds it, as a folder argument names it.
  package static func app(in folder: ProjectDiscovery.Folder, names: [String], cache: DiscoveryCache)
    -> ProjectDiscovery.Input?
  {
    if names.contains("ios"), isAppFolder(folder.child("ios"), cache: cache) {
      return .xcodeProject(directory: folder.display)
    }
    guard isAppFolder(folder.display, cache: cache) else { return nil }
    if folder.name == "ios", let parent = folder.parent { return .xcodeProject(directory: parent.display) }
    return .xcodeProject(directory: folder.display)
  }

  package static func frontend(for input: ProjectDiscovery.Input, options: FrontendOptions) -> Result<
    (frontend: any ProjectFrontend, shownPath: String), InputError
  > {
    .success((XcodeAppFrontend(directory: input.path), input.path))
  }

  /// An app's `ios/` is what its configuration's globs see.
  package static func configurationPath(of input: ProjectDiscovery.Input) -> String {
    PathUtilities.join(input.path, "ios")
  }

  /// Whether a project file has an app extension target.
  package static func hasAppExtension(_ pbxproj: String, cache: DiscoveryCache) -> Bool {
    // Discovery asks of the same project file from its folder and from the app's: a big one is megabytes.
    cache.value("xcode.hasAppExtension\u{0}" + PathUtilities.standardize(PathUtilities.absolute(pbxproj))) {
      hasAppExtension(pbxproj, overlay: cache.overlay)
    }
  }

  package static func hasAppExtension(_ pbxproj: String, overlay: TextOverlay = TextOverlay()) -> Bool {
    guard case .success(let bytes) = overlay.read(path: pbxproj, maxSize: 16 << 20) else { return false }
    return ByteSearch.contains(bytes, Array("com.apple.product-type.app-extension".utf8))
  }

  package static func isAppFolder(_ path: String, cache: DiscoveryCache) -> Bool {
    cache.value("xcode.isApp\u{0}" + path) { isAppFolder(path, projectsCache: cache) }
  }

  /// Whether a folder holds an app extension's Info.plist (`<folder>/<target>/Info.plist` with NSExtension)
  /// or an `.xcodeproj` with an app extension target. Both are read as the run reads them: an editor's
  /// unsaved text of an Info.plist decides, as the command line decides once it is saved.
  package static func isAppFolder(_ path: String, projectsCache: DiscoveryCache? = nil) -> Bool {
    let manager = FileManager.default
    guard let folders = try? manager.contentsOfDirectory(atPath: path) else { return false }
    for folder in folders where folder.hasSuffix(".xcodeproj") && folder != "Pods.xcodeproj" {
      let pbxproj = PathUtilities.join(PathUtilities.join(path, folder), "project.pbxproj")
      if projectsCache.map({ hasAppExtension(pbxproj, cache: $0) }) ?? hasAppExtension(pbxproj) {
        return true
      }
    }
    let overlay = projectsCache?.overlay ?? TextOverlay()
    for folder in folders where !folder.hasPrefix(".") && folder != "Pods" {
      let info = PathUtilities.join(PathUtilities.join(path, folder), "Info.plist")
      if case .success(let bytes) = overlay.read(path: info, maxSize: 4 << 20),
        String(decoding: bytes, as: UTF8.self).contains("NSExtension")
      {
        return true
      }
    }
    return false
  }
}

extension ProjectDiscovery.Input {
  /// A native Xcode app, by the folder holding `ios/` (or `ios/` itself, or the `.xcodeproj`'s folder).
  public static func xcodeProject(directory: String) -> Self { Self(kind: XcodeKind.self, path: directory) }
}
