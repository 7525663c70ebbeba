import WidgetLintCore

/// The escapes of a quoted string in an Xcode project file (an OpenStep property list), decoded as
/// CoreFoundation's reader decodes them: `\U` takes one to four hexadecimal digits, `\0` to `\7` up to
/// three octal ones, and any other escaped byte (`\\`, `\"`, `\'`) stands for itself.
package enum XcodeProjectStringEscapes {
  package static let table = EscapeTable([
    ("n", .byte(0x0A)), ("t", .byte(0x09)), ("r", .byte(0x0D)), ("b", .byte(0x08)), ("f", .byte(0x0C)),
    ("a", .byte(0x07)), ("v", .byte(0x0B)),
    ("U", .hexadecimal(minimum: 1, maximum: 4)),
  ]).addingOctal(maximumValue: nil)

  /// An escape that cannot be read, and the bytes it covers.
  package struct Failure: Error, Equatable {
    package var message: String
    package var start: Int
    package var end: Int
  }

  /// Decodes the escape whose backslash is at `backslash` onto `buffer`; returns the offset after it, or
  /// nil when the backslash ends the text. A NUL character, or a `\U` value that is no character, is an
  /// error, as it is to CoreFoundation.
  package static func decode(_ bytes: [UInt8], at backslash: Int, into buffer: inout [UInt8]) throws(Failure) -> Int? {
    let unicode = "'\\U' must be followed by 1 to 4 hexadecimal digits of a character"
    switch EscapeDecoder.decode(bytes, at: backslash, table: table) {
    case .truncated:
      return nil
    case .invalid(let at):
      throw Failure(message: unicode, start: backslash, end: at)
    case .decoded(let decoded, let end):
      switch decoded {
      case .byte(let byte):
        buffer.append(byte)
      case .nothing:
        break
      case .itself:
        // The escaped byte only: the rest of a longer character follows as text, so a quote after a
        // stray lead byte still closes the string.
        buffer.append(bytes[backslash + 1])
        return backslash + 2
      case .value(let value):
        guard value != 0, let scalar = Unicode.Scalar(value) else {
          let isOctal = bytes[backslash + 1] != UInt8(ascii: "U")
          throw Failure(
            message: isOctal ? "'\\0' (a NUL character) is not allowed in a string" : unicode, start: backslash,
            end: end)
        }
        EscapeDecoder.appendUTF8(scalar, to: &buffer)
      }
      return end
    }
  }
}
