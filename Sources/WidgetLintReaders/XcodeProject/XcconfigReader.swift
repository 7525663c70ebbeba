import Foundation
import WidgetLintCore

/// Reads `.xcconfig` build settings files: `KEY = value` lines (a trailing `;` and `//` comments dropped),
/// with `#include "other.xcconfig"` and `#include? "…"` read in place, relative to the including file.
/// A conditional setting (`KEY[sdk=iphoneos*] = …`) keeps its conditions in its key; the resolver applies
/// those that hold (`XcodeBuildSettingsLayer.applyingConditions`).
///
/// An included file that is missing is a file the repository does not hold (a git-ignored override
/// where each developer sets their team, `#include? "../Override.xcconfig"`): what it may set is unknown,
/// so it is an entry of its own. The files other tools generate with settings of their own only
/// (CocoaPods' `Pods/Target Support Files/…`, Flutter's `Generated.xcconfig`) are skipped instead: they
/// never set the identifiers, entitlements, Info.plist or deployment targets widgetlint reads.
package struct XcconfigReader {
  package enum Entry: Sendable {
    case setting(key: String, setting: XcodeBuildSetting)
    case missingInclude(MissingInclude)
  }

  /// Includes nested deeper than this are not read (a file including itself stops at once).
  package static let maxIncludeDepth = 16
  package let maxFileSize: Int
  /// The texts read instead of the files (the editor's, or what `--fix` changed).
  package let overlay: TextOverlay
  /// Where an included file is on disk (its path as written, and the span of that text), or nil when
  /// there is none. The frontend finds it as a Mac would, and says where the case differs.
  package var locate: (_ path: String, _ writtenAt: SourceSpan) -> String? = { path, _ in
    FileManager.default.fileExists(atPath: path) ? path : nil
  }

  /// Where the `widgetlint-disable…` comments of the files read are kept, when they are wanted.
  package var suppressions: SuppressionLog?

  package init(maxFileSize: Int, overlay: TextOverlay = TextOverlay()) {
    self.maxFileSize = maxFileSize
    self.overlay = overlay
  }

  /// The entries in the order they apply (a later one overrides an earlier one), and the files read.
  package func read(path: String) -> (entries: [Entry], files: [String]) {
    var entries: [Entry] = []
    var files: [String] = []
    var open: Set<String> = []
    read(path: path, depth: 0, open: &open, entries: &entries, files: &files)
    return (entries, files)
  }

  /// Whether an included file is one another tool generates with only its own settings.
  package static func isGeneratedByTool(_ path: String) -> Bool {
    path.contains("Pods/Target Support Files/") || (path as NSString).lastPathComponent == "Generated.xcconfig"
  }

  private func read(path: String, depth: Int, open: inout Set<String>, entries: inout [Entry], files: inout [String]) {
    guard depth < Self.maxIncludeDepth, !open.contains(path),
      case .success(let bytes) = overlay.read(path: path, maxSize: maxFileSize)
    else { return }
    open.insert(path)
    defer { open.remove(path) }
    files.append(path)
    let source = SourceText(path: path, bytes: bytes)
    if let file = SourceComments.xcconfigSuppressions(source) { suppressions?.files.append(file) }
    let directory = PathUtilities.folder(of: path)
    var lineStart = 0
    while lineStart < bytes.count {
      var lineEnd = lineStart
      while lineEnd < bytes.count, bytes[lineEnd] != 0x0A, bytes[lineEnd] != 0x0D { lineEnd += 1 }
      if let (include, start, end) = Self.include(bytes, lineStart, lineEnd) {
        let included = PathUtilities.resolve(include, from: directory)
        let span = SourceSpan(file: source, start: start, end: end)
        if let found = locate(included, span) {
          read(path: found, depth: depth + 1, open: &open, entries: &entries, files: &files)
        } else if !Self.isGeneratedByTool(include) {
          entries.append(.missingInclude(MissingInclude(path: include, span: span)))
        }
      } else if let (key, start, end) = Self.assignment(bytes, lineStart, lineEnd) {
        let value = String(decoding: bytes[start..<end], as: UTF8.self)
        let span = SourceSpan(file: source, start: start, end: end)
        entries.append(
          .setting(key: key, setting: XcodeBuildSetting(value: value, span: span, pointer: JSONPointer([key]))))
      }
      lineStart = lineEnd + 1
    }
  }

  private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

  /// The path of an `#include "…"` or `#include? "…"` line, and its byte range.
  package static func include(_ bytes: [UInt8], _ start: Int, _ end: Int) -> (String, Int, Int)? {
    var index = start
    while index < end, isSpace(bytes[index]) { index += 1 }
    let directive = Array("#include".utf8)
    guard end - index > directive.count, Array(bytes[index..<(index + directive.count)]) == directive else {
      return nil
    }
    index += directive.count
    if index < end, bytes[index] == UInt8(ascii: "?") { index += 1 }
    while index < end, isSpace(bytes[index]) { index += 1 }
    guard index < end, bytes[index] == UInt8(ascii: "\"") else { return nil }
    let pathStart = index + 1
    guard let close = bytes[pathStart..<end].firstIndex(of: UInt8(ascii: "\"")), close > pathStart else { return nil }
    return (String(decoding: bytes[pathStart..<close], as: UTF8.self), pathStart, close)
  }

  /// The key and the value's byte range of a `KEY = value` line, without comments, `;` and white space.
  package static func assignment(_ bytes: [UInt8], _ start: Int, _ end: Int) -> (String, Int, Int)? {
    var stop = end
    var index = start
    while index + 1 < end {
      if bytes[index] == UInt8(ascii: "/"), bytes[index + 1] == UInt8(ascii: "/") {
        stop = index
        break
      }
      index += 1
    }
    var keyStart = start
    while keyStart < stop, isSpace(bytes[keyStart]) { keyStart += 1 }
    var keyEnd = keyStart
    while keyEnd < stop,
      XcodeProjectParser.isUnquotedByte(bytes[keyEnd]) && bytes[keyEnd] != UInt8(ascii: "/")
        && bytes[keyEnd] != UInt8(ascii: "$")
    {
      keyEnd += 1
    }
    guard keyEnd > keyStart else { return nil }
    var key = String(decoding: bytes[keyStart..<keyEnd], as: UTF8.self)
    var equals = keyEnd
    // Conditions (`KEY[sdk=iphoneos*][config=Debug]`) are part of the key, without white space.
    while true {
      while equals < stop, isSpace(bytes[equals]) { equals += 1 }
      guard equals < stop, bytes[equals] == UInt8(ascii: "["),
        let close = bytes[equals..<stop].firstIndex(of: UInt8(ascii: "]"))
      else { break }
      key += String(decoding: bytes[equals...close].filter { !isSpace($0) }, as: UTF8.self)
      equals = close + 1
    }
    // Anything else that is not `KEY =`.
    guard equals < stop, bytes[equals] == UInt8(ascii: "=") else { return nil }
    var valueStart = equals + 1
    while valueStart < stop, isSpace(bytes[valueStart]) { valueStart += 1 }
    var valueEnd = stop
    while valueEnd > valueStart, isSpace(bytes[valueEnd - 1]) { valueEnd -= 1 }
    if valueEnd > valueStart, bytes[valueEnd - 1] == UInt8(ascii: ";") { valueEnd -= 1 }
    while valueEnd > valueStart, isSpace(bytes[valueEnd - 1]) { valueEnd -= 1 }
    return (key, valueStart, valueEnd)
  }
}
