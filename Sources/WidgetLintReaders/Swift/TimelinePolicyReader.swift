import SwiftSyntax
import WidgetLintModel

/// Reads a `Timeline`'s reload policy, and the interval it implies when the code says it plainly:
/// `.after(date)` with a date a fixed time from now, `.atEnd` after the last of entries a loop dates, `.never`.
/// Entries are not reloads: only the reload date counts, so for `.atEnd` the interval is how far the last
/// entry is from now, not how far apart the entries are.
package enum TimelinePolicyReader {
  package typealias Locals = (String) -> ExprSyntax?

  /// The policy that `expression`, the `policy:` argument of `timeline`, names; nil when it is none
  /// of the three or is computed.
  package static func policy(
    _ expression: ExprSyntax, of timeline: FunctionCallExprSyntax
  ) -> (kind: WidgetCodeFacts.Policy.Kind, seconds: Int?)? {
    let function = enclosingFunction(of: timeline)
    let locals: Locals = { name in function.flatMap { localValue(name, in: $0) } }
    if let member = expression.as(MemberAccessExprSyntax.self), member.base == nil {
      switch member.declName.baseName.text {
      case "atEnd":
        if let loop = function.flatMap(loopSpacing(in:)) {
          // The reload comes after the last entry: its step times the spacing; unknown when the loop's
          // range is not plain.
          return (.atEnd, loop.lastStep.flatMap { wholeSeconds(Double($0) * loop.spacing) })
        }
        // One entry dated now, then reload at its end: a reload asked for at once, every time.
        return (.atEnd, onlyEntryIsDatedNow(timeline, locals: locals) ? 0 : nil)
      case "never": return (.never, nil)
      default: return nil
      }
    }
    var policy = expression
    if let name = WidgetCodeReader.referenceName(expression), let value = locals(name) { policy = value }
    guard let call = policy.as(FunctionCallExprSyntax.self), WidgetCodeReader.calleeMember(call) == "after",
      let date = call.arguments.first?.expression
    else { return nil }
    return (.after, offset(ofDate: date, locals: locals).flatMap(wholeSeconds))
  }

  /// An interval in whole seconds; nil (unknown) for one no `Int` holds, such as `1e30 * 60` or a
  /// literal too large to be finite, which converting would trap on.
  package static func wholeSeconds(_ interval: Double) -> Int? { Int(exactly: interval.rounded(.towardZero)) }

  /// The function, closure or accessor a node is in.
  package static func enclosingFunction(of node: some SyntaxProtocol) -> Syntax? {
    var current = node.parent
    while let candidate = current {
      if candidate.is(FunctionDeclSyntax.self) || candidate.is(ClosureExprSyntax.self)
        || candidate.is(AccessorBlockSyntax.self)
      {
        return candidate
      }
      current = candidate.parent
    }
    return nil
  }

  /// The initial value of the first `let name = …` inside a function. A `var` may be reassigned before
  /// it is used, so only constants are followed.
  package static func localValue(_ name: String, in function: Syntax) -> ExprSyntax? {
    let finder = LocalConstantFinder(name: name)
    finder.walk(function)
    return finder.value
  }

  package static let calendarUnits: [String: Int] = ["second": 1, "minute": 60, "hour": 3600, "day": 86_400]

  /// How far after now a date expression is, in seconds. Local constants are followed a few steps deep.
  package static func offset(ofDate expression: ExprSyntax, locals: Locals, depth: Int = 0) -> Double? {
    guard depth < 4 else { return nil }
    var expression = expression
    if let unwrap = expression.as(ForceUnwrapExprSyntax.self) { expression = unwrap.expression }
    // `.after(.now)`, `.after(Date())`: no time at all.
    if isNow(expression, locals: locals) { return 0 }
    if let name = WidgetCodeReader.referenceName(expression), let value = locals(name) {
      return offset(ofDate: value, locals: locals, depth: depth + 1)
    }
    if let (first, last) = binary(expression, "+"), isNow(first, locals: locals) {
      return number(last)
    }
    guard let call = expression.as(FunctionCallExprSyntax.self) else { return nil }
    let arguments = Array(call.arguments)
    if WidgetCodeReader.calleeName(call) == "Date", let argument = arguments.first,
      argument.label?.text == "timeIntervalSinceNow"
    {
      return number(argument.expression)
    }
    guard let member = call.calledExpression.as(MemberAccessExprSyntax.self) else { return nil }
    switch member.declName.baseName.text {
    case "addingTimeInterval":
      // Only an offset from now is an interval; `startOfDay(for:).addingTimeInterval(…)` is not.
      guard let base = member.base, isNow(base, locals: locals) else { return nil }
      return arguments.first.flatMap { number($0.expression, locals: locals) }
    case "date":
      guard arguments.count >= 3, arguments[0].label?.text == "byAdding", arguments[1].label?.text == "value",
        arguments[2].label?.text == "to", isNow(arguments[2].expression, locals: locals),
        let unit = arguments[0].expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text,
        let seconds = calendarUnits[unit], let value = number(arguments[1].expression)
      else { return nil }
      return value * Double(seconds)
    default:
      return nil
    }
  }

  /// `Date()`, `Date.now`, `.now`, or a local constant holding one of them.
  package static func isNow(_ expression: ExprSyntax, locals: Locals, depth: Int = 0) -> Bool {
    guard depth < 4 else { return false }
    if let call = expression.as(FunctionCallExprSyntax.self), WidgetCodeReader.calleeName(call) == "Date",
      call.arguments.isEmpty, call.trailingClosure == nil
    {
      return true
    }
    if let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "now" {
      guard let base = member.base else { return true }
      return WidgetCodeReader.referenceName(base) == "Date"
    }
    if let name = WidgetCodeReader.referenceName(expression), let value = locals(name) {
      return isNow(value, locals: locals, depth: depth + 1)
    }
    return false
  }

  /// The spacing of dates built in a `for i in …` loop: `date(byAdding: .minute, value: i * N, …)` or
  /// `addingTimeInterval(Double(i) * N)`, and the loop variable's last value when its range is plain
  /// (`0..<60`, `1...12`). The first loop over a plain name that builds such a date wins.
  package static func loopSpacing(in function: Syntax) -> (spacing: Double, lastStep: Int?)? {
    let finder = LoopSpacingFinder(viewMode: .sourceAccurate)
    finder.walk(function)
    return finder.spacing.map { ($0, finder.lastStep) }
  }

  /// The last value of `a..<b` (b - 1) or `a...b` (b), of integer literals; nil for anything else or an
  /// empty range.
  package static func lastValue(ofRange expression: ExprSyntax) -> Int? {
    var expression = expression
    if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
      expression = only.expression
    }
    guard let elements = expression.as(SequenceExprSyntax.self)?.elements, elements.count == 3 else { return nil }
    let parts = Array(elements)
    guard let op = parts[1].as(BinaryOperatorExprSyntax.self)?.operator.text,
      let lower = number(parts[0]).flatMap(wholeSeconds), let upper = number(parts[2]).flatMap(wholeSeconds)
    else { return nil }
    let last: Int
    switch op {
    case "..<": last = upper - 1
    case "...": last = upper
    default: return nil
    }
    return last >= lower ? last : nil
  }

  /// The spacing of the first date a loop's body builds from its variable.
  package static func dateSpacing(in body: CodeBlockSyntax, variable: String) -> Double? {
    let finder = DateSpacingFinder(variable: variable)
    finder.walk(body)
    return finder.spacing
  }

  /// A number, or a local constant holding one (`let interval = 15 * 60`).
  package static func number(_ expression: ExprSyntax, locals: Locals) -> Double? {
    if let value = number(expression) { return value }
    guard let name = WidgetCodeReader.referenceName(expression), let value = locals(name) else { return nil }
    return number(value)
  }

  /// Whether a timeline's `entries:` is one entry whose `date:` is now, written in place or through a
  /// local constant (`let entry = SimpleEntry(date: .now)`).
  package static func onlyEntryIsDatedNow(_ timeline: FunctionCallExprSyntax, locals: Locals) -> Bool {
    guard let entries = timeline.arguments.first(where: { $0.label?.text == "entries" })?.expression,
      let array = entries.as(ArrayExprSyntax.self), array.elements.count == 1,
      var entry = array.elements.first?.expression
    else { return false }
    if let name = WidgetCodeReader.referenceName(entry), let value = locals(name) { entry = value }
    guard let construction = entry.as(FunctionCallExprSyntax.self),
      let date = construction.arguments.first(where: { $0.label?.text == "date" })?.expression
    else { return false }
    return isNow(date, locals: locals)
  }

  /// The value of an arithmetic expression of number literals (`15 * 60`, `TimeInterval(900)`).
  package static func number(_ expression: ExprSyntax) -> Double? {
    if let integer = expression.as(IntegerLiteralExprSyntax.self) { return number(literal: integer.literal.text) }
    if let float = expression.as(FloatLiteralExprSyntax.self) { return number(literal: float.literal.text) }
    if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
      return number(only.expression)
    }
    if let call = expression.as(FunctionCallExprSyntax.self), let callee = WidgetCodeReader.calleeName(call),
      ["TimeInterval", "Double", "Int", "Float"].contains(callee), call.arguments.count == 1,
      let argument = call.arguments.first, argument.label == nil
    {
      return number(argument.expression)
    }
    if let sequence = expression.as(SequenceExprSyntax.self) {
      return arithmetic(Array(sequence.elements))
    }
    return nil
  }

  /// A number literal's value, its `_` separators left out.
  private static func number(literal: String) -> Double? {
    Double(literal.filter { $0 != "_" })
  }

  /// Evaluates `a * b + c`, a sequence as the parser leaves it (operators not folded): products first,
  /// then sums.
  private static func arithmetic(_ elements: [ExprSyntax]) -> Double? {
    guard elements.count % 2 == 1, var current = number(elements[0]) else { return nil }
    var sum = 0.0
    var index = 1
    while index < elements.count {
      guard let op = elements[index].as(BinaryOperatorExprSyntax.self)?.operator.text,
        let value = number(elements[index + 1])
      else { return nil }
      switch op {
      case "*": current *= value
      case "+":
        sum += current
        current = value
      case "-":
        sum += current
        current = -value
      default: return nil
      }
      index += 2
    }
    return sum + current
  }

  /// `a op b`: a sequence of three elements whose operator is `op`.
  package static func binary(_ expression: ExprSyntax, _ op: String) -> (ExprSyntax, ExprSyntax)? {
    guard let elements = expression.as(SequenceExprSyntax.self)?.elements, elements.count == 3 else { return nil }
    let operands = Array(elements)
    guard operands[1].as(BinaryOperatorExprSyntax.self)?.operator.text == op else { return nil }
    return (operands[0], operands[2])
  }
}

/// Finds the first `let name = value` below a function.
private final class LocalConstantFinder: SyntaxVisitor {
  let name: String
  var value: ExprSyntax?

  init(name: String) {
    self.name = name
    super.init(viewMode: .sourceAccurate)
  }

  override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
    guard value == nil else { return .skipChildren }
    // A binding's parent is the declaration's binding list.
    let isConstant = node.parent?.parent?.as(VariableDeclSyntax.self)?.bindingSpecifier.tokenKind == .keyword(.let)
    if isConstant, node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
      value = node.initializer?.value
    }
    return .visitChildren
  }
}

/// Finds the first `for` loop over a plain name whose body builds dates spaced by a fixed interval.
private final class LoopSpacingFinder: SyntaxVisitor {
  var spacing: Double?
  var lastStep: Int?

  override func visit(_ node: ForStmtSyntax) -> SyntaxVisitorContinueKind {
    guard spacing == nil else { return .skipChildren }
    guard let variable = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else {
      // The loops inside one over a pattern are still looked at.
      return .visitChildren
    }
    spacing = TimelinePolicyReader.dateSpacing(in: node.body, variable: variable)
    if spacing != nil { lastStep = TimelinePolicyReader.lastValue(ofRange: node.sequence) }
    return .skipChildren
  }
}

/// Finds the first date built from a loop's variable: `now.addingTimeInterval(Double(i) * 30)` or
/// `Calendar.current.date(byAdding: .minute, value: i * 15, to: now)`.
private final class DateSpacingFinder: SyntaxVisitor {
  let variable: String
  var spacing: Double?

  init(variable: String) {
    self.variable = variable
    super.init(viewMode: .sourceAccurate)
  }

  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    guard spacing == nil else { return .skipChildren }
    guard let member = WidgetCodeReader.calleeMember(node) else { return .visitChildren }
    let arguments = Array(node.arguments)
    if member == "addingTimeInterval", let argument = arguments.first, let value = factor(argument.expression) {
      spacing = value
    } else if member == "date", arguments.count >= 3, arguments[0].label?.text == "byAdding",
      arguments[1].label?.text == "value",
      let unit = arguments[0].expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text,
      let seconds = TimelinePolicyReader.calendarUnits[unit], let value = factor(arguments[1].expression)
    {
      spacing = value * Double(seconds)
    }
    return .visitChildren
  }

  /// How many seconds one step of the variable is in `expression`: 1 for the variable itself
  /// (`i`, `Double(i)`), N for `i * N` or `N * i`.
  func factor(_ expression: ExprSyntax) -> Double? {
    var expression = expression
    if let call = expression.as(FunctionCallExprSyntax.self), let callee = WidgetCodeReader.calleeName(call),
      callee == "Double" || callee == "TimeInterval", let only = call.arguments.first
    {
      expression = only.expression
    }
    if WidgetCodeReader.referenceName(expression) == variable { return 1 }
    guard let (first, last) = TimelinePolicyReader.binary(expression, "*") else { return nil }
    if factor(first) == 1, let value = TimelinePolicyReader.number(last) { return value }
    if factor(last) == 1, let value = TimelinePolicyReader.number(first) { return value }
    return nil
  }
}
