import Foundation
import WidgetLintCore

/// Turns a target's `sources` entries (files, folders, globs relative to the manifest) into files.
public struct SwiftFileResolver: Sendable {
  public struct ResolvedFile: Hashable, Sendable {
    /// Where to read it.
    public var path: String
    /// How to show it: relative to the manifest's path as the user gave it.
    public var displayPath: String

    /// The path alone: one run shows each file one way, and files are hashed by the thousand when
    /// targets' sources are matched up.
    public func hash(into hasher: inout Hasher) { hasher.combine(path) }
  }

  package static let skippedDirectories: Set<String> = [".git", ".build", "node_modules", "Pods", "DerivedData"]

  /// Whether a walk leaves out a folder by its name: a hidden one, or one of `skippedDirectories`.
  package static func walkSkips(folderNamed name: some StringProtocol) -> Bool {
    name.utf8.first == UInt8(ascii: ".") || skippedDirectories.contains(String(name))
  }
  package static let sourceExtensions: Set<String> = ["swift"]

  public let baseDirectory: String
  public let displayDirectory: String

  public init(baseDirectory: String, displayDirectory: String) {
    self.baseDirectory = baseDirectory
    self.displayDirectory = displayDirectory
  }

  /// The files an entry names, or nil when it names nothing.
  public func files(for entry: String) -> [ResolvedFile]? {
    lookUp(entry, in: PathLookup()).files
  }

  /// The files an entry names (nil when it names nothing), found as a Mac finds them, and the entry as
  /// the files spell it when that differs from it in case (a glob is matched as written).
  public func lookUp(_ entry: String, in paths: PathLookup) -> (files: [ResolvedFile]?, spelledOnDisk: String?) {
    var relative = Self.normalize(entry)
    if relative.contains(where: { "*?[".contains($0) }) {
      let matches = glob(relative)
      return (matches.isEmpty ? nil : matches, nil)
    }
    var spelledOnDisk: String?
    switch paths.find(PathUtilities.join(baseDirectory, relative), below: baseDirectory) {
    case .exact:
      break
    case .caseDiffers(let found):
      let base = baseDirectory.hasSuffix("/") ? baseDirectory : baseDirectory + "/"
      relative =
        found.hasPrefix(base) && !["", "."].contains(baseDirectory) ? String(found.dropFirst(base.count)) : found
      spelledOnDisk = relative
    case .ambiguous, .missing:
      return (nil, nil)
    }
    return (files(relative), spelledOnDisk)
  }

  private func files(_ relative: String) -> [ResolvedFile]? {
    guard let status = FileStatus(path: PathUtilities.join(baseDirectory, relative)) else { return nil }
    if status.kind != .directory { return [resolved(relative)] }
    return walk(relative).filter(Self.isSource).map(resolved)
  }

  /// Whether a file's name ends in a source extension (by suffix: bridging to NSString for
  /// `pathExtension` cost more than walking the folders).
  package static func isSource(_ path: String) -> Bool {
    sourceExtensions.contains { path.hasSuffix("." + $0) }
  }

  /// A file by its path relative to the base, named with `.` and `..` worked out (`../Shared/x.swift`
  /// from `App` is `Shared/x.swift`): one file is shown one way, however an entry reaches it.
  private func resolved(_ relative: String) -> ResolvedFile {
    ResolvedFile(
      path: PathUtilities.resolve(relative, from: baseDirectory),
      displayPath: PathUtilities.resolve(relative, from: displayDirectory))
  }

  /// Every regular file below a directory (relative to the base), sorted, not following links to
  /// directories (a link loop cannot trap the walk). It reads directories with readdir and looks at each
  /// entry's type there: Foundation's directory listing and existence checks cost more than the rest of
  /// resolving a manifest's sources. Folders in `skipping` (relative to the base), and folders named as
  /// one of `skippingNames` anywhere, are not entered.
  package func walk(_ relativeDirectory: String, skipping: Set<String> = [], skippingNames: Set<String> = [])
    -> [String]
  {
    var result: [String] = []
    var pending = [relativeDirectory]
    while let directory = pending.popLast() {
      // In the directory's order: the whole list is sorted once at the end.
      for (name, type) in Self.entries(of: PathUtilities.join(baseDirectory, directory))
      where name.utf8.first != UInt8(ascii: ".") {
        let relative = PathUtilities.join(directory, name)
        switch type {
        case .directory:
          if !Self.skippedDirectories.contains(name) && !skipping.contains(relative) && !skippingNames.contains(name) {
            pending.append(relative)
          }
        case .file: result.append(relative)
        case .other: break
        }
      }
    }
    return result.sorted()
  }

  private enum EntryType { case directory, file, other }

  /// A directory's entries and what each is; a link counts as a file when it leads to something other
  /// than a directory.
  private static func entries(of directory: String) -> [(name: String, type: EntryType)] {
    var entries: [(name: String, type: EntryType)] = []
    for entry in DirectoryEntries.list(directory) ?? [] {
      // Only a link, or a file system that does not say the type, is looked at by its path.
      var full: String { PathUtilities.join(directory, entry.name) }
      guard let kind = entry.kind ?? FileStatus(entryAt: full)?.kind else { continue }
      switch kind {
      case .directory: entries.append((entry.name, .directory))
      case .regular: entries.append((entry.name, .file))
      case .symbolicLink:
        let leadsToFile = FileStatus(path: full).map { $0.kind != .directory } ?? false
        entries.append((entry.name, leadsToFile ? .file : .other))
      default: entries.append((entry.name, .other))
      }
    }
    return entries
  }

  private func glob(_ pattern: String) -> [ResolvedFile] {
    let segments = pattern.split(separator: "/").map(String.init)
    let literalPrefix = segments.prefix { !$0.contains(where: { "*?[".contains($0) }) }
    let root = literalPrefix.joined(separator: "/")
    let rest = Array(segments.dropFirst(literalPrefix.count))
    return walk(root.isEmpty ? "." : root).filter { relative in
      let inside = root.isEmpty ? relative : String(relative.dropFirst(root.count + 1))
      return PathUtilities.globMatches(rest[...], inside.split(separator: "/").map(String.init)[...])
    }.map(resolved)
  }

  package static func normalize(_ path: String) -> String {
    var result = path
    while result.hasPrefix("./") { result.removeFirst(2) }
    while result.count > 1, result.hasSuffix("/") { result.removeLast() }
    return result
  }
}
