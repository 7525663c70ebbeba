import WidgetLintCore

/// The escapes of JavaScript's string and template literals, decoded as an engine decodes them (the
/// legacy octal escapes of sloppy mode included); an escape an engine rejects is an error.
package enum JavaScriptStringEscapes {
  package static let table = EscapeTable([
    ("n", .byte(0x0A)), ("t", .byte(0x09)), ("r", .byte(0x0D)), ("b", .byte(0x08)), ("f", .byte(0x0C)),
    ("v", .byte(0x0B)),
    ("x", .hexadecimal(minimum: 2, maximum: 2)),
    ("u", .unicode(bracedDigits: nil, maximumValue: 0x10FFFF)),
    // A backslash before a line break continues the line.
    ("\n", .nothing), ("\r", .nothing),
  ]).addingOctal(maximumValue: 0o377)

  /// An escape that cannot be read, and the bytes it covers.
  package struct Failure: Error, Equatable {
    package var message: String
    package var start: Int
    package var end: Int
  }

  /// Decodes the escape whose backslash is at `backslash` onto `buffer`; returns the offset after it. A
  /// surrogate pair written as two `\u` escapes is one character; a lone surrogate reads as U+FFFD.
  package static func decode(_ bytes: [UInt8], at backslash: Int, into buffer: inout [UInt8]) throws(Failure) -> Int {
    var (decoded, end) = try decodeOne(bytes, at: backslash)
    switch decoded {
    case .byte(let byte):
      buffer.append(byte)
    case .nothing:
      break
    case .itself:
      buffer.append(contentsOf: bytes[(backslash + 1)..<end])
    case .value(var value):
      if (0xD800...0xDBFF).contains(value), end + 1 < bytes.count, bytes[end] == UInt8(ascii: "\\"),
        bytes[end + 1] == UInt8(ascii: "u")
      {
        let (low, lowEnd) = try decodeOne(bytes, at: end)
        if case .value(let low) = low, (0xDC00...0xDFFF).contains(low) {
          value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
          end = lowEnd
        }
      }
      EscapeDecoder.appendUTF8(Unicode.Scalar(value) ?? "\u{FFFD}", to: &buffer)
    }
    return end
  }

  private static func decodeOne(_ bytes: [UInt8], at backslash: Int) throws(Failure) -> (
    EscapeDecoder.Decoded, Int
  ) {
    switch EscapeDecoder.decode(bytes, at: backslash, table: table) {
    case .truncated:
      throw Failure(message: "unterminated escape sequence", start: backslash, end: backslash + 1)
    case .invalid(let at):
      throw Failure(message: "invalid escape sequence", start: backslash, end: min(at + 1, bytes.count))
    case .decoded(let decoded, let end):
      return (decoded, end)
    }
  }
}
