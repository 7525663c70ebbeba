import Foundation
import WidgetLintCore
import WidgetLintReaders

/// A Tuist project with an app extension: a folder whose `Project.swift` (a manifest that imports
/// ProjectDescription) declares an app extension target. The manifest is the project's source, so the
/// folder is Tuist's even when the generated `.xcodeproj` is committed beside it. A `Workspace.swift`
/// names the projects it lists.
package enum TuistKind: ProjectKind {
  package static let id = "tuist"
  package static let summaryName = "Tuist project"

  package static let projectManifest = "Project.swift"
  package static let workspaceManifest = "Workspace.swift"

  /// `Project.swift` and `Workspace.swift` name their project; any other Swift is a file of the project
  /// found above it (the Xcode kind reads `.swift` as a project file).
  package static func role(ofFileNamed name: String) -> FileRole? {
    name == projectManifest || name == workspaceManifest ? .entry : nil
  }

  package static func input(forFile path: String, cache: DiscoveryCache) -> Result<
    ProjectDiscovery.Input, ProjectDiscovery.SkippedFile
  > {
    let folder = ProjectDiscovery.Folder(parentOf: path)
    if (path as NSString).lastPathComponent == workspaceManifest, isManifest(path, cache: cache) {
      if let app = workspaceApp(in: folder, cache: cache) { return .success(app) }
      return .failure(
        ProjectDiscovery.SkippedFile(path: path, reason: "the workspace lists no Tuist project with an app extension"))
    }
    let isProjectManifest = (path as NSString).lastPathComponent == projectManifest
    switch (isProjectManifest, status(of: folder.display, cache: cache)) {
    case (true, .extensions), (true, .unknown):
      return .success(.tuistProject(directory: folder.display))
    case (true, .noExtension):
      return .failure(ProjectDiscovery.SkippedFile(path: path, reason: "the Tuist project has no app extension target"))
    default:
      // A Swift file that happens to be named so: a file of the project above it.
      if let project = ProjectDiscovery.project(containing: path, cache: cache) { return .success(project) }
      return .failure(
        ProjectDiscovery.SkippedFile(
          path: path, reason: "belongs to no manifest, Expo app or iOS app with widgets in the folders above it"))
    }
  }

  /// Whether a file is a Tuist manifest (its syntax imports ProjectDescription), learnt once a run.
  private static func isManifest(_ path: String, cache: DiscoveryCache) -> Bool {
    cache.value("tuist.manifest\u{0}" + path) {
      guard case .success(let bytes) = cache.read(path: path, maxSize: 4 << 20) else { return false }
      return TuistManifestReader.isManifest(bytes)
    }
  }

  /// Folders whose `Project.swift` declares an app extension, and the projects a `Workspace.swift` lists.
  /// A project whose targets cannot be worked out is linted (to say why nothing is checked) when it is the
  /// folder named, or when the folder holds nothing else to lint.
  package static func discover(in scan: inout FolderScan, cache: DiscoveryCache) {
    var candidates: [String] = []
    for relative in scan.files(named: [projectManifest, workspaceManifest]) {
      let name = FolderScan.name(of: relative)
      let folder = PathUtilities.folder(of: relative)
      if name == projectManifest {
        candidates.append(folder)
      } else if name == workspaceManifest {
        for project in workspaceProjects(in: scan.path(folder), cache: cache) {
          let inside = PathUtilities.absolute(project)
          let root = PathUtilities.absolute(scan.root)
          guard inside.hasPrefix(root + "/") || inside == root else { continue }
          candidates.append(inside == root ? "" : String(inside.dropFirst(root.count + 1)))
        }
      }
    }
    var seen: Set<String> = []
    for folder in candidates where seen.insert(folder).inserted && !scan.claimedFolders.contains(folder) {
      let path = scan.path(folder)
      switch status(of: path, cache: cache) {
      case .extensions: break
      case .unknown where folder.isEmpty: break
      case .unknown:
        scan.undecided.append(.tuistProject(directory: path))
        continue
      default: continue
      }
      scan.claimedFolders.insert(folder)
      scan.found.append(.tuistProject(directory: path))
    }
  }

  /// The Tuist project whose folder this is, or the first one a `Workspace.swift` here lists.
  package static func app(in folder: ProjectDiscovery.Folder, names: [String], cache: DiscoveryCache)
    -> ProjectDiscovery.Input?
  {
    if names.contains(projectManifest) {
      switch status(of: folder.display, cache: cache) {
      case .extensions, .unknown: return .tuistProject(directory: folder.display)
      case .noExtension, .notAManifest: break
      }
    }
    if names.contains(workspaceManifest) { return workspaceApp(in: folder, cache: cache) }
    return nil
  }

  /// The project found above a file is its project: no folder further up is looked at.
  package static func claim(
    of file: String, by app: ProjectDiscovery.Input, in folder: ProjectDiscovery.Folder, names: [String],
    cache: DiscoveryCache
  ) -> FolderClaim {
    .boundary(app)
  }

  package static func frontend(for input: ProjectDiscovery.Input, options: FrontendOptions) -> Result<
    (frontend: any ProjectFrontend, shownPath: String), InputError
  > {
    .success((TuistFrontend(directory: input.path), input.path))
  }

  /// The manifest is what a configuration's globs see, and its folder's configuration applies.
  package static func configurationPath(of input: ProjectDiscovery.Input) -> String {
    PathUtilities.join(input.path, projectManifest)
  }

  // MARK: What a folder holds

  package enum Status: Sendable {
    /// No `Project.swift`, or one that is not a Tuist manifest.
    case notAManifest
    /// Its targets are known, and none is an app extension.
    case noExtension
    case extensions
    /// Some of its targets (or the project itself) cannot be worked out without running the manifest.
    case unknown
  }

  /// What the `Project.swift` in a folder declares, read once a run.
  package static func status(of folder: String, cache: DiscoveryCache) -> Status {
    cache.value("tuist.status\u{0}" + folder) {
      let path = PathUtilities.join(folder, projectManifest)
      guard case .success(let bytes) = cache.read(path: path, maxSize: 4 << 20),
        TuistManifestReader.isManifest(bytes)
      else { return Status.notAManifest }
      let manifest = TuistManifestReader.read(
        SourceText(path: path, bytes: bytes),
        helpers: TuistFrontend.helpers(for: folder, maxSize: 4 << 20, overlay: TextOverlay()).sources)
      if manifest.targets.contains(where: { $0.product?.value == "appExtension" }) { return .extensions }
      return manifest.targetsAreUnknown ? .unknown : .noExtension
    }
  }

  /// The project folders a `Workspace.swift` in a folder lists (globs expanded), in the order listed.
  package static func workspaceProjects(in folder: String, cache: DiscoveryCache) -> [String] {
    cache.value("tuist.workspace\u{0}" + folder) {
      let path = PathUtilities.join(folder, workspaceManifest)
      guard case .success(let bytes) = InputReader.read(path: path, maxSize: 4 << 20) else { return [String]() }
      let workspace = TuistManifestReader.readWorkspace(
        SourceText(path: path, bytes: bytes),
        helpers: TuistFrontend.helpers(for: folder, maxSize: 4 << 20, overlay: TextOverlay()).sources)
      var folders: [String] = []
      for project in workspace.projects {
        let written = TuistFrontend.resolve(project.value, in: folder)
        guard written.contains(where: { "*?[".contains($0) }) else {
          folders.append(SwiftFileResolver.normalize(written))
          continue
        }
        // A glob names the folders below it that hold a `Project.swift`.
        let base = written.hasPrefix("/") ? "/" : "."
        let manifests =
          SwiftFileResolver(baseDirectory: base, displayDirectory: base).lookUp(
            PathUtilities.join(written, projectManifest), in: PathLookup()
          ).files ?? []
        folders += manifests.map { PathUtilities.folder(of: $0.displayPath) }
      }
      return folders
    }
  }

  /// The first project a workspace in this folder lists that is a Tuist project with an app extension.
  private static func workspaceApp(in folder: ProjectDiscovery.Folder, cache: DiscoveryCache) -> ProjectDiscovery.Input?
  {
    for project in workspaceProjects(in: folder.display, cache: cache) {
      switch status(of: project, cache: cache) {
      case .extensions, .unknown: return .tuistProject(directory: project)
      case .noExtension, .notAManifest: continue
      }
    }
    return nil
  }
}

extension ProjectDiscovery.Input {
  /// A Tuist project, by the folder holding its `Project.swift`.
  public static func tuistProject(directory: String) -> Self { Self(kind: TuistKind.self, path: directory) }
}
