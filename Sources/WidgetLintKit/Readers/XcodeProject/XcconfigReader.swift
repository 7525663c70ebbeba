import Foundation

/// Reads `.xcconfig` build settings files: `KEY = value` lines (a trailing `;` and `//` comments dropped),
/// with `#include "other.xcconfig"` and `#include? "…"` read in place, relative to the including file.
/// Conditional settings (`KEY[sdk=iphoneos*] = …`) are skipped: which condition holds is not known.
/// A missing included file is skipped (Flutter's `Generated.xcconfig` is made by `flutter build`).
struct XcconfigReader {
  /// Includes nested deeper than this are not read (a file including itself stops at once).
  static let maxIncludeDepth = 16
  let maxFileSize: Int

  /// The settings in the order they apply (a later one overrides an earlier one), and the files read.
  func read(path: String) -> (settings: [(key: String, setting: XcodeBuildSetting)], files: [String]) {
    var settings: [(key: String, setting: XcodeBuildSetting)] = []
    var files: [String] = []
    var open: Set<String> = []
    read(path: path, depth: 0, open: &open, settings: &settings, files: &files)
    return (settings, files)
  }

  private func read(
    path: String, depth: Int, open: inout Set<String>, settings: inout [(key: String, setting: XcodeBuildSetting)],
    files: inout [String]
  ) {
    guard depth < Self.maxIncludeDepth, !open.contains(path),
      case .success(let bytes) = InputReader.read(path: path, maxSize: maxFileSize)
    else { return }
    open.insert(path)
    defer { open.remove(path) }
    files.append(path)
    let source = SourceText(path: path, bytes: bytes)
    let directory = (path as NSString).deletingLastPathComponent
    var lineStart = 0
    while lineStart < bytes.count {
      var lineEnd = lineStart
      while lineEnd < bytes.count, bytes[lineEnd] != 0x0A, bytes[lineEnd] != 0x0D { lineEnd += 1 }
      if let include = Self.include(bytes, lineStart, lineEnd) {
        let included = SwiftFileResolver.join(directory, include)
        read(path: included, depth: depth + 1, open: &open, settings: &settings, files: &files)
      } else if let (key, start, end) = Self.assignment(bytes, lineStart, lineEnd) {
        let value = String(decoding: bytes[start..<end], as: UTF8.self)
        settings.append(
          (
            key,
            XcodeBuildSetting(
              value: value, span: SourceSpan(file: source, start: start, end: end), pointer: JSONPointer([key]))
          ))
      }
      lineStart = lineEnd + 1
    }
  }

  private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

  /// The path of an `#include "…"` or `#include? "…"` line.
  static func include(_ bytes: [UInt8], _ start: Int, _ end: Int) -> String? {
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
    return String(decoding: bytes[pathStart..<close], as: UTF8.self)
  }

  /// The key and the value's byte range of a `KEY = value` line, without comments, `;` and white space.
  static func assignment(_ bytes: [UInt8], _ start: Int, _ end: Int) -> (String, Int, Int)? {
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
    var equals = keyEnd
    while equals < stop, isSpace(bytes[equals]) { equals += 1 }
    // A conditional setting (`KEY[sdk=…]`) or anything else that is not `KEY =`.
    guard equals < stop, bytes[equals] == UInt8(ascii: "=") else { return nil }
    var valueStart = equals + 1
    while valueStart < stop, isSpace(bytes[valueStart]) { valueStart += 1 }
    var valueEnd = stop
    while valueEnd > valueStart, isSpace(bytes[valueEnd - 1]) { valueEnd -= 1 }
    if valueEnd > valueStart, bytes[valueEnd - 1] == UInt8(ascii: ";") { valueEnd -= 1 }
    while valueEnd > valueStart, isSpace(bytes[valueEnd - 1]) { valueEnd -= 1 }
    return (String(decoding: bytes[keyStart..<keyEnd], as: UTF8.self), valueStart, valueEnd)
  }
}
