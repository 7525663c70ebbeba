import Foundation
import WidgetLintCore

/// Maps a file named on the command line to the project it belongs to, so that any changed file
/// (as a pre-commit hook passes them) lints its whole project, and a file widgetlint does not read
/// is skipped instead of being parsed as a manifest.
extension ProjectDiscovery {
  /// Files that are YAML or JSON but never a widgetlint manifest (a kind may still read one as a file of
  /// its project: a Flutter app's `pubspec.yaml`, an Expo app's `tsconfig.json`).
  package static let otherToolsFiles: Set<String> = [
    "pubspec.yaml", "pubspec.lock", "analysis_options.yaml", "package.json", "package-lock.json", "tsconfig.json",
    "jsconfig.json",
    "eas.json", ".pre-commit-config.yaml", ".pre-commit-hooks.yaml", ".widgetlint.yml", ".widgetlint.yaml",
    ".swiftlint.yml", ".yamllint", ".yamllint.yaml", "Package.resolved", "Contents.json",
  ]

  /// The kind that reads files so named, and what the file is to it. A name some kind reads as an entry
  /// or a project file wins over one another reads only when named (`settings.json` is no manifest
  /// when an Expo app reads it as its config).
  package static func role(ofFileNamed name: String) -> (kind: any ProjectKind.Type, role: FileRole)? {
    var whenNamed: (kind: any ProjectKind.Type, role: FileRole)?
    for kind in ProjectKinds.all {
      guard let role = kind.role(ofFileNamed: name) else { continue }
      if role != .entryWhenNamed { return (kind, role) }
      if whenNamed == nil, !otherToolsFiles.contains(name) { whenNamed = (kind, role) }
    }
    return whenNamed
  }

  /// Whether a changed file is one widgetlint reads by its name (what the pre-commit hooks pass).
  package static func readsFile(named name: String) -> Bool {
    guard let role = role(ofFileNamed: name)?.role else { return false }
    return role != .entryWhenNamed
  }

  /// The input a file named on the command line stands for, or why it is skipped.
  package static func input(forFile path: String, cache: DiscoveryCache) -> Result<Input, SkippedFile> {
    guard let (kind, role) = role(ofFileNamed: (path as NSString).lastPathComponent) else {
      return .failure(SkippedFile(path: path, reason: "not a file widgetlint reads"))
    }
    switch role {
    case .entry, .entryWhenNamed:
      return kind.input(forFile: path, cache: cache)
    case .projectFile:
      if let project = project(containing: path, cache: cache) { return .success(project) }
      return .failure(
        SkippedFile(
          path: path, reason: "belongs to no manifest, Expo app or iOS app with widgets in the folders above it"))
    }
  }

  /// A folder as the user would name it and as the file system knows it, walked upwards.
  package struct Folder {
    package var display: String
    package var absolute: String

    package init(_ display: String) {
      self.display = display.isEmpty ? "." : display
      absolute = PathUtilities.absolute(self.display)
    }

    package init(parentOf path: String) {
      self.init(PathUtilities.folder(of: path))
    }

    package func child(_ name: String) -> String { display == "." ? name : PathUtilities.join(display, name) }

    package var name: String { (absolute as NSString).lastPathComponent }

    package var parent: Folder? {
      guard absolute != "/" else { return nil }
      var folder = self
      folder.absolute = PathUtilities.folder(of: absolute)
      if display == "." || display == ".." || display.hasSuffix("/..") {
        folder.display = display == "." ? ".." : display + "/.."
      } else {
        let up = PathUtilities.folder(of: display)
        folder.display = up.isEmpty ? "." : up
      }
      return folder
    }

    package var names: [String] { (try? FileManager.default.contentsOfDirectory(atPath: absolute)) ?? [] }
  }

  /// The nearest project above a file, up to the repository's root, as the kinds claim the folders on
  /// the way: a project that certainly reads the file (a manifest listing it) wins; else the nearest
  /// app, unless an app further up owns the file (a file in an Expo app's `targets/` or `ios/` is that
  /// app's, whatever the folders between hold).
  package static func project(containing path: String, cache: DiscoveryCache) -> Input? {
    let file = PathUtilities.absolute(path)
    var next: Folder? = Folder(parentOf: path)
    var nearest: Input?
    while let folder = next {
      let names = folder.names
      if nearest == nil {
        for kind in ProjectKinds.all {
          if let owner = kind.owner(of: file, in: folder, names: names, cache: cache) { return owner }
        }
      }
      for kind in ProjectKinds.all {
        guard let app = cache.app(of: kind, in: folder, names: names) else { continue }
        switch kind.claim(of: file, by: app, in: folder, names: names, cache: cache) {
        case .owner(let input): return input
        case .boundary(let input): return nearest ?? input
        case .candidate(let input): if nearest == nil { nearest = input }
        }
        break
      }
      if names.contains(".git") { break }
      next = folder.parent
    }
    return nearest
  }

  /// The project whose folder this is, as the first kind that has one there says.
  package static func app(in folder: Folder, cache: DiscoveryCache) -> Input? {
    let names = folder.names
    return ProjectKinds.all.lazy.compactMap { cache.app(of: $0, in: folder, names: names) }.first
  }
}

/// What discovery learns of a folder or a file, learnt once a run however many files of one project a
/// pre-commit hook names (recognising an app reads project files, a project.pbxproj among them).
package final class DiscoveryCache {
  private var apps: [String: ProjectDiscovery.Input?] = [:]
  private var values: [String: Any] = [:]
  /// The texts an editor holds unsaved: what a kind looks at to tell whether a file is its own (a
  /// manifest's keys, a project file's app extension) is the text the run lints, not the file on disk.
  package let overlay: TextOverlay

  package init(overlay: TextOverlay = TextOverlay()) { self.overlay = overlay }

  /// A file's bytes as the run reads them: the overlay's text, else the file's.
  package func read(path: String, maxSize: Int) -> Result<[UInt8], InputError> {
    overlay.read(path: path, maxSize: maxSize)
  }

  /// The project of a kind whose folder this is, by the folder as the user's paths name it (inputs
  /// keep that name).
  package func app(of kind: any ProjectKind.Type, in folder: ProjectDiscovery.Folder, names: [String])
    -> ProjectDiscovery.Input?
  {
    let key = kind.id + "\u{0}" + folder.display
    if let known = apps[key] { return known }
    let app = kind.app(in: folder, names: names, cache: self)
    apps[key] = app
    return app
  }

  /// A value a kind learns once per key (a folder, a file).
  package func value<Value>(_ key: String, _ make: () -> Value) -> Value {
    if let known = values[key] as? Value { return known }
    let value = make()
    values[key] = value
    return value
  }
}
