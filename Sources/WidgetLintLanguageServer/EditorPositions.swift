import WidgetLintCore

/// A position as the Language Server Protocol counts it: a 0-based line, and a 0-based character
/// offset in UTF-16 code units (the encoding every client supports).
package struct EditorPosition: Comparable, Sendable {
  package var line: Int
  package var character: Int

  package init(line: Int, character: Int) {
    self.line = line
    self.character = character
  }

  /// Where a byte offset of a file is.
  package init(offset: Int, in file: SourceText) {
    let bytes = file.bytes
    let offset = min(max(offset, 0), bytes.count)
    line = file.position(atOffset: offset).line - 1
    // The line starts after the last line break before the offset (`\n`, `\r\n` or a lone `\r`).
    var start = offset
    while start > 0, bytes[start - 1] != UInt8(ascii: "\n"), bytes[start - 1] != UInt8(ascii: "\r") { start -= 1 }
    if start == 0 { start = min(file.byteOrderMarkLength, offset) }
    character = String(decoding: bytes[start..<offset], as: UTF8.self).utf16.count
  }

  package static func < (lhs: Self, rhs: Self) -> Bool {
    (lhs.line, lhs.character) < (rhs.line, rhs.character)
  }

  package var json: [String: Any] { ["line": line, "character": character] }

  package init?(json: Any?) {
    guard let object = json as? [String: Any], let line = object["line"] as? Int,
      let character = object["character"] as? Int
    else { return nil }
    self.init(line: line, character: character)
  }
}

/// A range of a file as the Language Server Protocol counts it.
package struct EditorRange: Sendable {
  package var start: EditorPosition
  package var end: EditorPosition

  package init(start: EditorPosition, end: EditorPosition) {
    self.start = start
    self.end = end
  }

  package init(_ span: SourceSpan) {
    start = EditorPosition(offset: span.start, in: span.file)
    end = EditorPosition(offset: span.end, in: span.file)
  }

  /// Whether the ranges share a position; an empty range touching this one counts.
  package func overlaps(_ other: EditorRange) -> Bool { start <= other.end && other.start <= end }

  package var json: [String: Any] { ["start": start.json, "end": end.json] }

  package init?(json: Any?) {
    guard let object = json as? [String: Any], let start = EditorPosition(json: object["start"]),
      let end = EditorPosition(json: object["end"])
    else { return nil }
    self.init(start: start, end: end)
  }
}
