/// A position in a source file. `line` and `column` are 1-based; `column` counts Unicode scalars,
/// so a position means the same thing to libyaml, swift-syntax and an editor.
public struct SourcePosition: Hashable, Comparable, Sendable, Codable {
  /// Byte offset into the UTF-8 text, 0-based.
  public var offset: Int
  public var line: Int
  public var column: Int

  public init(offset: Int, line: Int, column: Int) {
    self.offset = offset
    self.line = line
    self.column = column
  }

  public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
    lhs.offset < rhs.offset
  }
}

/// A half-open range: `end` is the position just past the last character.
public struct SourceRange: Hashable, Sendable, Codable {
  public var start: SourcePosition
  public var end: SourcePosition

  public init(start: SourcePosition, end: SourcePosition) {
    self.start = start
    self.end = max(start, end)
  }

  public static let zero = SourceRange(
    start: SourcePosition(offset: 0, line: 1, column: 1),
    end: SourcePosition(offset: 0, line: 1, column: 1)
  )
}

/// The UTF-8 text of one input file with a line table, for turning offsets into positions.
public final class SourceText: Sendable {
  public let path: String
  public let bytes: [UInt8]
  /// Byte offsets where each line starts; lines end at "\n", "\r\n" or a lone "\r".
  private let lineStarts: [Int]
  public let isASCII: Bool
  /// Length of a leading UTF-8 byte order mark, which is not part of line 1's columns.
  public let byteOrderMarkLength: Int
  /// Byte offset of every 256th Unicode scalar, so scalar indexes (libyaml's marks) map to offsets
  /// without a table as large as the file.
  private let scalarCheckpoints: [Int]
  private static let checkpointStride = 256

  public init(path: String, bytes: [UInt8]) {
    self.path = path
    self.bytes = bytes
    let bom = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    self.byteOrderMarkLength = bom
    var starts = [bom]
    var checkpoints: [Int] = []
    var scalarCount = 0
    var ascii = true
    var index = bom
    let count = bytes.count
    while index < count {
      let byte = bytes[index]
      if byte & 0xC0 != 0x80 {
        if scalarCount % Self.checkpointStride == 0 { checkpoints.append(index) }
        scalarCount += 1
      }
      if byte >= 0x80 { ascii = false }
      if byte == UInt8(ascii: "\n") {
        starts.append(index + 1)
      } else if byte == UInt8(ascii: "\r") {
        if index + 1 < count, bytes[index + 1] == UInt8(ascii: "\n") { index += 1 }
        starts.append(index + 1)
      }
      index += 1
    }
    self.lineStarts = starts
    self.isASCII = ascii
    self.scalarCheckpoints = ascii ? [] : checkpoints
  }

  /// The byte offset of the Unicode scalar at `index`, counted from the end of any byte order mark.
  public func offset(ofScalarIndex index: Int) -> Int {
    if isASCII { return min(byteOrderMarkLength + max(index, 0), bytes.count) }
    guard index > 0, !scalarCheckpoints.isEmpty else { return byteOrderMarkLength }
    let checkpoint = min(index / Self.checkpointStride, scalarCheckpoints.count - 1)
    var offset = scalarCheckpoints[checkpoint]
    var remaining = index - checkpoint * Self.checkpointStride
    while remaining > 0, offset < bytes.count {
      offset += Self.scalarWidth(bytes[offset])
      remaining -= 1
    }
    return min(offset, bytes.count)
  }

  public convenience init(path: String, text: String) {
    self.init(path: path, bytes: Array(text.utf8))
  }

  public var lineCount: Int { lineStarts.count }

  /// The position of a byte offset; offsets inside a multi-byte scalar round down to its start.
  public func position(atOffset rawOffset: Int) -> SourcePosition {
    let offset = min(max(rawOffset, 0), bytes.count)
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
    }
    let lineStart = lineStarts[low]
    var column = 1
    if offset <= lineStart {
      column = 1
    } else if isASCII {
      column = offset - lineStart + 1
    } else if offset - lineStart <= 4 * Self.checkpointStride {
      column = Self.scalarCount(bytes, from: lineStart, to: offset) + 1
    } else {
      // A long line (a minified file): count from the scalar checkpoints, not from the line's start, so
      // that each position costs the same wherever it is on the line.
      column = scalarsBefore(offset) - scalarsBefore(lineStart) + 1
    }
    return SourcePosition(offset: offset, line: low + 1, column: column)
  }

  /// How many Unicode scalars start in `bytes[start..<end]`: a scalar that `end` cuts through counts.
  private static func scalarCount(_ bytes: [UInt8], from start: Int, to end: Int) -> Int {
    var count = 0
    for index in start..<end where bytes[index] & 0xC0 != 0x80 { count += 1 }
    return count
  }

  /// How many Unicode scalars start before `offset`, after any byte order mark.
  private func scalarsBefore(_ offset: Int) -> Int {
    guard let firstCheckpoint = scalarCheckpoints.first, offset > firstCheckpoint else { return 0 }
    var low = 0
    var high = scalarCheckpoints.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if scalarCheckpoints[mid] <= offset { low = mid } else { high = mid - 1 }
    }
    return low * Self.checkpointStride + Self.scalarCount(bytes, from: scalarCheckpoints[low], to: offset)
  }

  public func range(fromOffset start: Int, toOffset end: Int) -> SourceRange {
    SourceRange(start: position(atOffset: start), end: position(atOffset: max(start, end)))
  }

  /// The text of a 1-based line without its line break.
  public func lineText(_ line: Int) -> String {
    guard let bytesOfLine = lineBytes(line) else { return "" }
    return String(decoding: bytes[bytesOfLine], as: UTF8.self)
  }

  /// The byte range of a 1-based line without its line break, nil past the last line.
  private func lineBytes(_ line: Int) -> Range<Int>? {
    guard line >= 1, line <= lineStarts.count else { return nil }
    let start = lineStarts[line - 1]
    var end = line < lineStarts.count ? lineStarts[line] : bytes.count
    while end > start, bytes[end - 1] == UInt8(ascii: "\n") || bytes[end - 1] == UInt8(ascii: "\r") {
      end -= 1
    }
    return start..<end
  }

  /// The first `maxScalars` Unicode scalars of a 1-based line, and whether the line goes on past them: an
  /// excerpt of a megabyte-long minified line costs what one of a short line does.
  public func lineText(_ line: Int, maxScalars: Int) -> (text: String, isTruncated: Bool) {
    guard let bytesOfLine = lineBytes(line) else { return ("", false) }
    let (start, end) = (bytesOfLine.lowerBound, bytesOfLine.upperBound)
    var scalars = 0
    var index = start
    while index < end {
      if bytes[index] & 0xC0 != 0x80 {
        if scalars == maxScalars { return (String(decoding: bytes[start..<index], as: UTF8.self), true) }
        scalars += 1
      }
      index += 1
    }
    return (String(decoding: bytes[start..<end], as: UTF8.self), false)
  }

  public func text(in range: SourceRange) -> String {
    let start = min(range.start.offset, bytes.count)
    let end = min(max(range.end.offset, start), bytes.count)
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }

  static func scalarWidth(_ leadByte: UInt8) -> Int {
    switch leadByte {
    case 0xF0...: return 4
    case 0xE0...: return 3
    case 0xC0...: return 2
    default: return 1
    }
  }

  /// The byte offset of the first byte that is not valid UTF-8, or nil when all of it is.
  public static func firstInvalidUTF8Offset(_ bytes: [UInt8]) -> Int? {
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    var offset = 0
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar):
        offset += UTF8.width(scalar)
      case .emptyInput:
        return nil
      case .error:
        return offset
      }
    }
  }
}
