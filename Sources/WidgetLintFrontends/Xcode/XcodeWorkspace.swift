import Foundation
import WidgetLintCore

/// The projects an `.xcworkspace` lists in its `contents.xcworkspacedata`: `<FileRef location="…">`
/// entries whose path ends in `.xcodeproj`, in the order listed. `group:` locations are relative to the
/// groups around them and to the folder holding the workspace, `container:` to that folder, and
/// `absolute:` are absolute.
///
/// Xcode writes this file with one element per line and double-quoted attributes. It is scanned for
/// those elements rather than parsed with FoundationXML, which would make the binary depend on libxml2
/// for this one file.
package enum XcodeWorkspace {
  package static func projects(in workspace: String) -> [String] {
    let data = PathUtilities.join(workspace, "contents.xcworkspacedata")
    guard case .success(let bytes) = InputReader.read(path: data, maxSize: 1 << 20) else { return [] }
    let text = String(decoding: bytes, as: UTF8.self)
    let folder = PathUtilities.folder(of: workspace)
    var groups: [String] = []
    var projects: [String] = []
    for tag in text.split(separator: "<").dropFirst() {
      let name = tag.prefix { !$0.isWhitespace && $0 != ">" && $0 != "/" }
      if name.isEmpty, tag.hasPrefix("/Group") {
        if !groups.isEmpty { groups.removeLast() }
        continue
      }
      guard name == "Group" || name == "FileRef", let location = attribute("location", in: tag) else { continue }
      let (kind, path) = split(location)
      if name == "Group" {
        // `<Group … />` closes itself and holds nothing.
        if !tag.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("/>") { groups.append(path) }
        continue
      }
      guard path.hasSuffix(".xcodeproj") else { continue }
      switch kind {
      case "absolute": projects.append(path)
      case "group":
        let relative = (groups + [path]).filter { !$0.isEmpty }.joined(separator: "/")
        projects.append(folder.isEmpty ? relative : PathUtilities.join(folder, relative))
      default: projects.append(folder.isEmpty ? path : PathUtilities.join(folder, path))
      }
    }
    return projects
  }

  private static func split(_ location: String) -> (kind: String, path: String) {
    guard let colon = location.firstIndex(of: ":") else { return ("", location) }
    return (String(location[..<colon]), String(location[location.index(after: colon)...]))
  }

  /// An attribute's value, with XML's predefined entities decoded.
  private static func attribute(_ name: String, in tag: Substring) -> String? {
    guard let range = tag.range(of: name + " = \"") ?? tag.range(of: name + "=\"") else { return nil }
    let rest = tag[range.upperBound...]
    guard let close = rest.firstIndex(of: "\"") else { return nil }
    var value = String(rest[..<close])
    for (entity, character) in [("&quot;", "\""), ("&apos;", "'"), ("&lt;", "<"), ("&gt;", ">"), ("&amp;", "&")] {
      value = value.replacingOccurrences(of: entity, with: character)
    }
    return value
  }
}
