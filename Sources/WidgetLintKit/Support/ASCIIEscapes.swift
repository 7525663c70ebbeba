/// ASCII characters to replace, each by its text: the escaping rules of a text format.
struct ASCIIEscapes: Sendable, ExpressibleByDictionaryLiteral {
  /// By character value; looked up without hashing, since every character of a text is.
  private var replacements = [String?](repeating: nil, count: 128)

  init(dictionaryLiteral elements: (Unicode.Scalar, String)...) {
    for (scalar, text) in elements {
      precondition(scalar.isASCII, "ASCIIEscapes replaces ASCII characters only")
      replacements[Int(scalar.value)] = text
    }
  }

  /// The replacement of a UTF-8 byte, nil for one kept as it is.
  subscript(byte: UInt8) -> String? { byte < 0x80 ? replacements[Int(byte)] : nil }

  /// These escapes and `other`'s; where both replace a character, these win.
  func merging(_ other: ASCIIEscapes) -> ASCIIEscapes {
    var merged = self
    for (value, text) in other.replacements.enumerated() where merged.replacements[value] == nil {
      merged.replacements[value] = text
    }
    return merged
  }

  /// Every C0 control character (U+0000 to U+001F) but those `kept`, replaced by `text`.
  static func controlCharacters(except kept: Set<Unicode.Scalar>, replacedBy text: String) -> ASCIIEscapes {
    var escapes: ASCIIEscapes = [:]
    for value in 0..<0x20 where !kept.contains(Unicode.Scalar(UInt8(value))) { escapes.replacements[value] = text }
    return escapes
  }
}

extension String {
  /// The string with every character `escapes` names replaced by its text.
  func escaping(_ escapes: ASCIIEscapes) -> String {
    guard utf8.contains(where: { escapes[$0] != nil }) else { return self }
    var escaped = ""
    escaped.reserveCapacity(utf8.count + 16)
    appendEscaping(escapes, to: &escaped)
    return escaped
  }

  /// Appends the string to `output` with every character `escapes` names replaced by its text, in one
  /// pass over its UTF-8 that copies the runs between those characters whole (a character at a time
  /// costs a call each, and reports of hostile files are full of characters to replace).
  ///
  /// UTF-8 never uses an ASCII byte inside a longer character, so replacing bytes replaces characters;
  /// the `\r` and `\n` of a `\r\n` pair (one `Character`) are each replaced.
  func appendEscaping(_ escapes: ASCIIEscapes, to output: inout String) {
    var runStart = utf8.startIndex
    var index = runStart
    while index < utf8.endIndex {
      let next = utf8.index(after: index)
      if let text = escapes[utf8[index]] {
        output += Substring(utf8[runStart..<index])
        output += text
        runStart = next
      }
      index = next
    }
    output += Substring(utf8[runStart...])
  }
}
