import Foundation
import WidgetLintCore

/// An XcodeGen project: a folder whose `project.yml` declares an app extension target (in it or in a
/// spec it includes). The spec is the source even where the generated `.xcodeproj` is committed beside
/// it, so this kind claims the folder before the Xcode app's kind does.
package enum XcodeGenKind: ProjectKind {
  package static let id = "xcodegen"
  package static let summaryName = "XcodeGen project"
  /// XcodeGen's default spec.
  package static let specName = "project.yml"

  package static func role(ofFileNamed name: String) -> FileRole? { name == specName ? .entry : nil }

  package static func input(forFile path: String, cache: DiscoveryCache) -> Result<
    ProjectDiscovery.Input, ProjectDiscovery.SkippedFile
  > {
    guard declaresAppExtension(path, cache: cache) else {
      return .failure(
        ProjectDiscovery.SkippedFile(path: path, reason: "an XcodeGen spec without an app extension target"))
    }
    return .success(.xcodeGenProject(spec: path))
  }

  /// Folders with a `project.yml` that declares an app extension, outside apps an earlier kind took (an
  /// Expo or Flutter app's `ios/`). A spec in an `ios/` folder claims the folder above it too, which
  /// the Xcode app's kind would take for the `.xcodeproj` beside the spec.
  package static func discover(in scan: inout FolderScan, cache: DiscoveryCache) {
    for relative in scan.files(named: [specName]) {
      let folder = PathUtilities.folder(of: relative)
      guard !isClaimed(folder, scan.claimedFolders) else { continue }
      let path = scan.path(relative)
      let status = status(ofSpec: path, cache: cache)
      guard status != .notASpec else { continue }
      scan.claimedFolders.insert(folder)
      // The spec is the project's source: a folder of extension files it no longer builds is no app's.
      guard status == .extensions else { continue }
      if (folder as NSString).lastPathComponent == "ios" {
        scan.claimedFolders.insert(PathUtilities.folder(of: folder))
      }
      scan.found.append(.xcodeGenProject(spec: path))
    }
  }

  /// Whether a folder or one above it (up to the folder named on the command line) is claimed.
  private static func isClaimed(_ folder: String, _ claimed: Set<String>) -> Bool {
    var current = folder
    while true {
      if claimed.contains(current) { return true }
      if current.isEmpty { return false }
      current = PathUtilities.folder(of: current)
    }
  }

  /// The project whose folder holds its spec.
  package static func app(in folder: ProjectDiscovery.Folder, names: [String], cache: DiscoveryCache)
    -> ProjectDiscovery.Input?
  {
    guard names.contains(specName) else { return nil }
    let spec = folder.child(specName)
    return declaresAppExtension(spec, cache: cache) ? .xcodeGenProject(spec: spec) : nil
  }

  package static func frontend(for input: ProjectDiscovery.Input, options: FrontendOptions) -> Result<
    (frontend: any ProjectFrontend, shownPath: String), InputError
  > {
    guard FileManager.default.fileExists(atPath: input.path) else {
      return .failure(InputError(path: input.path, message: "no such file or directory"))
    }
    return .success((XcodeGenFrontend(spec: input.path, contents: options.overlay.text(of: input.path)), input.path))
  }

  /// What a `project.yml` is to discovery.
  package enum SpecStatus: Sendable {
    /// Not an XcodeGen spec (or not readable as one, and naming no app extension).
    case notASpec
    /// A spec whose targets are read and none is an app extension: the project it generates has no
    /// widget, whatever folders beside it hold.
    case noExtension
    case extensions
  }

  /// Whether a spec (with its includes, templates applied) has a target of type `app-extension`.
  package static func declaresAppExtension(_ path: String, cache: DiscoveryCache) -> Bool {
    status(ofSpec: path, cache: cache) == .extensions
  }

  package static func status(ofSpec path: String, cache: DiscoveryCache) -> SpecStatus {
    cache.value("xcodegen.status\u{0}" + PathUtilities.absolute(path)) {
      // A quick look first: most YAML files named project.yml elsewhere are no XcodeGen spec.
      guard case .success(let bytes) = cache.read(path: path, maxSize: 16 << 20),
        ByteSearch.contains(bytes, Array("targets".utf8)) || ByteSearch.contains(bytes, Array("include".utf8))
      else { return SpecStatus.notASpec }
      let spec = XcodeGenSpec.read(
        path: path, context: FrontendContext(limits: ReadingLimits(), overlay: cache.overlay))
      // A spec that cannot be read but names an app extension is linted, so that what is wrong is said.
      guard let root = spec.root else {
        return ByteSearch.contains(bytes, Array("app-extension".utf8)) ? .extensions : .notASpec
      }
      let targets = XcodeGenProject(root: root).targets
      if targets.contains(where: { $0.type == XcodeGenVariants.extensionType }) { return .extensions }
      return targets.isEmpty ? .notASpec : .noExtension
    }
  }
}

extension ProjectDiscovery.Input {
  /// An XcodeGen project, by its spec (`project.yml`).
  public static func xcodeGenProject(spec: String) -> Self { Self(kind: XcodeGenKind.self, path: spec) }
}
