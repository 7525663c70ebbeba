import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Turns a target's `sources` entries (files, folders, globs relative to the manifest) into files.
public struct SourceResolver {
  public struct ResolvedFile: Hashable, Sendable {
    /// Where to read it.
    public var path: String
    /// How to show it: relative to the manifest's path as the user gave it.
    public var displayPath: String
  }

  static let skippedDirectories: Set<String> = [".git", ".build", "node_modules", "Pods", "DerivedData"]
  static let sourceExtensions: Set<String> = ["swift"]

  public let baseDirectory: String
  public let displayDirectory: String

  public init(baseDirectory: String, displayDirectory: String) {
    self.baseDirectory = baseDirectory
    self.displayDirectory = displayDirectory
  }

  /// The files an entry names, or nil when it names nothing.
  public func files(for entry: String) -> [ResolvedFile]? {
    let relative = Self.normalize(entry)
    if relative.contains(where: { "*?[".contains($0) }) {
      let matches = glob(relative)
      return matches.isEmpty ? nil : matches
    }
    let path = Self.join(baseDirectory, relative)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
    if !isDirectory.boolValue { return [ResolvedFile(path: path, displayPath: Self.join(displayDirectory, relative))] }
    return walk(relative).filter { Self.sourceExtensions.contains(($0 as NSString).pathExtension) }.map(resolved)
  }

  private func resolved(_ relative: String) -> ResolvedFile {
    ResolvedFile(path: Self.join(baseDirectory, relative), displayPath: Self.join(displayDirectory, relative))
  }

  /// Every regular file below a directory (relative to the base), sorted, not following links to
  /// directories (a link loop cannot trap the walk).
  func walk(_ relativeDirectory: String) -> [String] {
    var result: [String] = []
    var pending = [relativeDirectory]
    let manager = FileManager.default
    while let directory = pending.popLast() {
      guard let names = try? manager.contentsOfDirectory(atPath: Self.join(baseDirectory, directory)) else { continue }
      for name in names.sorted() where !name.hasPrefix(".") && !Self.skippedDirectories.contains(name) {
        let relative = directory.isEmpty || directory == "." ? name : directory + "/" + name
        let full = Self.join(baseDirectory, relative)
        // lstat, not FileManager.attributesOfItem: that one also builds a dictionary of dates and owner
        // names per file, which costs more than the rest of the walk.
        var status = stat()
        guard lstat(full, &status) == 0 else { continue }
        let type = status.st_mode & S_IFMT
        if type == S_IFDIR {
          pending.append(relative)
        } else if type == S_IFREG || type == S_IFLNK {
          var isDirectory: ObjCBool = false
          if manager.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue {
            result.append(relative)
          }
        }
      }
    }
    return result.sorted()
  }

  private func glob(_ pattern: String) -> [ResolvedFile] {
    let segments = pattern.split(separator: "/").map(String.init)
    let literalPrefix = segments.prefix { !$0.contains(where: { "*?[".contains($0) }) }
    let root = literalPrefix.joined(separator: "/")
    let rest = Array(segments.dropFirst(literalPrefix.count))
    return walk(root.isEmpty ? "." : root).filter { relative in
      let inside = root.isEmpty ? relative : String(relative.dropFirst(root.count + 1))
      return Self.matches(rest[...], inside.split(separator: "/").map(String.init)[...])
    }.map(resolved)
  }

  /// Segment-wise glob match where `**` spans any number of folders. One pass per pattern segment over
  /// the path's segments (a backtracking match is exponential in the number of `**`).
  static func matches(_ pattern: ArraySlice<String>, _ path: ArraySlice<String>) -> Bool {
    let segments = Array(path)
    // matched[j]: the pattern segments so far match the first j path segments.
    var matched = [Bool](repeating: false, count: segments.count + 1)
    matched[0] = true
    for part in pattern {
      var next = [Bool](repeating: false, count: segments.count + 1)
      if part == "**" {
        var reached = false
        for j in matched.indices {
          reached = reached || matched[j]
          next[j] = reached
        }
      } else {
        for j in segments.indices where matched[j] && fnmatch(part, segments[j], 0) == 0 { next[j + 1] = true }
      }
      matched = next
    }
    return matched[segments.count]
  }

  static func normalize(_ path: String) -> String {
    var result = path
    while result.hasPrefix("./") { result.removeFirst(2) }
    while result.count > 1, result.hasSuffix("/") { result.removeLast() }
    return result
  }

  public static func join(_ base: String, _ relative: String) -> String {
    if relative.hasPrefix("/") { return relative }
    if base.isEmpty || base == "." { return relative.isEmpty ? "." : relative }
    if relative.isEmpty || relative == "." { return base }
    return base.hasSuffix("/") ? base + relative : base + "/" + relative
  }
}
