/// ASCII characters to replace, each by its text: the escaping rules of a text format.
package struct ASCIIEscapes: Sendable, ExpressibleByDictionaryLiteral {
  /// By character value; looked up without hashing, since every character of a text is.
  private var replacements = [String?](repeating: nil, count: 128)

  package init(dictionaryLiteral elements: (Unicode.Scalar, String)...) {
    for (scalar, text) in elements {
      precondition(scalar.isASCII, "ASCIIEscapes replaces ASCII characters only")
      replacements[Int(scalar.value)] = text
    }
  }

  /// The replacement of a UTF-8 byte, nil for one kept as it is.
  package subscript(byte: UInt8) -> String? { byte < 0x80 ? replacements[Int(byte)] : nil }

  /// These escapes and `other`'s; where both replace a character, these win.
  package func merging(_ other: ASCIIEscapes) -> ASCIIEscapes {
    var merged = self
    for (value, text) in other.replacements.enumerated() where merged.replacements[value] == nil {
      merged.replacements[value] = text
    }
    return merged
  }
}

extension String {
  /// The string with every character `escapes` names replaced by its text, in one pass over its UTF-8.
  ///
  /// UTF-8 never uses an ASCII byte inside a longer character, so replacing bytes replaces characters;
  /// the `\r` and `\n` of a `\r\n` pair (one `Character`) are each replaced.
  package func escaping(_ escapes: ASCIIEscapes) -> String {
    guard utf8.contains(where: { escapes[$0] != nil }) else { return self }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(utf8.count + 16)
    for byte in utf8 {
      if let text = escapes[byte] { bytes.append(contentsOf: text.utf8) } else { bytes.append(byte) }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
