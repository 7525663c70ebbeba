import Foundation
import WidgetLintCore
import WidgetLintModel
import WidgetLintReaders

/// A Tuist project as its `Project.swift` describes it, read as data with its helpers
/// (`Tuist/ProjectDescriptionHelpers`), never compiled or run: the same model an `.xcodeproj` gives.
///
/// The app is the `.app` target that depends on an app extension (else the first app); its targets are
/// the `.appExtension` targets it depends on (all of them when it depends on none). Each target's build
/// settings are worked out per configuration as Tuist generates them and Xcode applies them: the
/// configuration's settings, the target's `base`, what the target's arguments set (`bundleId`,
/// `deploymentTargets`, `entitlements`, `infoPlist`), the configuration's `.xcconfig`, then the project's
/// settings and `.xcconfig`. Entitlements and Info.plists written as dictionaries are read where they
/// are written; files are read as the Xcode frontend reads them. An extension whose Info.plist says
/// `com.apple.widgetkit-extension` carries widgets, read from the Swift files its `sources` globs and
/// buildable folders name. Where configurations disagree, the project is read once per configuration.
/// Where the `.xcodeproj` Tuist generates is committed, each difference of it from the manifest on what
/// the rules use is a `stale-generated-project` finding in it (`GeneratedProjectDrift`).
public struct TuistFrontend: ProjectFrontend {
  /// The folder holding `Project.swift`.
  public var directory: String

  public init(directory: String) { self.directory = directory }

  public func readProject(_ context: FrontendContext) -> Project {
    readVariants(context)[0]
  }

  public func readVariants(_ context: FrontendContext) -> [Project] {
    let path = PathUtilities.join(directory, TuistKind.projectManifest)
    let source: SourceText
    switch context.read(path: path, maxSize: context.limits.maxSourceFileSize) {
    case .failure(let error):
      let empty = SourceText(path: path, text: "")
      var project = Project(manifestFile: empty, manifest: nil, readingProblems: [])
      project.readingProblems.append(
        ReadingProblem(
          kind: .invalidValue, message: "cannot read '\(path)': \(error.message)",
          span: SourceSpan(file: empty, start: 0, end: 0), pointer: .root))
      return [project]
    case .success(let bytes):
      source = SourceText(path: path, bytes: bytes)
    }
    let helpers = Self.helpers(for: directory, maxSize: context.limits.maxSourceFileSize, overlay: context.overlay)
    let manifest = TuistManifestReader.read(source, helpers: helpers.sources)
    var variants = TuistProjectVariants(
      directory: directory, context: context, manifest: manifest, helperFiles: helpers.sources.map(\.path),
      skippedHelpers: helpers.skipped
    ).read()
    // Tuist picks its Xcode by `.xcode-version`, in the project's folder or above it.
    let stated = XcodeVersionFile.toolchain(near: directory, context: context)
    for index in variants.indices {
      for file in manifest.suppressions { variants[index].addSuppressions(file) }
      variants[index].toolchain = variants[index].toolchain ?? stated
    }
    // `tuist generate` writes `<name>.xcodeproj` beside the manifest; where one is committed, each way it
    // differs from the manifest on what the rules use is said in it (the manifest is the source).
    guard let name = manifest.name?.value, !name.isEmpty, !manifest.targetsAreUnknown,
      let committed = GeneratedProjectDrift.readCommittedProject(
        PathUtilities.join(directory, name + ".xcodeproj"), context: context)
    else { return variants }
    for index in variants.indices {
      variants[index].readingProblems += GeneratedProjectDrift.observations(
        spec: variants[index], generated: committed, specName: TuistKind.projectManifest, regenerate: "tuist generate")
      for file in committed.flatMap(\.filesRead) where !variants[index].filesRead.contains(file) {
        variants[index].filesRead.append(file)
      }
    }
    return variants
  }

  // MARK: The project's root and helpers

  /// The project's root: the nearest folder at or above `folder` holding a `Tuist` folder or `Tuist.swift`,
  /// else the repository's root (`.git`), else `folder` itself. `.relativeToRoot` paths and the helpers
  /// are found there.
  package static func root(of folder: String) -> String {
    var current: ProjectDiscovery.Folder? = ProjectDiscovery.Folder(folder)
    var repository: String?
    while let candidate = current {
      let names = candidate.names
      if names.contains("Tuist.swift") { return candidate.display }
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: candidate.child("Tuist"), isDirectory: &isDirectory),
        isDirectory.boolValue
      {
        return candidate.display
      }
      if names.contains(".git") {
        repository = candidate.display
        break
      }
      current = candidate.parent
    }
    return repository ?? folder
  }

  /// A path as a manifest in `folder` writes it, as the file system finds it: relative to the folder,
  /// or to the root when written `//path`.
  package static func resolve(_ written: String, in folder: String) -> String {
    if written.hasPrefix("//") { return PathUtilities.resolve(String(written.dropFirst(2)), from: root(of: folder)) }
    return PathUtilities.resolve(written, from: folder)
  }

  /// The Swift files of `Tuist/ProjectDescriptionHelpers` at the project's root, read; those too large
  /// to read are said.
  package static func helpers(for folder: String, maxSize: Int, overlay: TextOverlay) -> (
    sources: [SourceText], skipped: [String]
  ) {
    let helpers = PathUtilities.join(PathUtilities.join(root(of: folder), "Tuist"), "ProjectDescriptionHelpers")
    var sources: [SourceText] = []
    var skipped: [String] = []
    for relative in SwiftFileResolver(baseDirectory: helpers, displayDirectory: helpers).walk(".")
    where relative.hasSuffix(".swift") {
      let path = PathUtilities.join(helpers, relative)
      switch overlay.read(path: path, maxSize: maxSize) {
      case .success(let bytes): sources.append(SourceText(path: path, bytes: bytes))
      case .failure(let error): skipped.append("note: \(path) was not read: \(error.message)")
      }
    }
    return (sources, skipped)
  }
}
