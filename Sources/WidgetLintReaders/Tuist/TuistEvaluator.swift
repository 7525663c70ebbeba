import SwiftSyntax
import WidgetLintCore

/// Works out what a Tuist manifest's expressions stand for, as data: literals, arrays and dictionaries,
/// strings joined with `+` or interpolation, the constants and static members the manifest and its
/// helpers declare, helper functions and computed properties whose body is one value (with their
/// parameters bound to the arguments of the call), and calls of ProjectDescription's API, kept as
/// calls with their arguments worked out. Nothing is compiled or run. What cannot be worked out this
/// way (a call of code it does not see, `Environment`, a body with statements) is `.unknown`, saying
/// why.
package final class TuistEvaluator {
  package let declarations: TuistDeclarations
  /// Calls and constants nested deeper than this are not followed (a helper calling itself).
  package static let maxDepth = 32
  /// Expressions worked out per manifest, at most: helpers that call helpers twice over could otherwise
  /// take time exponential in their nesting. What is left past it is unknown.
  package static let maxSteps = 50_000

  private var depth = 0
  /// The expressions worked out so far.
  package private(set) var steps = 0
  private var inProgress: Set<String> = []
  private var constants: [String: Located<TuistValue>] = [:]

  package init(declarations: TuistDeclarations) { self.declarations = declarations }

  /// Where an expression is evaluated: its file, the values a helper's parameters and local constants
  /// are bound to, and the type whose static member holds it (for the names it uses unqualified).
  package struct Scope {
    package var file: SourceText
    package var bindings: [String: Located<TuistValue>] = [:]
    package var enclosingType: String?

    package init(file: SourceText, bindings: [String: Located<TuistValue>] = [:], enclosingType: String? = nil) {
      self.file = file
      self.bindings = bindings
      self.enclosingType = enclosingType
    }
  }

  /// The type an argument of the API is, by its label, for the implicit members written in it
  /// (`infoPlist: .widget` names `InfoPlist.widget`); an array's elements are of the same type.
  package static let argumentTypes: [String: String] = [
    "targets": "Target", "infoPlist": "InfoPlist", "entitlements": "Entitlements", "settings": "Settings",
    "deploymentTargets": "DeploymentTargets", "deploymentTarget": "DeploymentTarget", "destinations": "Destinations",
    "product": "Product", "sources": "SourceFilesList", "dependencies": "TargetDependency",
    "configurations": "Configuration", "base": "SettingsDictionary", "debug": "SettingsDictionary",
    "release": "SettingsDictionary", "platform": "Platform", "projects": "Path", "buildableFolders": "BuildableFolder",
    "packages": "Package",
  ]

  /// The value an expression stands for. `expected` is the type the context gives it, when known.
  package func evaluate(_ expression: ExprSyntax, in scope: Scope, expected: String? = nil) -> Located<TuistValue> {
    let span = SourceSpan(expression, in: scope.file)
    func located(_ value: TuistValue) -> Located<TuistValue> { Located(value, span: span, pointer: .root) }
    func unknown(_ reason: String) -> Located<TuistValue> {
      located(.unknown(TuistUnknown(text: expression.trimmedDescription, reason: reason)))
    }
    guard depth < Self.maxDepth else { return unknown("values nested too deep to follow") }
    steps += 1
    guard steps <= Self.maxSteps else { return unknown("a manifest that takes too much work to read") }
    depth += 1
    defer { depth -= 1 }

    if let literal = expression.as(StringLiteralExprSyntax.self) {
      return string(literal, in: scope, span: span)
    }
    if let integer = expression.as(IntegerLiteralExprSyntax.self) { return located(.number(integer.literal.text)) }
    if let float = expression.as(FloatLiteralExprSyntax.self) { return located(.number(float.literal.text)) }
    if let boolean = expression.as(BooleanLiteralExprSyntax.self) {
      return located(.bool(boolean.literal.tokenKind == .keyword(.true)))
    }
    if expression.is(NilLiteralExprSyntax.self) { return located(.null) }
    if let array = expression.as(ArrayExprSyntax.self) {
      return located(.array(array.elements.map { evaluate($0.expression, in: scope, expected: expected) }))
    }
    if let dictionary = expression.as(DictionaryExprSyntax.self) {
      return self.dictionary(dictionary, in: scope, span: span)
    }
    if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, tuple.elements.first?.label == nil,
      let inner = tuple.elements.first?.expression
    {
      return evaluate(inner, in: scope, expected: expected)
    }
    if let sequence = expression.as(SequenceExprSyntax.self) {
      return self.sequence(sequence, in: scope, span: span, expected: expected)
    }
    if let reference = expression.as(DeclReferenceExprSyntax.self) {
      return name(reference.baseName.text, in: scope, span: span, expression: expression)
    }
    if let member = expression.as(MemberAccessExprSyntax.self) {
      return self.member(member, in: scope, span: span, expected: expected)
    }
    if let call = expression.as(FunctionCallExprSyntax.self) {
      return self.call(call, in: scope, span: span, expected: expected)
    }
    return unknown("an expression widgetlint does not work out")
  }

  // MARK: Literals

  private func string(_ literal: StringLiteralExprSyntax, in scope: Scope, span: SourceSpan) -> Located<TuistValue> {
    func unknown(_ reason: String) -> Located<TuistValue> {
      Located(.unknown(TuistUnknown(text: literal.trimmedDescription, reason: reason)), span: span, pointer: .root)
    }
    if literal.openingQuote.tokenKind == .multilineStringQuote { return unknown("a multi-line string") }
    let isRaw = literal.openingPounds != nil
    var text = ""
    for segment in literal.segments {
      if let plain = segment.as(StringSegmentSyntax.self) {
        guard let part = isRaw ? plain.content.text : Self.unescaped(plain.content.text) else {
          return unknown("a string with an escape widgetlint does not read")
        }
        text += part
      } else if let interpolation = segment.as(ExpressionSegmentSyntax.self) {
        guard interpolation.expressions.count == 1, let inner = interpolation.expressions.first,
          inner.label == nil
        else {
          return unknown("an interpolation widgetlint does not work out")
        }
        let value = evaluate(inner.expression, in: scope)
        switch value.value {
        case .string(let part), .number(let part): text += part
        case .unknown(let cause):
          return unknown("an interpolation of '\(inner.expression.trimmedDescription)', \(cause.reason)")
        default:
          return unknown("an interpolation of '\(inner.expression.trimmedDescription)', which is not a string")
        }
      }
    }
    return Located(.string(text), span: span, pointer: .root)
  }

  /// The text of a string segment with its escapes decoded; nil for an escape it does not know.
  package static func unescaped(_ raw: String) -> String? {
    guard raw.contains("\\") else { return raw }
    var result = ""
    var characters = raw.unicodeScalars.makeIterator()
    while let scalar = characters.next() {
      guard scalar == "\\" else {
        result.unicodeScalars.append(scalar)
        continue
      }
      switch characters.next() {
      case "\\": result += "\\"
      case "\"": result += "\""
      case "'": result += "'"
      case "n": result += "\n"
      case "t": result += "\t"
      case "r": result += "\r"
      case "0": result += "\0"
      case "u":
        guard characters.next() == "{" else { return nil }
        var hex = ""
        while let digit = characters.next(), digit != "}" { hex.unicodeScalars.append(digit) }
        guard let code = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(code) else { return nil }
        result.unicodeScalars.append(decoded)
      default: return nil
      }
    }
    return result
  }

  private func dictionary(_ dictionary: DictionaryExprSyntax, in scope: Scope, span: SourceSpan) -> Located<TuistValue>
  {
    guard case .elements(let elements) = dictionary.content else {
      return Located(.dictionary([]), span: span, pointer: .root)
    }
    var members: [(key: Located<String>, value: Located<TuistValue>)] = []
    for element in elements {
      let key = evaluate(element.key, in: scope)
      let value = evaluate(element.value, in: scope)
      if let text = key.stringValue {
        members.append((text, value))
      } else {
        // A key not known may be any key: written as `...`, as the other readers mark what may set any.
        let reason = key.value.unknown?.reason ?? "a key that is not a string"
        members.append(
          (
            Located("...", span: key.span, pointer: .root),
            Located(
              .unknown(TuistUnknown(text: element.key.trimmedDescription, reason: reason)), span: key.span,
              pointer: .root)
          ))
      }
    }
    return Located(.dictionary(members), span: span, pointer: .root)
  }

  /// `a + b + …`: strings joined, arrays concatenated. Other operators are not worked out.
  private func sequence(_ sequence: SequenceExprSyntax, in scope: Scope, span: SourceSpan, expected: String?)
    -> Located<TuistValue>
  {
    func unknown(_ reason: String) -> Located<TuistValue> {
      Located(.unknown(TuistUnknown(text: sequence.trimmedDescription, reason: reason)), span: span, pointer: .root)
    }
    let elements = Array(sequence.elements)
    guard elements.count >= 3, elements.count % 2 == 1 else {
      return unknown("an expression widgetlint does not work out")
    }
    var result = evaluate(elements[0], in: scope, expected: expected)
    var index = 1
    while index < elements.count {
      guard let operation = elements[index].as(BinaryOperatorExprSyntax.self), operation.operator.text == "+" else {
        return unknown("an operator widgetlint does not work out")
      }
      let right = evaluate(elements[index + 1], in: scope, expected: expected)
      switch (result.value, right.value) {
      case (.string(let left), .string(let other)): result = Located(.string(left + other), span: span, pointer: .root)
      case (.array(let left), .array(let other)): result = Located(.array(left + other), span: span, pointer: .root)
      case (.unknown(let cause), _), (_, .unknown(let cause)): return unknown(cause.reason)
      default: return unknown("a '+' of values that are not strings or arrays")
      }
      index += 2
    }
    return result
  }

  // MARK: Names

  /// A name written alone: a parameter or local constant, a static member of the enclosing type, a
  /// constant of the manifest or its helpers.
  private func name(_ name: String, in scope: Scope, span: SourceSpan, expression: ExprSyntax) -> Located<TuistValue> {
    if let bound = scope.bindings[name] { return bound }
    var candidates: [String] = []
    if var type = scope.enclosingType {
      // `Outer.Inner` sees its own members and those of `Outer`.
      while true {
        candidates.append(type + "." + name)
        guard let dot = type.lastIndex(of: ".") else { break }
        type = String(type[..<dot])
      }
    }
    candidates.append(name)
    for key in candidates where !declarations.entries(named: key).isEmpty {
      return value(of: key, span: span, expression: expression)
    }
    let reason =
      name == "Environment"
      ? "a value of the environment Tuist runs in" : "'\(name)' is not a constant of the manifest or its helpers"
    return Located(
      .unknown(TuistUnknown(text: expression.trimmedDescription, reason: reason)), span: span, pointer: .root)
  }

  /// The value of a declaration by its key, read once.
  private func value(of key: String, span: SourceSpan, expression: some SyntaxProtocol) -> Located<TuistValue> {
    func unknown(_ reason: String) -> Located<TuistValue> {
      Located(.unknown(TuistUnknown(text: expression.trimmedDescription, reason: reason)), span: span, pointer: .root)
    }
    guard let entry = declarations.entry(named: key) else { return unknown("'\(key)' is declared more than once") }
    if let known = constants[key] { return known }
    guard !inProgress.contains(key) else { return unknown("'\(key)' is defined by itself") }
    inProgress.insert(key)
    defer { inProgress.remove(key) }
    let scope = Scope(file: entry.file, enclosingType: entry.enclosingType)
    let result: Located<TuistValue>
    switch entry.declaration {
    case .constant(let initializer, let type):
      result = evaluate(initializer, in: scope, expected: type)
    case .function(let parameters, let body, let type):
      guard parameters.isEmpty else { return unknown("'\(key)' is a function, not a value") }
      result = evaluateBody(body, in: scope, expected: type, name: key, span: span, expression: expression)
    case .variable:
      return unknown("'\(key)' is a variable")
    case .enumCase(let rawValue):
      guard let rawValue else {
        let name = key.split(separator: ".").last.map(String.init) ?? key
        return Located(.string(name), span: span, pointer: .root)
      }
      result = evaluate(rawValue, in: scope)
    }
    constants[key] = result
    return result
  }

  /// A helper's body: local constants, then one value (`return value`, or the value alone).
  private func evaluateBody(
    _ body: CodeBlockItemListSyntax, in outer: Scope, expected: String?, name: String, span: SourceSpan,
    expression: some SyntaxProtocol
  ) -> Located<TuistValue> {
    var scope = outer
    let items = Array(body)
    for (index, item) in items.enumerated() {
      let isLast = index == items.count - 1
      switch item.item {
      case .decl(let decl):
        guard let variable = decl.as(VariableDeclSyntax.self), variable.bindingSpecifier.tokenKind == .keyword(.let),
          !isLast
        else { break }
        var bound = true
        for binding in variable.bindings {
          guard let local = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            let value = binding.initializer?.value
          else {
            bound = false
            break
          }
          scope.bindings[local] = evaluate(
            value, in: scope, expected: binding.typeAnnotation.map { TuistDeclarations.typeName($0.type) })
        }
        if bound { continue }
      case .stmt(let statement):
        if isLast, let returned = statement.as(ReturnStmtSyntax.self), let value = returned.expression {
          return evaluate(value, in: scope, expected: expected)
        }
        // `guard withTests else { return [target] }` or `if isMac { return [] }`: a condition the call's
        // arguments decide.
        if !isLast, let early = earlyReturn(statement, in: scope) {
          guard let returned = early else { continue }
          return evaluate(returned, in: scope, expected: expected)
        }
      case .expr(let value):
        if !isLast, let early = earlyReturn(value, in: scope) {
          guard let returned = early else { continue }
          return evaluate(returned, in: scope, expected: expected)
        }
        if isLast { return evaluate(value, in: scope, expected: expected) }
      }
      break
    }
    return Located(
      .unknown(
        TuistUnknown(text: expression.trimmedDescription, reason: "'\(name)' is code, not one literal value")),
      span: span, pointer: .root)
  }

  /// A `guard` or an `if` without `else` whose one condition the scope knows and whose exit is one
  /// `return value`: `.some(value)` when it returns, `.some(nil)` when the body goes on; nil otherwise.
  private func earlyReturn(_ statement: some SyntaxProtocol, in scope: Scope) -> ExprSyntax?? {
    if let guarded = statement.as(GuardStmtSyntax.self), let holds = condition(guarded.conditions, in: scope) {
      if holds { return .some(nil) }
      return onlyReturn(guarded.body.statements).map { .some($0) }
    }
    let branch =
      statement.as(ExpressionStmtSyntax.self)?.expression.as(IfExprSyntax.self) ?? statement.as(IfExprSyntax.self)
    if let branch, branch.elseBody == nil,
      let holds = condition(branch.conditions, in: scope)
    {
      if !holds { return .some(nil) }
      return onlyReturn(branch.body.statements).map { .some($0) }
    }
    return nil
  }

  /// A condition of `guard` or `if` that is one Boolean the scope knows (`withTests`, `!isMac`); nil
  /// when it is anything else.
  private func condition(_ conditions: ConditionElementListSyntax, in scope: Scope) -> Bool? {
    guard conditions.count == 1, case .expression(var expression) = conditions.first?.condition else { return nil }
    var negated = false
    if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
      negated = true
      expression = prefix.expression
    }
    guard case .bool(let value) = evaluate(expression, in: scope).value else { return nil }
    return value != negated
  }

  /// The value of a block that is one `return value`.
  private func onlyReturn(_ statements: CodeBlockItemListSyntax) -> ExprSyntax? {
    guard statements.count == 1, case .stmt(let statement) = statements.first?.item else { return nil }
    return statement.as(ReturnStmtSyntax.self)?.expression
  }

  // MARK: Members and calls

  /// The qualified type name an expression spells (`Target`, `Constants.Groups`), or nil when it is no
  /// capitalised name.
  private func typePath(_ expression: ExprSyntax) -> String? {
    if let reference = expression.as(DeclReferenceExprSyntax.self) {
      let name = reference.baseName.text
      return name.first?.isUppercase == true ? name : nil
    }
    if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base, let outer = typePath(base) {
      let name = member.declName.baseName.text
      return name.first?.isUppercase == true ? outer + "." + name : nil
    }
    return nil
  }

  private func member(_ member: MemberAccessExprSyntax, in scope: Scope, span: SourceSpan, expected: String?)
    -> Located<TuistValue>
  {
    let name = member.declName.baseName.text
    func unknown(_ reason: String) -> Located<TuistValue> {
      Located(.unknown(TuistUnknown(text: member.trimmedDescription, reason: reason)), span: span, pointer: .root)
    }
    guard let base = member.base else {
      // `.name`: a static member of the type the context expects, else a member of the API.
      if let expected, !declarations.entries(named: expected + "." + name).isEmpty {
        return value(of: expected + "." + name, span: span, expression: member)
      }
      return Located(.member(name), span: span, pointer: .root)
    }
    if let type = typePath(base) {
      if type == "Environment" { return unknown("a value of the environment Tuist runs in") }
      let key = (type == "Self" ? scope.enclosingType ?? type : type) + "." + name
      if !declarations.entries(named: key).isEmpty { return value(of: key, span: span, expression: member) }
      if declarations.types.contains(type) { return unknown("'\(key)' is not a static constant widgetlint reads") }
      if scope.bindings[type] == nil, declarations.entries(named: type).isEmpty {
        return Located(.member(name), span: span, pointer: .root)
      }
    }
    // A member of a value: an enum case's raw value.
    let value = evaluate(base, in: scope)
    // An enum case's raw value is its literal, where a finding about it points.
    if name == "rawValue", case .string = value.value { return value }
    if case .unknown(let cause) = value.value { return unknown(cause.reason) }
    return unknown("a property widgetlint does not work out")
  }

  private func call(_ call: FunctionCallExprSyntax, in scope: Scope, span: SourceSpan, expected: String?)
    -> Located<TuistValue>
  {
    func unknown(_ reason: String) -> Located<TuistValue> {
      Located(.unknown(TuistUnknown(text: call.trimmedDescription, reason: reason)), span: span, pointer: .root)
    }
    guard call.trailingClosure == nil, call.additionalTrailingClosures.isEmpty else {
      return unknown("a call with a closure")
    }
    let callee = call.calledExpression
    if let member = callee.as(MemberAccessExprSyntax.self) {
      let name = member.declName.baseName.text
      guard let base = member.base else {
        if let expected, !declarations.entries(named: expected + "." + name).isEmpty {
          return invoke(expected + "." + name, call, in: scope, span: span)
        }
        return apiCall(name, base: expected, call, in: scope, span: span)
      }
      if let type = typePath(base), scope.bindings[type] == nil, declarations.entries(named: type).isEmpty {
        if type == "Environment" { return unknown("a value of the environment Tuist runs in") }
        let owner = type == "Self" ? scope.enclosingType ?? type : type
        if !declarations.entries(named: owner + "." + name).isEmpty {
          return invoke(owner + "." + name, call, in: scope, span: span)
        }
        if declarations.types.contains(owner) {
          return unknown("'\(owner).\(name)' is not a function widgetlint reads")
        }
        return apiCall(name, base: owner, call, in: scope, span: span)
      }
      return method(name, on: evaluate(base, in: scope), call, in: scope, span: span)
    }
    if let reference = callee.as(DeclReferenceExprSyntax.self) {
      let name = reference.baseName.text
      // In a type's method, `make(…)` is first the type's own static method (Swift looks there first).
      if var type = scope.enclosingType {
        while true {
          if !declarations.entries(named: type + "." + name).isEmpty {
            return invoke(type + "." + name, call, in: scope, span: span)
          }
          guard let dot = type.lastIndex(of: ".") else { break }
          type = String(type[..<dot])
        }
      }
      if !declarations.entries(named: name).isEmpty {
        if declarations.types.contains(name) {
          return unknown("an initialiser of '\(name)', a type of the manifest's own")
        }
        return invoke(name, call, in: scope, span: span)
      }
      if name.first?.isUppercase == true { return apiCall("init", base: name, call, in: scope, span: span) }
      return unknown("a call of '\(name)', which the manifest and its helpers do not declare")
    }
    return unknown("a call widgetlint does not work out")
  }

  /// A call of the API: its arguments worked out, each with the type its label says.
  private func apiCall(_ name: String, base: String?, _ call: FunctionCallExprSyntax, in scope: Scope, span: SourceSpan)
    -> Located<TuistValue>
  {
    let arguments = call.arguments.map { argument -> (label: String?, value: Located<TuistValue>) in
      let label = argument.label?.text
      return (label, evaluate(argument.expression, in: scope, expected: label.flatMap { Self.argumentTypes[$0] }))
    }
    return Located(.call(TuistCall(name: name, base: base, arguments: arguments)), span: span, pointer: .root)
  }

  /// A call of a helper the manifest or its helpers declare: its parameters bound to the arguments
  /// (or their defaults), then its body.
  private func invoke(_ key: String, _ call: FunctionCallExprSyntax, in scope: Scope, span: SourceSpan)
    -> Located<TuistValue>
  {
    func unknown(_ reason: String) -> Located<TuistValue> {
      Located(.unknown(TuistUnknown(text: call.trimmedDescription, reason: reason)), span: span, pointer: .root)
    }
    let arguments = Array(call.arguments)
    for entry in declarations.entries(named: key) {
      guard case .function(let parameters, let body, let type) = entry.declaration,
        !parameters.contains(where: \.isVariadic)
      else { continue }
      var bindings: [String: Located<TuistValue>] = [:]
      var next = 0
      var matches = true
      for parameter in parameters {
        if next < arguments.count, arguments[next].label?.text == parameter.label {
          bindings[parameter.name] = evaluate(arguments[next].expression, in: scope)
          next += 1
        } else if let value = parameter.defaultValue {
          bindings[parameter.name] = evaluate(
            value, in: TuistEvaluator.Scope(file: entry.file, enclosingType: entry.enclosingType))
        } else {
          matches = false
          break
        }
      }
      guard matches, next == arguments.count else { continue }
      let inner = Scope(file: entry.file, bindings: bindings, enclosingType: entry.enclosingType)
      guard !inProgress.contains(key) else { return unknown("'\(key)' calls itself") }
      inProgress.insert(key)
      defer { inProgress.remove(key) }
      return evaluateBody(body, in: inner, expected: type, name: key, span: span, expression: call)
    }
    return unknown("a call of '\(key)' that matches none of its declarations")
  }

  /// The settings each of ProjectDescription's `SettingsDictionary` helpers sets, by the helper's name,
  /// with the position of the argument that is its value (nil: a value widgetlint does not work out).
  package static let settingsHelpers: [String: [(key: String, argument: Int?, fixed: String?)]] = [
    "automaticCodeSigning": [("CODE_SIGN_STYLE", nil, "Automatic"), ("DEVELOPMENT_TEAM", 0, nil)],
    "manualCodeSigning": [("CODE_SIGN_STYLE", nil, "Manual")],
    "codeSignIdentityAppleDevelopment": [("CODE_SIGN_IDENTITY", nil, "Apple Development")],
    "codeSignIdentity": [("CODE_SIGN_IDENTITY", 0, nil)],
    "currentProjectVersion": [("CURRENT_PROJECT_VERSION", 0, nil)],
    "marketingVersion": [("MARKETING_VERSION", 0, nil)],
    "appleGenericVersioningSystem": [("VERSIONING_SYSTEM", nil, "apple-generic")],
    "swiftVersion": [("SWIFT_VERSION", 0, nil)],
    "otherSwiftFlags": [("OTHER_SWIFT_FLAGS", nil, nil)],
    "swiftActiveCompilationConditions": [("SWIFT_ACTIVE_COMPILATION_CONDITIONS", nil, nil)],
    "swiftCompilationMode": [("SWIFT_COMPILATION_MODE", nil, nil)],
    "swiftOptimizationLevel": [("SWIFT_OPTIMIZATION_LEVEL", nil, nil)],
    "swiftOptimizeObjectLifetimes": [("SWIFT_OPTIMIZE_OBJECT_LIFETIME", nil, nil)],
    "swiftObjcBridgingHeaderPath": [("SWIFT_OBJC_BRIDGING_HEADER", 0, nil)],
    "otherCFlags": [("OTHER_CFLAGS", nil, nil)],
    "otherLinkerFlags": [("OTHER_LDFLAGS", nil, nil)],
    "bitcodeEnabled": [("ENABLE_BITCODE", nil, nil)],
    "debugInformationFormat": [("DEBUG_INFORMATION_FORMAT", nil, nil)],
    "applicationCategory": [("INFOPLIST_KEY_LSApplicationCategoryType", nil, nil)],
    "bundleDisplayName": [("INFOPLIST_KEY_CFBundleDisplayName", 0, nil)],
  ]

  /// A method called on a value: `merging` and ProjectDescription's helpers on a settings dictionary,
  /// `lowercased()` and `uppercased()` on a string.
  private func method(
    _ name: String, on receiver: Located<TuistValue>, _ call: FunctionCallExprSyntax, in scope: Scope, span: SourceSpan
  ) -> Located<TuistValue> {
    func unknown(_ reason: String) -> Located<TuistValue> {
      Located(.unknown(TuistUnknown(text: call.trimmedDescription, reason: reason)), span: span, pointer: .root)
    }
    if case .unknown(let cause) = receiver.value { return unknown(cause.reason) }
    let arguments = call.arguments.map { evaluate($0.expression, in: scope) }
    switch (receiver.value, name) {
    case (.string(let text), "lowercased") where arguments.isEmpty:
      return Located(.string(text.lowercased()), span: span, pointer: .root)
    case (.string(let text), "uppercased") where arguments.isEmpty:
      return Located(.string(text.uppercased()), span: span, pointer: .root)
    case (.dictionary(let members), "merging") where arguments.count == 1:
      guard case .dictionary(let others) = arguments[0].value else {
        return unknown(arguments[0].value.unknown?.reason ?? "a merge of a value that is not a dictionary")
      }
      return Located(.dictionary(members + others), span: span, pointer: .root)
    case (.dictionary(let members), _):
      guard let settings = Self.settingsHelpers[name] else {
        return unknown("a call of '\(name)', which widgetlint does not work out")
      }
      let added = settings.map { setting -> (key: Located<String>, value: Located<TuistValue>) in
        let value: Located<TuistValue>
        if let fixed = setting.fixed {
          value = Located(.string(fixed), span: span, pointer: .root)
        } else if let index = setting.argument, index < arguments.count {
          value = arguments[index]
        } else {
          value = Located(
            .unknown(TuistUnknown(text: call.trimmedDescription, reason: "a value '\(name)' makes")), span: span,
            pointer: .root)
        }
        return (Located(setting.key, span: span, pointer: .root), value)
      }
      return Located(.dictionary(members + added), span: span, pointer: .root)
    default:
      return unknown("a call of '\(name)', which widgetlint does not work out")
    }
  }
}
