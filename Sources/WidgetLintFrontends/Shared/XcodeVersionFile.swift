import Foundation
import WidgetLintCore
import WidgetLintModel

/// `.xcode-version`, the file xcodes, Tuist, fastlane and CI setups read to pick the Xcode that builds a
/// project: its first line names a version such as `16.2` or `15.4.0`.
package enum XcodeVersionFile {
  package static let name = ".xcode-version"

  /// The toolchain the nearest `.xcode-version` names, looked for in `folder` and the folders above it up
  /// to the repository's root (the folder holding `.git`); only in `folder` outside a repository. Nil
  /// where there is none, or its first line names no version.
  package static func toolchain(near folder: String, context: FrontendContext) -> Toolchain? {
    for candidate in folders(from: folder) {
      let path = PathUtilities.join(candidate, name)
      guard FileManager.default.fileExists(atPath: path),
        case .success(let bytes) = context.read(path: path, maxSize: 4096)
      else { continue }
      return toolchain(in: SourceText(path: path, bytes: bytes))
    }
    return nil
  }

  /// The version on the file's first line that is not blank, where it is one.
  package static func toolchain(in source: SourceText) -> Toolchain? {
    let bytes = source.bytes
    var start = 0
    while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
    var end = start
    while end < bytes.count, ![0x20, 0x09, 0x0A, 0x0D].contains(bytes[end]) { end += 1 }
    guard end > start, let version = OSVersion(parsing: String(decoding: bytes[start..<end], as: UTF8.self)) else {
      return nil
    }
    return Toolchain(xcode: version, source: name, span: SourceSpan(file: source, start: start, end: end))
  }

  /// `folder`, then each folder above it up to the one holding `.git`; just `folder` when none does.
  private static func folders(from folder: String) -> [String] {
    var result: [String] = []
    var current = PathUtilities.standardize(PathUtilities.absolute(folder))
    while true {
      result.append(current)
      if FileManager.default.fileExists(atPath: PathUtilities.join(current, ".git")) { return result }
      let parent = PathUtilities.folder(of: current)
      guard !parent.isEmpty, parent != current else { return [result[0]] }
      current = parent
    }
  }
}
