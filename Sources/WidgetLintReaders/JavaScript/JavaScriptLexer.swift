import WidgetLintCore

extension JavaScriptConfigReader {
  // MARK: - Tokens

  enum TokenKind: Equatable {
    case identifier(String)
    case punctuator(String)
    /// A string literal, decoded.
    case string(String)
    /// A template literal: its cooked text, or nil when it has `${}` substitutions.
    case template(String?)
    case number
    case regex
    /// A stretch of a JSX element (tags, attributes, text) up to an expression container `{…}`, whose
    /// code follows as tokens of its own; only in files read with JSX (`Lexer.readsJSX`).
    case jsx
    case end
  }

  struct Token {
    var kind: TokenKind
    var start: Int
    var end: Int
    /// A line terminator (or a comment holding one) comes between this token and the previous one.
    var newlineBefore: Bool
    /// A template literal with substitutions: its cooked strings (one more than the substitutions) and
    /// each substitution's tokens, as a range of the lexer's `substitutions`.
    var template: (strings: [String], substitutions: [Range<Int>])? = nil
  }

  /// Punctuators, longest first, so the first match is the longest.
  static let punctuators: [(text: String, bytes: [UInt8])] = [
    ">>>=", "...", "===", "!==", "**=", "<<=", ">>=", ">>>", "&&=", "||=", "??=", "=>", "==", "!=", "<=", ">=",
    "&&", "||", "??", "?.", "++", "--", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "**", "<<", ">>",
    "{", "}", "(", ")", "[", "]", ";", ",", "<", ">", "+", "-", "*", "/", "%", "&", "|", "^", "!", "~", "?",
    ":", "=", ".", "@", "#",
  ].map { ($0, Array($0.utf8)) }

  /// Words after which a `/` starts a regular expression rather than a division.
  static let wordsBeforeExpression: Set<String> = [
    "return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw", "case", "do", "else", "yield",
    "await",
  ]

  struct Lexer {
    let bytes: [UInt8]
    var index: Int
    /// The tokens of every template substitution, each run followed by an `.end` token.
    var substitutions: [Token] = []
    /// Whether a `<` where an expression starts opens a JSX element, as Babel reads `.js`, `.jsx` and
    /// `.tsx` files in a React Native app (a `.ts` file has type assertions there instead).
    var readsJSX: Bool
    /// The bytes JSX elements that turned out not to be JSX have cost so far: past the file's size, `<`
    /// is an operator for the rest of the file, so a file full of them is not read again and again.
    var failedJSXWork = 0
    /// The comments skipped so far, in source order.
    private(set) var comments: [SourceComment] = []

    init(bytes: [UInt8], start: Int, readsJSX: Bool = false) {
      self.bytes = bytes
      self.index = start
      self.readsJSX = readsJSX
    }

    func byte(at offset: Int) -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

    mutating func tokenize() throws(ReadError) -> [Token] {
      // A hashbang line is a comment.
      if byte(at: index) == UInt8(ascii: "#"), byte(at: index + 1) == UInt8(ascii: "!") {
        while let byte = byte(at: index), byte != UInt8(ascii: "\n"), byte != UInt8(ascii: "\r") { index += 1 }
      }
      var tokens: [Token] = []
      while true {
        let newline = try skipTrivia()
        guard index < bytes.count else {
          tokens.append(Token(kind: .end, start: bytes.count, end: bytes.count, newlineBefore: true))
          return tokens
        }
        if readsJSX, bytes[index] == UInt8(ascii: "<"), Self.regexAllowed(after: tokens.last?.kind),
          var element = jsxElement()
        {
          element[0].newlineBefore = newline || tokens.isEmpty
          tokens += element
          continue
        }
        var token = try scanToken(previous: tokens.last?.kind, templateNesting: 0)
        token.newlineBefore = newline || tokens.isEmpty
        tokens.append(token)
      }
    }

    // MARK: JSX

    /// The tokens of the JSX element that starts at `index` (a `<` where an expression starts): `.jsx`
    /// tokens for its tags, attributes and text, and the tokens of the code in its `{…}` containers. Nil,
    /// with `index` where it was, when it is no element (a TypeScript generic arrow `<T,>() => …`).
    mutating func jsxElement() -> [Token]? {
      guard failedJSXWork <= bytes.count else { return nil }
      let start = index
      let substitutionCount = substitutions.count
      let commentCount = comments.count
      var tokens: [Token] = []
      do throws(ReadError) {
        try scanJSXElement(depth: 0, into: &tokens)
        return tokens
      } catch {
        failedJSXWork += max(index - start, 1)
        index = start
        substitutions.removeSubrange(substitutionCount...)
        comments.removeSubrange(commentCount...)
        return nil
      }
    }

    /// Scans one element (or fragment `<>…</>`) into `tokens`, from its `<` past its end.
    mutating func scanJSXElement(depth: Int, into tokens: inout [Token]) throws(ReadError) {
      let start = index
      guard depth < JavaScriptConfigReader.maxDepth else {
        throw ReadError(
          message: "JSX nested deeper than \(JavaScriptConfigReader.maxDepth) levels; widgetlint stops reading here",
          start: start, end: start + 1)
      }
      let unterminated = ReadError(message: "unterminated JSX element", start: start, end: start + 1)
      var segment = index
      index += 1
      _ = try skipTrivia()
      let name = scanJSXName()
      // Attributes, to the end of the opening tag.
      while true {
        _ = try skipTrivia()
        guard let current = byte(at: index) else { throw unterminated }
        if current == UInt8(ascii: "/") {
          guard !name.isEmpty, byte(at: index + 1) == UInt8(ascii: ">") else { throw unterminated }
          index += 2
          flushJSX(from: segment, into: &tokens)
          return
        }
        if current == UInt8(ascii: ">") {
          index += 1
          break
        }
        // A fragment takes no attributes.
        guard !name.isEmpty else { throw unterminated }
        if current == UInt8(ascii: "{") {
          flushJSX(from: segment, into: &tokens)
          try scanJSXContainer(depth: depth + 1, into: &tokens)
          segment = index
          continue
        }
        guard !scanJSXName().isEmpty else { throw unterminated }
        _ = try skipTrivia()
        guard byte(at: index) == UInt8(ascii: "=") else { continue }
        index += 1
        _ = try skipTrivia()
        switch byte(at: index) {
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
          // No escapes in a JSX attribute string, and it may span lines.
          let quote = bytes[index]
          index += 1
          while let byte = byte(at: index), byte != quote { index += 1 }
          guard index < bytes.count else { throw unterminated }
          index += 1
        case UInt8(ascii: "{"):
          flushJSX(from: segment, into: &tokens)
          try scanJSXContainer(depth: depth + 1, into: &tokens)
          segment = index
        case UInt8(ascii: "<"):
          flushJSX(from: segment, into: &tokens)
          try scanJSXElement(depth: depth + 1, into: &tokens)
          segment = index
        default:
          throw unterminated
        }
      }
      // Children: text, containers and elements, to the closing tag.
      while true {
        guard let current = byte(at: index) else { throw unterminated }
        if current == UInt8(ascii: "{") {
          flushJSX(from: segment, into: &tokens)
          try scanJSXContainer(depth: depth + 1, into: &tokens)
          segment = index
          continue
        }
        guard current == UInt8(ascii: "<") else {
          index += 1
          continue
        }
        let open = index
        index += 1
        _ = try skipTrivia()
        if byte(at: index) == UInt8(ascii: "/") {
          index += 1
          _ = try skipTrivia()
          let closing = scanJSXName()
          _ = try skipTrivia()
          guard closing == name, byte(at: index) == UInt8(ascii: ">") else {
            throw ReadError(message: "JSX closing tag does not match '<\(name)>'", start: open, end: index)
          }
          index += 1
          flushJSX(from: segment, into: &tokens)
          return
        }
        index = open
        flushJSX(from: segment, into: &tokens)
        try scanJSXElement(depth: depth + 1, into: &tokens)
        segment = index
      }
    }

    /// The code of a `{…}` in JSX, braces included, as tokens (elements in it included).
    mutating func scanJSXContainer(depth: Int, into tokens: inout [Token]) throws(ReadError) {
      let open = index
      guard depth < JavaScriptConfigReader.maxDepth else {
        throw ReadError(
          message: "JSX nested deeper than \(JavaScriptConfigReader.maxDepth) levels; widgetlint stops reading here",
          start: open, end: open + 1)
      }
      tokens.append(Token(kind: .punctuator("{"), start: open, end: open + 1, newlineBefore: false))
      index += 1
      var braces = 0
      var previous: TokenKind = .punctuator("{")
      while true {
        let newline = try skipTrivia()
        guard index < bytes.count else {
          throw ReadError(message: "unterminated JSX expression: '{' without '}'", start: open, end: open + 1)
        }
        if bytes[index] == UInt8(ascii: "<"), Self.regexAllowed(after: previous) {
          let first = tokens.count
          try scanJSXElement(depth: depth + 1, into: &tokens)
          tokens[first].newlineBefore = newline
          previous = .jsx
          continue
        }
        var token = try scanToken(previous: previous, templateNesting: 0)
        token.newlineBefore = newline
        tokens.append(token)
        if token.kind == .punctuator("{") {
          braces += 1
        } else if token.kind == .punctuator("}") {
          if braces == 0 { return }
          braces -= 1
        }
        previous = token.kind
      }
    }

    /// A tag or attribute name: an identifier, with `-`, `.` and `:` inside (`aria-label`, `Foo.Bar`,
    /// `svg:rect`); empty when there is none at `index`.
    mutating func scanJSXName() -> String {
      guard let first = byte(at: index), Self.isIdentifierStart(first) else { return "" }
      let start = index
      while let current = byte(at: index) {
        if current >= 0x80 {
          let (scalar, width) = scalar(at: index)
          if scalar.properties.isWhitespace || scalar == "\u{FEFF}" { break }
          index += width
        } else if Self.isIdentifierPart(current) || current == UInt8(ascii: "-") || current == UInt8(ascii: ".")
          || current == UInt8(ascii: ":")
        {
          index += 1
        } else {
          break
        }
      }
      return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// Ends the `.jsx` token that started at `start`, where a container or another element begins.
    func flushJSX(from start: Int, into tokens: inout [Token]) {
      guard index > start else { return }
      tokens.append(Token(kind: .jsx, start: start, end: index, newlineBefore: false))
    }

    /// Skips white space and comments; true when a line terminator was among them.
    mutating func skipTrivia() throws(ReadError) -> Bool {
      var newline = false
      while index < bytes.count {
        let current = bytes[index]
        switch current {
        case 0x20, 0x09, 0x0B, 0x0C:
          index += 1
        case 0x0A, 0x0D:
          newline = true
          index += 1
        case UInt8(ascii: "/") where byte(at: index + 1) == UInt8(ascii: "/"):
          let start = index
          while let byte = byte(at: index), byte != 0x0A, byte != 0x0D { index += 1 }
          comments.append(.line(start: start, end: index, marker: 2))
        case UInt8(ascii: "/") where byte(at: index + 1) == UInt8(ascii: "*"):
          let start = index
          index += 2
          while true {
            guard let byte = byte(at: index) else {
              throw ReadError(message: "unterminated comment: '/*' without '*/'", start: start, end: start + 2)
            }
            if byte == UInt8(ascii: "*"), self.byte(at: index + 1) == UInt8(ascii: "/") {
              index += 2
              comments.append(.block(start: start, end: index, in: bytes))
              break
            }
            if byte == 0x0A || byte == 0x0D { newline = true }
            index += 1
          }
        case 0x80...:
          let (scalar, width) = scalar(at: index)
          if scalar == "\u{2028}" || scalar == "\u{2029}" {
            newline = true
          } else if !(scalar.properties.isWhitespace || scalar == "\u{FEFF}") {
            return newline
          }
          index += width
        default:
          return newline
        }
      }
      return newline
    }

    func scalar(at offset: Int) -> (Unicode.Scalar, Int) {
      let width = min(SourceText.scalarWidth(bytes[offset]), bytes.count - offset)
      let scalar = String(decoding: bytes[offset..<offset + width], as: UTF8.self).unicodeScalars.first
      return (scalar ?? "\u{FFFD}", max(width, 1))
    }

    static func isIdentifierStart(_ byte: UInt8) -> Bool {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"),
        UInt8(ascii: "$"), UInt8(ascii: "\\"), 0x80...:
        return true
      default:
        return false
      }
    }

    static func isDigit(_ byte: UInt8?) -> Bool {
      guard let byte else { return false }
      return byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    static func isIdentifierPart(_ byte: UInt8) -> Bool { isIdentifierStart(byte) || isDigit(byte) }

    mutating func scanToken(previous: TokenKind?, templateNesting: Int) throws(ReadError) -> Token {
      let start = index
      let current = bytes[index]
      if Self.isIdentifierStart(current) {
        return Token(kind: .identifier(scanIdentifier()), start: start, end: index, newlineBefore: false)
      }
      if Self.isDigit(current) || (current == UInt8(ascii: ".") && Self.isDigit(byte(at: index + 1))) {
        try scanNumber()
        return Token(kind: .number, start: start, end: index, newlineBefore: false)
      }
      switch current {
      case UInt8(ascii: "'"), UInt8(ascii: "\""):
        let text = try scanString()
        return Token(kind: .string(text), start: start, end: index, newlineBefore: false)
      case UInt8(ascii: "`"):
        let (cooked, parts) = try scanTemplate(nesting: templateNesting + 1)
        return Token(kind: .template(cooked), start: start, end: index, newlineBefore: false, template: parts)
      case UInt8(ascii: "/") where Self.regexAllowed(after: previous):
        try scanRegex()
        return Token(kind: .regex, start: start, end: index, newlineBefore: false)
      default:
        break
      }
      for punctuator in JavaScriptConfigReader.punctuators where bytes[index...].starts(with: punctuator.bytes) {
        // `?.5` is `?` and `.5`.
        if punctuator.text == "?.", Self.isDigit(byte(at: index + 2)) { continue }
        index += punctuator.bytes.count
        return Token(kind: .punctuator(punctuator.text), start: start, end: index, newlineBefore: false)
      }
      let shown =
        current < 0x20 || current == 0x7F
        ? "U+\(String(current, radix: 16, uppercase: true))" : "'\(Character(Unicode.Scalar(current)))'"
      throw ReadError(message: "unexpected character \(shown)", start: start, end: start + 1)
    }

    static func regexAllowed(after previous: TokenKind?) -> Bool {
      switch previous {
      case nil: return true
      case .punctuator(let text): return ![")", "]", "}", "++", "--"].contains(text)
      case .identifier(let word): return wordsBeforeExpression.contains(word)
      case .string, .template, .number, .regex, .jsx, .end: return false
      }
    }

    mutating func scanIdentifier() -> String {
      let start = index
      while index < bytes.count {
        let current = bytes[index]
        if current >= 0x80 {
          let (scalar, width) = scalar(at: index)
          if scalar.properties.isWhitespace || scalar == "\u{FEFF}" { break }
          index += width
        } else if Self.isIdentifierPart(current) {
          index += 1
        } else {
          break
        }
      }
      return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    mutating func scanNumber() throws(ReadError) {
      let start = index
      if bytes[index] == UInt8(ascii: "0"), let next = byte(at: index + 1),
        [
          UInt8(ascii: "x"), UInt8(ascii: "X"), UInt8(ascii: "o"), UInt8(ascii: "O"), UInt8(ascii: "b"),
          UInt8(ascii: "B"),
        ]
        .contains(next)
      {
        index += 2
        while let byte = byte(at: index), byte < 0x80, Self.isIdentifierPart(byte) { index += 1 }
      } else {
        scanDigits()
        if byte(at: index) == UInt8(ascii: ".") {
          index += 1
          scanDigits()
        }
        if let byte = byte(at: index), byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
          var next = index + 1
          if let sign = self.byte(at: next), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { next += 1 }
          if Self.isDigit(self.byte(at: next)) {
            index = next
            scanDigits()
          }
        }
        if byte(at: index) == UInt8(ascii: "n") { index += 1 }
      }
      if let byte = byte(at: index), Self.isIdentifierPart(byte) {
        throw ReadError(message: "invalid number", start: start, end: index + 1)
      }
    }

    mutating func scanDigits() {
      while let byte = byte(at: index), Self.isDigit(byte) || byte == UInt8(ascii: "_") { index += 1 }
    }

    mutating func scanString() throws(ReadError) -> String {
      let start = index
      let quote = bytes[index]
      index += 1
      var text: [UInt8] = []
      while true {
        guard let current = byte(at: index), current != 0x0A, current != 0x0D else {
          throw ReadError(message: "unterminated string", start: start, end: index)
        }
        if current == quote {
          index += 1
          return String(decoding: text, as: UTF8.self)
        }
        if current == UInt8(ascii: "\\") {
          try decodeEscape(into: &text)
        } else {
          text.append(current)
          index += 1
        }
      }
    }

    /// Reads a template literal; returns its cooked text, or nil when it has substitutions.
    mutating func scanTemplate(nesting: Int) throws(ReadError) -> (
      String?, (strings: [String], substitutions: [Range<Int>])?
    ) {
      let start = index
      guard nesting <= JavaScriptConfigReader.maxDepth else {
        throw ReadError(
          message: "template literals nested deeper than \(JavaScriptConfigReader.maxDepth) levels; "
            + "widgetlint stops reading here", start: start, end: start + 1)
      }
      index += 1
      var text: [UInt8] = []
      var strings: [String] = []
      var ranges: [Range<Int>] = []
      while true {
        guard let current = byte(at: index) else {
          throw ReadError(message: "unterminated template literal", start: start, end: start + 1)
        }
        switch current {
        case UInt8(ascii: "`"):
          index += 1
          let last = String(decoding: text, as: UTF8.self)
          return ranges.isEmpty ? (last, nil) : (nil, (strings + [last], ranges))
        case UInt8(ascii: "\\"):
          try decodeEscape(into: &text)
        case UInt8(ascii: "$") where byte(at: index + 1) == UInt8(ascii: "{"):
          strings.append(String(decoding: text, as: UTF8.self))
          text = []
          index += 2
          ranges.append(try lexSubstitution(templateStart: start, nesting: nesting))
        case 0x0D:
          text.append(0x0A)
          index += byte(at: index + 1) == 0x0A ? 2 : 1
        default:
          text.append(current)
          index += 1
        }
      }
    }

    /// Reads the code of a `${…}` up to and including its closing brace into `substitutions`, ended
    /// by an `.end` token there; returns its range.
    mutating func lexSubstitution(templateStart: Int, nesting: Int) throws(ReadError) -> Range<Int> {
      var braces = 0
      var previous: TokenKind = .punctuator("{")
      var block: [Token] = []
      while true {
        let newline = try skipTrivia()
        guard index < bytes.count else {
          throw ReadError(message: "unterminated template literal", start: templateStart, end: templateStart + 1)
        }
        var token = try scanToken(previous: previous, templateNesting: nesting)
        token.newlineBefore = newline
        if token.kind == .punctuator("{") {
          braces += 1
        } else if token.kind == .punctuator("}") {
          if braces == 0 {
            let first = substitutions.count
            substitutions += block
            substitutions.append(Token(kind: .end, start: token.start, end: token.start, newlineBefore: true))
            return first..<(first + block.count)
          }
          braces -= 1
        }
        block.append(token)
        previous = token.kind
      }
    }

    mutating func scanRegex() throws(ReadError) {
      let start = index
      index += 1
      var inClass = false
      while true {
        guard let current = byte(at: index), current != 0x0A, current != 0x0D else {
          throw ReadError(message: "unterminated regular expression", start: start, end: index)
        }
        index += 1
        switch current {
        case UInt8(ascii: "\\"):
          if let next = byte(at: index), next != 0x0A, next != 0x0D { index += 1 }
        case UInt8(ascii: "["):
          inClass = true
        case UInt8(ascii: "]"):
          inClass = false
        case UInt8(ascii: "/") where !inClass:
          while let byte = byte(at: index), Self.isIdentifierPart(byte) { index += 1 }
          return
        default:
          break
        }
      }
    }

    /// Decodes the escape sequence at `index` (a backslash) into `text`.
    mutating func decodeEscape(into text: inout [UInt8]) throws(ReadError) {
      do {
        index = try JavaScriptStringEscapes.decode(bytes, at: index, into: &text)
      } catch {
        throw ReadError(message: error.message, start: error.start, end: error.end)
      }
    }
  }
}
