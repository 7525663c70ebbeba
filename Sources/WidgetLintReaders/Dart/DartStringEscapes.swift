import WidgetLintCore

/// The escapes of Dart's string literals, decoded as the Dart compiler decodes them, except that what
/// it rejects is kept rather than failing: the scanner reads app code and never reports a string.
package enum DartStringEscapes {
  package static let table: EscapeTable = [
    "n": .byte(0x0A), "r": .byte(0x0D), "t": .byte(0x09), "b": .byte(0x08), "f": .byte(0x0C), "v": .byte(0x0B),
    "x": .hexadecimal(minimum: 2, maximum: 2),
    "u": .unicode(bracedDigits: 6, maximumValue: nil),
    // A backslash before a line break keeps the break (Dart has no line continuation).
    "\r": .lineFeed,
  ]

  /// Decodes the escape whose backslash is at `backslash` onto `buffer`; returns the offset after it.
  /// An invalid `\x` or `\u` is its letter; a value that is not a character gives nothing.
  package static func decode(_ bytes: [UInt8], at backslash: Int, into buffer: inout [UInt8]) -> Int {
    switch EscapeDecoder.decode(bytes, at: backslash, table: table) {
    case .truncated:
      return backslash + 1
    case .invalid:
      buffer.append(bytes[backslash + 1])
      return backslash + 2
    case .decoded(let decoded, let end):
      switch decoded {
      case .byte(let byte): buffer.append(byte)
      case .value(let value): if let scalar = Unicode.Scalar(value) { EscapeDecoder.appendUTF8(scalar, to: &buffer) }
      case .nothing: break
      case .itself: buffer.append(contentsOf: bytes[(backslash + 1)..<end])
      }
      return end
    }
  }
}
