import WidgetLintCore

extension JavaScriptConfigReader {
  // MARK: - Reading the export

  /// Where an expression may end.
  struct Context {
    /// A `,` at the expression's level ends it (in lists and declarations).
    var commaEnds: Bool
    /// A line break ends it where a statement could (automatic semicolon insertion).
    var lineBreakEnds: Bool

    static let statement = Context(commaEnds: false, lineBreakEnds: true)
    static let declarator = Context(commaEnds: true, lineBreakEnds: true)
    package static let list = Context(commaEnds: true, lineBreakEnds: false)
  }

  struct Binding {
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
  final class Budget {
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

  final class Scope {
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

  static let controlKeywords: Set<String> = ["if", "for", "while", "with", "switch", "catch"]
  static let literalWords: Set<String> = ["true", "false", "null", "undefined"]

  struct Parser {
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

    static let assignments: Set<String> = [
      "=", "+=", "-=", "*=", "/=", "%=", "**=", "<<=", ">>=", ">>>=", "&=", "|=", "^=", "&&=", "||=", "??=",
      "++", "--",
    ]

    /// The names a statement may change after they are bound (one pass: each member chain is walked
    /// once from the name that starts it, brackets skipped through their partners).
    static func changedNames(_ tokens: [Token], partner: [Int]) -> Set<String> {
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

    static func text(of kind: TokenKind) -> String {
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
    static func isReference(_ index: Int, in tokens: [Token]) -> Bool {
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
    func kind(_ index: Int) -> TokenKind { tokens.indices.contains(index) ? tokens[index].kind : .end }

    func isPunctuator(_ index: Int, _ text: String) -> Bool { kind(index) == .punctuator(text) }

    func identifier(_ index: Int) -> String? {
      if case .identifier(let name) = kind(index) { return name }
      return nil
    }

    func isOpener(_ index: Int) -> Bool {
      guard case .punctuator(let text) = kind(index) else { return false }
      return text == "(" || text == "[" || text == "{"
    }

    func isCloser(_ index: Int) -> Bool {
      guard case .punctuator(let text) = kind(index) else { return false }
      return text == ")" || text == "]" || text == "}"
    }

    /// The span from the start of token `first` to the end of the token before `end`.
    func span(_ first: Int, _ end: Int) -> SourceSpan {
      SourceSpan(file: source, start: tokens[first].start, end: tokens[max(first, end - 1)].end)
    }

    func text(_ first: Int, _ end: Int) -> String {
      let span = span(first, end)
      return String(decoding: source.bytes[span.start..<span.end], as: UTF8.self)
    }

    func error(_ message: String, at index: Int) -> ReadError {
      let token = tokens[min(index, tokens.count - 1)]
      return ReadError(message: message, start: token.start, end: token.end)
    }

    func describe(_ index: Int) -> String {
      switch kind(index) {
      case .end: return "the end of the file"
      case .punctuator(let text), .identifier(let text): return "'\(text)'"
      default: return "'\(text(index, index + 1))'"
      }
    }

    /// True when the token can end an expression (so a line break after it may end the statement).
    func endsExpression(_ index: Int) -> Bool {
      switch kind(index) {
      case .identifier(let word): return !JavaScriptConfigReader.wordsBeforeExpression.contains(word)
      case .string, .template, .number, .regex, .jsx: return true
      case .punctuator(let text): return [")", "]", "}", "++", "--"].contains(text)
      case .end: return false
      }
    }

    /// True when the token, after a line break, continues the expression before it.
    func continuesExpression(_ index: Int) -> Bool {
      switch kind(index) {
      case .punctuator(let text): return !["{", "++", "--", "!", "~"].contains(text)
      case .template: return true
      case .identifier(let word): return word == "in" || word == "instanceof"
      default: return false
      }
    }

    func isTerminator(_ index: Int, _ context: Context, expressionStart: Int) -> Bool {
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
    func isMissingOperator(between previous: Int, and next: Int) -> Bool {
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
    func skipExpression(_ start: Int, _ context: Context) throws(ReadError) -> Int {
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
    func startsStatement(_ index: Int, blockOpen: Int?) -> Bool {
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
    func bindings(in range: Range<Int>, blockOpen: Int?) throws(ReadError) -> [String: [Binding]] {
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

    enum FunctionShape {
      /// An arrow function with an expression body.
      case expressionBody(parameters: Range<Int>, body: Int)
      /// A function with a block body from `open` to `close` (its braces).
      case blockBody(parameters: Range<Int>, open: Int, close: Int)
      /// async or a generator: it returns a promise or an iterator, never the config itself.
      case other(end: Int)
    }

    /// The function expression starting at `index`, if it is one.
    func function(at index: Int) -> FunctionShape? {
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

    func parameterNames(_ range: Range<Int>) -> Set<String> {
      Set(range.compactMap { identifier($0) })
    }

    /// The exported value: an object, a function returning one, or a name bound to either.
    func exported(
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

    func computed(
      _ start: Int, _ context: Context
    ) throws(ReadError) -> (value: Located<ConfigValue>, end: Int) {
      let end = try skipExpression(start, context)
      return (Located(.computed(text(start, end)), span: span(start, end), pointer: .root), end)
    }

    /// What a function body returns: the value of its one unconditional top-level `return`, or nil when
    /// that is not known without running it.
    func returned(
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
    func isFunctionBody(_ index: Int) -> Bool {
      let previous = index - 1
      if isPunctuator(previous, "=>") { return true }
      guard isPunctuator(previous, ")") else { return false }
      guard let owner = identifier(partner[previous] - 1) else { return false }
      return !JavaScriptConfigReader.controlKeywords.contains(owner)
    }

    // MARK: Values

    /// A value in an object or array (or the export itself): a literal read as data, or `.computed`.
    func value(
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

    func object(_ open: Int, pointer: JSONPointer, scope: Scope, nesting: Int) throws(ReadError)
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

    func isPropertyName(_ index: Int) -> Bool {
      switch kind(index) {
      case .identifier, .string, .number, .punctuator("["), .punctuator("*"): return true
      default: return false
      }
    }

    /// The key at `index`; `keyEnd` becomes the index past it. A computed key `[k]` whose value is not a
    /// literal reads as "...", as a spread does, since it may name any member.
    func propertyName(_ index: Int, computedKey: inout Bool, keyEnd: inout Int) throws(ReadError) -> String {
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

    func array(_ open: Int, pointer: JSONPointer, scope: Scope, nesting: Int) throws(ReadError)
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
