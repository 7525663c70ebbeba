/// RFC 3986 URI-reference syntax, checked without Foundation so that every platform agrees.
public enum URIReference: Equatable {
  case absolute(scheme: String)
  case relative
  case invalid(String)

  public static func parse(_ text: String) -> URIReference {
    guard !text.isEmpty else { return .invalid("it is empty") }
    var text = text
    return text.withUTF8 { bytes in
      if let problem = characterProblem(bytes) { return .invalid(problem) }
      guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return .relative }
      let scheme = bytes[..<colon]
      if scheme.contains(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) {
        return .relative
      }
      let schemeText = String(decoding: scheme, as: UTF8.self)
      guard let first = scheme.first, isLetter(first), scheme.allSatisfy(isSchemeCharacter) else {
        return .invalid(
          "'\(schemeText)' is not a valid scheme (letters, digits, '+', '-' and '.', starting with a letter)")
      }
      return .absolute(scheme: schemeText)
    }
  }

  /// Why the text is not made of URI characters and well-formed percent escapes, or nil.
  private static func characterProblem(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "%") {
        guard index + 2 < bytes.count, isHex(bytes[index + 1]), isHex(bytes[index + 2]) else {
          return "'%' must be followed by two hexadecimal digits"
        }
        index += 3
        continue
      }
      if !(byte < 128 && uriCharacters[Int(byte)]) {
        // The offending character, whole (it may take several bytes).
        let scalar = String(decoding: bytes[index...], as: UTF8.self).unicodeScalars.first ?? "?"
        let shown = scalar == " " ? "a space" : "'\(scalar)'"
        return "it contains \(shown); percent-encode it"
      }
      index += 1
    }
    return nil
  }

  package static func isLetter(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
  }

  package static func isSchemeCharacter(_ byte: UInt8) -> Bool {
    isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "+")
      || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
  }

  package static func isHex(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
      || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
  }

  /// The ASCII characters a URI may hold unencoded (RFC 3986 unreserved and reserved), as a table.
  package static let uriCharacters: [Bool] = (0..<128).map { code in
    let scalar = Unicode.Scalar(UInt8(code))
    return ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
      || "-._~:/?#[]@!$&'()*+,;=".unicodeScalars.contains(scalar)
  }
}
