/// What the character after a backslash means in the string literals of one language.
package enum EscapeMeaning: Sendable, Equatable {
  /// Stands for this byte, as `\n` stands for a line feed.
  case byte(UInt8)
  /// Stands for nothing: a line continuation. A `\r\n` after the backslash is one line break.
  case nothing
  /// A line break, `\r` or `\r\n`, read as one `\n`.
  case lineFeed
  /// Hexadecimal digits, at least `minimum` and at most `maximum` of them, give a character (`\xHH`).
  case hexadecimal(minimum: Int, maximum: Int)
  /// Four hexadecimal digits, or any number in braces (`\u{1F600}`), give a character. Braces hold at
  /// most `bracedDigits` digits and a value of at most `maximumValue`, where these are set.
  case unicode(bracedDigits: Int?, maximumValue: UInt32?)
  /// This digit and up to two more octal digits give a character, as long as it stays at most
  /// `maximumValue`, where that is set (`\0`, `\177`).
  case octal(maximumValue: UInt32?)
}

/// The escapes of one language: what each ASCII character after a backslash means. A character the
/// table does not name stands for itself (the whole character, where it takes several bytes).
package struct EscapeTable: Sendable, ExpressibleByDictionaryLiteral {
  /// By character value; looked up without hashing.
  private var meanings = [EscapeMeaning?](repeating: nil, count: 128)

  package init(_ elements: [(Unicode.Scalar, EscapeMeaning)]) {
    for (scalar, meaning) in elements {
      precondition(scalar.isASCII, "escape tables name ASCII characters only")
      meanings[Int(scalar.value)] = meaning
    }
  }

  package init(dictionaryLiteral elements: (Unicode.Scalar, EscapeMeaning)...) { self.init(elements) }

  /// The meaning of the byte after a backslash; nil for one that stands for itself.
  package subscript(byte: UInt8) -> EscapeMeaning? { byte < 0x80 ? meanings[Int(byte)] : nil }

  /// These escapes and the octal ones, `\0` to `\7` each starting up to three digits.
  package func addingOctal(maximumValue: UInt32?) -> EscapeTable {
    var table = self
    for digit in UInt8(ascii: "0")...UInt8(ascii: "7") {
      table.meanings[Int(digit)] = .octal(maximumValue: maximumValue)
    }
    return table
  }
}

/// The machinery every language's escape decoder shares: reading the escape at a backslash by the
/// language's table (hexadecimal, Unicode and octal digits, line breaks), and writing characters as UTF-8.
/// What an invalid escape or a character that cannot be written gives is each language's own.
package enum EscapeDecoder {
  /// What the escape at a backslash stands for.
  package enum Decoded: Equatable {
    /// This byte (a simple escape such as `\n`; a line break).
    case byte(UInt8)
    /// A character's value, from digits: not always a character (a lone surrogate, zero, too large).
    case value(UInt32)
    /// Nothing: a line continuation.
    case nothing
    /// The escaped character itself, the bytes from after the backslash to `end`.
    case itself
  }

  package enum Outcome: Equatable {
    /// What the escape stands for, and the offset after it.
    case decoded(Decoded, end: Int)
    /// The escape's digits are wrong or too few: `at` is the offset of the first byte that does not fit
    /// (the end of the text when it ends first).
    case invalid(at: Int)
    /// The backslash is the text's last byte.
    case truncated
  }

  /// Reads the escape whose backslash is at `backslash`.
  package static func decode(_ bytes: [UInt8], at backslash: Int, table: EscapeTable) -> Outcome {
    let offset = backslash + 1
    guard offset < bytes.count else { return .truncated }
    let escaped = bytes[offset]
    let next = offset + 1
    switch table[escaped] {
    case nil:
      return .decoded(.itself, end: min(offset + SourceText.scalarWidth(escaped), bytes.count))
    case .byte(let byte):
      return .decoded(.byte(byte), end: next)
    case .nothing:
      return .decoded(.nothing, end: afterLineBreak(bytes, escaped, next))
    case .lineFeed:
      return .decoded(.byte(0x0A), end: afterLineBreak(bytes, escaped, next))
    case .hexadecimal(let minimum, let maximum):
      return hexadecimal(bytes, from: next, minimum: minimum, maximum: maximum)
    case .unicode(let bracedDigits, let maximumValue):
      guard next < bytes.count, bytes[next] == UInt8(ascii: "{") else {
        return hexadecimal(bytes, from: next, minimum: 4, maximum: 4)
      }
      return braced(bytes, from: next + 1, maximumDigits: bracedDigits, maximumValue: maximumValue)
    case .octal(let maximumValue):
      var value = UInt32(escaped - UInt8(ascii: "0"))
      var index = next
      while index < next + 2, index < bytes.count, let digit = octalValue(bytes[index]),
        maximumValue.map({ value * 8 + digit <= $0 }) ?? true
      {
        value = value * 8 + digit
        index += 1
      }
      return .decoded(.value(value), end: index)
    }
  }

  /// Appends a character's UTF-8 bytes.
  package static func appendUTF8(_ scalar: Unicode.Scalar, to buffer: inout [UInt8]) {
    buffer.append(contentsOf: Array(String(Character(scalar)).utf8))
  }

  package static func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
    default: return nil
    }
  }

  private static func octalValue(_ byte: UInt8) -> UInt32? {
    (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(byte) ? UInt32(byte - UInt8(ascii: "0")) : nil
  }

  /// The offset after an escaped line break: a `\r` takes the `\n` after it.
  private static func afterLineBreak(_ bytes: [UInt8], _ escaped: UInt8, _ next: Int) -> Int {
    escaped == 0x0D && next < bytes.count && bytes[next] == 0x0A ? next + 1 : next
  }

  private static func hexadecimal(_ bytes: [UInt8], from start: Int, minimum: Int, maximum: Int) -> Outcome {
    var value: UInt32 = 0
    var index = start
    while index < start + maximum, index < bytes.count, let digit = hexValue(bytes[index]) {
      value = value * 16 + digit
      index += 1
    }
    return index - start < minimum ? .invalid(at: index) : .decoded(.value(value), end: index)
  }

  /// The digits of `\u{…}` from after the brace.
  private static func braced(_ bytes: [UInt8], from start: Int, maximumDigits: Int?, maximumValue: UInt32?)
    -> Outcome
  {
    var value: UInt32 = 0
    var index = start
    while index < bytes.count, bytes[index] != UInt8(ascii: "}") {
      guard let digit = hexValue(bytes[index]), maximumValue.map({ value <= $0 }) ?? true,
        maximumDigits.map({ index - start < $0 }) ?? true
      else { return .invalid(at: index) }
      value = value * 16 + digit
      index += 1
    }
    guard index < bytes.count, index > start, maximumValue.map({ value <= $0 }) ?? true else {
      return .invalid(at: index)
    }
    return .decoded(.value(value), end: index + 1)
  }
}
