import WidgetLintCore

/// Finds the calls a Flutter app makes to the home_widget package in one Dart file:
/// `HomeWidget.setAppGroupId(group)`, `HomeWidget.saveWidgetData<T>(key, value)` and
/// `HomeWidget.updateWidget(iOSName: kind, …)`.
///
/// It runs a small Dart tokenizer (comments, nested block comments, every string literal form with
/// escapes and interpolation), so calls inside comments or strings never match. An argument is known
/// when it is a string literal without interpolation (adjacent literals are concatenated, as Dart
/// does), or an identifier (`appGroupId`, `Config.appGroupId`) naming a top-level or class-level
/// `const` / `final` declaration in the same file whose initializer is one.
public enum DartHomeWidgetScanner {
  /// The methods reported, in the order they matter to a reader of the results.
  public static let methods: Set<String> = ["setAppGroupId", "saveWidgetData", "updateWidget"]

  /// The comments of a Dart file (never inside a string literal), in source order.
  package static func comments(in source: SourceText) -> [SourceComment] {
    var lexer = DartLexer(source: source)
    let log = CommentLog()
    lexer.comments = log
    _ = lexer.tokenize()
    return log.comments.sorted { $0.start < $1.start }
  }

  public static func scan(_ source: SourceText) -> [HomeWidgetCall] {
    var work = 0
    return scan(source, work: &work)
  }

  /// `scan`, with the file's `widgetlint-disable…` comments, found by the same tokenizer.
  package static func scanWithSuppressions(_ source: SourceText) -> (
    calls: [HomeWidgetCall], suppressions: FileSuppressions?
  ) {
    let read = scanWithConstants(source)
    return (read.calls, read.suppressions)
  }

  /// `scanWithSuppressions`, with the string constants the file declares: at top level by their name,
  /// in a class (enum, mixin, extension) as `Owner.name`. Another file's call may name them.
  package static func scanWithConstants(_ source: SourceText) -> (
    calls: [HomeWidgetCall], suppressions: FileSuppressions?, constants: [String: Located<String>]
  ) {
    var work = 0
    var constants: [String: Located<String>]? = [:]
    guard SuppressionDirective.mayBeIn(source.bytes) else {
      let calls = scan(source, work: &work, comments: nil, constants: &constants)
      return (calls, nil, constants ?? [:])
    }
    let log = CommentLog()
    let calls = scan(source, work: &work, comments: log, constants: &constants)
    return (
      calls, FileSuppressions(file: source, comments: log.comments.sorted { $0.start < $1.start }), constants ?? [:]
    )
  }

  /// `work` counts the tokens the argument lists and type arguments of the calls look at: the tests hold
  /// it to a few per token of the file, whatever the nesting or the unclosed brackets.
  public static func scan(_ source: SourceText, work: inout Int) -> [HomeWidgetCall] {
    var constants: [String: Located<String>]? = nil
    return scan(source, work: &work, comments: nil, constants: &constants)
  }

  private static func scan(
    _ source: SourceText, work: inout Int, comments: CommentLog?, constants: inout [String: Located<String>]?
  ) -> [HomeWidgetCall] {
    var lexer = DartLexer(source: source)
    lexer.comments = comments
    let tokens = lexer.tokenize()
    let brackets = BracketTable(tokens)
    let declarations = DartDeclarations(tokens: tokens)
    let resolver = DartArgumentResolver(source: source, tokens: tokens, declarations: declarations)
    if constants != nil {
      var found: [String: Located<String>] = [:]
      for (name, range) in declarations.topLevel {
        if let value = resolver.evaluate(range, at: range.lowerBound) { found[name] = value }
      }
      for (owner, members) in declarations.members {
        for (name, range) in members {
          if let value = resolver.evaluate(range, at: range.lowerBound) { found["\(owner).\(name)"] = value }
        }
      }
      constants = found
    }
    var calls: [HomeWidgetCall] = []
    var index = 0
    while index + 3 < tokens.count {
      defer { index += 1 }
      guard tokens[index].isIdentifier("HomeWidget"), tokens[index + 1].isPunctuation("."),
        tokens[index + 2].kind == .identifier, methods.contains(tokens[index + 2].text)
      else { continue }
      if index > 0, tokens[index - 1].isPunctuation("?.") || tokens[index - 1].isPunctuation("..") { continue }
      var open = index + 3
      if tokens[open].isPunctuation("<") {
        work += 1
        guard let afterTypeArguments = brackets.typeArgumentsEnd[open] else { continue }
        open = afterTypeArguments
      }
      guard open < tokens.count, tokens[open].isPunctuation("(") else { continue }
      let arguments = Self.arguments(tokens, open: open, brackets: brackets, work: &work)
      let end = arguments.close < tokens.count ? tokens[arguments.close].end : (tokens.last?.end ?? 0)
      let method = tokens[index + 2].text
      var argument: Located<String>?
      var argumentName: String?
      var argumentTokens: Range<Int>?
      switch method {
      case "updateWidget":
        // The iOS plugin reloads `iOSName`, or (from home_widget 0.9.0) `name` when iOSName is not a
        // string: not given, or `null`.
        func given(_ label: String) -> Argument? {
          arguments.list.first {
            $0.name == label && !($0.range.count == 1 && tokens[$0.range.lowerBound].isIdentifier("null"))
          }
        }
        if let named = given("iOSName") ?? given("name") {
          argumentName = named.name
          argumentTokens = named.range
        }
      default:
        argumentTokens = arguments.list.first(where: { $0.name == nil })?.range
      }
      if let argumentTokens { argument = resolver.evaluate(argumentTokens, at: index) }
      var call = HomeWidgetCall(
        method: method, argument: argument, span: SourceSpan(file: source, start: tokens[index].start, end: end),
        argumentName: argumentName)
      // Literals in the call itself, rather than a constant it names.
      call.argumentIsInCall =
        argument != nil && argumentTokens.map { tokens[$0].allSatisfy { $0.kind == .string } } == true
      if argument == nil, let range = argumentTokens {
        call.reference = Self.reference(tokens, range)
      }
      calls.append(call)
    }
    return calls
  }

  /// A constant's name (`kind`) or a class's (`WidgetKinds.notes`), as an argument's tokens.
  private static func reference(_ tokens: [DartToken], _ range: Range<Int>) -> (owner: String?, name: String)? {
    let first = range.lowerBound
    if range.count == 1, tokens[first].kind == .identifier { return (nil, tokens[first].text) }
    if range.count == 3, tokens[first].kind == .identifier, tokens[first + 1].isPunctuation("."),
      tokens[first + 2].kind == .identifier
    {
      return (tokens[first].text, tokens[first + 2].text)
    }
    return nil
  }

  private struct Argument {
    var name: String?
    /// The argument's value tokens (after any `name:`).
    var range: Range<Int>
  }

  /// Splits the argument list opened by the `(` at `open`; `close` is the index of its `)` (or the
  /// token count when the file ends first). Nested brackets are stepped over through `brackets`, so a
  /// list costs its own top-level tokens only.
  private static func arguments(_ tokens: [DartToken], open: Int, brackets: BracketTable, work: inout Int) -> (
    list: [Argument], close: Int
  ) {
    var list: [Argument] = []
    var argumentStart = open + 1
    var index = open + 1
    func finish(_ end: Int) {
      guard end > argumentStart else { return }
      if end - argumentStart >= 2, tokens[argumentStart].kind == .identifier,
        tokens[argumentStart + 1].isPunctuation(":")
      {
        list.append(Argument(name: tokens[argumentStart].text, range: (argumentStart + 2)..<end))
      } else {
        list.append(Argument(name: nil, range: argumentStart..<end))
      }
    }
    while index < tokens.count {
      work += 1
      let token = tokens[index]
      if BracketTable.opens(token) {
        // An opener without a closer runs to the end of the file, and so does this list.
        guard let close = brackets.closer[index] else { break }
        index = close + 1
        continue
      }
      if BracketTable.closes(token) {
        finish(index)
        return (list, index)
      }
      if token.isPunctuation(",") {
        finish(index)
        argumentStart = index + 1
      }
      index += 1
    }
    finish(tokens.count)
    return (list, tokens.count)
  }
}

/// Which token closes each bracket, and where type arguments starting at a `<` end, found in one pass
/// each. Any closer closes the innermost open bracket, whatever its kind.
private struct BracketTable {
  /// For `(`, `[` and `{`: the index of the closer, nil when the file ends first.
  var closer: [Int?]
  /// For a `<`: the index after the `>` that closes it, when every token between is a name, `?`, `.`,
  /// `,` or an angle bracket (type arguments); nil otherwise.
  var typeArgumentsEnd: [Int?]

  static func opens(_ token: DartToken) -> Bool {
    token.isPunctuation("(") || token.isPunctuation("[") || token.isPunctuation("{")
  }

  static func closes(_ token: DartToken) -> Bool {
    token.isPunctuation(")") || token.isPunctuation("]") || token.isPunctuation("}")
  }

  init(_ tokens: [DartToken]) {
    closer = Array(repeating: nil, count: tokens.count)
    typeArgumentsEnd = Array(repeating: nil, count: tokens.count)
    var open: [Int] = []
    var angles: [Int] = []
    for (index, token) in tokens.enumerated() {
      if Self.opens(token) {
        open.append(index)
      } else if Self.closes(token), let opener = open.popLast() {
        closer[opener] = index
      }
      if token.isPunctuation("<") {
        angles.append(index)
      } else if token.isPunctuation(">") {
        if let opener = angles.popLast() { typeArgumentsEnd[opener] = index + 1 }
      } else if token.kind != .identifier && !token.isPunctuation("?") && !token.isPunctuation(".")
        && !token.isPunctuation(",")
      {
        // Type arguments hold nothing else: no `<` still open here can end as type arguments.
        angles.removeAll(keepingCapacity: true)
      }
    }
  }
}

// MARK: - Tokens

private struct DartToken {
  enum Kind {
    case identifier
    case string
    case number
    case punctuation
    case other
  }

  var kind: Kind
  var start: Int
  var end: Int
  /// The identifier's name or the punctuation; empty for other kinds.
  var text: String = ""
  /// A string literal's value; nil when it interpolates (`$name`, `${…}`) or is unterminated.
  var value: String?

  func isIdentifier(_ name: String) -> Bool { kind == .identifier && text == name }
  func isPunctuation(_ symbol: String) -> Bool { kind == .punctuation && text == symbol }
}

/// A Dart tokenizer, precise about comments and string literals and loose about everything else.
private struct DartLexer {
  let source: SourceText
  let bytes: [UInt8]
  /// Where the comments skipped are kept, when they are wanted.
  var comments: CommentLog?
  private static let maxInterpolationDepth = 64

  init(source: SourceText) {
    self.source = source
    self.bytes = source.bytes
  }

  private static let multiCharacterPunctuation: [String] = ["...", "?..", "=>", "==", "!=", "<=", "?.", "..", "??"]
  private static let singleCharacterPunctuation: [String] = (0..<128).map { String(UnicodeScalar(UInt8($0))) }

  private static func startsMultiCharacterPunctuation(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: ".") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "=") || byte == UInt8(ascii: "!")
      || byte == UInt8(ascii: "<")
  }

  static func isIdentifierStart(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"),
      UInt8(ascii: "$"):
      return true
    default:
      return false
    }
  }

  static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

  static func isIdentifierPart(_ byte: UInt8) -> Bool { isIdentifierStart(byte) || isDigit(byte) }

  private func byte(at offset: Int) -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

  private static func isQuote(_ byte: UInt8?) -> Bool { byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") }

  func tokenize() -> [DartToken] {
    var tokens: [DartToken] = []
    var index = source.byteOrderMarkLength
    if bytes.count > index + 1, bytes[index] == UInt8(ascii: "#"), bytes[index + 1] == UInt8(ascii: "!") {
      index = skipLine(index)
    }
    while index < bytes.count {
      let current = bytes[index]
      if current == 0x20 || current == 0x09 || current == 0x0A || current == 0x0D || current == 0x0C {
        index += 1
      } else if current == UInt8(ascii: "/"), byte(at: index + 1) == UInt8(ascii: "/") {
        let start = index
        index = skipLine(index)
        comments?.comments.append(.line(start: start, end: index, marker: 2))
      } else if current == UInt8(ascii: "/"), byte(at: index + 1) == UInt8(ascii: "*") {
        let start = index
        index = skipBlockComment(index)
        comments?.comments.append(.block(start: start, end: index, in: bytes))
      } else if Self.isIdentifierStart(current) {
        let start = index
        while index < bytes.count, Self.isIdentifierPart(bytes[index]) { index += 1 }
        if index == start + 1, current == UInt8(ascii: "r"), Self.isQuote(byte(at: index)) {
          let literal = lexString(index, raw: true, depth: 0)
          tokens.append(DartToken(kind: .string, start: start, end: literal.end, value: literal.value))
          index = literal.end
        } else {
          let name = String(decoding: bytes[start..<index], as: UTF8.self)
          tokens.append(DartToken(kind: .identifier, start: start, end: index, text: name))
        }
      } else if Self.isDigit(current) || (current == UInt8(ascii: ".") && Self.isDigit(byte(at: index + 1) ?? 0)) {
        let start = index
        index = skipNumber(index)
        tokens.append(DartToken(kind: .number, start: start, end: index))
      } else if Self.isQuote(current) {
        let literal = lexString(index, raw: false, depth: 0)
        tokens.append(DartToken(kind: .string, start: index, end: literal.end, value: literal.value))
        index = literal.end
      } else if current < 0x80 {
        let start = index
        var symbol = Self.singleCharacterPunctuation[Int(current)]
        if Self.startsMultiCharacterPunctuation(current) {
          for candidate in Self.multiCharacterPunctuation where matches(candidate, at: index) {
            symbol = candidate
            break
          }
        }
        index += symbol.utf8.count
        tokens.append(DartToken(kind: .punctuation, start: start, end: index, text: symbol))
      } else {
        let start = index
        index += SourceText.scalarWidth(current)
        tokens.append(DartToken(kind: .other, start: start, end: min(index, bytes.count)))
        index = min(index, bytes.count)
      }
    }
    return tokens
  }

  private func matches(_ text: String, at offset: Int) -> Bool {
    var position = offset
    for unit in text.utf8 {
      guard position < bytes.count, bytes[position] == unit else { return false }
      position += 1
    }
    return true
  }

  /// The offset of the line break ending the line at `offset` (or the end of the file).
  private func skipLine(_ offset: Int) -> Int {
    var index = offset
    while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
    return index
  }

  /// The offset after a (possibly nested) block comment starting at `offset`.
  private func skipBlockComment(_ offset: Int) -> Int {
    var depth = 0
    var index = offset
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "/"), byte(at: index + 1) == UInt8(ascii: "*") {
        depth += 1
        index += 2
      } else if bytes[index] == UInt8(ascii: "*"), byte(at: index + 1) == UInt8(ascii: "/") {
        depth -= 1
        index += 2
        if depth == 0 { return index }
      } else {
        index += 1
      }
    }
    return index
  }

  private func skipNumber(_ offset: Int) -> Int {
    var index = offset
    while index < bytes.count {
      let current = bytes[index]
      if Self.isIdentifierPart(current) && current != UInt8(ascii: "$") {
        // An exponent's sign belongs to the number: 1e-5.
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E"),
          let sign = byte(at: index + 1), sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+"),
          let digit = byte(at: index + 2), Self.isDigit(digit),
          !(byte(at: offset + 1) == UInt8(ascii: "x") || byte(at: offset + 1) == UInt8(ascii: "X"))
        {
          index += 2
        }
        index += 1
      } else if current == UInt8(ascii: "."), let next = byte(at: index + 1), Self.isDigit(next) {
        index += 1
      } else {
        break
      }
    }
    return index
  }

  /// Reads the string literal whose opening quote is at `offset`: its end, and its value when it is
  /// terminated and does not interpolate.
  func lexString(_ offset: Int, raw: Bool, depth: Int) -> (end: Int, value: String?) {
    let quote = bytes[offset]
    let triple = byte(at: offset + 1) == quote && byte(at: offset + 2) == quote
    var index = offset + (triple ? 3 : 1)
    if triple {
      // A first line holding only white space (and, unless raw, backslashes) is not part of the value.
      var probe = index
      while let current = byte(at: probe),
        current == 0x20 || current == 0x09 || (!raw && current == UInt8(ascii: "\\"))
      {
        probe += 1
      }
      if byte(at: probe) == 0x0A {
        index = probe + 1
      } else if byte(at: probe) == 0x0D {
        index = byte(at: probe + 1) == 0x0A ? probe + 2 : probe + 1
      }
    }
    var buffer: [UInt8] = []
    var interpolates = false
    while index < bytes.count {
      let current = bytes[index]
      if current == quote, !triple || (byte(at: index + 1) == quote && byte(at: index + 2) == quote) {
        index += triple ? 3 : 1
        return (index, interpolates ? nil : String(decoding: buffer, as: UTF8.self))
      }
      if !triple, current == 0x0A || current == 0x0D {
        return (index, nil)  // An unterminated single-line string ends at the line break.
      }
      if !raw, current == UInt8(ascii: "\\") {
        index = DartStringEscapes.decode(bytes, at: index, into: &buffer)
      } else if !raw, current == UInt8(ascii: "$"), byte(at: index + 1) == UInt8(ascii: "{") {
        interpolates = true
        index = skipInterpolation(index + 2, depth: depth + 1)
      } else if !raw, current == UInt8(ascii: "$"), let next = byte(at: index + 1),
        Self.isIdentifierStart(next), next != UInt8(ascii: "$")
      {
        interpolates = true
        index += 1
        while index < bytes.count, Self.isIdentifierPart(bytes[index]), bytes[index] != UInt8(ascii: "$") {
          index += 1
        }
      } else {
        buffer.append(current)
        index += 1
      }
    }
    return (index, nil)
  }

  /// The offset after the `}` closing an interpolation whose body starts at `offset`.
  private func skipInterpolation(_ offset: Int, depth: Int) -> Int {
    guard depth <= Self.maxInterpolationDepth else { return bytes.count }
    var braces = 1
    var index = offset
    while index < bytes.count {
      let current = bytes[index]
      if current == UInt8(ascii: "/"), byte(at: index + 1) == UInt8(ascii: "/") {
        let start = index
        index = skipLine(index)
        comments?.comments.append(.line(start: start, end: index, marker: 2))
      } else if current == UInt8(ascii: "/"), byte(at: index + 1) == UInt8(ascii: "*") {
        let start = index
        index = skipBlockComment(index)
        comments?.comments.append(.block(start: start, end: index, in: bytes))
      } else if Self.isQuote(current) {
        let raw =
          index > offset && bytes[index - 1] == UInt8(ascii: "r")
          && !(index - 2 >= offset && Self.isIdentifierPart(bytes[index - 2]))
        index = lexString(index, raw: raw, depth: depth).end
      } else if current == UInt8(ascii: "{") {
        braces += 1
        index += 1
      } else if current == UInt8(ascii: "}") {
        braces -= 1
        index += 1
        if braces == 0 { return index }
      } else {
        index += 1
      }
    }
    return index
  }
}

// MARK: - Declarations

/// The top-level and class-level `const` / `final` declarations of a file, and the class bodies.
private struct DartDeclarations {
  var topLevel: [String: Range<Int>] = [:]
  var members: [String: [String: Range<Int>]] = [:]
  /// Class-like bodies (class, mixin, enum, extension) as token ranges.
  var classBodies: [(name: String, tokens: Range<Int>)] = []

  private enum ScopeKind {
    case topLevel
    case classBody(String)
    case other
  }

  private struct Scope {
    var kind: ScopeKind
    var open: Int
    var parenDepth = 0
    var statementStart: Int
  }

  init(tokens: [DartToken]) {
    var scopes = [Scope(kind: .topLevel, open: -1, statementStart: 0)]
    for (index, token) in tokens.enumerated() where token.kind == .punctuation {
      let last = scopes.count - 1
      switch token.text {
      case "(", "[":
        scopes[last].parenDepth += 1
      case ")", "]":
        scopes[last].parenDepth = max(0, scopes[last].parenDepth - 1)
      case "{":
        var kind = ScopeKind.other
        if scopes[last].parenDepth == 0, Self.holdsDeclarations(scopes[last].kind),
          let name = Self.classHeaderName(tokens, scopes[last].statementStart..<index)
        {
          kind = .classBody(name)
        }
        scopes.append(Scope(kind: kind, open: index, statementStart: index + 1))
      case "}":
        if scopes.count > 1 {
          let closed = scopes.removeLast()
          if case .classBody(let name) = closed.kind {
            classBodies.append((name, (closed.open + 1)..<index))
          }
        }
        let parent = scopes.count - 1
        if scopes[parent].parenDepth == 0 { scopes[parent].statementStart = index + 1 }
      case ";":
        guard scopes[last].parenDepth == 0 else { continue }
        let statement = scopes[last].statementStart..<index
        scopes[last].statementStart = index + 1
        switch scopes[last].kind {
        case .topLevel:
          for (name, value) in Self.declarations(tokens, statement) where topLevel[name] == nil {
            topLevel[name] = value
          }
        case .classBody(let className):
          for (name, value) in Self.declarations(tokens, statement) where members[className]?[name] == nil {
            members[className, default: [:]][name] = value
          }
        case .other:
          break
        }
      default:
        break
      }
    }
  }

  private static func holdsDeclarations(_ kind: ScopeKind) -> Bool {
    if case .other = kind { return false }
    return true
  }

  /// The name of the class, mixin, enum or extension a `{` opens, from its header tokens.
  private static func classHeaderName(_ tokens: [DartToken], _ header: Range<Int>) -> String? {
    var depth = 0
    var index = header.lowerBound
    while index < header.upperBound {
      let token = tokens[index]
      if token.isPunctuation("(") || token.isPunctuation("[") {
        depth += 1
      } else if token.isPunctuation(")") || token.isPunctuation("]") {
        depth = max(0, depth - 1)
      } else if depth == 0, token.isPunctuation("=") || token.isPunctuation("=>") {
        return nil
      } else if depth == 0, token.kind == .identifier,
        ["class", "mixin", "enum", "extension"].contains(token.text),
        index == header.lowerBound || !tokens[index - 1].isPunctuation("@")
      {
        var next = index + 1
        if next < header.upperBound, tokens[next].isIdentifier("class") { next += 1 }
        guard next < header.upperBound, tokens[next].kind == .identifier else { return "" }
        if token.text == "extension", tokens[next].text == "on" { return "" }
        return tokens[next].text
      }
      index += 1
    }
    return nil
  }

  /// `name = initializer` pairs of a `const` or `final` variable declaration statement.
  private static func declarations(_ tokens: [DartToken], _ statement: Range<Int>) -> [(String, Range<Int>)] {
    var equals = statement.lowerBound
    while equals < statement.upperBound, !tokens[equals].isPunctuation("=") { equals += 1 }
    guard equals < statement.upperBound, equals - 1 > statement.lowerBound,
      tokens[equals - 1].kind == .identifier
    else { return [] }
    var isConstant = false
    for token in tokens[statement.lowerBound..<(equals - 1)] {
      if token.isIdentifier("const") || token.isIdentifier("final") {
        isConstant = true
      } else if token.kind == .identifier || token.isPunctuation("?") || token.isPunctuation("<")
        || token.isPunctuation(">") || token.isPunctuation(".") || token.isPunctuation(",")
      {
        continue
      } else {
        return []
      }
    }
    guard isConstant else { return [] }
    var result: [(String, Range<Int>)] = []
    var name = tokens[equals - 1].text
    var valueStart = equals + 1
    var depth = 0
    var index = valueStart
    while index <= statement.upperBound {
      let token = index < statement.upperBound ? tokens[index] : nil
      if let token, token.isPunctuation("(") || token.isPunctuation("[") || token.isPunctuation("{") {
        depth += 1
      } else if let token, token.isPunctuation(")") || token.isPunctuation("]") || token.isPunctuation("}") {
        depth -= 1
      } else if token == nil || (depth == 0 && token?.isPunctuation(",") == true) {
        result.append((name, valueStart..<index))
        // `const a = 'x', b = 'y';`
        guard token != nil, index + 2 < statement.upperBound, tokens[index + 1].kind == .identifier,
          tokens[index + 2].isPunctuation("=")
        else { break }
        name = tokens[index + 1].text
        valueStart = index + 3
        index += 3
        continue
      }
      index += 1
    }
    return result
  }
}

// MARK: - Arguments

/// Evaluates an argument's tokens to a string literal, following constant references.
private struct DartArgumentResolver {
  let source: SourceText
  let tokens: [DartToken]
  let declarations: DartDeclarations
  private static let maxReferenceDepth = 8

  /// The value of the expression `range` used at token `site`, or nil.
  func evaluate(_ range: Range<Int>, at site: Int, depth: Int = 0) -> Located<String>? {
    guard !range.isEmpty, depth <= Self.maxReferenceDepth else { return nil }
    if tokens[range].allSatisfy({ $0.kind == .string }) {
      var text = ""
      for token in tokens[range] {
        guard let value = token.value else { return nil }
        text += value
      }
      let span = SourceSpan(file: source, start: tokens[range.lowerBound].start, end: tokens[range.upperBound - 1].end)
      return Located(text, span: span, pointer: .root)
    }
    if range.count == 1, tokens[range.lowerBound].kind == .identifier {
      let name = tokens[range.lowerBound].text
      guard let declaration = lookUp(name, at: site) else { return nil }
      return evaluate(declaration.range, at: declaration.site, depth: depth + 1)
    }
    if range.count == 3, tokens[range.lowerBound].kind == .identifier, tokens[range.lowerBound + 1].isPunctuation("."),
      tokens[range.lowerBound + 2].kind == .identifier
    {
      let owner = tokens[range.lowerBound].text
      guard let value = declarations.members[owner]?[tokens[range.lowerBound + 2].text] else { return nil }
      return evaluate(value, at: value.lowerBound, depth: depth + 1)
    }
    return nil
  }

  /// The declaration a bare name means at token `site`: a member of the enclosing class, a top-level
  /// declaration, or the one class member of that name in the file.
  private func lookUp(_ name: String, at site: Int) -> (range: Range<Int>, site: Int)? {
    let enclosing = declarations.classBodies.filter { $0.tokens.contains(site) }
      .min { $0.tokens.count < $1.tokens.count }
    if let enclosing, let value = declarations.members[enclosing.name]?[name] {
      return (value, value.lowerBound)
    }
    if let value = declarations.topLevel[name] { return (value, value.lowerBound) }
    let candidates = declarations.members.values.compactMap { $0[name] }
    if candidates.count == 1, let value = candidates.first { return (value, value.lowerBound) }
    return nil
  }
}
