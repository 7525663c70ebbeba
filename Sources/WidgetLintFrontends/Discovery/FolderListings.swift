import WidgetLintCore

/// The files of the folders discovery walked (the folders named on the command line), so that a
/// frontend that needs the files below one of its project's folders (an Expo app's scripts) takes them
/// from that walk instead of walking the same thousands of files again.
package struct FolderListings: Sendable {
  /// Each walked folder (absolute, standardized) and its files, relative to it and sorted, as
  /// `SwiftFileResolver.walk(".")` gives them.
  private var listings: [(root: String, files: [String])] = []

  package init() {}

  package mutating func record(root: String, files: [String]) {
    listings.append((PathUtilities.standardize(PathUtilities.absolute(root)), files))
  }

  /// The files below `directory` (relative to it, sorted) that `SwiftFileResolver.walk` gives with these
  /// arguments, when a walked folder holds `directory`; nil when none does, or when the walk left out the
  /// way from its folder to `directory` (a hidden or skipped folder).
  package func files(below directory: String, skipping: Set<String>, skippingNames: Set<String>) -> [String]? {
    let target = PathUtilities.standardize(PathUtilities.absolute(directory))
    for (root, files) in listings {
      let prefix: String
      if target == root {
        prefix = ""
      } else if target.hasPrefix(root == "/" ? "/" : root + "/") {
        let inside = String(
          target[target.utf8.index(target.startIndex, offsetBy: root == "/" ? 1 : root.utf8.count + 1)...])
        guard !inside.split(separator: "/").contains(where: SwiftFileResolver.walkSkips) else { return nil }
        prefix = inside + "/"
      } else {
        continue
      }
      return Self.files(of: files, below: prefix, skipping: skipping, skippingNames: skippingNames)
    }
    return nil
  }

  /// The files that start with `prefix`, without it, whose folders the walk enters. Each folder is judged
  /// once: the files are sorted, so a folder's files come together.
  private static func files(
    of files: [String], below prefix: String, skipping: Set<String>, skippingNames: Set<String>
  ) -> [String] {
    var result: [String] = []
    var folder: Substring?
    var entered = true
    for file in files where prefix.isEmpty || file.utf8.starts(with: prefix.utf8) {
      let relative =
        prefix.isEmpty ? file : String(file[file.utf8.index(file.startIndex, offsetBy: prefix.utf8.count)...])
      let fileFolder = relative.utf8.lastIndex(of: UInt8(ascii: "/")).map { relative[..<$0] } ?? ""
      if fileFolder != folder {
        folder = fileFolder
        entered = enters(fileFolder, skipping: skipping, skippingNames: skippingNames)
      }
      if entered { result.append(relative) }
    }
    return result
  }

  /// Whether the walk enters a folder (relative to where it starts) and every folder on the way to it.
  private static func enters(_ folder: Substring, skipping: Set<String>, skippingNames: Set<String>) -> Bool {
    var path = ""
    for name in folder.split(separator: "/") {
      path = path.isEmpty ? String(name) : path + "/" + name
      if skipping.contains(path) || skippingNames.contains(String(name)) { return false }
    }
    return true
  }
}
