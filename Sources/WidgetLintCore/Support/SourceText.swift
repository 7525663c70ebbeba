import Foundation

/// The UTF-8 text of one input file with a line table, for turning offsets into positions.
public final class SourceText: Sendable {
  public let path: String
  public let bytes: [UInt8]
  /// Byte offsets where each line starts; lines end at "\n", "\r\n" or a lone "\r". Made when first
  /// needed: a file without findings never needs it, and on a large manifest it costs milliseconds.
  private var lineStarts: [Int] { lineTable.starts(of: self) }
  private let lineTable = LineTable()
  public let isASCII: Bool
  /// Whether the file is binary rather than text: a NUL byte among its first 8,000, git's test. Text
  /// in UTF-16 or UTF-32 has them too; a reader that names those encodings asks before this.
  public var looksBinary: Bool { bytes.prefix(8_000).contains(0) }
  /// Length of a leading UTF-8 byte order mark, which is not part of line 1's columns.
  public let byteOrderMarkLength: Int
  /// Byte offset of every 256th Unicode scalar, so scalar indexes (libyaml's marks) map to offsets
  /// without a table as large as the file.
  private let scalarCheckpoints: [Int]
  private static let checkpointStride = 64

  public init(path: String, bytes: [UInt8]) {
    self.path = path
    self.bytes = bytes
    let bom = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    self.byteOrderMarkLength = bom
    // Separate passes, each a tight loop over raw bytes: this runs over every input byte, and most
    // inputs are ASCII with "\n" line ends, so the scalar checkpoints and "\r" handling are usually skipped.
    let (ascii, checkpoints) = bytes.withUnsafeBufferPointer { buffer in
      let text = UnsafeBufferPointer(rebasing: buffer[bom...])
      let ascii = Self.isASCII(text)
      return (ascii, ascii ? [] : Self.scalarCheckpoints(of: text, from: bom))
    }
    self.isASCII = ascii
    self.scalarCheckpoints = checkpoints
  }

  private static func isASCII(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    let count = text.count
    if let base = text.baseAddress {
      let raw = UnsafeRawPointer(base)
      while index + 8 <= count {
        if raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
        index += 8
      }
    }
    while index < count {
      if text[index] >= 0x80 { return false }
      index += 1
    }
    return true
  }

  /// The line starts of one file, made once by whichever thread asks first.
  private final class LineTable: @unchecked Sendable {
    // Unchecked: `made` is only touched while `lock` is held.
    private let lock = NSLock()
    private var made: [Int]?

    func starts(of file: SourceText) -> [Int] {
      lock.withLock {
        if let made { return made }
        let starts = file.bytes.withUnsafeBufferPointer { buffer in
          SourceText.lineStarts(
            of: UnsafeBufferPointer(rebasing: buffer[file.byteOrderMarkLength...]), from: file.byteOrderMarkLength)
        }
        made = starts
        return starts
      }
    }
  }

  /// Offsets where each line starts; `first` is the offset of `text` in the file.
  fileprivate static func lineStarts(of text: UnsafeBufferPointer<UInt8>, from first: Int) -> [Int] {
    var starts = [first]
    let lineFeed = UInt8(ascii: "\n")
    let carriageReturn = UInt8(ascii: "\r")
    if ByteSearch.firstIndex(of: carriageReturn, in: text, from: 0) == nil {
      var index = 0
      while let found = ByteSearch.firstIndex(of: lineFeed, in: text, from: index) {
        starts.append(first + found + 1)
        index = found + 1
      }
      return starts
    }
    var index = 0
    let count = text.count
    while index < count {
      let byte = text[index]
      if byte == lineFeed {
        starts.append(first + index + 1)
      } else if byte == carriageReturn {
        if index + 1 < count, text[index + 1] == lineFeed { index += 1 }
        starts.append(first + index + 1)
      }
      index += 1
    }
    return starts
  }

  private static func scalarCheckpoints(of text: UnsafeBufferPointer<UInt8>, from first: Int) -> [Int] {
    var checkpoints: [Int] = []
    var scalarCount = 0
    for (index, byte) in text.enumerated() where byte & 0xC0 != 0x80 {
      if scalarCount % checkpointStride == 0 { checkpoints.append(first + index) }
      scalarCount += 1
    }
    return checkpoints
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
    let lineStarts = self.lineStarts
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
    let lineStarts = self.lineStarts
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

  package static func scalarWidth(_ leadByte: UInt8) -> Int {
    switch leadByte {
    case 0xF0...: return 4
    case 0xE0...: return 3
    case 0xC0...: return 2
    default: return 1
    }
  }

  /// The byte offset of the first byte that is not valid UTF-8, or nil when all of it is.
  /// Eight bytes of ASCII are passed at a time: project files are mostly ASCII, and a 1.4 MB
  /// `project.pbxproj` decoded scalar by scalar cost more than parsing it.
  public static func firstInvalidUTF8Offset(_ bytes: [UInt8]) -> Int? {
    bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return nil }
      let raw = UnsafeRawPointer(base)
      var offset = 0
      while offset < buffer.count {
        if buffer.count - offset >= 8, raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) & asciiMask == 0 {
          offset += 8
          continue
        }
        if buffer[offset] < 0x80 {
          offset += 1
          continue
        }
        var iterator = buffer[offset...].makeIterator()
        var decoder = UTF8()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return offset }
        offset += UTF8.width(scalar)
      }
      return nil
    }
  }

  private static let asciiMask: UInt64 = 0x8080_8080_8080_8080
}
