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
    calls: [HomeWidgetCall], suppressions: FileSuppressions?, constants: [String: Located<String>],
    directives: DartDirectives
  ) {
    var work = 0
    var constants: [String: Located<String>]? = [:]
    var directives = DartDirectives()
    guard SuppressionDirective.mayBeIn(source.bytes) else {
      let calls = scan(source, work: &work, comments: nil, constants: &constants, directives: &directives)
      return (calls, nil, constants ?? [:], directives)
    }
    let log = CommentLog()
    let calls = scan(source, work: &work, comments: log, constants: &constants, directives: &directives)
    let suppressions = FileSuppressions(file: source, comments: log.comments.sorted { $0.start < $1.start })
    return (calls, suppressions, constants ?? [:], directives)
  }

  /// `work` counts the tokens the argument lists and type arguments of the calls look at: the tests hold
  /// it to a few per token of the file, whatever the nesting or the unclosed brackets.
  public static func scan(_ source: SourceText, work: inout Int) -> [HomeWidgetCall] {
    var constants: [String: Located<String>]? = nil
    var directives = DartDirectives()
    return scan(source, work: &work, comments: nil, constants: &constants, directives: &directives)
  }

  private static func scan(
    _ source: SourceText, work: inout Int, comments: CommentLog?, constants: inout [String: Located<String>]?,
    directives: inout DartDirectives
  ) -> [HomeWidgetCall] {
    var lexer = DartLexer(source: source)
    lexer.comments = comments
    let tokens = lexer.tokenize()
    let brackets = BracketTable(tokens)
    let declarations = DartDeclarations(tokens: tokens)
    directives = declarations.directives
    let resolver = DartArgumentResolver(
      source: source, tokens: tokens, declarations: declarations, brackets: brackets)
    if constants != nil {
      var found: [String: Located<String>] = [:]
      for (name, range) in declarations.topLevel {
        if let value = resolver.evaluate(range, at: range.lowerBound, inBody: false) { found[name] = value }
      }
      for (owner, members) in declarations.members {
        for (name, range) in members {
          if let value = resolver.evaluate(range, at: range.lowerBound, inBody: false) {
            found["\(owner).\(name)"] = value
          }
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
      if let argumentTokens { describe(&call, argumentTokens, at: index, tokens: tokens, resolver: resolver) }
      // A loop through a list the file gives: one call per value.
      if argument == nil, let argumentTokens, let values = resolver.loopValues(argumentTokens, at: index) {
        calls += values.map { value in
          var each = HomeWidgetCall(method: method, argument: value, span: call.span, argumentName: argumentName)
          each.argumentIsInCall = false
          return each
        }
        continue
      }
      calls.append(call)
    }
    return calls
  }

  /// The calls in one file of functions that pass a parameter to home_widget (`refresh('Counter')` of
  /// `Future<void> refresh(String name) => HomeWidget.updateWidget(iOSName: name)`), each as the call
  /// its function makes, with the value this call passes: `wrappers` are those functions, with the
  /// call each makes. A function is called by its name, in its class or not in one, or as
  /// `Owner.name(…)` (a static method).
  package static func wrapperCalls(
    _ wrappers: [DartWrapper: HomeWidgetCall], in source: SourceText
  ) -> [(wrapper: DartWrapper, call: HomeWidgetCall)] {
    let tokens = DartLexer(source: source).tokenize()
    let brackets = BracketTable(tokens)
    let resolver = DartArgumentResolver(
      source: source, tokens: tokens, declarations: DartDeclarations(tokens: tokens), brackets: brackets)
    let byName = Dictionary(grouping: wrappers.keys, by: \.function)
    let declared = Set(resolver.functions.compactMap(\.nameToken))
    var found: [(DartWrapper, HomeWidgetCall)] = []
    var work = 0
    for index in tokens.indices where tokens[index].kind == .identifier {
      guard let candidates = byName[tokens[index].text], !declared.contains(index), index + 1 < tokens.count,
        tokens[index + 1].isPunctuation("(")
      else { continue }
      var qualifier: String?
      if index > 0, tokens[index - 1].isPunctuation(".") || tokens[index - 1].isPunctuation("?.") {
        guard index > 1, tokens[index - 1].isPunctuation("."), tokens[index - 2].kind == .identifier else { continue }
        qualifier = tokens[index - 2].text
      }
      let enclosing = qualifier == nil ? resolver.owner(of: index) : nil
      guard
        let wrapper = candidates.first(where: { candidate in
          qualifier.map { candidate.owner == $0 } ?? (candidate.owner == nil || candidate.owner == enclosing)
        }), let made = wrappers[wrapper]
      else { continue }
      let arguments = Self.arguments(tokens, open: index + 1, brackets: brackets, work: &work)
      let passed =
        wrapper.position.map { position in arguments.list.filter { $0.name == nil }.dropFirst(position).first }
        ?? arguments.list.first { $0.name == wrapper.parameter }
      guard let passed, !passed.range.isEmpty else { continue }
      let start = tokens[qualifier == nil ? index : index - 2].start
      let end = arguments.close < tokens.count ? tokens[arguments.close].end : (tokens.last?.end ?? 0)
      var call = HomeWidgetCall(
        method: made.method, argument: resolver.evaluate(passed.range, at: index),
        span: SourceSpan(file: source, start: start, end: end), argumentName: made.argumentName)
      describe(&call, passed.range, at: index, tokens: tokens, resolver: resolver)
      found.append((wrapper, call))
    }
    return found
  }

  /// Says of a call how its argument (the tokens `range`, at token `site`) is written: literals in the
  /// call, or what is not known of it (a constant another file may declare, a parameter, a reason).
  private static func describe(
    _ call: inout HomeWidgetCall, _ range: Range<Int>, at site: Int, tokens: [DartToken], resolver: DartArgumentResolver
  ) {
    guard call.argument == nil else {
      // Literals in the call itself, rather than a constant it names.
      call.argumentIsInCall = tokens[range].allSatisfy { $0.kind == .string }
      return
    }
    guard !range.isEmpty else { return }
    let span = SourceSpan(
      file: resolver.source, start: tokens[range.lowerBound].start, end: tokens[range.upperBound - 1].end)
    call.unknownArgument = (String(decoding: resolver.source.bytes[span.start..<span.end], as: UTF8.self), span)
    switch resolver.unfollowed(range, at: site) {
    case .reference(let owner, let name):
      call.reference = (owner, name)
    case .parameter(let function, let parameter):
      call.parameter = DartWrapper(
        function: function.name ?? "", owner: function.nameToken.flatMap(resolver.owner(of:)),
        parameter: parameter.name, position: parameter.position)
    case .reason(let reason):
      call.unknownReason = reason
    }
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
struct BracketTable {
  /// For `(`, `[` and `{`: the index of the closer, nil when the file ends first.
  var closer: [Int?]
  /// For `)`, `]` and `}`: the index of the bracket it closes.
  var opener: [Int?]
  /// For a `<`: the index after the `>` that closes it, when every token between is a name, `?`, `.`,
  /// `,` or an angle bracket (type arguments); nil otherwise.
  var typeArgumentsEnd: [Int?]

  static func opens(_ token: DartToken) -> Bool {
    token.isPunctuation("(") || token.isPunctuation("[") || token.isPunctuation("{")
  }

  static func closes(_ token: DartToken) -> Bool {
    token.isPunctuation(")") || token.isPunctuation("]") || token.isPunctuation("}")
  }

  /// For each token, the index of the token ending an expression that starts there: a `;` or `,`
  /// outside its brackets, or a closer of a bracket opened before it (the token count when the file ends
  /// first). Found in one pass from the end, so that nested closures cost no more than flat code.
  private var expressionStops: [Int]

  /// The index of the token ending the expression that starts at `start` (see `expressionStops`).
  func expressionEnd(_ tokens: [DartToken], from start: Int) -> Int {
    start < expressionStops.count ? expressionStops[start] : tokens.count
  }

  init(_ tokens: [DartToken]) {
    closer = Array(repeating: nil, count: tokens.count)
    opener = Array(repeating: nil, count: tokens.count)
    typeArgumentsEnd = Array(repeating: nil, count: tokens.count)
    // The brackets open at each token; a closer counts as inside the bracket it closes.
    var depths = Array(repeating: 0, count: tokens.count)
    var open: [Int] = []
    var angles: [Int] = []
    for (index, token) in tokens.enumerated() {
      depths[index] = open.count
      if Self.opens(token) {
        open.append(index)
      } else if Self.closes(token), let first = open.popLast() {
        closer[first] = index
        opener[index] = first
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
    expressionStops = Array(repeating: tokens.count, count: tokens.count)
    var nearestStop = Array(repeating: tokens.count, count: (depths.max() ?? 0) + 1)
    for index in tokens.indices.reversed() {
      let token = tokens[index]
      if Self.closes(token) || token.isPunctuation(";") || token.isPunctuation(",") {
        nearestStop[depths[index]] = index
      }
      expressionStops[index] = nearestStop[depths[index]]
    }
  }
}

// MARK: - Tokens

struct DartToken {
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
struct DartLexer {
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
struct DartDeclarations {
  var topLevel: [String: Range<Int>] = [:]
  var members: [String: [String: Range<Int>]] = [:]
  /// Class-like bodies (class, mixin, enum, extension) as token ranges.
  var classBodies: [(name: String, tokens: Range<Int>)] = []
  /// The variables declared in function bodies and blocks, in source order.
  var locals: [Local] = []
  var directives = DartDirectives()

  struct Local {
    var name: String
    /// The initializer's tokens.
    var value: Range<Int>
    /// `const` or `final`: the initializer is its one value.
    var isConstant: Bool
    /// The `{` of the block declaring it.
    var scopeOpen: Int
  }

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
          Self.readDirective(tokens, statement, into: &directives)
          for (name, value) in Self.declarations(tokens, statement) where topLevel[name] == nil {
            topLevel[name] = value
          }
        case .classBody(let className):
          for (name, value) in Self.declarations(tokens, statement) where members[className]?[name] == nil {
            members[className, default: [:]][name] = value
          }
        case .other:
          for (name, value) in Self.declarations(tokens, statement, constantsOnly: false) {
            let isConstant = tokens[statement].prefix { !$0.isPunctuation("=") }.contains {
              $0.isIdentifier("const") || $0.isIdentifier("final")
            }
            locals.append(Local(name: name, value: value, isConstant: isConstant, scopeOpen: scopes[last].open))
          }
        }
      default:
        break
      }
    }
  }

  /// Adds the `import`, `export`, `part` or `part of` directive that `statement` is, if it is one.
  private static func readDirective(
    _ tokens: [DartToken], _ statement: Range<Int>, into directives: inout DartDirectives
  ) {
    guard statement.count >= 2, tokens[statement.lowerBound].kind == .identifier else { return }
    let keyword = tokens[statement.lowerBound].text
    let second = tokens[statement.lowerBound + 1]
    switch keyword {
    case "part":
      if second.isIdentifier("of") {
        let target = statement.lowerBound + 2
        if target < statement.upperBound, let uri = tokens[target].value { directives.partOf = uri }
      } else if let uri = second.value {
        directives.parts.append(uri)
      }
    case "import", "export":
      guard second.kind == .string, let uri = second.value else { return }
      var link = DartDirectives.Link(uri: uri)
      var list: String?
      var index = statement.lowerBound + 2
      while index < statement.upperBound {
        let token = tokens[index]
        if token.isPunctuation("("),
          let close = tokens[index..<statement.upperBound].firstIndex(where: {
            $0.isPunctuation(")")
          })
        {
          index = close + 2  // `if (dart.library.io) 'other.dart'`: the first URI is the one read.
          continue
        }
        if token.isIdentifier("as"), index + 1 < statement.upperBound {
          link.prefix = tokens[index + 1].text
          index += 2
          continue
        }
        if token.isIdentifier("show") || token.isIdentifier("hide") {
          list = token.text
          if token.text == "show" { link.shown = link.shown ?? [] }
        } else if token.kind == .identifier, list == "show" {
          link.shown?.insert(token.text)
        } else if token.kind == .identifier, list == "hide" {
          link.hidden.insert(token.text)
        }
        index += 1
      }
      if keyword == "import" { directives.imports.append(link) } else { directives.exports.append(link) }
    default:
      return
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

  /// `name = initializer` pairs of a `const` or `final` variable declaration statement (of any variable
  /// declaration, `var` and typed ones too, unless `constantsOnly`).
  private static func declarations(
    _ tokens: [DartToken], _ statement: Range<Int>, constantsOnly: Bool = true
  ) -> [(String, Range<Int>)] {
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
    guard isConstant || (!constantsOnly && equals - 1 > statement.lowerBound) else { return [] }
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
