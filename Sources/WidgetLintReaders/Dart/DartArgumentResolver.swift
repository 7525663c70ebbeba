import WidgetLintCore

/// What an argument is when it is not a string the file gives it.
enum DartUnfollowed {
  /// A parameter of the named function around the call: its calls say the value.
  case parameter(DartFunction, DartFunction.Parameter)
  /// A name the file does not declare (`kind`, `WidgetKinds.notes`, `kinds.notes`): another file may.
  case reference(owner: String?, name: String)
  /// Why the value is not known, as a note says it: "is the variable of a `for` loop".
  case reason(String)
}

/// Evaluates an argument's tokens to a string literal, following constant references: the locals and
/// parameters around the call first, then the class's and the file's constants.
struct DartArgumentResolver {
  let source: SourceText
  let tokens: [DartToken]
  let declarations: DartDeclarations
  let brackets: BracketTable
  let functions: [DartFunction]
  /// By name, so that a look-up costs the declarations of its name only.
  private let locals: [String: [DartDeclarations.Local]]
  private let functionsByParameter: [String: [Int]]
  /// `for (… name in …)` loops: the `(`, the end of the body, and what the loop goes through.
  private let loops: [String: [Loop]]

  private struct Loop {
    var open: Int
    var end: Int
    var iterable: Range<Int>
  }
  private static let maxReferenceDepth = 8

  init(source: SourceText, tokens: [DartToken], declarations: DartDeclarations, brackets: BracketTable) {
    self.source = source
    self.tokens = tokens
    self.declarations = declarations
    self.brackets = brackets
    let functions = DartFunction.all(tokens, brackets: brackets)
    self.functions = functions
    locals = Dictionary(grouping: declarations.locals, by: \.name)
    var byParameter: [String: [Int]] = [:]
    for (index, function) in functions.enumerated() {
      for parameter in function.parameters { byParameter[parameter.name, default: []].append(index) }
    }
    functionsByParameter = byParameter
    loops = Self.loops(tokens, brackets: brackets)
  }

  /// Every `for (… name in …)` loop, by its variable's name.
  private static func loops(_ tokens: [DartToken], brackets: BracketTable) -> [String: [Loop]] {
    var loops: [String: [Loop]] = [:]
    for index in tokens.indices where tokens[index].isIdentifier("for") {
      let open = index + 1
      guard open < tokens.count, tokens[open].isPunctuation("("), let close = brackets.closer[open] else { continue }
      var cursor = open + 2
      while cursor < close, !tokens[cursor].isIdentifier("in") {
        if BracketTable.opens(tokens[cursor]) { break }
        cursor += 1
      }
      guard cursor < close, tokens[cursor].isIdentifier("in"), tokens[cursor - 1].kind == .identifier else { continue }
      let bodyStart = close + 1
      let end =
        bodyStart < tokens.count && tokens[bodyStart].isPunctuation("{")
        ? (brackets.closer[bodyStart] ?? tokens.count) : brackets.expressionEnd(tokens, from: bodyStart)
      loops[tokens[cursor - 1].text, default: []].append(Loop(open: open, end: end, iterable: (cursor + 1)..<close))
    }
    return loops
  }

  /// The class, mixin, enum or extension whose body holds token `index`.
  func owner(of index: Int) -> String? {
    declarations.classBodies.filter { $0.tokens.contains(index) }.min { $0.tokens.count < $1.tokens.count }?.name
  }

  /// What a name means at a token: the innermost local, parameter or loop variable, else a constant.
  private enum Binding {
    case constant(Range<Int>)
    case local(DartDeclarations.Local)
    case parameter(DartFunction, DartFunction.Parameter)
    case loopVariable(Range<Int>)
  }

  /// The value of the expression `range` used at token `site`, or nil. `inBody`: the site may be in a
  /// function, where locals and parameters hide constants (a constant's initializer is not).
  func evaluate(_ range: Range<Int>, at site: Int, inBody: Bool = true, depth: Int = 0) -> Located<String>? {
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
      switch binding(tokens[range.lowerBound].text, at: site, inBody: inBody) {
      case .constant(let value):
        return evaluate(value, at: value.lowerBound, inBody: false, depth: depth + 1)
      case .local(let local) where local.isConstant:
        return evaluate(local.value, at: local.value.lowerBound, depth: depth + 1)
      default:
        return nil
      }
    }
    if range.count == 3, tokens[range.lowerBound].kind == .identifier, tokens[range.lowerBound + 1].isPunctuation("."),
      tokens[range.lowerBound + 2].kind == .identifier
    {
      let owner = tokens[range.lowerBound].text
      guard let value = declarations.members[owner]?[tokens[range.lowerBound + 2].text] else { return nil }
      return evaluate(value, at: value.lowerBound, inBody: false, depth: depth + 1)
    }
    return nil
  }

  /// The values a loop's variable takes, when the argument `range` at token `site` is one and the loop
  /// goes through a list of strings the file gives (`for (final kind in kinds)`, `const kinds = […]`).
  func loopValues(_ range: Range<Int>, at site: Int) -> [Located<String>]? {
    guard range.count == 1, tokens[range.lowerBound].kind == .identifier,
      case .loopVariable(let iterable)? = binding(tokens[range.lowerBound].text, at: site, inBody: true)
    else { return nil }
    return list(iterable, at: iterable.lowerBound, depth: 0)
  }

  /// The strings of a list literal (`const <String>['a', kind]`), or of the constant naming one.
  private func list(_ range: Range<Int>, at site: Int, depth: Int) -> [Located<String>]? {
    guard !range.isEmpty, depth <= Self.maxReferenceDepth else { return nil }
    if range.count == 1, tokens[range.lowerBound].kind == .identifier {
      switch binding(tokens[range.lowerBound].text, at: site, inBody: depth == 0) {
      case .constant(let value): return list(value, at: value.lowerBound, depth: depth + 1)
      case .local(let local) where local.isConstant:
        return list(local.value, at: local.value.lowerBound, depth: depth + 1)
      default: return nil
      }
    }
    var open = range.lowerBound
    if tokens[open].isIdentifier("const") { open += 1 }
    if open < range.upperBound, tokens[open].isPunctuation("<"), let end = brackets.typeArgumentsEnd[open] {
      open = end
    }
    guard open < range.upperBound, tokens[open].isPunctuation("["), brackets.closer[open] == range.upperBound - 1 else {
      return nil
    }
    var values: [Located<String>] = []
    var start = open + 1
    while start < range.upperBound - 1 {
      let end = min(brackets.expressionEnd(tokens, from: start), range.upperBound - 1)
      guard end > start, let value = evaluate(start..<end, at: site, inBody: depth == 0) else { return nil }
      values.append(value)
      start = end + 1
    }
    return values.isEmpty ? nil : values
  }

  /// What the expression `range` at token `site` is, when `evaluate` does not know its value.
  func unfollowed(_ range: Range<Int>, at site: Int, inBody: Bool = true, depth: Int = 0) -> DartUnfollowed {
    guard !range.isEmpty, depth <= Self.maxReferenceDepth else {
      return .reason("is a chain of constants too long to follow")
    }
    if tokens[range].allSatisfy({ $0.kind == .string }) {
      return .reason("is a string that interpolates values the app has when it runs")
    }
    if range.count == 1, tokens[range.lowerBound].kind == .identifier {
      let name = tokens[range.lowerBound].text
      switch binding(name, at: site, inBody: inBody) {
      case .constant(let value):
        return unfollowed(value, at: value.lowerBound, inBody: false, depth: depth + 1)
      case .local(let local) where local.isConstant:
        return unfollowed(local.value, at: local.value.lowerBound, depth: depth + 1)
      case .local:
        return .reason("is a local variable that is neither `const` nor `final`")
      case .parameter(let function, let parameter):
        guard function.name != nil else { return .reason("is a parameter of a closure, given when the app runs") }
        return .parameter(function, parameter)
      case .loopVariable:
        return .reason("is the variable of a `for` loop")
      case nil:
        return .reference(owner: nil, name: name)
      }
    }
    if range.count == 3, tokens[range.lowerBound].kind == .identifier, tokens[range.lowerBound + 1].isPunctuation("."),
      tokens[range.lowerBound + 2].kind == .identifier
    {
      let owner = tokens[range.lowerBound].text
      let name = tokens[range.lowerBound + 2].text
      guard let value = declarations.members[owner]?[name] else { return .reference(owner: owner, name: name) }
      return unfollowed(value, at: value.lowerBound, inBody: false, depth: depth + 1)
    }
    if range.count == 5,
      (0..<5).allSatisfy({
        $0.isMultiple(of: 2)
          ? tokens[range.lowerBound + $0].kind == .identifier : tokens[range.lowerBound + $0].isPunctuation(".")
      })
    {
      // `kinds.WidgetKinds.counter`: a class of a library imported with a prefix.
      let owner = "\(tokens[range.lowerBound].text).\(tokens[range.lowerBound + 2].text)"
      return .reference(owner: owner, name: tokens[range.lowerBound + 4].text)
    }
    if tokens[range].contains(where: { $0.isPunctuation("[") }) {
      return .reason("is a lookup the app makes when it runs")
    }
    if tokens[range].contains(where: { $0.isPunctuation("(") }) {
      return .reason("is what a call returns when the app runs")
    }
    return .reason("is an expression the app computes when it runs")
  }

  /// The declaration a bare name means at token `site`: the innermost local, parameter or loop
  /// variable around it, else a member of the enclosing class, a top-level declaration, or the one
  /// class member of that name in the file.
  private func binding(_ name: String, at site: Int, inBody: Bool) -> Binding? {
    var innermost: (start: Int, binding: Binding)?
    func consider(_ start: Int, _ binding: Binding) {
      if innermost.map({ start >= $0.start }) ?? true { innermost = (start, binding) }
    }
    if inBody { bindInBody(name, at: site, consider) }
    if let innermost { return innermost.binding }
    if let enclosing = owner(of: site), let value = declarations.members[enclosing]?[name] { return .constant(value) }
    if let value = declarations.topLevel[name] { return .constant(value) }
    let candidates = declarations.members.values.compactMap { $0[name] }
    if candidates.count == 1, let value = candidates.first { return .constant(value) }
    return nil
  }

  /// The locals, parameters and loop variables named `name` whose scope holds `site`, each with where
  /// its scope starts.
  private func bindInBody(_ name: String, at site: Int, _ consider: (Int, Binding) -> Void) {
    for local in locals[name] ?? [] where local.value.lowerBound < site {
      let end = brackets.closer[local.scopeOpen] ?? tokens.count
      if local.scopeOpen < site, site < end { consider(local.scopeOpen, .local(local)) }
    }
    for index in functionsByParameter[name] ?? [] where functions[index].body.contains(site) {
      if let parameter = functions[index].parameters.first(where: { $0.name == name }) {
        consider(functions[index].body.lowerBound - 1, .parameter(functions[index], parameter))
      }
    }
    for loop in loops[name] ?? [] where loop.open < site && site < loop.end {
      consider(loop.open, .loopVariable(loop.iterable))
    }
  }
}
