/// A text that fixes write into, seen as lines: its line break, where each line starts and ends, and
/// the blanks that indent it. The edits of every kind of project file (a manifest, a JSON or JavaScript
/// config, a property list) take the shape of their new lines from here, so that they agree at the
/// edges: a file whose lines end in CR alone gets CR, and the first line starts after a byte order mark.
public protocol LineLayout {
  var source: SourceText { get }
}

extension LineLayout {
  /// A space or a tab.
  package static func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }

  /// LF or CR (a CR before an LF is a line break of its own only to `pastLineBreak`).
  package static func isLineBreak(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") }

  /// The file's line break: that of its first line ("\n" when it has none).
  public var lineBreak: String {
    let bytes = source.bytes
    guard let index = bytes.firstIndex(where: Self.isLineBreak) else { return "\n" }
    if bytes[index] == UInt8(ascii: "\n") { return "\n" }
    return index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\n") ? "\r\n" : "\r"
  }

  /// Where the line holding `offset` starts (the first line after the byte order mark).
  package func lineStart(of offset: Int) -> Int {
    let bytes = source.bytes
    var start = min(offset, bytes.count)
    while start > source.byteOrderMarkLength, !Self.isLineBreak(bytes[start - 1]) { start -= 1 }
    return start
  }

  /// Where the line holding `offset` ends, before its line break.
  package func lineEnd(of offset: Int) -> Int {
    let bytes = source.bytes
    var end = min(offset, bytes.count)
    while end < bytes.count, !Self.isLineBreak(bytes[end]) { end += 1 }
    return end
  }

  /// Past the line break at `offset` (a line's end), if there is one.
  package func pastLineBreak(_ offset: Int) -> Int {
    let bytes = source.bytes
    guard offset < bytes.count else { return offset }
    if bytes[offset] == UInt8(ascii: "\r"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "\n") {
      return offset + 2
    }
    return Self.isLineBreak(bytes[offset]) ? offset + 1 : offset
  }

  /// The blanks that start the line holding `offset`.
  public func indentation(ofLineAt offset: Int) -> String {
    let bytes = source.bytes
    let start = lineStart(of: offset)
    var end = start
    while end < bytes.count, Self.isBlank(bytes[end]) { end += 1 }
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }

  /// Whether only blanks stand between the line's start and `offset`.
  package func startsItsLine(_ offset: Int) -> Bool {
    source.bytes[lineStart(of: offset)..<min(offset, source.bytes.count)].allSatisfy(Self.isBlank)
  }

  /// The blanks before `offset` on its line, when nothing else is there.
  package func indentation(at offset: Int) -> String? {
    guard startsItsLine(offset) else { return nil }
    return String(decoding: source.bytes[lineStart(of: offset)..<offset], as: UTF8.self)
  }
}
