import Foundation

public enum PathUtilities {
  public static func absolute(_ path: String) -> String {
    let joined = path.hasPrefix("/") ? path : currentDirectory + "/" + path
    return standardize(joined)
  }

  /// The working folder as the user's shell names it. On a Mac, /tmp and /var are links into /private,
  /// and the system's answer is the /private path; the shell's `PWD` is what the user typed and sees in
  /// their paths, and is taken whenever it leads to the same folder.
  public static var currentDirectory: String {
    let system = FileManager.default.currentDirectoryPath
    guard let given = getenv("PWD").map({ String(cString: $0) }), given.hasPrefix("/"), given != system,
      let shown = FileStatus(path: given), let actual = FileStatus(path: system), shown.isSameFile(as: actual)
    else { return system }
    return given
  }

  /// The folder of a path, as `NSString.deletingLastPathComponent` gives it ("" for a name alone, "/" for
  /// a file at the root), which traps on a one-character relative path ("a", "g/") in
  /// swift-corelibs-foundation 6.3.
  /// It works on the path's bytes, as the file system does: counting characters made it the cost of
  /// discovering a folder of thousands of files.
  public static func folder(of path: String) -> String {
    let end = endWithoutTrailingSlashes(path)
    guard let last = path.utf8[..<end].lastIndex(of: slash) else { return "" }
    return last == path.startIndex ? "/" : String(path[..<last])
  }

  /// The last part of a path, after its last slash (trailing slashes aside; "" for "/"), on its bytes.
  public static func name(of path: String) -> Substring {
    let end = endWithoutTrailingSlashes(path)
    let start = path.utf8[..<end].lastIndex(of: slash).map { path.utf8.index(after: $0) } ?? path.startIndex
    return path[start..<end]
  }

  /// Where a path ends without its trailing slashes, except the one of "/".
  private static func endWithoutTrailingSlashes(_ path: String) -> String.Index {
    let bytes = path.utf8
    var end = bytes.endIndex
    while bytes.distance(from: bytes.startIndex, to: end) > 1, bytes[bytes.index(before: end)] == slash {
      end = bytes.index(before: end)
    }
    return end
  }

  private static let slash = UInt8(ascii: "/")

  /// Whether a segment of the path starts with `.`, so that it may be `.` or `..`: on bytes, since most
  /// paths of a big project have none (Foundation's `contains` costs a search through `NSString` each).
  private static func startsASegmentWithADot(_ path: String) -> Bool {
    var previous = slash
    for byte in path.utf8 {
      if byte == UInt8(ascii: "."), previous == slash { return true }
      previous = byte
    }
    return false
  }

  /// Removes `.` and `..` components and duplicate slashes, without touching the file system.
  public static func standardize(_ path: String) -> String {
    var parts: [Substring] = []
    for part in path.split(separator: "/") {
      if part == "." || part.isEmpty { continue }
      if part == "..", !parts.isEmpty {
        parts.removeLast()
        continue
      }
      parts.append(part)
    }
    return "/" + parts.joined(separator: "/")
  }

  /// Whether a relative path matches a glob where `*` and `?` stay within a folder and `**` spans
  /// folders. A pattern without a slash matches the name at any depth, as in .gitignore.
  public static func glob(_ pattern: String, matches path: String) -> Bool {
    var pattern = pattern
    while pattern.hasPrefix("./") { pattern.removeFirst(2) }
    if pattern.hasSuffix("/") { pattern += "**" }
    if !pattern.contains("/") { pattern = "**/" + pattern }
    let patternParts = pattern.split(separator: "/").map(String.init)
    let pathParts = path.split(separator: "/").map(String.init)
    // A pattern naming a folder also matches everything inside it.
    return globMatches(patternParts[...], pathParts[...])
      || globMatches((patternParts + ["**"])[...], pathParts[...])
  }

  /// `relative` inside `base`: as it is when absolute, and without a `.` either side adds.
  /// Byte-wise, in one allocation: a walk joins every file's name to its folder.
  public static func join(_ base: String, _ relative: String) -> String {
    if relative.utf8.first == slash { return relative }
    if base.isEmpty || base == "." { return relative.isEmpty ? "." : relative }
    if relative.isEmpty || relative == "." { return base }
    var joined = base
    joined.reserveCapacity(base.utf8.count + 1 + relative.utf8.count)
    if base.utf8.last != slash { joined += "/" }
    joined += relative
    return joined
  }

  /// `relative` inside `base`, with `.` and `..` worked out by name, as Node and XcodeGen resolve a
  /// relative path: `Apps/Tea/` and `../../Shared/x.yml` give `Shared/x.yml`. A `..` above the start of
  /// a relative path is kept; an absolute path stays absolute.
  public static func resolve(_ relative: String, from base: String) -> String {
    let joined = join(base, relative)
    guard startsASegmentWithADot(joined) else { return joined }
    let isAbsolute = joined.utf8.first == slash
    var parts: [Substring] = []
    for part in joined.split(separator: "/", omittingEmptySubsequences: true) {
      if part == "." { continue }
      if part == "..", let last = parts.last, last != ".." {
        parts.removeLast()
        continue
      }
      if part == "..", isAbsolute { continue }
      parts.append(part)
    }
    let path = parts.joined(separator: "/")
    return isAbsolute ? "/" + path : (path.isEmpty ? "." : path)
  }

  /// Segment-wise glob match where `**` spans any number of folders. One pass per pattern segment over
  /// the path's segments (a backtracking match is exponential in the number of `**`).
  package static func globMatches(_ pattern: ArraySlice<String>, _ path: ArraySlice<String>) -> Bool {
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

  /// The nearest folder at or above `directory` that holds `.git`, or nil.
  public static func repositoryRoot(from directory: String) -> String? {
    var current = absolute(directory)
    while true {
      if FileManager.default.fileExists(atPath: current + "/.git") { return current }
      if current == "/" { return nil }
      current = PathUtilities.folder(of: current)
    }
  }
}

/// Where a path a project names is on disk, found as the default macOS volume (APFS, case-insensitive)
/// finds it: each component by its exact name first, else by the one name in its folder that differs from
/// it in Unicode normalisation only (APFS ignores it on every volume), else by the one name that differs
/// in case. A project whose paths differ from the files in case builds on a Mac as it is, and breaks on a
/// case-sensitive volume.
public enum OnDiskPath: Equatable, Sendable {
  /// The path as written.
  case exact(String)
  /// The path as the files spell it, where some component differs from what is written in case.
  case caseDiffers(String)
  /// A folder holds several entries that differ from a component in case only, and none is it: which
  /// one a Mac would open is not known (`path` is the folder, `names` its candidates).
  case ambiguous(folder: String, names: [String])
  /// Nothing by that name.
  case missing

  /// The path to read, when there is one.
  public var path: String? {
    switch self {
    case .exact(let path), .caseDiffers(let path): return path
    case .ambiguous, .missing: return nil
    }
  }
}

/// Finds paths on disk as ``OnDiskPath`` says, listing each folder once.
public final class PathLookup: @unchecked Sendable {
  // Unchecked: `listings` is only touched while `lock` is held.
  private let lock = NSLock()
  private var listings: [String: [String]?] = [:]

  public init() {}

  /// Where `path` is; the part of it that is `base` (a folder the project was found in, as given) is
  /// taken as it is written.
  public func find(_ path: String, below base: String? = nil) -> OnDiskPath {
    var current: String
    var rest: Substring
    if let base, !base.isEmpty, base != ".", path == base || path.hasPrefix(base.hasSuffix("/") ? base : base + "/") {
      current = base
      rest = path.dropFirst(base.count)
    } else {
      current = path.hasPrefix("/") ? "/" : ""
      rest = Substring(path)
    }
    var differs = false
    for component in rest.split(separator: "/", omittingEmptySubsequences: true).map(String.init) {
      if component == "." { continue }
      var name = component
      if component != "..", let names = listing(current.isEmpty ? "." : current) {
        if !names.contains(where: { $0.utf8.elementsEqual(component.utf8) }) {
          // Swift compares strings by canonical equivalence: `==` is APFS's normalisation-insensitive match.
          let sameButNormalisation = names.filter { $0 == component }
          if sameButNormalisation.count == 1 {
            name = sameButNormalisation[0]
          } else {
            let folded = component.lowercased()
            let sameButCase = names.filter { $0.lowercased() == folded }
            switch sameButCase.count {
            case 0: return .missing
            case 1:
              name = sameButCase[0]
              differs = true
            default:
              return .ambiguous(folder: current.isEmpty ? "." : current, names: sameButCase.sorted())
            }
          }
        }
      } else if !Self.exists(PathUtilities.join(current, component)) {
        // A folder that cannot be listed (no read permission) may still be passed through.
        return .missing
      }
      current = current.isEmpty ? name : PathUtilities.join(current, name)
    }
    if current.isEmpty { current = "." }
    guard Self.exists(current) else { return .missing }
    return differs ? .caseDiffers(current) : .exact(current)
  }

  private static func exists(_ path: String) -> Bool {
    FileStatus(path: path) != nil
  }

  /// A folder's entry names, nil when it cannot be listed.
  private func listing(_ folder: String) -> [String]? {
    lock.lock()
    if let known = listings[folder] {
      lock.unlock()
      return known
    }
    lock.unlock()
    let names = try? FileManager.default.contentsOfDirectory(atPath: folder)
    lock.lock()
    listings[folder] = .some(names)
    lock.unlock()
    return names
  }
}
