import WidgetLintCore
import WidgetLintReaders

/// The Dart files of a Flutter app read for its home_widget calls, and the constants each one sees as
/// Dart does: its library's own (the file and its `part`s) and those of the libraries it imports,
/// relative or as `package:<the app>/…` (through their `export`s, by `show`/`hide`, under an `as`
/// prefix). Another package's files are not the app's: what they declare is not known.
struct DartLibraries {
  struct File {
    var source: SourceText
    /// The file's string constants: `name` at top level, `Owner.name` in a class.
    var constants: [String: Located<String>]
    var directives: DartDirectives
  }

  /// By path, `.` and `..` worked out.
  var files: [String: File] = [:]
  /// The app's folder, as given.
  let directory: String
  /// The `name` of the app's `pubspec.yaml`: `package:<name>/x.dart` is its `lib/x.dart`.
  let packageName: String?

  /// How deep `export`s are followed.
  private static let maxExportDepth = 8

  init(directory: String, packageName: String?) {
    self.directory = directory
    self.packageName = packageName
  }

  static func key(_ path: String) -> String { PathUtilities.resolve(path, from: ".") }

  /// The app's file a URI of the file `from` names, or nil for another package's or the SDK's.
  func path(of uri: String, from file: String) -> String? {
    if uri.hasPrefix("package:") {
      guard let packageName, uri.hasPrefix("package:\(packageName)/") else { return nil }
      let inLib = String(uri.dropFirst("package:\(packageName)/".count))
      return Self.key(PathUtilities.join(PathUtilities.join(directory, "lib"), inLib))
    }
    guard !uri.contains(":"), !uri.isEmpty else { return nil }
    let path = Self.key(PathUtilities.resolve(uri, from: PathUtilities.folder(of: file)))
    return isInApp(path) ? path : nil
  }

  /// Whether a path is inside the app's folder: an import reaching out of it is not followed.
  private func isInApp(_ path: String) -> Bool {
    let root = Self.key(directory)
    if root == "." { return !path.hasPrefix("../") && path != ".." && !path.hasPrefix("/") }
    return path.hasPrefix(root + "/")
  }

  /// The files a file's directives name, read or not.
  func linked(from path: String) -> [String] {
    guard let directives = files[path]?.directives else { return [] }
    let uris =
      directives.imports.map(\.uri) + directives.exports.map(\.uri) + directives.parts
      + (directives.partOf.map { [$0] } ?? [])
    return uris.compactMap { self.path(of: $0, from: path) }
  }

  /// The library a file belongs to: the file naming it as a `part`, else the file itself.
  func library(of path: String) -> String {
    if let partOf = files[path]?.directives.partOf, let parent = self.path(of: partOf, from: path) { return parent }
    for (candidate, file) in files
    where file.directives.parts.contains(where: { self.path(of: $0, from: candidate) == path }) {
      return candidate
    }
    return path
  }

  /// A library's files: itself and its parts.
  private func members(of library: String) -> [String] {
    [library] + (files[library]?.directives.parts.compactMap { path(of: $0, from: library) } ?? [])
  }

  /// The constants code in the file `path` sees: `name`, `Owner.name`, `prefix.name`, `prefix.Owner.name`.
  func visibleConstants(from path: String) -> [String: [Located<String>]] {
    let library = library(of: path)
    var visible: [String: [Located<String>]] = [:]
    for member in members(of: library) {
      for (name, value) in files[member]?.constants ?? [:] { visible[name, default: []].append(value) }
    }
    for link in files[library]?.directives.imports ?? [] {
      guard let target = self.path(of: link.uri, from: library) else { continue }
      var seen: Set<String> = []
      for (name, values) in exported(by: target, seen: &seen, depth: 0) where link.passes(Self.topLevelName(name)) {
        visible[link.prefix.map { "\($0).\(name)" } ?? name, default: []] += values
      }
    }
    return visible
  }

  /// The public constants a library gives the files importing it: its own and those it exports.
  private func exported(by library: String, seen: inout Set<String>, depth: Int) -> [String: [Located<String>]] {
    guard depth <= Self.maxExportDepth, seen.insert(library).inserted else { return [:] }
    var names: [String: [Located<String>]] = [:]
    for member in members(of: library) {
      for (name, value) in files[member]?.constants ?? [:] where !Self.topLevelName(name).hasPrefix("_") {
        names[name, default: []].append(value)
      }
    }
    for link in files[library]?.directives.exports ?? [] {
      guard let target = path(of: link.uri, from: library) else { continue }
      for (name, values) in exported(by: target, seen: &seen, depth: depth + 1)
      where link.passes(Self.topLevelName(name)) {
        names[name, default: []] += values
      }
    }
    return names
  }

  private static func topLevelName(_ name: String) -> String {
    String(name.prefix { $0 != "." })
  }
}
