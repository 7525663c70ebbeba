import Testing

@testable import WidgetLintCore
@testable import WidgetLintEngine
@testable import WidgetLintFrontends
@testable import WidgetLintKit
@testable import WidgetLintModel
@testable import WidgetLintReaders
@testable import WidgetLintReports
@testable import WidgetLintRules

/// Each language's escape table through its decoder: every escape, an invalid one, a truncated one. The
/// text starts at the backslash; each case gives the decoded text and the offset after the escape.
@Suite struct EscapeDecoderTests {
  private static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  @Test(arguments: [
    ("\\n", "\n", 2), ("\\r", "\r", 2), ("\\t", "\t", 2), ("\\b", "\u{8}", 2), ("\\f", "\u{C}", 2),
    ("\\v", "\u{B}", 2), ("\\x41", "A", 4), ("\\u00e9", "é", 6), ("\\u{1F600}", "😀", 9),
    // A backslash before a line break keeps one `\n`, a `\r\n` taken whole.
    ("\\\r\nx", "\n", 3), ("\\\rx", "\n", 2), ("\\\nx", "\n", 2),
    // Anything else stands for itself, a longer character whole.
    ("\\$", "$", 2), ("\\'", "'", 2), ("\\é", "é", 3), ("\\q", "q", 2),
    // Invalid: the letter stands for itself; a value that is no character gives nothing.
    ("\\xG1", "x", 2), ("\\x4", "x", 2), ("\\u{1234567}", "u", 2), ("\\u{}", "u", 2), ("\\u12", "u", 2),
    ("\\u{110000}", "", 10), ("\\uD800", "", 6),
    // Truncated: the backslash alone gives nothing.
    ("\\", "", 1),
  ])
  func dart(text: String, decoded: String, end: Int) {
    var buffer: [UInt8] = []
    let after = DartStringEscapes.decode(Self.bytes(text), at: 0, into: &buffer)
    #expect(String(decoding: buffer, as: UTF8.self) == decoded)
    #expect(after == end)
  }

  @Test(arguments: [
    ("\\n", "\n", 2), ("\\t", "\t", 2), ("\\r", "\r", 2), ("\\b", "\u{8}", 2), ("\\f", "\u{C}", 2),
    ("\\v", "\u{B}", 2), ("\\x41", "A", 4), ("\\u00e9", "é", 6), ("\\u{1F600}", "😀", 9),
    ("\\u{10FFFF}", "\u{10FFFF}", 10),
    // Two `\u` escapes of a surrogate pair are one character; a lone surrogate is U+FFFD.
    ("\\uD83D\\uDE00", "😀", 12), ("\\uD83Dx", "\u{FFFD}", 6), ("\\uD83D\\u0041", "\u{FFFD}", 6),
    // Octal, as long as the value stays within a byte.
    ("\\0", "\0", 2), ("\\101", "A", 4), ("\\7", "\u{7}", 2), ("\\400", " ", 3), ("\\1018", "A", 4),
    // A line continuation is nothing, a `\r\n` taken whole.
    ("\\\nx", "", 2), ("\\\r\nx", "", 3), ("\\\rx", "", 2),
    ("\\'", "'", 2), ("\\\"", "\"", 2), ("\\é", "é", 3), ("\\q", "q", 2),
  ])
  func javaScript(text: String, decoded: String, end: Int) throws {
    var buffer: [UInt8] = []
    let after = try JavaScriptStringEscapes.decode(Self.bytes(text), at: 0, into: &buffer)
    #expect(String(decoding: buffer, as: UTF8.self) == decoded)
    #expect(after == end)
  }

  @Test(arguments: [
    // Invalid: the error covers the escape to the first byte that does not fit.
    ("\\xZZ", "invalid escape sequence", 3), ("\\x4", "invalid escape sequence", 3),
    ("\\u12G4", "invalid escape sequence", 5), ("\\u{}", "invalid escape sequence", 4),
    ("\\u{110000}", "invalid escape sequence", 10), ("\\u{12", "invalid escape sequence", 5),
    ("\\uD83D\\u{}", "invalid escape sequence", 10),
    // Truncated.
    ("\\", "unterminated escape sequence", 1),
  ])
  func javaScriptFailures(text: String, message: String, end: Int) {
    var buffer: [UInt8] = []
    let start = text.hasPrefix("\\uD83D") ? 6 : 0
    #expect(throws: JavaScriptStringEscapes.Failure(message: message, start: start, end: end)) {
      try JavaScriptStringEscapes.decode(Self.bytes(text), at: 0, into: &buffer)
    }
  }

  @Test(arguments: [
    ("\\n", "\n", 2), ("\\t", "\t", 2), ("\\r", "\r", 2), ("\\b", "\u{8}", 2), ("\\f", "\u{C}", 2),
    ("\\a", "\u{7}", 2), ("\\v", "\u{B}", 2),
    // `\U` takes one to four hexadecimal digits.
    ("\\U00e9", "é", 6), ("\\U41", "A", 4), ("\\U00411", "A", 6),
    // Octal: up to three digits, whatever the value.
    ("\\101", "A", 4), ("\\7", "\u{7}", 2), ("\\777", "\u{1FF}", 4), ("\\1018", "A", 4),
    // Any other escaped byte stands for itself; the rest of a longer character follows as text.
    ("\\\\", "\\", 2), ("\\\"", "\"", 2), ("\\'", "'", 2), ("\\u", "u", 2), ("\\\n", "\n", 2),
  ])
  func xcodeProject(text: String, decoded: String, end: Int) throws {
    var buffer: [UInt8] = []
    let after = try XcodeProjectStringEscapes.decode(Self.bytes(text), at: 0, into: &buffer)
    #expect(String(decoding: buffer, as: UTF8.self) == decoded)
    #expect(after == end)
  }

  @Test func xcodeProjectEscapedLeadByteIsOneByte() throws {
    var buffer: [UInt8] = []
    let after = try XcodeProjectStringEscapes.decode(Self.bytes("\\é"), at: 0, into: &buffer)
    #expect(buffer == [0xC3])
    #expect(after == 2)
  }

  @Test(arguments: [
    ("\\Uzz", "'\\U' must be followed by 1 to 4 hexadecimal digits of a character", 2),
    ("\\U", "'\\U' must be followed by 1 to 4 hexadecimal digits of a character", 2),
    ("\\U0000", "'\\U' must be followed by 1 to 4 hexadecimal digits of a character", 6),
    ("\\UD800", "'\\U' must be followed by 1 to 4 hexadecimal digits of a character", 6),
    ("\\0", "'\\0' (a NUL character) is not allowed in a string", 2),
    ("\\000", "'\\0' (a NUL character) is not allowed in a string", 4),
  ])
  func xcodeProjectFailures(text: String, message: String, end: Int) {
    var buffer: [UInt8] = []
    #expect(throws: XcodeProjectStringEscapes.Failure(message: message, start: 0, end: end)) {
      try XcodeProjectStringEscapes.decode(Self.bytes(text), at: 0, into: &buffer)
    }
  }

  @Test func xcodeProjectTruncatedEscapeEndsNothing() throws {
    var buffer: [UInt8] = []
    #expect(try XcodeProjectStringEscapes.decode(Self.bytes("\\"), at: 0, into: &buffer) == nil)
    #expect(buffer.isEmpty)
  }
}
