import Foundation

public enum PathUtilities {
  public static func absolute(_ path: String) -> String {
    let joined = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    return standardize(joined)
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
    return SwiftFileResolver.matches(patternParts[...], pathParts[...])
      || SwiftFileResolver.matches((patternParts + ["**"])[...], pathParts[...])
  }

  /// The nearest folder at or above `directory` that holds `.git`, or nil.
  public static func repositoryRoot(from directory: String) -> String? {
    var current = absolute(directory)
    while true {
      if FileManager.default.fileExists(atPath: current + "/.git") { return current }
      if current == "/" { return nil }
      current = (current as NSString).deletingLastPathComponent
    }
  }
}
