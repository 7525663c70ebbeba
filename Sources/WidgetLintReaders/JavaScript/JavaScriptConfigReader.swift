import WidgetLintCore
import WidgetLintModel

/// Reads a target's `expo-target.config.js` (the @bacons/apple-targets config) as data, never running it.
///
/// The plugin `require`s the file and, when its export is a function, calls it with the Expo config at
/// prebuild time. This reader finds the exported object in the forms people write:
///
/// - `module.exports = { … }` and `export default { … }`;
/// - a function of the config: `(config) => ({ … })`, `config => { return { … } }`,
///   `function (config) { … return { … } }` (one unconditional `return` at the function's top level);
/// - a name bound once at the top level (or in the function body) and never touched again:
///   `const config = { … }; module.exports = config;`, or a `function` declaration.
///
/// Literal parts (strings, templates without `${}`, numbers, `true`/`false`/`null`, objects, arrays) are
/// read with their spans. Everything else, whatever it would evaluate to, is `.computed` with its source
/// text and span: member access (`config.ios.bundleIdentifier`), `process.env.X`, calls, conditionals,
/// `+`, templates with `${}`, shorthand properties `{ name }`, methods and getters. It never guesses:
///
/// - an object spread `...x` keeps the literal members and adds a member with the key `"..."` whose value
///   is `.computed` (members before it may be overridden by it); a computed key `[k]: v` is read the same way;
/// - an array with a spread element is `.computed` as a whole, since its indexes are unknown;
/// - `undefined` reads as `.null`, and an array hole (`[a, , b]`) as `.null`;
/// - a number keeps its source text (`0xFF`, `-1.5e3`); a parenthesized literal is that literal;
/// - an export that is assigned piecewise, conditionally, more than once, or is anything but the forms
///   above is `.computed` as a whole.
///
/// Malformed input, a missing export, nesting deeper than `maxDepth` brackets, or a function that returns
/// nothing give an `invalid-value` problem and no value.
public enum JavaScriptConfigReader {
  /// The deepest nesting of brackets (and of template literals inside `${}`) read.
  public static let maxDepth = 200

  public static func read(_ source: SourceText) -> (value: Located<ConfigValue>?, problems: [ReadingProblem]) {
    read(source, environment: nil)
  }

  /// Reads a config with a known environment (`process.env.NAME`: the value, or undefined when unset;
  /// nil leaves `process.env` computed) and, for a function export, the value of its first parameter
  /// (an app config's `ConfigContext`, whose `config` is the static app.json config). A `.ts`, `.mts`
  /// or `.cts` file is read with its TypeScript types removed.
  public static func read(
    _ source: SourceText, environment: [String: String]?, argument: Located<ConfigValue>? = nil
  ) -> (value: Located<ConfigValue>?, problems: [ReadingProblem]) {
    let (value, problems, _, _) = readCountingWork(source, environment: environment, argument: argument)
    return (value, problems)
  }

  /// Reads a file that is one JSON5 value, as Expo reads app.json and app.config.json (`@expo/json-file`
  /// with `json5: true`): JSON with comments, trailing commas, unquoted keys, single-quoted strings, and
  /// the other literal forms JSON5 takes from JavaScript.
  public static func readJSON5(_ source: SourceText) -> (value: Located<ConfigValue>?, problems: [ReadingProblem]) {
    let (value, problems, _, _) = readCountingWork(source, environment: nil, wholeFileIsOneValue: true)
    return (value, problems + (value.map(duplicateKeys) ?? []))
  }

  /// A key written twice in one object: JSON5, like JavaScript, keeps the later value without a word.
  package static func duplicateKeys(in value: Located<ConfigValue>) -> [ReadingProblem] {
    var problems: [ReadingProblem] = []
    var pending = [value]
    while let next = pending.popLast() {
      switch next.value {
      case .object(let members):
        var first: [String: Located<String>] = [:]
        for (key, member) in members {
          pending.append(member)
          // A spread or computed key is known only by running the file.
          guard key.value != "..." else { continue }
          guard let earlier = first[key.value] else {
            first[key.value] = key
            continue
          }
          problems.append(
            ReadingProblem(
              kind: .duplicateKey,
              message: "key '\(key.value)' appears twice in this object; the later value replaces the earlier one",
              span: key.span, pointer: key.pointer,
              related: [RelatedLocation("'\(key.value)' first set here", at: earlier.span)]))
        }
      case .array(let elements):
        pending += elements
      default:
        break
      }
    }
    return problems.sorted { $0.span.start < $1.span.start }
  }

  /// `read`, with the work evaluation did (tokens scanned, values built and moved): bounded by a
  /// budget proportional to the file's tokens, whatever the file; tests check the bound.
  package static func readCountingWork(
    _ source: SourceText, environment: [String: String]?, argument: Located<ConfigValue>? = nil,
    wholeFileIsOneValue: Bool = false
  ) -> (value: Located<ConfigValue>?, problems: [ReadingProblem], work: Int, tokens: Int) {
    var work = 0
    var tokenCount = 0
    do throws(ReadError) {
      var lexer = Lexer(bytes: source.bytes, start: source.byteOrderMarkLength)
      var tokens = try lexer.tokenize()
      let lowered = source.path.lowercased()
      if lowered.hasSuffix(".ts") || lowered.hasSuffix(".mts") || lowered.hasSuffix(".cts") {
        tokens = TypeScriptTypes.strip(tokens)
      }
      // The code of template substitutions follows the file's own tokens, each run ended by `.end`.
      let mainCount = tokens.count
      tokens += lexer.substitutions
      let parser = try Parser(
        source: source, tokens: tokens, mainCount: mainCount, environment: environment, argument: argument)
      tokenCount = tokens.count
      defer { work = parser.budget.initial - parser.budget.remaining }
      let value = try wholeFileIsOneValue ? parser.readWholeValue() : parser.readExport()
      return (value, [], parser.budget.initial - parser.budget.remaining, tokenCount)
    } catch {
      let span = SourceSpan(file: source, start: error.start, end: error.end)
      return (
        nil, [ReadingProblem(kind: .invalidValue, message: error.message, span: span, pointer: .root)], work,
        tokenCount
      )
    }
  }

  struct ReadError: Error {
    var message: String
    var start: Int
    var end: Int
  }

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
  private static let punctuators: [(text: String, bytes: [UInt8])] = [
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
    private var failedJSXWork = 0
    /// The comments skipped so far, in source order.
    private(set) var comments: [SourceComment] = []

    init(bytes: [UInt8], start: Int, readsJSX: Bool = false) {
      self.bytes = bytes
      self.index = start
      self.readsJSX = readsJSX
    }

    private func byte(at offset: Int) -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

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
    private mutating func jsxElement() -> [Token]? {
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
    private mutating func scanJSXElement(depth: Int, into tokens: inout [Token]) throws(ReadError) {
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
    private mutating func scanJSXContainer(depth: Int, into tokens: inout [Token]) throws(ReadError) {
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
    private mutating func scanJSXName() -> String {
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
    private func flushJSX(from start: Int, into tokens: inout [Token]) {
      guard index > start else { return }
      tokens.append(Token(kind: .jsx, start: start, end: index, newlineBefore: false))
    }

    /// Skips white space and comments; true when a line terminator was among them.
    private mutating func skipTrivia() throws(ReadError) -> Bool {
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

    private func scalar(at offset: Int) -> (Unicode.Scalar, Int) {
      let width = min(SourceText.scalarWidth(bytes[offset]), bytes.count - offset)
      let scalar = String(decoding: bytes[offset..<offset + width], as: UTF8.self).unicodeScalars.first
      return (scalar ?? "\u{FFFD}", max(width, 1))
    }

    private static func isIdentifierStart(_ byte: UInt8) -> Bool {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"),
        UInt8(ascii: "$"), UInt8(ascii: "\\"), 0x80...:
        return true
      default:
        return false
      }
    }

    private static func isDigit(_ byte: UInt8?) -> Bool {
      guard let byte else { return false }
      return byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func isIdentifierPart(_ byte: UInt8) -> Bool { isIdentifierStart(byte) || isDigit(byte) }

    private mutating func scanToken(previous: TokenKind?, templateNesting: Int) throws(ReadError) -> Token {
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

    private static func regexAllowed(after previous: TokenKind?) -> Bool {
      switch previous {
      case nil: return true
      case .punctuator(let text): return ![")", "]", "}", "++", "--"].contains(text)
      case .identifier(let word): return wordsBeforeExpression.contains(word)
      case .string, .template, .number, .regex, .jsx, .end: return false
      }
    }

    private mutating func scanIdentifier() -> String {
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

    private mutating func scanNumber() throws(ReadError) {
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

    private mutating func scanDigits() {
      while let byte = byte(at: index), Self.isDigit(byte) || byte == UInt8(ascii: "_") { index += 1 }
    }

    private mutating func scanString() throws(ReadError) -> String {
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
    private mutating func scanTemplate(nesting: Int) throws(ReadError) -> (
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
    private mutating func lexSubstitution(templateStart: Int, nesting: Int) throws(ReadError) -> Range<Int> {
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

    private mutating func scanRegex() throws(ReadError) {
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
    private mutating func decodeEscape(into text: inout [UInt8]) throws(ReadError) {
      do {
        index = try JavaScriptStringEscapes.decode(bytes, at: index, into: &text)
      } catch {
        throw ReadError(message: error.message, start: error.start, end: error.end)
      }
    }
  }

  // MARK: - Reading the export

  /// Where an expression may end.
  fileprivate struct Context {
    /// A `,` at the expression's level ends it (in lists and declarations).
    var commaEnds: Bool
    /// A line break ends it where a statement could (automatic semicolon insertion).
    var lineBreakEnds: Bool

    static let statement = Context(commaEnds: false, lineBreakEnds: true)
    static let declarator = Context(commaEnds: true, lineBreakEnds: true)
    package static let list = Context(commaEnds: true, lineBreakEnds: false)
  }

  fileprivate struct Binding {
    enum Kind {
      case variable
      case function
      /// A name bound by a destructuring pattern, an import, a class, or a declaration without a value.
      case opaque
      /// A parameter whose value is known (`known`).
      case known
    }

    var kind: Kind
    var nameIndex: Int
    /// The token index of the initializer, or of the `function` keyword.
    var valueStart: Int
    /// A parameter's value known from outside (the app config's `ConfigContext`).
    var known: Located<ConfigValue>? = nil
  }

  /// The work an evaluation may still do, shared by the whole read: names resolved again at each use
  /// (`const a = {…}; const b = [a, a]; …`) could otherwise double the work with every line.
  fileprivate final class Budget {
    var remaining: Int
    /// The bindings being evaluated (a name used in its own initializer is not known).
    var inProgress: Set<Int> = []

    let initial: Int

    init(_ remaining: Int) {
      self.remaining = remaining
      self.initial = remaining
    }

    func spend(_ amount: Int) -> Bool {
      remaining -= max(amount, 1)
      return remaining >= 0
    }
  }

  fileprivate final class Scope {
    let bindings: [String: [Binding]]
    let shadowed: Set<String>
    let parent: Scope?

    init(bindings: [String: [Binding]], shadowed: Set<String>, parent: Scope?) {
      self.bindings = bindings
      self.shadowed = shadowed
      self.parent = parent
    }

    /// The one binding of `name` visible here and the scope it belongs to, nil when there is none or several.
    func lookup(_ name: String) -> (binding: Binding, scope: Scope)? {
      var scope: Scope? = self
      while let current = scope {
        if current.shadowed.contains(name) { return nil }
        if let found = current.bindings[name] { return found.count == 1 ? (found[0], current) : nil }
        scope = current.parent
      }
      return nil
    }
  }

  private static let controlKeywords: Set<String> = ["if", "for", "while", "with", "switch", "catch"]
  private static let literalWords: Set<String> = ["true", "false", "null", "undefined"]

  fileprivate struct Parser {
    let source: SourceText
    let tokens: [Token]
    /// For each bracket token, the index of its partner; -1 for other tokens.
    let partner: [Int]
    /// For each token, how many brackets enclose it.
    let depth: [Int]
    /// How often each name is referred to (not counting member names and object keys).
    let references: [String: Int]
    /// For each token, the first of the `export` keywords right before it (itself when there are none):
    /// `export` does not change where a statement starts.
    let exportRunStart: [Int]
    /// How many tokens are the file's own; template substitutions' follow (`Token.template`'s ranges
    /// count from here).
    let mainCount: Int
    /// `process.env` as the lint sees it; nil when it is not known.
    let environment: [String: String]?
    /// The value of the exported function's first parameter, when known.
    let argument: Located<ConfigValue>?
    /// Names whose value may change after they are bound: assigned (`a = …`, `a.b = …`, `a[k] += …`,
    /// `a++`), or handed to `Object.assign`.
    let changed: Set<String>
    let budget: Budget

    init(
      source: SourceText, tokens: [Token], mainCount: Int? = nil, environment: [String: String]? = nil,
      argument: Located<ConfigValue>? = nil
    ) throws(ReadError) {
      self.source = source
      self.tokens = tokens
      self.mainCount = mainCount ?? tokens.count
      self.environment = environment
      self.argument = argument
      self.budget = Budget(64 * tokens.count + 100_000)
      var partner = Array(repeating: -1, count: tokens.count)
      var depth = Array(repeating: 0, count: tokens.count)
      var open: [Int] = []
      var references: [String: Int] = [:]
      var exportRunStart = Array(tokens.indices)
      for (index, token) in tokens.enumerated() {
        depth[index] = open.count
        if index > 0, tokens[index - 1].kind == .identifier("export") {
          exportRunStart[index] = exportRunStart[index - 1]
        }
        guard case .punctuator(let text) = token.kind else {
          if case .identifier(let name) = token.kind, Self.isReference(index, in: tokens) {
            references[name, default: 0] += 1
          }
          continue
        }
        switch text {
        case "(", "[", "{":
          guard open.count < JavaScriptConfigReader.maxDepth else {
            throw ReadError(
              message: "nesting deeper than \(JavaScriptConfigReader.maxDepth) levels; widgetlint stops reading here",
              start: token.start, end: token.end)
          }
          open.append(index)
        case ")", "]", "}":
          let expected = text == ")" ? "(" : text == "]" ? "[" : "{"
          guard let last = open.last else {
            throw ReadError(message: "'\(text)' closes nothing", start: token.start, end: token.end)
          }
          guard tokens[last].kind == .punctuator(expected) else {
            let opener = tokens[last]
            let position = source.position(atOffset: opener.start)
            throw ReadError(
              message: "'\(text)' does not close the '\(Self.text(of: opener.kind))' at "
                + "\(position.line):\(position.column)", start: token.start, end: token.end)
          }
          open.removeLast()
          partner[last] = index
          partner[index] = last
          depth[index] = open.count
        default:
          break
        }
      }
      if let last = open.last {
        let token = tokens[last]
        throw ReadError(
          message: "'\(Self.text(of: token.kind))' is never closed", start: token.start, end: token.end)
      }
      self.partner = partner
      self.depth = depth
      self.references = references
      self.exportRunStart = exportRunStart
      self.changed = Self.changedNames(tokens, partner: partner)
    }

    private static let assignments: Set<String> = [
      "=", "+=", "-=", "*=", "/=", "%=", "**=", "<<=", ">>=", ">>>=", "&=", "|=", "^=", "&&=", "||=", "??=",
      "++", "--",
    ]

    /// The names a statement may change after they are bound (one pass: each member chain is walked
    /// once from the name that starts it, brackets skipped through their partners).
    private static func changedNames(_ tokens: [Token], partner: [Int]) -> Set<String> {
      var changed: Set<String> = []
      for (index, token) in tokens.enumerated() {
        guard case .identifier(let name) = token.kind, isReference(index, in: tokens) else { continue }
        // A declaration's own `=` binds the name (a later declarator after `,` counts as a change).
        if index > 0, case .identifier(let word) = tokens[index - 1].kind, ["const", "let", "var"].contains(word) {
          continue
        }
        if index > 0, tokens[index - 1].kind == .punctuator("++") || tokens[index - 1].kind == .punctuator("--") {
          changed.insert(name)
          continue
        }
        if index > 2, tokens[index - 1].kind == .punctuator("("), tokens[index - 2].kind == .identifier("assign"),
          tokens[index - 3].kind == .punctuator(".")
        {
          changed.insert(name)
          continue
        }
        var next = index + 1
        while next < tokens.count {
          switch tokens[next].kind {
          case .punctuator("."), .punctuator("?."): next += 2
          case .punctuator("["): next = partner[next] + 1
          case .punctuator("!"): next += 1
          default:
            if case .punctuator(let text) = tokens[next].kind, assignments.contains(text) { changed.insert(name) }
            next = tokens.count
          }
          if next <= index { break }
        }
      }
      return changed
    }

    private static func text(of kind: TokenKind) -> String {
      switch kind {
      case .punctuator(let text), .identifier(let text): return text
      case .string: return "string"
      case .template: return "template literal"
      case .number: return "number"
      case .regex: return "regular expression"
      case .jsx: return "JSX"
      case .end: return "end of file"
      }
    }

    /// True for a name that refers to a binding: not a member name (`a.name`) nor an object key (`{ name: 1 }`).
    private static func isReference(_ index: Int, in tokens: [Token]) -> Bool {
      if index > 0, tokens[index - 1].kind == .punctuator(".") || tokens[index - 1].kind == .punctuator("?.") {
        return false
      }
      if index > 0, index + 1 < tokens.count, tokens[index + 1].kind == .punctuator(":"),
        tokens[index - 1].kind == .punctuator("{") || tokens[index - 1].kind == .punctuator(",")
      {
        return false
      }
      return true
    }

    // MARK: Token helpers

    /// The kind of token `index`, `.end` past either end of the file (a caller may look at the token before
    /// the first one: the one before a `(` that opens the file).
    private func kind(_ index: Int) -> TokenKind { tokens.indices.contains(index) ? tokens[index].kind : .end }

    private func isPunctuator(_ index: Int, _ text: String) -> Bool { kind(index) == .punctuator(text) }

    private func identifier(_ index: Int) -> String? {
      if case .identifier(let name) = kind(index) { return name }
      return nil
    }

    private func isOpener(_ index: Int) -> Bool {
      guard case .punctuator(let text) = kind(index) else { return false }
      return text == "(" || text == "[" || text == "{"
    }

    private func isCloser(_ index: Int) -> Bool {
      guard case .punctuator(let text) = kind(index) else { return false }
      return text == ")" || text == "]" || text == "}"
    }

    /// The span from the start of token `first` to the end of the token before `end`.
    fileprivate func span(_ first: Int, _ end: Int) -> SourceSpan {
      SourceSpan(file: source, start: tokens[first].start, end: tokens[max(first, end - 1)].end)
    }

    private func text(_ first: Int, _ end: Int) -> String {
      let span = span(first, end)
      return String(decoding: source.bytes[span.start..<span.end], as: UTF8.self)
    }

    private func error(_ message: String, at index: Int) -> ReadError {
      let token = tokens[min(index, tokens.count - 1)]
      return ReadError(message: message, start: token.start, end: token.end)
    }

    private func describe(_ index: Int) -> String {
      switch kind(index) {
      case .end: return "the end of the file"
      case .punctuator(let text), .identifier(let text): return "'\(text)'"
      default: return "'\(text(index, index + 1))'"
      }
    }

    /// True when the token can end an expression (so a line break after it may end the statement).
    private func endsExpression(_ index: Int) -> Bool {
      switch kind(index) {
      case .identifier(let word): return !JavaScriptConfigReader.wordsBeforeExpression.contains(word)
      case .string, .template, .number, .regex, .jsx: return true
      case .punctuator(let text): return [")", "]", "}", "++", "--"].contains(text)
      case .end: return false
      }
    }

    /// True when the token, after a line break, continues the expression before it.
    private func continuesExpression(_ index: Int) -> Bool {
      switch kind(index) {
      case .punctuator(let text): return !["{", "++", "--", "!", "~"].contains(text)
      case .template: return true
      case .identifier(let word): return word == "in" || word == "instanceof"
      default: return false
      }
    }

    private func isTerminator(_ index: Int, _ context: Context, expressionStart: Int) -> Bool {
      switch kind(index) {
      case .end: return true
      case .punctuator(";"), .punctuator(")"), .punctuator("]"), .punctuator("}"): return true
      case .punctuator(","): return context.commaEnds
      default:
        return context.lineBreakEnds && index > expressionStart && tokens[index].newlineBefore
          && endsExpression(index - 1) && !continuesExpression(index)
      }
    }

    /// Two operands in a row without an operator between them (`"a" "b"`, `[1 2]`) are a syntax error.
    private func isMissingOperator(between previous: Int, and next: Int) -> Bool {
      guard !tokens[next].newlineBefore else { return false }
      switch kind(previous) {
      case .string, .number, .template, .regex, .jsx, .punctuator(")"), .punctuator("]"), .punctuator("}"): break
      default: return false
      }
      switch kind(next) {
      case .string, .number: return true
      case .identifier(let word): return !["in", "instanceof", "of"].contains(word)
      default: return false
      }
    }

    /// The index just past the expression that starts at `start` (a syntax error when two operands meet).
    private func skipExpression(_ start: Int, _ context: Context) throws(ReadError) -> Int {
      var index = start
      while !(index > start && isTerminator(index, context, expressionStart: start)) {
        if kind(index) == .end || (index == start && isCloser(index)) { return index }
        let next = isOpener(index) ? partner[index] + 1 : index + 1
        if isMissingOperator(between: next - 1, and: next) {
          throw error("unexpected \(describe(next)) after \(describe(next - 1)); expected an operator or ','", at: next)
        }
        index = next
      }
      return index
    }

    /// True when the statement at `index` runs whenever the enclosing block (`blockOpen`, nil at top level) does.
    private func startsStatement(_ index: Int, blockOpen: Int?) -> Bool {
      // Not a loop back over a run of `export`s for every token in it: that was quadratic in the run.
      let index = exportRunStart[index]
      let previous = index - 1
      if previous < 0 || previous == blockOpen { return true }
      switch kind(previous) {
      case .punctuator(";"), .punctuator("}"):
        return true
      case .punctuator(")"):
        if let owner = identifier(partner[previous] - 1), JavaScriptConfigReader.controlKeywords.contains(owner) {
          return false
        }
        return tokens[index].newlineBefore
      case .identifier("else"), .identifier("do"):
        return false
      default:
        return tokens[index].newlineBefore && endsExpression(previous)
      }
    }

    // MARK: The export

    /// The file as one value with nothing after it, as in a JSON5 document.
    func readWholeValue() throws(ReadError) -> Located<ConfigValue> {
      let scope = Scope(bindings: [:], shadowed: [], parent: nil)
      let (value, end) = try self.value(0, pointer: .root, context: .list, scope: scope, nesting: 0)
      guard kind(end) == .end else {
        throw error("expected the end of the file after its value, found \(describe(end))", at: end)
      }
      return value
    }

    func readExport() throws(ReadError) -> Located<ConfigValue> {
      var candidates: [Int] = []
      var others: [Int] = []
      for index in 0..<mainCount {
        guard let name = identifier(index),
          index == 0 || !(isPunctuator(index - 1, ".") || isPunctuator(index - 1, "?."))
        else { continue }
        switch name {
        case "module" where isPunctuator(index + 1, ".") && identifier(index + 2) == "exports":
          if depth[index] == 0, startsStatement(index, blockOpen: nil), isPunctuator(index + 3, "=") {
            candidates.append(index + 4)
          } else {
            others.append(index)
          }
        case "exports" where Self.isReference(index, in: tokens):
          others.append(index)
        case "export" where identifier(index + 1) == "default":
          if depth[index] == 0, startsStatement(index, blockOpen: nil) {
            candidates.append(index + 2)
          } else {
            others.append(index)
          }
        default:
          break
        }
      }
      guard let last = candidates.last else {
        if let first = others.first {
          // Built piecewise (`exports.type = …`, `module.exports.name = …`): only running it would tell.
          let end = try skipExpression(first, .statement)
          return Located(.computed(text(first, end)), span: span(first, end), pointer: .root)
        }
        throw ReadError(
          message: "no 'module.exports = …' or 'export default …' found; @bacons/apple-targets reads the "
            + "target's config from the module's export", start: source.byteOrderMarkLength,
          end: source.byteOrderMarkLength)
      }
      guard candidates.count == 1, others.isEmpty else {
        // Assigned more than once, or also changed elsewhere: the value depends on running the file.
        let end = try skipExpression(last, .statement)
        guard end > last else { throw error("expected a value, found \(describe(last))", at: last) }
        return Located(.computed(text(last, end)), span: span(last, end), pointer: .root)
      }
      let global = Scope(bindings: try bindings(in: 0..<mainCount, blockOpen: nil), shadowed: [], parent: nil)
      return try exported(last, context: .statement, scope: global, functionAllowed: true, nesting: 0).value
    }

    /// The names declared at the level of a block (`blockOpen`) or of the file (nil).
    private func bindings(in range: Range<Int>, blockOpen: Int?) throws(ReadError) -> [String: [Binding]] {
      var result: [String: [Binding]] = [:]
      func add(_ kind: Binding.Kind, _ nameIndex: Int, _ valueStart: Int) {
        guard let name = identifier(nameIndex) else { return }
        result[name, default: []].append(Binding(kind: kind, nameIndex: nameIndex, valueStart: valueStart))
      }
      func addPattern(_ open: Int) {
        for index in (open + 1)..<partner[open] where identifier(index) != nil && Self.isReference(index, in: tokens) {
          add(.opaque, index, -1)
        }
      }
      var index = range.lowerBound
      while index < range.upperBound {
        if isOpener(index) {
          index = partner[index] + 1
          continue
        }
        guard let word = identifier(index), startsStatement(index, blockOpen: blockOpen) else {
          index += 1
          continue
        }
        switch word {
        case "const", "let", "var":
          var next = index + 1
          declarators: while next < range.upperBound {
            if identifier(next) != nil {
              if isPunctuator(next + 1, "=") {
                add(.variable, next, next + 2)
                next = try skipExpression(next + 2, .declarator)
              } else {
                add(.opaque, next, -1)
                next += 1
              }
            } else if isPunctuator(next, "{") || isPunctuator(next, "[") {
              addPattern(next)
              next = partner[next] + 1
              if isPunctuator(next, "=") { next = try skipExpression(next + 1, .declarator) }
            } else {
              break declarators
            }
            guard isPunctuator(next, ",") else { break declarators }
            next += 1
          }
          index = max(next, index + 1)
        case "function":
          if identifier(index + 1) != nil { add(.function, index + 1, index) }
          index += 1
        case "async", "class":
          let nameIndex = word == "async" && identifier(index + 1) == "function" ? index + 2 : index + 1
          add(.opaque, nameIndex, -1)
          index += 1
        case "import":
          var next = index + 1
          while next < range.upperBound, identifier(next) != "from", !isPunctuator(next, ";") {
            if case .string = kind(next) { break }
            if isPunctuator(next, "{") {
              addPattern(next)
              next = partner[next] + 1
              continue
            }
            if let name = identifier(next), name != "as" { add(.opaque, next, -1) }
            next += 1
          }
          index = next
        default:
          index += 1
        }
      }
      return result
    }

    private enum FunctionShape {
      /// An arrow function with an expression body.
      case expressionBody(parameters: Range<Int>, body: Int)
      /// A function with a block body from `open` to `close` (its braces).
      case blockBody(parameters: Range<Int>, open: Int, close: Int)
      /// async or a generator: it returns a promise or an iterator, never the config itself.
      case other(end: Int)
    }

    /// The function expression starting at `index`, if it is one.
    private func function(at index: Int) -> FunctionShape? {
      if identifier(index) == "async",
        identifier(index + 1) == "function" || isPunctuator(index + 1, "(")
          || (identifier(index + 1) != nil && isPunctuator(index + 2, "=>"))
      {
        return .other(end: index + 1)
      }
      if let name = identifier(index), name != "function", isPunctuator(index + 1, "=>") {
        let body = index + 2
        if isPunctuator(body, "{") {
          return .blockBody(parameters: index..<(index + 1), open: body, close: partner[body])
        }
        return .expressionBody(parameters: index..<(index + 1), body: body)
      }
      if isPunctuator(index, "("), isPunctuator(partner[index] + 1, "=>") {
        let parameters = (index + 1)..<partner[index]
        let body = partner[index] + 2
        if isPunctuator(body, "{") { return .blockBody(parameters: parameters, open: body, close: partner[body]) }
        return .expressionBody(parameters: parameters, body: body)
      }
      if identifier(index) == "function" {
        var next = index + 1
        if isPunctuator(next, "*") { return .other(end: next) }
        if identifier(next) != nil { next += 1 }
        guard isPunctuator(next, "("), isPunctuator(partner[next] + 1, "{") else { return nil }
        let open = partner[next] + 1
        return .blockBody(parameters: (next + 1)..<partner[next], open: open, close: partner[open])
      }
      return nil
    }

    private func parameterNames(_ range: Range<Int>) -> Set<String> {
      Set(range.compactMap { identifier($0) })
    }

    /// The exported value: an object, a function returning one, or a name bound to either.
    private func exported(
      _ start: Int, context: Context, scope: Scope, functionAllowed: Bool, nesting: Int
    ) throws(ReadError) -> (value: Located<ConfigValue>, end: Int) {
      guard nesting <= JavaScriptConfigReader.maxDepth else {
        throw error("the export is nested deeper than \(JavaScriptConfigReader.maxDepth) levels", at: start)
      }
      if kind(start) == .end || isCloser(start) || isPunctuator(start, ",") || isPunctuator(start, ";") {
        throw error("expected a value, found \(describe(start))", at: start)
      }
      if let shape = function(at: start) {
        guard functionAllowed else { return try computed(start, context) }
        switch shape {
        case .other:
          return try computed(start, context)
        case .expressionBody(let parameters, let body):
          let inner = parameterScope(parameters, parent: scope)
          return try exported(body, context: context, scope: inner, functionAllowed: false, nesting: nesting + 1)
        case .blockBody(let parameters, let open, let close):
          let end = close + 1
          guard isTerminator(end, context, expressionStart: start) else { return try computed(start, context) }
          let parameterValues = parameterScope(parameters, parent: scope)
          if let value = try returned(open: open, close: close, shadowed: [], scope: parameterValues, nesting: nesting)
          {
            return (value, end)
          }
          return try computed(start, context)
        }
      }
      if isPunctuator(start, "(") {
        let close = partner[start]
        let inner = try exported(
          start + 1, context: .list, scope: scope, functionAllowed: functionAllowed, nesting: nesting + 1)
        guard inner.end == close, isTerminator(close + 1, context, expressionStart: start) else {
          return try computed(start, context)
        }
        return (inner.value, close + 1)
      }
      if let name = identifier(start), !JavaScriptConfigReader.literalWords.contains(name) {
        // A wrapped config (`withSentry(config, …)`) or any other expression is read as a value.
        guard isTerminator(start + 1, context, expressionStart: start),
          let (binding, bindingScope) = scope.lookup(name), references[name] == 2 || binding.kind == .known
        else {
          return try value(start, pointer: .root, context: context, scope: scope, nesting: nesting)
        }
        switch binding.kind {
        case .known:
          return (repointed(binding.known!, to: .root), start + 1)
        case .variable where binding.nameIndex < start:
          let value = try exported(
            binding.valueStart, context: .declarator, scope: bindingScope, functionAllowed: functionAllowed,
            nesting: nesting + 1)
          return (value.value, start + 1)
        case .function where functionAllowed:
          guard case .blockBody(let parameters, let open, let close) = function(at: binding.valueStart) else {
            return try computed(start, context)
          }
          let parameterValues = parameterScope(parameters, parent: bindingScope)
          guard
            let value = try returned(
              open: open, close: close, shadowed: [], scope: parameterValues, nesting: nesting)
          else { return try computed(start, context) }
          return (value, start + 1)
        default:
          return try computed(start, context)
        }
      }
      return try value(start, pointer: .root, context: context, scope: scope, nesting: nesting)
    }

    private func computed(
      _ start: Int, _ context: Context
    ) throws(ReadError) -> (value: Located<ConfigValue>, end: Int) {
      let end = try skipExpression(start, context)
      return (Located(.computed(text(start, end)), span: span(start, end), pointer: .root), end)
    }

    /// What a function body returns: the value of its one unconditional top-level `return`, or nil when
    /// that is not known without running it.
    private func returned(
      open: Int, close: Int, shadowed: Set<String>, scope: Scope, nesting: Int
    ) throws(ReadError) -> Located<ConfigValue>? {
      var returns: [Int] = []
      var conditional = false
      var index = open + 1
      while index < close {
        if isPunctuator(index, "{"), isFunctionBody(index) {
          index = partner[index] + 1
          continue
        }
        if identifier(index) == "return" {
          returns.append(index)
          if depth[index] != depth[open] + 1 || !startsStatement(index, blockOpen: open) { conditional = true }
        }
        index += 1
      }
      guard let only = returns.first else {
        throw error(
          "the config function returns nothing; @bacons/apple-targets expects it to return an object", at: open)
      }
      guard returns.count == 1, !conditional else { return nil }
      let valueStart = only + 1
      if tokens[valueStart].newlineBefore || isPunctuator(valueStart, ";") || valueStart == close {
        throw error(
          "this 'return' returns undefined (a value must start on the same line); "
            + "@bacons/apple-targets expects an object", at: only)
      }
      let local = Scope(
        bindings: try bindings(in: (open + 1)..<close, blockOpen: open), shadowed: shadowed, parent: scope)
      return try exported(valueStart, context: .statement, scope: local, functionAllowed: false, nesting: nesting + 1)
        .value
    }

    /// True when the `{` at `index` opens the body of a function or method (not a control-flow block).
    private func isFunctionBody(_ index: Int) -> Bool {
      let previous = index - 1
      if isPunctuator(previous, "=>") { return true }
      guard isPunctuator(previous, ")") else { return false }
      guard let owner = identifier(partner[previous] - 1) else { return false }
      return !JavaScriptConfigReader.controlKeywords.contains(owner)
    }

    // MARK: Values

    /// A value in an object or array (or the export itself): a literal read as data, or `.computed`.
    private func value(
      _ start: Int, pointer: JSONPointer, context: Context, scope: Scope, nesting: Int
    ) throws(ReadError) -> (value: Located<ConfigValue>, end: Int) {
      guard nesting <= JavaScriptConfigReader.maxDepth else {
        throw error("nesting deeper than \(JavaScriptConfigReader.maxDepth) levels", at: start)
      }
      if kind(start) == .end || isCloser(start) || isPunctuator(start, ",") || isPunctuator(start, ";") {
        throw error("expected a value, found \(describe(start))", at: start)
      }
      var literal: ConfigValue?
      var end = start + 1
      switch kind(start) {
      case .string(let text):
        literal = .string(text)
      case .template(let cooked):
        literal = cooked.map { .string($0) }
      case .number:
        literal = .number(text(start, end))
      case .identifier("true"):
        literal = .bool(true)
      case .identifier("false"):
        literal = .bool(false)
      case .identifier("null"), .identifier("undefined"):
        literal = .null
      case .punctuator("-") where kind(start + 1) == .number:
        literal = .number("-" + text(start + 1, start + 2))
        end = start + 2
      case .punctuator("{"):
        literal = try object(start, pointer: pointer, scope: scope, nesting: nesting + 1)
        end = partner[start] + 1
      case .punctuator("["):
        literal = try array(start, pointer: pointer, scope: scope, nesting: nesting + 1)
        end = partner[start] + 1
      case .punctuator("(") where !isPunctuator(partner[start] + 1, "=>"):
        // A parenthesized value is that value, spans without the parentheses.
        let close = partner[start]
        let inner = try value(start + 1, pointer: pointer, context: .list, scope: scope, nesting: nesting + 1)
        if inner.end == close, !inner.value.value.isComputed, isTerminator(close + 1, context, expressionStart: start) {
          return (inner.value, close + 1)
        }
      default:
        break
      }
      if let literal, isTerminator(end, context, expressionStart: start) {
        return (Located(literal, span: span(start, end), pointer: pointer), end)
      }
      return try evaluate(start, pointer: pointer, context: context, scope: scope, nesting: nesting)
    }

    private func object(_ open: Int, pointer: JSONPointer, scope: Scope, nesting: Int) throws(ReadError)
      -> ConfigValue
    {
      let close = partner[open]
      var members: [(key: Located<String>, value: Located<ConfigValue>)] = []
      var index = open + 1
      while index < close {
        let keyIndex = index
        if isPunctuator(index, "...") {
          // A spread: its members are known only by running it.
          let argument = index + 1
          let end = try skipExpression(argument, .list)
          guard end > argument else { throw error("expected an expression after '...'", at: argument) }
          if let spread = try spreadMembers(argument, end, pointer: pointer, scope: scope, nesting: nesting) {
            members += spread
            index = end
            if index == close { break }
            guard isPunctuator(index, ",") else {
              throw error("expected ',' or '}' after the spread, found \(describe(index))", at: index)
            }
            index += 1
            continue
          }
          let key = Located("...", span: span(index, index + 1), pointer: pointer.appending("..."))
          let value = Located(
            ConfigValue.computed(text(argument, end)), span: span(argument, end), pointer: pointer.appending("..."))
          members.append((key, value))
          index = end
        } else {
          var name: String
          var keyEnd = index + 1
          var method = false
          var computedKey = false
          switch kind(index) {
          case .identifier(let word)
          where ["get", "set", "async"].contains(word) && isPropertyName(index + 1) && !isPunctuator(index + 1, "("):
            method = true
            let nameIndex = isPunctuator(index + 1, "*") ? index + 2 : index + 1
            name = try propertyName(nameIndex, computedKey: &computedKey, keyEnd: &keyEnd)
          case .punctuator("*"):
            method = true
            name = try propertyName(index + 1, computedKey: &computedKey, keyEnd: &keyEnd)
          default:
            name = try propertyName(index, computedKey: &computedKey, keyEnd: &keyEnd)
            // A computed key whose value is known (`[APP_GROUPS]`, a constant) names its member.
            if computedKey, isPunctuator(index, "["),
              case .string(let known)? = try expression(
                index + 1, partner[index], pointer: pointer, scope: scope, nesting: nesting + 1)?.value.value
            {
              name = known
              computedKey = false
            }
          }
          let keyPointer = pointer.appending(name)
          let key = Located(name, span: span(keyIndex, keyEnd), pointer: keyPointer)
          if method || isPunctuator(keyEnd, "(") {
            // A method or accessor: code, not data.
            let parameters = method && !isPunctuator(keyEnd, "(") ? -1 : keyEnd
            guard parameters >= 0, isPunctuator(partner[parameters] + 1, "{") else {
              throw error("expected a method's '(' and body after \(describe(keyIndex))", at: keyEnd)
            }
            let end = partner[partner[parameters] + 1] + 1
            members.append(
              (key, Located(.computed(text(keyIndex, end)), span: span(keyIndex, end), pointer: keyPointer)))
            index = end
          } else if isPunctuator(keyEnd, ":") {
            let (value, end) = try value(
              keyEnd + 1, pointer: keyPointer, context: .list, scope: scope, nesting: nesting)
            members.append((key, computedKey ? value.map { _ in .computed(text(keyEnd + 1, end)) } : value))
            index = end
          } else if case .identifier(let word) = kind(keyIndex), keyEnd == keyIndex + 1,
            isPunctuator(keyEnd, ",") || keyEnd == close
          {
            // Shorthand `{ name }`: the value of a variable.
            let known = try evaluate(keyIndex, pointer: keyPointer, context: .list, scope: scope, nesting: nesting)
            members.append(
              (
                key,
                known.end == keyEnd
                  ? known.value
                  : Located(
                    .computed(word), span: span(keyIndex, keyEnd), pointer: keyPointer)
              ))
            index = keyEnd
          } else {
            throw error(
              "expected ':' after the property name \(describe(keyIndex)), found \(describe(keyEnd))", at: keyEnd)
          }
        }
        if index == close { break }
        guard isPunctuator(index, ",") else {
          throw error(
            "expected ',' or '}' after the property \(describe(keyIndex)), found \(describe(index))", at: index)
        }
        index += 1
      }
      return .object(members)
    }

    private func isPropertyName(_ index: Int) -> Bool {
      switch kind(index) {
      case .identifier, .string, .number, .punctuator("["), .punctuator("*"): return true
      default: return false
      }
    }

    /// The key at `index`; `keyEnd` becomes the index past it. A computed key `[k]` whose value is not a
    /// literal reads as "...", as a spread does, since it may name any member.
    private func propertyName(_ index: Int, computedKey: inout Bool, keyEnd: inout Int) throws(ReadError) -> String {
      keyEnd = index + 1
      switch kind(index) {
      case .identifier(let word):
        return word
      case .string(let text):
        return text
      case .template(let cooked?):
        return cooked
      case .number:
        return text(index, index + 1)
      case .punctuator("["):
        let close = partner[index]
        keyEnd = close + 1
        if close == index + 2 {
          switch kind(index + 1) {
          case .string(let text): return text
          case .template(let cooked?): return cooked
          case .number: return text(index + 1, index + 2)
          default: break
          }
        }
        computedKey = true
        return "..."
      default:
        throw error("expected a property name, found \(describe(index))", at: index)
      }
    }

    private func array(_ open: Int, pointer: JSONPointer, scope: Scope, nesting: Int) throws(ReadError)
      -> ConfigValue
    {
      let close = partner[open]
      var items: [Located<ConfigValue>] = []
      var spread = false
      var index = open + 1
      while index < close {
        if isPunctuator(index, ",") {
          // A hole reads as undefined.
          let hole = SourceSpan(file: source, start: tokens[index].start, end: tokens[index].start)
          items.append(Located(.null, span: hole, pointer: pointer.appending(items.count)))
          index += 1
          continue
        }
        if isPunctuator(index, "...") {
          let end = try skipExpression(index + 1, .list)
          if end > index + 1,
            let known = try expression(index + 1, end, pointer: pointer, scope: scope, nesting: nesting),
            let elements = known.value.value.array
          {
            for element in elements { items.append(repointed(element, to: pointer.appending(items.count))) }
          } else {
            spread = true
          }
          index = end
        } else {
          let (item, end) = try value(
            index, pointer: pointer.appending(items.count), context: .list, scope: scope, nesting: nesting)
          items.append(item)
          index = end
        }
        if index == close { break }
        guard isPunctuator(index, ",") else {
          throw error("expected ',' or ']' in the array, found \(describe(index))", at: index)
        }
        index += 1
      }
      return spread ? .computed(text(open, close + 1)) : .array(items)
    }
  }
}

// MARK: - Evaluating expressions

extension JavaScriptConfigReader.Parser {
  /// A value an expression has: `undefined` reads as `.null`, marked so that comparisons tell it apart.
  fileprivate struct Known {
    var value: Located<ConfigValue>
    var isUndefined = false
  }

  /// A plain scalar, for comparisons and conditions.
  fileprivate enum Scalar: Equatable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case null
    case undefined
  }

  /// The parameters of the exported function: the first one (or the names a `{ config }` pattern takes
  /// from it) bound to the known argument, the others unknown.
  fileprivate func parameterScope(_ parameters: Range<Int>, parent: JavaScriptConfigReader.Scope)
    -> JavaScriptConfigReader.Scope
  {
    var names = parameterNames(parameters)
    var known: [String: [JavaScriptConfigReader.Binding]] = [:]
    func bind(_ nameIndex: Int, _ value: Located<ConfigValue>) {
      guard let name = identifier(nameIndex) else { return }
      known[name] = [.init(kind: .known, nameIndex: nameIndex, valueStart: -1, known: value)]
    }
    if let argument, let first = parameters.first {
      let ends = { (index: Int) in index == parameters.upperBound || self.isPunctuator(index, ",") }
      if identifier(first) != nil, ends(first + 1) {
        bind(first, argument)
      } else if isPunctuator(first, "{"), ends(partner[first] + 1) {
        let close = partner[first]
        var index = first + 1
        while index < close {
          guard let key = identifier(index) else {
            index = isOpener(index) ? partner[index] + 1 : index + 1
            continue
          }
          let nameIndex = isPunctuator(index + 1, ":") && identifier(index + 2) != nil ? index + 2 : index
          if isPunctuator(nameIndex + 1, ",") || nameIndex + 1 == close, let value = argument[key] {
            bind(nameIndex, value)
          }
          index = nameIndex + 1
        }
      }
    }
    names.subtract(known.keys)
    return JavaScriptConfigReader.Scope(bindings: known, shadowed: names, parent: parent)
  }

  /// The value of the expression at `start`: known where every part it depends on is, `.computed`
  /// (with its text and span) where it is not.
  fileprivate func evaluate(
    _ start: Int, pointer: JSONPointer, context: JavaScriptConfigReader.Context, scope: JavaScriptConfigReader.Scope,
    nesting: Int
  ) throws(JavaScriptConfigReader.ReadError) -> (value: Located<ConfigValue>, end: Int) {
    let end = try skipExpression(start, context)
    if budget.spend(end - start),
      let known = try expression(start, end, pointer: pointer, scope: scope, nesting: nesting)
    {
      return (known.value, end)
    }
    return (computedValue(start, end, pointer).value, end)
  }

  fileprivate func computedValue(_ start: Int, _ end: Int, _ pointer: JSONPointer) -> Known {
    Known(value: Located(.computed(text(start, end)), span: span(start, end), pointer: pointer))
  }

  /// The value of the tokens `start..<end`, nil when they are not a form read here (arithmetic, `!`,
  /// functions, `new`, …): the caller then keeps the whole expression computed.
  fileprivate func expression(
    _ start: Int, _ end: Int, pointer: JSONPointer, scope: JavaScriptConfigReader.Scope, nesting: Int
  ) throws(JavaScriptConfigReader.ReadError) -> Known? {
    guard start < end else { return nil }
    var index = start
    guard let result = try conditional(&index, end, pointer, scope, nesting + 1), index == end else { return nil }
    return result
  }

  private func conditional(
    _ index: inout Int, _ end: Int, _ pointer: JSONPointer, _ scope: JavaScriptConfigReader.Scope, _ nesting: Int
  ) throws(JavaScriptConfigReader.ReadError) -> Known? {
    guard nesting <= JavaScriptConfigReader.maxDepth else { return nil }
    let start = index
    guard let test = try binary(&index, end, 1, pointer, scope, nesting) else { return nil }
    guard index < end, isPunctuator(index, "?") else { return test }
    index += 1
    guard let yes = try conditional(&index, end, pointer, scope, nesting + 1), index < end, isPunctuator(index, ":")
    else { return nil }
    index += 1
    guard let no = try conditional(&index, end, pointer, scope, nesting + 1) else { return nil }
    switch Self.truthiness(test) {
    case true?: return yes
    case false?: return no
    case nil: return computedValue(start, index, pointer)
    }
  }

  private static let precedence: [String: Int] = [
    "??": 1, "||": 1, "&&": 2, "===": 3, "!==": 3, "==": 3, "!=": 3, "+": 4,
  ]

  private func binary(
    _ index: inout Int, _ end: Int, _ minimum: Int, _ pointer: JSONPointer, _ scope: JavaScriptConfigReader.Scope,
    _ nesting: Int
  ) throws(JavaScriptConfigReader.ReadError) -> Known? {
    let start = index
    guard var left = try postfix(&index, end, pointer, scope, nesting) else { return nil }
    while index < end, case .punctuator(let operation) = kind(index), let level = Self.precedence[operation],
      level >= minimum
    {
      index += 1
      guard budget.spend(1), let right = try binary(&index, end, level + 1, pointer, scope, nesting + 1) else {
        return nil
      }
      left = combine(operation, left, right) ?? computedValue(start, index, pointer)
      if case .bool = left.value.value {
        left.value = Located(left.value.value, span: span(start, index), pointer: pointer)
      } else if operation == "+", case .string = left.value.value {
        left.value = Located(left.value.value, span: span(start, index), pointer: pointer)
      }
    }
    return left
  }

  /// `a && b`, `a || b`, `a ?? b`, the equalities and `+` of two strings, nil when the operands do not
  /// tell.
  private func combine(_ operation: String, _ left: Known, _ right: Known) -> Known? {
    switch operation {
    case "+":
      // Only strings are joined: `+` with a number or an object converts in ways not worth guessing.
      guard case .string(let lhs) = left.value.value, case .string(let rhs) = right.value.value else { return nil }
      return Known(value: Located(.string(lhs + rhs), span: left.value.span, pointer: left.value.pointer))
    case "&&", "||":
      guard let truth = Self.truthiness(left) else { return nil }
      return truth == (operation == "||") ? left : right
    case "??":
      if left.value.value.isComputed { return nil }
      if case .null = left.value.value { return right }
      return left
    default:
      guard let lhs = Self.scalar(left), let rhs = Self.scalar(right) else { return nil }
      var equal: Bool
      if operation == "===" || operation == "!==" {
        equal = lhs == rhs
      } else {
        let nullish: Set<String> = ["null", "undefined"]
        let kinds = ("\(lhs)".prefix(while: { $0 != "(" }), "\(rhs)".prefix(while: { $0 != "(" }))
        if nullish.contains(String(kinds.0)) || nullish.contains(String(kinds.1)) {
          equal = nullish.contains(String(kinds.0)) && nullish.contains(String(kinds.1))
        } else {
          guard kinds.0 == kinds.1 else { return nil }  // `==` between kinds converts: not judged
          equal = lhs == rhs
        }
      }
      if operation.hasPrefix("!") { equal.toggle() }
      return Known(value: Located(.bool(equal), span: left.value.span, pointer: left.value.pointer))
    }
  }

  fileprivate static func truthiness(_ known: Known) -> Bool? {
    switch known.value.value {
    case .string(let text): return !text.isEmpty
    case .number: return scalar(known).map { $0 != .number(0) && $0 != .number(.nan) }
    case .bool(let flag): return flag
    case .null: return false
    case .array, .object: return true
    case .computed: return nil
    }
  }

  private static func scalar(_ known: Known) -> Scalar? {
    switch known.value.value {
    case .string(let text): return .string(text)
    case .bool(let flag): return .bool(flag)
    case .null: return known.isUndefined ? .undefined : .null
    case .number(let text):
      let digits = text.replacingOccurrences(of: "_", with: "")
      if let value = Double(digits), !digits.hasSuffix("n") { return .number(value) }
      return nil
    default: return nil
    }
  }

  private static let notValues: Set<String> = [
    "function", "new", "typeof", "void", "await", "async", "class", "this", "delete", "yield", "super", "import",
    "in", "instanceof", "of",
  ]

  /// A primary value and its member accesses and calls: literals, names, `process.env.NAME`, `(…)`,
  /// and a plugin helper's call `withX(config, …)` read as its first argument.
  private func postfix(
    _ index: inout Int, _ end: Int, _ pointer: JSONPointer, _ scope: JavaScriptConfigReader.Scope, _ nesting: Int
  ) throws(JavaScriptConfigReader.ReadError) -> Known? {
    let start = index
    var current: Known
    var name: String?
    func literal(_ value: ConfigValue, _ width: Int = 1, undefined: Bool = false) -> Known {
      index += width
      return Known(value: Located(value, span: span(start, index), pointer: pointer), isUndefined: undefined)
    }
    switch kind(index) {
    case .string(let text): current = literal(.string(text))
    case .template(let cooked?): current = literal(.string(cooked))
    case .template(nil):
      current = try template(index, pointer, scope, nesting)
      index += 1
    case .number: current = literal(.number(text(index, index + 1)))
    case .identifier("true"): current = literal(.bool(true))
    case .identifier("false"): current = literal(.bool(false))
    case .identifier("null"): current = literal(.null)
    case .identifier("undefined"): current = literal(.null, undefined: true)
    case .punctuator("-") where kind(index + 1) == .number:
      current = literal(.number("-" + text(index + 1, index + 2)), 2)
    case .punctuator("{"):
      let value = try object(index, pointer: pointer, scope: scope, nesting: nesting + 1)
      current = literal(value, partner[index] + 1 - index)
    case .punctuator("["):
      let value = try array(index, pointer: pointer, scope: scope, nesting: nesting + 1)
      current = literal(value, partner[index] + 1 - index)
    case .punctuator("("):
      let close = partner[index]
      guard !isPunctuator(close + 1, "=>"),
        let inner = try expression(index + 1, close, pointer: pointer, scope: scope, nesting: nesting + 1)
      else { return nil }
      index = close + 1
      current = inner.value.value.isComputed ? computedValue(start, index, pointer) : inner
    case .identifier(let word) where !Self.notValues.contains(word):
      index += 1
      if word == "process", scope.lookup(word) == nil, isPunctuator(index, "."), identifier(index + 1) == "env" {
        return processEnvironment(&index, start, end, pointer)
      }
      name = word
      current = try resolve(word, at: start, pointer, scope, nesting)
    default:
      return nil
    }
    let isName = name != nil
    // Once a member or call is not known, the rest of the chain is not either: its text is made once,
    // at the end (not at every step, which on `a.b.c.…` was quadratic).
    var known: Known? = current
    while index < end {
      if isPunctuator(index, ".") || isPunctuator(index, "?."), let member = identifier(index + 1) {
        index += 2
        known = isName ? known.map { self.member($0, member, start, index, pointer) } : nil
      } else if isPunctuator(index, "[") {
        let close = partner[index]
        var key: String?
        var position: Int?
        if close == index + 2, case .string(let text) = kind(index + 1) { key = text }
        if close == index + 2, case .number = kind(index + 1) { position = Int(text(index + 1, index + 2)) }
        // A key a known expression names (`groups[APP_GROUPS]`, a constant).
        if isName, key == nil, position == nil, close > index + 1, known != nil,
          case .string(let text)? = try expression(
            index + 1, close, pointer: pointer, scope: scope, nesting: nesting + 1)?.value.value
        {
          key = text
        }
        index = close + 1
        if let position {
          known = isName ? known.map { self.element($0, position, start, index, pointer) } : nil
        } else {
          known = isName ? key.flatMap { key in known.map { self.member($0, key, start, index, pointer) } } : nil
        }
      } else if isPunctuator(index, "(") {
        let close = partner[index]
        known = nil
        if let helper = name, Self.isPluginHelper(helper), close > index + 1 {
          let firstEnd = try skipExpression(index + 1, .list)
          if let first = try expression(index + 1, firstEnd, pointer: pointer, scope: scope, nesting: nesting + 1),
            case .object = first.value.value
          {
            known = first
          }
        }
        index = close + 1
      } else if case .template = kind(index) {
        index += 1
        known = nil
      } else {
        break
      }
      if known?.value.value.isComputed == true { known = nil }
      name = nil
    }
    return known ?? computedValue(start, index, pointer)
  }

  /// A template literal with substitutions: a string when every substitution is a known string,
  /// number, boolean, null or undefined.
  private func template(
    _ index: Int, _ pointer: JSONPointer, _ scope: JavaScriptConfigReader.Scope, _ nesting: Int
  ) throws(JavaScriptConfigReader.ReadError) -> Known {
    let location = span(index, index + 1)
    let unknown = Known(value: Located(.computed(text(index, index + 1)), span: location, pointer: pointer))
    guard let parts = tokens[index].template else { return unknown }
    var result = parts.strings[0]
    for (offset, range) in parts.substitutions.enumerated() {
      let start = mainCount + range.lowerBound
      guard budget.spend(range.count),
        let known = try expression(
          start, mainCount + range.upperBound, pointer: pointer, scope: scope, nesting: nesting + 1)
      else { return unknown }
      switch known.value.value {
      case .string(let text): result += text
      case .bool(let flag): result += flag ? "true" : "false"
      case .null: result += known.isUndefined ? "undefined" : "null"
      case .number(let text) where Double(text).map({ $0 == $0.rounded() && abs($0) < 1e15 }) == true:
        result += String(Int(Double(text)!))
      default: return unknown
      }
      result += parts.strings[offset + 1]
    }
    return Known(value: Located(.string(result), span: location, pointer: pointer))
  }

  /// `withSentry`, `withPlugins`, …: a config plugin's helper, whose first argument is the config.
  private static func isPluginHelper(_ name: String) -> Bool {
    let scalars = Array(name.unicodeScalars)
    return scalars.count > 4 && name.hasPrefix("with") && ("A"..."Z").contains(scalars[4])
  }

  /// `process.env.NAME` (or `process.env["NAME"]`): the variable as the lint's environment has it.
  private func processEnvironment(_ index: inout Int, _ start: Int, _ end: Int, _ pointer: JSONPointer) -> Known {
    var key: String?
    index += 2
    if isPunctuator(index, ".") || isPunctuator(index, "?."), let name = identifier(index + 1) {
      key = name
      index += 2
    } else if isPunctuator(index, "["), partner[index] == index + 2, case .string(let name) = kind(index + 1) {
      key = name
      index += 3
    }
    guard let key, let environment, index == end || !isPunctuator(index, "(") && !isPunctuator(index, ".") else {
      // Anything more (`process.env.X.trim()`) is code.
      var stop = index
      while stop < end, isPunctuator(stop, ".") || isPunctuator(stop, "?.") || isOpener(stop) {
        stop = isOpener(stop) ? partner[stop] + 1 : stop + 2
      }
      index = min(stop, end)
      return computedValue(start, index, pointer)
    }
    let location = span(start, index)
    guard let value = environment[key] else {
      return Known(value: Located(.null, span: location, pointer: pointer), isUndefined: true)
    }
    return Known(value: Located(.string(value), span: location, pointer: pointer))
  }

  /// A member of a value: known for a known object (undefined when it has no such member and no
  /// spread that might add it), computed otherwise.
  private func member(_ base: Known, _ key: String, _ start: Int, _ end: Int, _ pointer: JSONPointer) -> Known {
    guard case .object(let members) = base.value.value else { return computedValue(start, end, pointer) }
    if let found = members.last(where: { $0.key.value == key }) {
      return Known(value: repointed(found.value, to: pointer))
    }
    if members.contains(where: { $0.key.value == "..." }) { return computedValue(start, end, pointer) }
    return Known(value: Located(.null, span: span(start, end), pointer: pointer), isUndefined: true)
  }

  /// An element of a value, `groups[0]`: known for a known array (undefined past its end), computed
  /// otherwise.
  private func element(_ base: Known, _ position: Int, _ start: Int, _ end: Int, _ pointer: JSONPointer) -> Known {
    guard case .array(let items) = base.value.value, position >= 0 else { return computedValue(start, end, pointer) }
    guard position < items.count else {
      return Known(value: Located(.null, span: span(start, end), pointer: pointer), isUndefined: true)
    }
    return Known(value: repointed(items[position], to: pointer))
  }

  /// The value of a name: a known parameter, or a variable bound once, before this use, and never changed.
  private func resolve(
    _ name: String, at start: Int, _ pointer: JSONPointer, _ scope: JavaScriptConfigReader.Scope, _ nesting: Int
  ) throws(JavaScriptConfigReader.ReadError) -> Known {
    let unknown = computedValue(start, start + 1, pointer)
    guard let (binding, bindingScope) = scope.lookup(name) else { return unknown }
    switch binding.kind {
    case .known:
      return Known(value: repointed(binding.known!, to: pointer))
    case .variable:
      guard binding.nameIndex < start, !changed.contains(name), !budget.inProgress.contains(binding.nameIndex),
        nesting < JavaScriptConfigReader.maxDepth
      else { return unknown }
      budget.inProgress.insert(binding.nameIndex)
      defer { budget.inProgress.remove(binding.nameIndex) }
      let end = try skipExpression(binding.valueStart, .declarator)
      guard budget.spend(end - binding.valueStart),
        let known = try expression(binding.valueStart, end, pointer: pointer, scope: bindingScope, nesting: nesting + 1)
      else { return unknown }
      return known
    default:
      return unknown
    }
  }

  /// The members a spread `...x` adds when `x` is known: an object's, or none for null and undefined.
  fileprivate func spreadMembers(
    _ start: Int, _ end: Int, pointer: JSONPointer, scope: JavaScriptConfigReader.Scope, nesting: Int
  ) throws(JavaScriptConfigReader.ReadError) -> [(key: Located<String>, value: Located<ConfigValue>)]? {
    guard budget.spend(end - start),
      let known = try expression(start, end, pointer: pointer, scope: scope, nesting: nesting + 1)
    else { return nil }
    switch known.value.value {
    case .object(let members): return members
    case .null: return []
    default: return nil
    }
  }

  /// A value moved to where it is used: the same spans, pointers under `pointer`.
  fileprivate func repointed(_ value: Located<ConfigValue>, to pointer: JSONPointer) -> Located<ConfigValue> {
    _ = budget.spend(1)
    switch value.value {
    case .array(let items):
      return Located(
        .array(items.enumerated().map { repointed($1, to: pointer.appending($0)) }), span: value.span,
        pointer: pointer)
    case .object(let members):
      return Located(
        .object(
          members.map { member in
            let child = pointer.appending(member.key.value)
            return (
              Located(member.key.value, span: member.key.span, pointer: child), repointed(member.value, to: child)
            )
          }), span: value.span, pointer: pointer)
    default:
      return Located(value.value, span: value.span, pointer: pointer)
    }
  }
}

// MARK: - Config plugins

extension JavaScriptConfigReader {
  /// Why what a local config plugin changes is not known, and where the file says so.
  public struct PluginUnknown: Error, Sendable {
    public var reason: String
    public var span: SourceSpan
  }

  /// A plugin's `withEntitlementsPlist` mod. Expo runs it after every plugin has run, on the config of
  /// that time with the app's entitlements so far as `modResults`; it gives that config back changed.
  public struct EntitlementsMod {
    package let run: (Located<ConfigValue>) -> Result<Located<ConfigValue>, PluginUnknown>

    /// A mod whose effect is known without reading JavaScript (a published plugin's, read from its source).
    package init(run: @escaping (Located<ConfigValue>) -> Result<Located<ConfigValue>, PluginUnknown>) {
      self.run = run
    }

    public func apply(to config: Located<ConfigValue>) -> Result<Located<ConfigValue>, PluginUnknown> { run(config) }
  }

  /// What a local config plugin does to the Expo config, read as data and never run.
  public struct PluginReading {
    /// The config after the plugin's own changes (`config.ios.entitlements[…] = […]`).
    public var config: Located<ConfigValue>
    /// Its `withEntitlementsPlist` mods, in the order it registers them.
    public var entitlementsMods: [EntitlementsMod]
    /// Why what it changes is not known; nil when it is.
    public var unknown: PluginUnknown?
    /// Its first `withXcodeProject` call: it may add a target (a widget extension) and its files.
    public var xcodeProjectChange: SourceSpan? = nil
  }

  /// Reads a config plugin of the app's own (`./plugins/withWidgets.js`): the function it exports is
  /// followed statement by statement, with `config` the app's Expo config and its second parameter
  /// `options`, where it is written in plain forms: `config.ios.entitlements[KEY] = […]` (and `??=`,
  /// `||=`, `if (!x) x = …`), `.push(…)` onto a known list (a union), `config.ios = {…}`,
  /// `withEntitlementsPlist(config, (c) => { c.modResults[KEY] = …; return c; })`, `withPlugins`, and
  /// calls of the file's own functions. Mods of other files (Android, Info.plist) change no
  /// entitlements. Anything else that may change the config (a helper from elsewhere, a loop, a
  /// computed key) makes the plugin's effect unknown, with the reason and where.
  public static func readPlugin(
    _ source: SourceText, config: Located<ConfigValue>, options: Located<ConfigValue>?,
    environment: [String: String]? = nil
  ) -> PluginReading {
    let unchanged = { (unknown: PluginUnknown) in
      PluginReading(config: config, entitlementsMods: [], unknown: unknown)
    }
    let parser: Parser
    do throws(ReadError) {
      var lexer = Lexer(bytes: source.bytes, start: source.byteOrderMarkLength)
      var tokens = try lexer.tokenize()
      let lowered = source.path.lowercased()
      if lowered.hasSuffix(".ts") || lowered.hasSuffix(".mts") || lowered.hasSuffix(".cts") {
        tokens = TypeScriptTypes.strip(tokens)
      }
      let mainCount = tokens.count
      tokens += lexer.substitutions
      parser = try Parser(source: source, tokens: tokens, mainCount: mainCount, environment: environment)
    } catch {
      return unchanged(
        PluginUnknown(
          reason: "it cannot be read (\(error.message))",
          span: SourceSpan(file: source, start: error.start, end: error.end)
        ))
    }
    let state = PluginState(config: config, inMod: false)
    switch parser.unknownIfStopped({ try parser.runExportedPlugin(state, options: options) }) {
    case .some(let unknown): return unchanged(unknown)
    case nil:
      return PluginReading(
        config: state.config, entitlementsMods: state.mods, unknown: nil,
        xcodeProjectChange: state.xcodeProjectCall.map { parser.span($0.start, $0.end) })
    }
  }

  /// What the reading of a plugin has changed so far.
  fileprivate final class PluginState {
    var config: Located<ConfigValue>
    var mods: [EntitlementsMod] = []
    /// The tokens of the first `withXcodeProject` call.
    var xcodeProjectCall: (start: Int, end: Int)?
    /// Running a mod's callback: changes may touch `modResults` only.
    let inMod: Bool
    var calls = 0

    init(config: Located<ConfigValue>, inMod: Bool) {
      self.config = config
      self.inMod = inMod
    }

    func value(at path: [String]) -> Located<ConfigValue>? {
      var current: Located<ConfigValue>? = config
      for key in path { current = current?[key] }
      return current
    }
  }

  /// Where a plugin stops being read, and why.
  fileprivate struct PluginStop: Error {
    var reason: String
    var start: Int
    var end: Int
  }

  /// A function of a plugin, read: the names that are the config (with their path from its root), and
  /// every name it binds.
  fileprivate struct PluginFrame {
    var aliases: [String: [String]]
    var names: Set<String>
    /// The parameters' scope.
    var scope: Scope
    /// The names the function's blocks declare.
    var locals: [String: [Binding]] = [:]
  }
}

extension JavaScriptConfigReader.Parser {
  fileprivate typealias Frame = JavaScriptConfigReader.PluginFrame
  fileprivate typealias State = JavaScriptConfigReader.PluginState
  fileprivate typealias Stop = JavaScriptConfigReader.PluginStop

  /// Expo's mods of files other than the entitlements: their callbacks change those files only.
  private static let otherFileMods: Set<String> = [
    "withInfoPlist", "withExpoPlist", "withXcodeProject", "withPodfile", "withPodfileProperties", "withAppDelegate",
    "withAndroidManifest", "withStringsXml", "withAndroidColors", "withAndroidColorsNight", "withAndroidStyles",
    "withMainActivity", "withMainApplication", "withProjectBuildGradle", "withAppBuildGradle", "withSettingsGradle",
    "withGradleProperties",
  ]
  /// Methods that change the object they are called on.
  private static let mutatingMethods: Set<String> = [
    "push", "unshift", "splice", "pop", "shift", "sort", "reverse", "fill", "copyWithin", "assign", "defineProperty",
    "defineProperties", "set", "add", "delete", "clear", "setPrototypeOf",
  ]
  private static let changingOperators: Set<String> = [
    "=", "+=", "-=", "*=", "/=", "%=", "**=", "<<=", ">>=", ">>>=", "&=", "|=", "^=", "&&=", "||=", "??=", "++", "--",
  ]

  fileprivate func unknownIfStopped(_ body: () throws -> Void) -> JavaScriptConfigReader.PluginUnknown? {
    do {
      try body()
      return nil
    } catch let stop as Stop {
      let end = max(stop.start, min(stop.end, tokens.count))
      let start = min(stop.start, tokens.count - 1)
      return .init(reason: stop.reason, span: span(start, max(end, start + 1)))
    } catch let error as JavaScriptConfigReader.ReadError {
      return .init(
        reason: "it cannot be read (\(error.message))",
        span: SourceSpan(file: source, start: error.start, end: error.end))
    } catch {
      return .init(reason: "it cannot be read", span: span(0, 1))
    }
  }

  private func stop(_ reason: String, _ start: Int, _ end: Int? = nil) -> Stop {
    Stop(reason: reason, start: start, end: end ?? start + 1)
  }

  /// The exported plugin function, run with the config and the plugin's options.
  fileprivate func runExportedPlugin(_ state: State, options: Located<ConfigValue>?) throws {
    var candidates: [Int] = []
    for index in 0..<mainCount where depth[index] == 0 {
      guard let name = identifier(index), index == 0 || !(isPunctuator(index - 1, ".") || isPunctuator(index - 1, "?."))
      else { continue }
      if name == "module", isPunctuator(index + 1, "."), identifier(index + 2) == "exports" {
        if isPunctuator(index + 3, "=") {
          candidates.append(index + 4)
        } else if isPunctuator(index + 3, "."), identifier(index + 4) == "default", isPunctuator(index + 5, "=") {
          candidates.append(index + 6)
        }
      } else if name == "exports", isPunctuator(index + 1, "."), identifier(index + 2) == "default",
        isPunctuator(index + 3, "=")
      {
        candidates.append(index + 4)
      } else if name == "export", identifier(index + 1) == "default" {
        candidates.append(index + 2)
      }
    }
    guard let start = candidates.first else {
      throw stop("it exports no plugin function ('module.exports = …' or 'export default …')", 0)
    }
    guard candidates.count == 1 else { throw stop("it sets its export more than once", candidates[1]) }
    let global = JavaScriptConfigReader.Scope(
      bindings: try bindings(in: 0..<mainCount, blockOpen: nil), shadowed: [], parent: nil)
    let (function, scope) = try pluginFunction(start, scope: global, hops: 0)
    try call(function, state, scope: scope, options: options, configPath: [])
  }

  /// The function an expression names: a function expression, a name bound to one, or the plugin a
  /// `createRunOncePlugin(plugin, …)` wraps.
  private func pluginFunction(_ start: Int, scope: JavaScriptConfigReader.Scope, hops: Int) throws -> (
    Int, JavaScriptConfigReader.Scope
  ) {
    guard hops < 32 else { throw stop("its functions refer to each other too deeply", start) }
    if functionShape(at: start) != nil { return (start, scope) }
    if isPunctuator(start, "("), !isPunctuator(partner[start] + 1, "=>") {
      return try pluginFunction(start + 1, scope: scope, hops: hops + 1)
    }
    if let name = identifier(start) {
      if ["createRunOncePlugin", "withRunOnce"].contains(name), isPunctuator(start + 1, "(") {
        return try pluginFunction(start + 2, scope: scope, hops: hops + 1)
      }
      if let (binding, bindingScope) = scope.lookup(name) {
        switch binding.kind {
        case .function: return (binding.valueStart, bindingScope)
        case .variable where !changed.contains(name):
          return try pluginFunction(binding.valueStart, scope: bindingScope, hops: hops + 1)
        default: break
        }
      }
      throw stop("it calls '\(name)', which widgetlint does not read", start)
    }
    throw stop("it is not a function widgetlint reads", start)
  }

  /// A function expression, `async` or not.
  private func functionShape(at index: Int) -> (shape: FunctionShape, isAsync: Bool)? {
    if identifier(index) == "async", let shape = function(at: index + 1) { return (shape, true) }
    guard let shape = function(at: index) else { return nil }
    if case .other = shape { return nil }
    return (shape, false)
  }

  /// The ranges of a comma-separated list (parameters, arguments, array elements).
  private func listItems(_ range: Range<Int>) -> [Range<Int>] {
    var items: [Range<Int>] = []
    var start = range.lowerBound
    var index = start
    while index < range.upperBound {
      if isPunctuator(index, ",") {
        if index > start { items.append(start..<index) }
        start = index + 1
        index += 1
      } else {
        index = isOpener(index) ? partner[index] + 1 : index + 1
      }
    }
    if range.upperBound > start { items.append(start..<range.upperBound) }
    return items
  }

  private func known(_ value: Located<ConfigValue>) -> [JavaScriptConfigReader.Binding] {
    [.init(kind: .known, nameIndex: -1, valueStart: -1, known: value)]
  }

  /// Runs a plugin function (or a mod's callback): its first parameter is the config at `configPath`,
  /// its second the options.
  private func call(
    _ function: Int, _ state: State, scope: JavaScriptConfigReader.Scope, options: Located<ConfigValue>?,
    configPath: [String]
  ) throws {
    state.calls += 1
    guard state.calls < 64 else { throw stop("its functions call each other too often", function) }
    guard let (shape, isAsync) = functionShape(at: function) else {
      throw stop("it is not a function widgetlint reads", function)
    }
    if isAsync, !state.inMod {
      throw stop("it is 'async'; Expo needs a plugin to return the config itself", function)
    }
    let parameters: Range<Int>
    switch shape {
    case .expressionBody(let range, _), .blockBody(let range, _, _): parameters = range
    case .other: throw stop("it is not a function widgetlint reads", function)
    }
    var frame = Frame(aliases: [:], names: [], scope: scope)
    var bound: [String: [JavaScriptConfigReader.Binding]] = [:]
    for (position, parameter) in listItems(parameters).enumerated() {
      if position == 0 {
        if let name = identifier(parameter.lowerBound), parameter.count == 1 {
          frame.aliases[name] = configPath
          frame.names.insert(name)
          continue
        }
        // `({ modResults }) => …`: names for parts of the config.
        guard isPunctuator(parameter.lowerBound, "{"), partner[parameter.lowerBound] == parameter.upperBound - 1 else {
          throw stop("it takes the config apart in its parameters", parameter.lowerBound)
        }
        for item in listItems((parameter.lowerBound + 1)..<(parameter.upperBound - 1)) {
          let nameIndex = isPunctuator(item.lowerBound + 1, ":") ? item.lowerBound + 2 : item.lowerBound
          guard let key = identifier(item.lowerBound), let name = identifier(nameIndex),
            item.upperBound == nameIndex + 1
          else { throw stop("it takes the config apart in its parameters", item.lowerBound) }
          frame.aliases[name] = configPath + [key]
          frame.names.insert(name)
        }
      } else if position == 1 {
        try bindOptions(parameter, options, into: &bound, frame: &frame)
      } else {
        for index in parameter where identifier(index) != nil { frame.names.insert(identifier(index)!) }
      }
    }
    let shadowed = frame.names.subtracting(bound.keys)
    frame.scope = JavaScriptConfigReader.Scope(bindings: bound, shadowed: shadowed, parent: scope)
    switch shape {
    case .expressionBody(_, let body):
      let end = try skipExpression(body, .declarator)
      try configExpression(body, end, state, frame)
    case .blockBody(_, let open, let close):
      guard try block(open, close, state, frame) else {
        throw stop("it does not return the config", close)
      }
    case .other:
      break
    }
  }

  /// The options parameter: a name, a `{ key }` pattern, either with a default.
  private func bindOptions(
    _ parameter: Range<Int>, _ options: Located<ConfigValue>?,
    into bound: inout [String: [JavaScriptConfigReader.Binding]],
    frame: inout Frame
  ) throws {
    let first = parameter.lowerBound
    let patternEnd = isPunctuator(first, "{") ? partner[first] + 1 : first + 1
    var value = options
    if value == nil, isPunctuator(patternEnd, "="), patternEnd + 1 < parameter.upperBound {
      value = try evaluate(patternEnd + 1, pointer: .root, context: .list, scope: frame.scope, nesting: 0).value
    }
    let undefined = Located(ConfigValue.null, span: span(first, patternEnd), pointer: .root)
    if let name = identifier(first) {
      bound[name] = known(value ?? undefined)
      frame.names.insert(name)
      return
    }
    guard isPunctuator(first, "{") else {
      for index in parameter where identifier(index) != nil { frame.names.insert(identifier(index)!) }
      return
    }
    for item in listItems((first + 1)..<partner[first]) {
      guard let key = identifier(item.lowerBound) else { continue }
      let nameIndex = isPunctuator(item.lowerBound + 1, ":") ? item.lowerBound + 2 : item.lowerBound
      guard let name = identifier(nameIndex) else { continue }
      frame.names.insert(name)
      if let member = value?[key] {
        bound[name] = known(member)
      } else if isPunctuator(nameIndex + 1, "=") {
        bound[name] = known(
          try evaluate(nameIndex + 2, pointer: .root, context: .list, scope: frame.scope, nesting: 0).value)
      } else {
        bound[name] = known(Located(.null, span: span(item.lowerBound, item.upperBound), pointer: .root))
      }
    }
  }

  /// The scope a statement is read in: the names for the config with its value now, and the function's
  /// declarations (read where they are used, so they see the config as it is then).
  private func statementScope(_ frame: Frame, _ state: State) -> JavaScriptConfigReader.Scope {
    var bindings: [String: [JavaScriptConfigReader.Binding]] = [:]
    for (name, path) in frame.aliases {
      bindings[name] = known(state.value(at: path) ?? Located(.null, span: state.config.span, pointer: .root))
    }
    let aliases = JavaScriptConfigReader.Scope(bindings: bindings, shadowed: [], parent: frame.scope)
    let locals = frame.locals.filter { frame.aliases[$0.key] == nil }
    return JavaScriptConfigReader.Scope(bindings: locals, shadowed: [], parent: aliases)
  }

  /// Runs the statements of a block; true when it returns the config.
  private func block(_ open: Int, _ close: Int, _ state: State, _ frame: Frame) throws -> Bool {
    var frame = frame
    let local = try bindings(in: (open + 1)..<close, blockOpen: open)
    frame.names.formUnion(local.keys)
    frame.locals.merge(local) { $1 }
    var index = open + 1
    while index < close {
      if isPunctuator(index, ";") {
        index += 1
        continue
      }
      let end = max(try statementEnd(index), index + 1)
      if try statement(index, min(end, close), state, &frame) { return true }
      index = end
    }
    return false
  }

  /// The index past the statement at `index`.
  private func statementEnd(_ index: Int) throws -> Int {
    switch identifier(index) {
    case "if":
      guard isPunctuator(index + 1, "(") else { break }
      var next = try statementEnd(partner[index + 1] + 1)
      if isPunctuator(next, ";") { next += 1 }
      if identifier(next) == "else" { next = try statementEnd(next + 1) }
      return next
    case "for", "while", "with", "switch":
      guard isPunctuator(index + 1, "(") else { break }
      return try statementEnd(partner[index + 1] + 1)
    case "do":
      var next = try statementEnd(index + 1)
      if isPunctuator(next, ";") { next += 1 }
      if identifier(next) == "while", isPunctuator(next + 1, "(") { next = partner[next + 1] + 1 }
      return next
    case "try":
      var next = index + 1
      while isPunctuator(next, "{") || ["catch", "finally"].contains(identifier(next) ?? "") {
        if isPunctuator(next, "{") {
          next = partner[next] + 1
        } else {
          next += 1
          if isPunctuator(next, "(") { next = partner[next] + 1 }
        }
      }
      return next
    case "function":
      var next = index + 1
      while next < tokens.count, !isPunctuator(next, "{") { next = isOpener(next) ? partner[next] + 1 : next + 1 }
      return next < tokens.count ? partner[next] + 1 : next
    case "async" where identifier(index + 1) == "function":
      return try statementEnd(index + 1)
    default:
      break
    }
    if isPunctuator(index, "{") { return partner[index] + 1 }
    return try skipExpression(index, .statement)
  }

  /// Runs one statement; true when it returns.
  private func statement(_ start: Int, _ end: Int, _ state: State, _ frame: inout Frame) throws -> Bool {
    switch identifier(start) {
    case "return":
      var value = start + 1
      guard value < end, !tokens[value].newlineBefore else { throw stop("it returns nothing", start) }
      if identifier(value) == "await" { value += 1 }
      try returned(value, end, state, frame)
      return true
    case "const", "let", "var":
      try declaration(start, end, state, &frame)
      return false
    case "function", "class":
      return false
    case "async" where identifier(start + 1) == "function":
      return false
    case "if":
      if try conditionalChange(start, end, state, frame) { return false }
    default:
      if try expressionStatement(start, end, state, &frame) { return false }
    }
    try requireHarmless(start, end, frame)
    return false
  }

  /// What a function returns: the config, or an object built from it (`{ ...config, ios: {…} }`).
  private func returned(_ start: Int, _ end: Int, _ state: State, _ frame: Frame) throws {
    if isPunctuator(start, "{") || (isPunctuator(start, "(") && isPunctuator(start + 1, "{")) {
      let (value, _) = try evaluate(
        start, pointer: state.config.pointer, context: .statement, scope: statementScope(frame, state), nesting: 0)
      guard case .object = value.value else { throw stop("it returns a config widgetlint cannot work out", start, end) }
      if state.inMod {
        guard let results = value["modResults"] else { throw stop("its mod returns no 'modResults'", start, end) }
        state.config = try setting(state.config, ["modResults"], results, at: span(start, end))
      } else {
        state.config = repointed(value, to: state.config.pointer)
      }
      return
    }
    try configExpression(start, end, state, frame)
  }

  /// A declaration: a name for the config or a part of it (`const ios = config.ios`, `const next =
  /// withX(config, …)`, `const { modResults } = c`) is followed; other values are read where they are used.
  private func declaration(_ start: Int, _ end: Int, _ state: State, _ frame: inout Frame) throws {
    var next = start + 1
    while next < end {
      if let name = identifier(next) {
        guard isPunctuator(next + 1, "=") else {
          next += 1
          if isPunctuator(next, ",") { next += 1 } else { break }
          continue
        }
        let valueEnd = min(try skipExpression(next + 2, .declarator), end)
        if let path = try aliasPath(next + 2, valueEnd, state, frame) {
          frame.aliases[name] = path
        } else if isConfigExpression(next + 2, valueEnd, frame) {
          try configExpression(next + 2, valueEnd, state, frame)
          frame.aliases[name] = []
        } else {
          frame.aliases[name] = nil
        }
        next = valueEnd
      } else if isPunctuator(next, "{"), isPunctuator(partner[next] + 1, "=") {
        let close = partner[next]
        let valueEnd = min(try skipExpression(close + 2, .declarator), end)
        if let path = try aliasPath(close + 2, valueEnd, state, frame) {
          for item in listItems((next + 1)..<close) {
            guard let key = identifier(item.lowerBound) else { continue }
            let nameIndex = isPunctuator(item.lowerBound + 1, ":") ? item.lowerBound + 2 : item.lowerBound
            if let name = identifier(nameIndex), item.upperBound == nameIndex + 1 { frame.aliases[name] = path + [key] }
          }
        }
        next = valueEnd
      } else if isOpener(next) {
        next = partner[next] + 1
        if isPunctuator(next, "=") { next = min(try skipExpression(next + 1, .declarator), end) }
      } else {
        break
      }
      guard isPunctuator(next, ",") else { break }
      next += 1
    }
  }

  /// The path of a member chain that starts at a name for the config (`config.ios.entitlements`,
  /// `c.modResults[KEY]`), with the index past it; nil when the tokens are not one.
  private func memberChain(_ start: Int, _ limit: Int, _ state: State, _ frame: Frame) throws -> ([String], Int)? {
    guard let name = identifier(start), let root = frame.aliases[name] else { return nil }
    var path = root
    var index = start + 1
    while index < limit {
      if isPunctuator(index, ".") || isPunctuator(index, "?."), let member = identifier(index + 1) {
        if isPunctuator(index + 2, "(") { break }
        path.append(member)
        index += 2
      } else if isPunctuator(index, "?."), isPunctuator(index + 1, "[") {
        index += 1
      } else if isPunctuator(index, "[") {
        let close = partner[index]
        let key = try expression(
          index + 1, close, pointer: .root, scope: statementScope(frame, state), nesting: 0)
        guard case .string(let text)? = key?.value.value else {
          throw stop("it uses a key widgetlint cannot work out", index, close + 1)
        }
        path.append(text)
        index = close + 1
      } else {
        break
      }
    }
    return (path, index)
  }

  /// The path when the tokens are exactly a member chain of the config.
  private func aliasPath(_ start: Int, _ end: Int, _ state: State, _ frame: Frame) throws -> [String]? {
    guard let (path, next) = try memberChain(start, end, state, frame), next == end else { return nil }
    return path
  }

  /// The callee of a call that spans the tokens: `name(…)`, `module.name(…)`, `(0, module.name)(…)`;
  /// nil when the tokens are not one call.
  private func callee(_ start: Int, _ end: Int, _ frame: Frame) -> (name: String, open: Int)? {
    var open = start + 1
    var name = identifier(start)
    if name != nil, isPunctuator(start + 1, "."), let member = identifier(start + 2), frame.aliases[name!] == nil {
      name = member
      open = start + 3
    } else if isPunctuator(start, "("), kind(start + 1) == .number, isPunctuator(start + 2, ","),
      identifier(start + 3) != nil, isPunctuator(start + 4, "."), let member = identifier(start + 5),
      partner[start] == start + 6
    {
      name = member
      open = start + 7
    }
    guard let name, frame.aliases[name] == nil, isPunctuator(open, "("), partner[open] == end - 1 else { return nil }
    return (name, open)
  }

  /// True when the tokens are the config: a name for it, or a plugin's call on it.
  private func isConfigExpression(_ start: Int, _ end: Int, _ frame: Frame) -> Bool {
    var (start, end) = (start, end)
    while isPunctuator(start, "("), partner[start] == end - 1 {
      start += 1
      end -= 1
    }
    if end == start + 1, let name = identifier(start), frame.aliases[name] == [] { return true }
    guard let (_, open) = callee(start, end, frame), let first = listItems((open + 1)..<(end - 1)).first else {
      return false
    }
    return isConfigExpression(first.lowerBound, first.upperBound, frame)
  }

  /// Follows an expression whose value is the config: a name for it, or a plugin's call on it.
  private func configExpression(_ start: Int, _ end: Int, _ state: State, _ frame: Frame) throws {
    var (start, end) = (start, end)
    while isPunctuator(start, "("), partner[start] == end - 1 {
      start += 1
      end -= 1
    }
    if identifier(start) == "await", state.inMod { start += 1 }
    if end == start + 1, let name = identifier(start), frame.aliases[name] == [] { return }
    guard let (name, open) = callee(start, end, frame) else {
      throw stop("it changes the config in code widgetlint does not follow", start, end)
    }
    let arguments = listItems((open + 1)..<(end - 1))
    guard let first = arguments.first, isConfigExpression(first.lowerBound, first.upperBound, frame) else {
      throw stop("it calls '\(name)' in a way widgetlint does not follow", start, end)
    }
    try configExpression(first.lowerBound, first.upperBound, state, frame)
    let second = arguments.count > 1 ? arguments[1] : nil
    switch name {
    case "withEntitlementsPlist":
      guard let second else { throw stop("it calls 'withEntitlementsPlist' without a callback", start, end) }
      let (callback, scope) = try pluginFunction(second.lowerBound, scope: statementScope(frame, state), hops: 0)
      let parser = self
      state.mods.append(
        JavaScriptConfigReader.EntitlementsMod { config in
          let modState = State(config: config, inMod: true)
          if let unknown = parser.unknownIfStopped({
            try parser.call(callback, modState, scope: scope, options: nil, configPath: [])
          }) {
            return .failure(unknown)
          }
          return .success(modState.config)
        })
    case _ where Self.otherFileMods.contains(name):
      // A mod of another file; one whose callback speaks of entitlements is not followed.
      if let second, mentionsEntitlements(second) {
        throw stop("its '\(name)' callback refers to entitlements", second.lowerBound, second.upperBound)
      }
      if name == "withXcodeProject", state.xcodeProjectCall == nil { state.xcodeProjectCall = (start, end) }
    case "withDangerousMod", "withFinalizedMod", "withMod", "withBaseMod":
      guard let second, try platform(of: second, state, frame) == "android" else {
        throw stop("it calls '\(name)' for iOS, which may change any file", start, end)
      }
    case "withPlugins":
      guard let second, isPunctuator(second.lowerBound, "["), partner[second.lowerBound] == second.upperBound - 1 else {
        throw stop("it calls 'withPlugins' with a list widgetlint does not follow", start, end)
      }
      for item in listItems((second.lowerBound + 1)..<(second.upperBound - 1)) {
        var function = item
        var options: Located<ConfigValue>?
        if isPunctuator(item.lowerBound, "["), partner[item.lowerBound] == item.upperBound - 1 {
          let parts = listItems((item.lowerBound + 1)..<(item.upperBound - 1))
          guard let plugin = parts.first else { continue }
          function = plugin
          if parts.count > 1 { options = try value(parts[1], state, frame) }
        }
        let (found, scope) = try pluginFunction(function.lowerBound, scope: statementScope(frame, state), hops: 0)
        try call(found, state, scope: scope, options: options, configPath: [])
      }
    default:
      // The file's own plugin function, called with the config.
      guard open == start + 1 else { throw stop("it calls '\(name)', which widgetlint does not read", start, end) }
      let (found, scope) = try pluginFunction(start, scope: statementScope(frame, state), hops: 0)
      try call(found, state, scope: scope, options: try second.map { try value($0, state, frame) }, configPath: [])
    }
  }

  private func value(_ range: Range<Int>, _ state: State, _ frame: Frame) throws -> Located<ConfigValue> {
    try evaluate(range.lowerBound, pointer: .root, context: .list, scope: statementScope(frame, state), nesting: 0)
      .value
  }

  /// The platform a `withDangerousMod(config, ["android", …])` or `withMod(config, { platform: … })` names.
  private func platform(of range: Range<Int>, _ state: State, _ frame: Frame) throws -> String? {
    if isPunctuator(range.lowerBound, "["), case .string(let text) = kind(range.lowerBound + 1) { return text }
    if isPunctuator(range.lowerBound, "{") {
      for item in listItems((range.lowerBound + 1)..<partner[range.lowerBound])
      where identifier(item.lowerBound) == "platform" && isPunctuator(item.lowerBound + 1, ":") {
        if case .string(let text) = kind(item.lowerBound + 2) { return text }
      }
    }
    return nil
  }

  private func mentionsEntitlements(_ range: Range<Int>) -> Bool {
    range.contains { index in
      switch kind(index) {
      case .identifier(let word): return word.lowercased().contains("entitlements")
      case .string(let text), .template(let text?):
        return text.lowercased().contains("entitlements") || text.contains("application-groups")
      default: return false
      }
    }
  }

  /// An expression statement in a form read: the config passed to a plugin, a name made the config,
  /// an assignment to a part of it, or a `.push(…)` onto one.
  private func expressionStatement(_ start: Int, _ end: Int, _ state: State, _ frame: inout Frame) throws -> Bool {
    if let name = identifier(start), isPunctuator(start + 1, "="), isConfigExpression(start + 2, end, frame) {
      try configExpression(start + 2, end, state, frame)
      frame.aliases[name] = []
      return true
    }
    if isConfigExpression(start, end, frame) {
      try configExpression(start, end, state, frame)
      return true
    }
    guard let (path, next) = try memberChain(start, end, state, frame) else { return false }
    if case .punctuator(let operation) = kind(next), ["=", "??=", "||="].contains(operation) {
      try assign(path, operation, next + 1, end, state, frame, target: span(start, next))
      return true
    }
    if isPunctuator(next, "."), identifier(next + 1) == "push", isPunctuator(next + 2, "("),
      partner[next + 2] == end - 1
    {
      try push(path, listItems((next + 3)..<(end - 1)), state, frame, at: span(start, end))
      return true
    }
    return false
  }

  /// `if (!x) x = v`, `if (!Array.isArray(x)) x = v` and `if (!x.includes(v)) x.push(v)`: an
  /// assignment or a union that the condition only makes idempotent.
  private func conditionalChange(_ start: Int, _ end: Int, _ state: State, _ frame: Frame) throws -> Bool {
    guard isPunctuator(start + 1, "("), isPunctuator(start + 2, "!") else { return false }
    let conditionEnd = partner[start + 1]
    var body = (conditionEnd + 1)..<end
    if isPunctuator(body.lowerBound, "{"), partner[body.lowerBound] == end - 1 {
      body = (body.lowerBound + 1)..<(end - 1)
    }
    while body.count > 1, isPunctuator(body.upperBound - 1, ";") { body = body.lowerBound..<(body.upperBound - 1) }
    guard !body.isEmpty, try skipExpression(body.lowerBound, .statement) == body.upperBound else { return false }
    let condition = (start + 3)..<conditionEnd
    var tested = condition
    var form = "absent"
    if identifier(condition.lowerBound) == "Array", isPunctuator(condition.lowerBound + 1, "."),
      identifier(condition.lowerBound + 2) == "isArray", isPunctuator(condition.lowerBound + 3, "("),
      partner[condition.lowerBound + 3] == conditionEnd - 1
    {
      tested = (condition.lowerBound + 4)..<(conditionEnd - 1)
      form = "array"
    } else if let (_, next) = try memberChain(condition.lowerBound, conditionEnd, state, frame),
      isPunctuator(next, "."), identifier(next + 1) == "includes", isPunctuator(next + 2, "("),
      partner[next + 2] == conditionEnd - 1
    {
      tested = condition.lowerBound..<next
      form = "includes"
    }
    guard let (path, next) = try memberChain(tested.lowerBound, tested.upperBound, state, frame),
      next == tested.upperBound,
      let (target, after) = try memberChain(body.lowerBound, body.upperBound, state, frame), target == path,
      text(tested.lowerBound, tested.upperBound) == text(body.lowerBound, after)
    else { return false }
    let current = state.value(at: path)
    switch form {
    case "includes":
      guard isPunctuator(after, "."), identifier(after + 1) == "push", isPunctuator(after + 2, "("),
        partner[after + 2] == body.upperBound - 1
      else { return false }
      try push(
        path, listItems((after + 3)..<(body.upperBound - 1)), state, frame, at: span(body.lowerBound, body.upperBound))
    default:
      guard isPunctuator(after, "=") else { return false }
      let keep: Bool? =
        form == "array"
        ? current.map { $0.value.isComputed ? nil : $0.value.array != nil } ?? false
        : current.flatMap { Self.truthiness(Known(value: $0)) } ?? false
      guard let keep else { return true }  // Already unknown: it stays so.
      if !keep { try assign(path, "=", after + 1, body.upperBound, state, frame, target: span(body.lowerBound, after)) }
    }
    return true
  }

  /// `x = v`, `x ??= v`, `x ||= v` on a part of the config.
  private func assign(
    _ path: [String], _ operation: String, _ valueStart: Int, _ end: Int, _ state: State, _ frame: Frame,
    target: SourceSpan
  ) throws {
    try requireWritable(path, state, valueStart - 1)
    // A value that hands the config to other code may change more than this member.
    try requireHarmless(valueStart, end, frame)
    let current = state.value(at: path)
    switch operation {
    case "??=":
      if let current, !current.value.isComputed, current.plain != .null { return }
    case "||=":
      if let current, Self.truthiness(Known(value: current)) == true { return }
    default:
      break
    }
    let pointer = path.reduce(state.config.pointer) { $0.appending($1) }
    let (value, _) = try evaluate(
      valueStart, pointer: pointer, context: .statement, scope: statementScope(frame, state), nesting: 0)
    let unknownBefore = current.map { $0.value.isComputed } ?? false
    let result =
      operation != "=" && unknownBefore
      ? Located(ConfigValue.computed(text(valueStart, end)), span: span(valueStart, end), pointer: pointer) : value
    state.config = try setting(state.config, path, result, at: target)
  }

  /// `x.push(a, b)` on a list of the config: the list with the values it lacks added.
  private func push(_ path: [String], _ arguments: [Range<Int>], _ state: State, _ frame: Frame, at place: SourceSpan)
    throws
  {
    try requireWritable(path, state, arguments.first?.lowerBound ?? 0)
    guard let current = state.value(at: path) else {
      throw stop("it pushes onto a list the config does not have", arguments.first?.lowerBound ?? 0)
    }
    if current.value.isComputed { return }
    guard case .array(var items) = current.value else {
      throw stop("it pushes onto a value that is not a list", arguments.first?.lowerBound ?? 0)
    }
    for argument in arguments {
      if isPunctuator(argument.lowerBound, "...") {
        throw stop("it pushes a spread widgetlint does not follow", argument.lowerBound, argument.upperBound)
      }
      try requireHarmless(argument.lowerBound, argument.upperBound, frame)
      let item = try value(argument, state, frame)
      if let plain = item.plain, items.contains(where: { $0.plain == plain }) { continue }
      items.append(repointed(item, to: current.pointer.appending(items.count)))
    }
    state.config = try setting(
      state.config, path, Located(.array(items), span: current.span, pointer: current.pointer), at: place)
  }

  /// A mod may change its `modResults` only: changes elsewhere come too late for Expo to use them.
  private func requireWritable(_ path: [String], _ state: State, _ at: Int) throws {
    if state.inMod, path.first != "modResults" {
      throw stop("its mod changes the config besides 'modResults'", at)
    }
  }

  /// The config with the value at `path` set: members on the way are created, as the plugin creates them.
  private func setting(
    _ node: Located<ConfigValue>, _ path: ArraySlice<String>, _ value: Located<ConfigValue>, at place: SourceSpan
  ) throws -> Located<ConfigValue> {
    guard let key = path.first else { return repointed(value, to: node.pointer) }
    let childPointer = node.pointer.appending(key)
    switch node.value {
    case .computed:
      return node
    case .null:
      return try setting(Located(.object([]), span: place, pointer: node.pointer), path, value, at: place)
    case .object(var members):
      let existing = members.lastIndex { $0.key.value == key }
      let child = existing.map { members[$0].value } ?? Located(.null, span: place, pointer: childPointer)
      let changed = try setting(child, path.dropFirst(), value, at: place)
      if let existing {
        members[existing].value = changed
      } else {
        members.append((Located(key, span: place, pointer: childPointer), changed))
      }
      return Located(.object(members), span: node.span, pointer: node.pointer)
    default:
      throw stop("it sets a member of a value that is not an object", 0)
    }
  }

  private func setting(
    _ node: Located<ConfigValue>, _ path: [String], _ value: Located<ConfigValue>, at place: SourceSpan
  ) throws -> Located<ConfigValue> {
    try setting(node, path[...], value, at: place)
  }

  /// A statement not read as a change must change nothing: no assignment, no `delete`, no changing
  /// method, no early `return`, no call that is handed a name the function binds.
  private func requireHarmless(_ start: Int, _ end: Int, _ frame: Frame) throws {
    let names = frame.names.union(frame.aliases.keys)
    for index in start..<end {
      switch kind(index) {
      case .punctuator(let text) where Self.changingOperators.contains(text):
        throw stop("it changes values in code widgetlint does not follow", start, end)
      case .identifier(let word) where ["delete", "return", "yield", "await"].contains(word):
        throw stop("it runs code widgetlint does not follow", start, end)
      case .identifier(let word)
      where Self.mutatingMethods.contains(word) && isPunctuator(index - 1, ".") && isPunctuator(index + 1, "("):
        throw stop("it calls '\(word)', which changes what it is called on", start, end)
      case .punctuator("(") where index > start:
        let isCall: Bool
        switch kind(index - 1) {
        case .identifier(let word):
          isCall = !["if", "for", "while", "switch", "catch", "with", "function"].contains(word)
        case .punctuator(")"), .punctuator("]"): isCall = true
        default: isCall = false
        }
        let isConsole = identifier(index - 3) == "console" && isPunctuator(index - 2, ".")
        guard isCall, !isConsole else { continue }
        let handed = ((index + 1)..<partner[index]).contains { argument in
          identifier(argument).map { names.contains($0) && Self.isReference(argument, in: tokens) } ?? false
        }
        if handed { throw stop("it hands the config or its values to code widgetlint does not follow", start, end) }
      default:
        continue
      }
    }
  }
}

// MARK: - TypeScript

/// Removes the TypeScript a config file holds, leaving the JavaScript it compiles to: annotations on
/// variables, parameters and return types (`: T`, `?:`), `as T`, `as const`, `satisfies T`, the non-null
/// `!`, `interface` and `type` declarations. Imports stay (their names read as unknown). Works on the
/// tokens, in one pass; unbalanced brackets leave the tokens as they are, for the reader to report.
enum TypeScriptTypes {
  typealias Token = JavaScriptConfigReader.Token

  static func strip(_ tokens: [Token]) -> [Token] {
    var partner = Array(repeating: -1, count: tokens.count)
    var open: [Int] = []
    for (index, token) in tokens.enumerated() {
      guard case .punctuator(let text) = token.kind else { continue }
      if ["(", "[", "{"].contains(text) {
        open.append(index)
      } else if [")", "]", "}"].contains(text) {
        guard let last = open.popLast() else { return tokens }
        partner[last] = index
        partner[index] = last
      }
    }
    guard open.isEmpty else { return tokens }
    var stripper = Stripper(tokens: tokens, partner: partner)
    stripper.run()
    var result: [Token] = []
    result.reserveCapacity(tokens.count)
    var newline = false
    for (index, token) in tokens.enumerated() {
      guard stripper.keep[index] else {
        newline = newline || token.newlineBefore
        continue
      }
      var kept = token
      kept.newlineBefore = token.newlineBefore || newline || result.isEmpty
      newline = false
      result.append(kept)
    }
    return result
  }

  private struct Stripper {
    let tokens: [Token]
    let partner: [Int]
    var keep: [Bool]

    init(tokens: [Token], partner: [Int]) {
      self.tokens = tokens
      self.partner = partner
      self.keep = Array(repeating: true, count: tokens.count)
    }

    func kind(_ index: Int) -> JavaScriptConfigReader.TokenKind {
      index >= 0 && index < tokens.count ? tokens[index].kind : .end
    }
    func isPunctuator(_ index: Int, _ text: String) -> Bool { kind(index) == .punctuator(text) }
    func identifier(_ index: Int) -> String? {
      if case .identifier(let name) = kind(index) { return name }
      return nil
    }
    func isOpener(_ index: Int) -> Bool {
      isPunctuator(index, "(") || isPunctuator(index, "[") || isPunctuator(index, "{")
    }

    mutating func remove(_ range: Range<Int>) {
      for index in range where index < keep.count { keep[index] = false }
    }

    /// True when the token can end an expression (so `as`, `satisfies` and `!` after it are TypeScript).
    func endsValue(_ index: Int) -> Bool {
      switch kind(index) {
      case .identifier(let word):
        return !["return", "typeof", "void", "await", "yield", "new", "delete", "in", "of", "case", "else"].contains(
          word)
      case .string, .template, .number, .regex, .jsx: return true
      case .punctuator(let text): return [")", "]", "}"].contains(text)
      case .end: return false
      }
    }

    /// Whether a statement starts at `index` (the start of the file, or after `;`, `}`, or a line break).
    func startsStatement(_ index: Int) -> Bool {
      index == 0 || isPunctuator(index - 1, ";") || isPunctuator(index - 1, "}") || isPunctuator(index - 1, "{")
        || tokens[index].newlineBefore || identifier(index - 1) == "export" || identifier(index - 1) == "declare"
    }

    /// The index past the type that starts at `start`.
    func skipType(_ start: Int) -> Int {
      var index = start
      while true {
        while isPunctuator(index, "|") || isPunctuator(index, "&") { index += 1 }
        while let word = identifier(index), ["typeof", "keyof", "readonly", "unique", "infer"].contains(word),
          identifier(index + 1) != nil || isOpener(index + 1)
        {
          index += 1
        }
        switch kind(index) {
        case .identifier:
          index += 1
          while isPunctuator(index, "."), identifier(index + 1) != nil { index += 2 }
        case .string, .number, .template:
          index += 1
        case .punctuator("-") where kind(index + 1) == .number:
          index += 2
        case .punctuator("{"), .punctuator("["):
          index = partner[index] + 1
        case .punctuator("("):
          index = partner[index] + 1
          if isPunctuator(index, "=>") { return skipType(index + 1) }
        default:
          return index
        }
        if isPunctuator(index, "<") {
          // Type arguments, to the `>` that closes them (`>>` closes two).
          var level = 0
          while index < tokens.count {
            if isOpener(index) {
              index = partner[index] + 1
              continue
            }
            switch kind(index) {
            case .punctuator("<"): level += 1
            case .punctuator(">"): level -= 1
            case .punctuator(">>"): level -= 2
            case .punctuator(">>>"): level -= 3
            case .punctuator(";"), .end: return index
            default: break
            }
            index += 1
            if level <= 0 { break }
          }
        }
        while isPunctuator(index, "["), partner[index] >= 0 { index = partner[index] + 1 }
        guard isPunctuator(index, "|") || isPunctuator(index, "&") else { return index }
      }
    }

    mutating func run() {
      var index = 0
      while index < tokens.count {
        let word = identifier(index)
        if word == "import" || (word == "export" && isPunctuator(index + 1, "{")) {
          // `import { a as b } from "…"`: names, not types.
          var next = index + 1
          while next < tokens.count, !isPunctuator(next, ";") {
            if case .string = kind(next) { break }
            next = isOpener(next) ? partner[next] + 1 : next + 1
          }
          index = next + 1
          continue
        }
        if let word, ["interface", "type"].contains(word), startsStatement(index), identifier(index + 1) != nil,
          word == "interface" || isPunctuator(index + 2, "=") || isPunctuator(index + 2, "<")
        {
          var end = index + 2
          if word == "interface" {
            while end < tokens.count, !isPunctuator(end, "{") { end += 1 }
            end = end < tokens.count ? partner[end] + 1 : end
          } else {
            if isPunctuator(end, "<") { end = skipType(index + 1) }
            end = skipType(end + 1)
            if isPunctuator(end, ";") { end += 1 }
          }
          if identifier(index - 1) == "export" { keep[index - 1] = false }
          remove(index..<end)
          index = end
          continue
        }
        if let word, ["const", "let", "var"].contains(word) {
          // `const name: T =`, `const { a }: T =`
          var name = index + 1
          if isOpener(name) { name = partner[name] }
          if isPunctuator(name + 1, "!") { keep[name + 1] = false }
          let colon = isPunctuator(name + 1, "!") ? name + 2 : name + 1
          if isPunctuator(colon, ":") { remove(colon..<skipType(colon + 1)) }
          index += 1
          continue
        }
        if isPunctuator(index, "(") {
          stripParameters(index)
          index += 1
          continue
        }
        if let word, word == "as" || word == "satisfies", index > 0, endsValue(index - 1), keep[index - 1] || true {
          let end = identifier(index + 1) == "const" ? index + 2 : skipType(index + 1)
          if end > index + 1 {
            remove(index..<end)
            index = end
            continue
          }
        }
        if isPunctuator(index, "!"), index > 0, endsValue(index - 1), !tokens[index].newlineBefore {
          keep[index] = false
        }
        index += 1
      }
    }

    /// A parameter list's annotations and the return type after it, when the parentheses at `open` are
    /// a function's parameters: an arrow's, or a `function`'s.
    mutating func stripParameters(_ open: Int) {
      let close = partner[open]
      var isFunction = identifier(open - 1) == "function" || identifier(open - 2) == "function"
      var returnType: Range<Int>?
      if isPunctuator(close + 1, "=>") {
        isFunction = true
      } else if isPunctuator(close + 1, ":") {
        let end = skipType(close + 2)
        if isPunctuator(end, "=>") || (isFunction && isPunctuator(end, "{")) {
          isFunction = true
          returnType = (close + 1)..<end
        }
      }
      guard isFunction else { return }
      if let returnType { remove(returnType) }
      var index = open + 1
      while index < close {
        if isPunctuator(index, "...") { index += 1 }
        if identifier(index) != nil {
          index += 1
        } else if isOpener(index) {
          index = partner[index] + 1
        } else {
          return
        }
        if isPunctuator(index, "?") {
          keep[index] = false
          index += 1
        }
        if isPunctuator(index, ":") {
          let end = skipType(index + 1)
          remove(index..<end)
          index = end
        }
        // A default value, to the next parameter.
        while index < close, !isPunctuator(index, ",") { index = isOpener(index) ? partner[index] + 1 : index + 1 }
        index += 1
      }
    }
  }
}
