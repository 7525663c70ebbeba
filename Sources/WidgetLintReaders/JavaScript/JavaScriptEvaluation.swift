import WidgetLintCore

// MARK: - Evaluating expressions

extension JavaScriptConfigReader.Parser {
  /// A value an expression has: `undefined` reads as `.null`, marked so that comparisons tell it apart.
  struct Known {
    var value: Located<ConfigValue>
    var isUndefined = false
  }

  /// A plain scalar, for comparisons and conditions.
  enum Scalar: Equatable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case null
    case undefined
  }

  /// The parameters of the exported function: the first one (or the names a `{ config }` pattern takes
  /// from it) bound to the known argument, the others unknown.
  func parameterScope(_ parameters: Range<Int>, parent: JavaScriptConfigReader.Scope)
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
  func evaluate(
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

  func computedValue(_ start: Int, _ end: Int, _ pointer: JSONPointer) -> Known {
    Known(value: Located(.computed(text(start, end)), span: span(start, end), pointer: pointer))
  }

  /// The value of the tokens `start..<end`, nil when they are not a form read here (arithmetic, `!`,
  /// functions, `new`, …): the caller then keeps the whole expression computed.
  func expression(
    _ start: Int, _ end: Int, pointer: JSONPointer, scope: JavaScriptConfigReader.Scope, nesting: Int
  ) throws(JavaScriptConfigReader.ReadError) -> Known? {
    guard start < end else { return nil }
    var index = start
    guard let result = try conditional(&index, end, pointer, scope, nesting + 1), index == end else { return nil }
    return result
  }

  func conditional(
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

  static let precedence: [String: Int] = [
    "??": 1, "||": 1, "&&": 2, "===": 3, "!==": 3, "==": 3, "!=": 3, "+": 4,
  ]

  func binary(
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
  func combine(_ operation: String, _ left: Known, _ right: Known) -> Known? {
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

  static func truthiness(_ known: Known) -> Bool? {
    switch known.value.value {
    case .string(let text): return !text.isEmpty
    case .number: return scalar(known).map { $0 != .number(0) && $0 != .number(.nan) }
    case .bool(let flag): return flag
    case .null: return false
    case .array, .object: return true
    case .computed: return nil
    }
  }

  static func scalar(_ known: Known) -> Scalar? {
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

  static let notValues: Set<String> = [
    "function", "new", "typeof", "void", "await", "async", "class", "this", "delete", "yield", "super", "import",
    "in", "instanceof", "of",
  ]

  /// A primary value and its member accesses and calls: literals, names, `process.env.NAME`, `(…)`,
  /// and a plugin helper's call `withX(config, …)` read as its first argument.
  func postfix(
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
  func template(
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
  static func isPluginHelper(_ name: String) -> Bool {
    let scalars = Array(name.unicodeScalars)
    return scalars.count > 4 && name.hasPrefix("with") && ("A"..."Z").contains(scalars[4])
  }

  /// `process.env.NAME` (or `process.env["NAME"]`): the variable as the lint's environment has it.
  func processEnvironment(_ index: inout Int, _ start: Int, _ end: Int, _ pointer: JSONPointer) -> Known {
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
  func member(_ base: Known, _ key: String, _ start: Int, _ end: Int, _ pointer: JSONPointer) -> Known {
    guard case .object(let members) = base.value.value else { return computedValue(start, end, pointer) }
    if let found = members.last(where: { $0.key.value == key }) {
      return Known(value: repointed(found.value, to: pointer))
    }
    if members.contains(where: { $0.key.value == "..." }) { return computedValue(start, end, pointer) }
    return Known(value: Located(.null, span: span(start, end), pointer: pointer), isUndefined: true)
  }

  /// An element of a value, `groups[0]`: known for a known array (undefined past its end), computed
  /// otherwise.
  func element(_ base: Known, _ position: Int, _ start: Int, _ end: Int, _ pointer: JSONPointer) -> Known {
    guard case .array(let items) = base.value.value, position >= 0 else { return computedValue(start, end, pointer) }
    guard position < items.count else {
      return Known(value: Located(.null, span: span(start, end), pointer: pointer), isUndefined: true)
    }
    return Known(value: repointed(items[position], to: pointer))
  }

  /// The value of a name: a known parameter, or a variable bound once, before this use, and never changed.
  func resolve(
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
  func spreadMembers(
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
  func repointed(_ value: Located<ConfigValue>, to pointer: JSONPointer) -> Located<ConfigValue> {
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
