import SwiftSyntax
import WidgetLintCore
import WidgetLintModel

/// Reads a file's `WidgetCodeFacts` in one walk of its syntax tree. The walk keeps what the facts
/// depend on (the enclosing types, the versions `@available` and `#available` guarantee, the view-like
/// types being collected, the widget bodies being read); the calls and declarations it meets add the
/// facts. It does not enter what holds no code the facts come from: types, imports and attributes.
package final class WidgetCodeVisitor: SyntaxVisitor {
  package let file: SourceText
  private(set) var facts = WidgetCodeFacts()
  private var typeNames: [String] = []
  /// The functions, computed properties and stored properties' initial values being walked, innermost
  /// last: each by its name, and as `Type.name` when a type encloses it.
  /// `isTypesCode` unless it is declared to return a value that is not a view (`WidgetCodeFacts.valueTypes`)
  /// or is a stored property's initial value: what those build is not their type's view.
  private var functionNames: [(name: String, qualified: String?, isTypesCode: Bool)] = []
  /// Per variable declaration being walked: whether it is a computed property pushed on `functionNames`.
  private var computedProperties: [Bool] = []
  /// Per pattern binding being walked: whether it is a stored property's initial value pushed on
  /// `functionNames`.
  private var storedProperties: [Bool] = []
  /// The cases of the family switches met so far, by the case's syntax: the switch's index in
  /// `facts.familySwitches` and the case's.
  private var familyCaseIndices: [SyntaxIdentifier: (switchIndex: Int, caseIndex: Int)] = [:]
  /// The family-switch cases being walked, innermost last.
  private var familyCases: [(id: SyntaxIdentifier, switchIndex: Int, caseIndex: Int)] = []
  /// What each scope's code calls and refers to outside family-switch cases, and the scopes that set
  /// the container background there: kept for the scopes that hold a family switch.
  private var callsOutsideFamilyCases: [String: Set<String>] = [:]
  private var referencesOutsideFamilyCases: [String: Set<String>] = [:]
  private var containerBackgroundOutsideFamilyCases: Set<String> = []
  private var availability = AvailabilityScope()
  /// The platforms each `#if` clause being walked is surely compiled for, and those it may be compiled
  /// for (all but those its `os(…)` checks rule out), innermost last.
  private var compiledFor: [(surely: Set<Manifest.Platform>, possibly: Set<Manifest.Platform>)] = []
  private var surelyCompiledOn: Set<Manifest.Platform> {
    compiledFor.reduce(Set(Manifest.Platform.allCases)) { $0.intersection($1.surely) }
  }
  private var possiblyCompiledOn: Set<Manifest.Platform> {
    compiledFor.reduce(Set(Manifest.Platform.allCases)) { $0.intersection($1.possibly) }
  }
  private var views = ViewReferenceCollector()
  /// The `body` accessors of the widgets declared so far, with the index of their widget in
  /// `facts.widgets`: a widget's configuration is read from the calls the walk meets in its body.
  private var widgetBodies: [SyntaxIdentifier: Int] = [:]
  /// The widgets whose body is being walked, innermost last.
  private var widgetsInBody: [WidgetInBody] = []
  /// The `body` accessors of the controls declared so far, with the control's type, and the controls
  /// whose body is being walked (innermost last) with whether their configuration was met.
  private var controlBodies: [SyntaxIdentifier: String] = [:]
  private var controlsInBody: [(body: SyntaxIdentifier, typeName: String, hasConfiguration: Bool)] = []

  private struct WidgetInBody {
    let body: SyntaxIdentifier
    let index: Int
    var hasConfiguration = false
    var hasFamilies = false
  }

  package init(file: SourceText) {
    self.file = file
    // Missing nodes too, as the parser leaves them around syntax errors: the end of a missing block
    // still ends the `#available` guarantee it was given.
    super.init(viewMode: .all)
  }

  /// The view references are complete once the whole file is walked; the widgets that name no `Widget`
  /// are set apart as candidates, and what the code outside family-switch cases does is kept for the
  /// scopes holding one.
  package override func visitPost(_ node: SourceFileSyntax) {
    facts.viewReferences = views.references
    facts.widgetCandidates = facts.widgets.filter { !$0.supertypes.isEmpty }
    facts.widgets.removeAll { !$0.supertypes.isEmpty }
    for scope in Set(facts.familySwitches.flatMap(\.scopes)) {
      facts.callsOutsideFamilyCases[scope] = callsOutsideFamilyCases[scope] ?? []
      facts.referencesOutsideFamilyCases[scope] = referencesOutsideFamilyCases[scope] ?? []
      if containerBackgroundOutsideFamilyCases.contains(scope) {
        facts.containerBackgroundScopesOutsideFamilyCases.insert(scope)
      }
    }
  }

  /// The scopes the walk is in: the type, and the function with its qualified name.
  private var scopes: [String] {
    var result: [String] = []
    // What a function returning a `String` or a `Date` builds is not its type's view, nor is the value a
    // stored property starts with: a view shows it only where it uses the property.
    if let type = currentType, functionNames.last?.isTypesCode != false { result.append(type) }
    if let function = functionNames.last {
      result.append(function.name)
      if let qualified = function.qualified { result.append(qualified) }
    }
    return result
  }

  private var currentType: String? { typeNames.last }

  private func span(_ node: some SyntaxProtocol) -> SourceSpan { SourceSpan(node, in: file) }

  // MARK: What the walk skips

  // Types and imports hold no code the facts come from. Types are met in these clauses, and where they
  // are not (a parameter's or a cast's type) only an attributed type holds more than names.
  package override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  package override func visit(_ node: TypeAnnotationSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  package override func visit(_ node: ReturnClauseSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  package override func visit(_ node: InheritanceClauseSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  package override func visit(_ node: GenericParameterClauseSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  package override func visit(_ node: GenericArgumentClauseSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  package override func visit(_ node: GenericWhereClauseSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  package override func visit(_ node: AttributedTypeSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

  // Names and plain string literals hold no code either; only a string's interpolations do. A lower-case
  // name that is not called is a reference: to a computed property or a function the view may show.
  package override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
    let name = node.baseName
    guard case .identifier = name.tokenKind, !WidgetCodeFacts.isTypeName(name.text) else { return .skipChildren }
    var callee = Syntax(node)
    if let member = node.parent?.as(MemberAccessExprSyntax.self), member.declName.id == node.id {
      callee = Syntax(member)
    }
    if callee.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id != callee.id {
      noteReference(name.text)
    }
    return .skipChildren
  }
  package override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
    node.segments.contains { $0.is(ExpressionSegmentSyntax.self) } ? .visitChildren : .skipChildren
  }

  /// Attributes hold no code to judge (`@Environment(\.openURL)` is not a use of anything), but a view's
  /// property wrappers can construct types in their arguments.
  package override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind {
    if views.isCollecting {
      for name in WidgetCodeReader.constructedTypes(in: node) { views.noteConstructed(name) }
    }
    return .skipChildren
  }

  // MARK: Types

  package override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
    noteTypeDeclaration(node.name.text)
    let names = node.inheritanceClause?.inheritedTypes.map { SwiftAttributes.name(of: $0.type) } ?? []
    if !names.isEmpty { facts.protocolRefinements[node.name.text, default: []].formUnion(names) }
    // A protocol's requirements hold no code; its extensions are walked as extensions.
    return .skipChildren
  }

  package override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
    noteTypeDeclaration(node.name.text)
    return .skipChildren
  }

  package override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
    noteTypeDeclaration(node.name.text)
    return .visitChildren
  }

  private func noteTypeDeclaration(_ name: String) {
    facts.typeDeclarations[name, default: []].insert(currentType ?? "")
  }

  package override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { enterType(node) }
  package override func visitPost(_ node: StructDeclSyntax) { leaveType() }
  package override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { enterType(node) }
  package override func visitPost(_ node: ClassDeclSyntax) { leaveType() }
  package override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { enterType(node) }
  package override func visitPost(_ node: EnumDeclSyntax) { leaveType() }

  package override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
    let typeName = SwiftAttributes.name(of: node.extendedType)
    typeNames.append(typeName)
    // `extension NextEventWidget: AccessoryWidget {}` adds a conformance.
    if let inherited = node.inheritanceClause?.inheritedTypes, !inherited.isEmpty {
      facts.conformances[typeName, default: []].formUnion(inherited.map { SwiftAttributes.name(of: $0.type) })
    }
    if WidgetCodeReader.bodyAccessor(of: node.memberBlock) != nil { facts.extensionBodies.insert(typeName) }
    availability.enterDeclaration(node.attributes)
    return .visitChildren
  }
  package override func visitPost(_ node: ExtensionDeclSyntax) { leaveType() }

  /// A struct, class or enum: what its supertypes make it (a widget, a bundle, a view, a control, a
  /// representable view).
  private func enterType(_ decl: some DeclGroupSyntax & NamedDeclSyntax) -> SyntaxVisitorContinueKind {
    let typeName = decl.name.text
    noteTypeDeclaration(typeName)
    typeNames.append(typeName)
    facts.declaredTypes.insert(typeName)
    availability.enterDeclaration(decl.attributes)
    let supertypes = decl.inheritanceClause?.inheritedTypes.map(\.type) ?? []
    let names = supertypes.map(SwiftAttributes.name(of:))
    if !names.isEmpty { facts.conformances[typeName, default: []].formUnion(names) }
    for (name, type) in zip(names, supertypes) where WidgetCodeReader.representables.contains(name) {
      facts.unsupportedViews.append(
        .init(
          name: name, span: span(type), isConformance: true, enclosingTypes: typeNames.dropLast(),
          ownerType: typeName))
    }
    let isMain = decl.attributes.contains {
      $0.as(AttributeSyntax.self).map { SwiftAttributes.name(of: $0.attributeName) } == "main"
    }
    if names.contains("WidgetBundle") {
      facts.bundles.append(
        WidgetBundleReader.bundle(named: decl.name, isMain: isMain, members: decl.memberBlock, in: file))
    } else if isMain, names.isEmpty,
      let launcher = WidgetBundleReader.launcher(named: decl.name, members: decl.memberBlock, in: file)
    {
      facts.bundles.append(launcher)
    }
    // A type with a `body` that names a supertype which may be the target's own protocol refining
    // `Widget` is read as a widget too; the target keeps it if the protocol refines `Widget`.
    let body = WidgetCodeReader.bodyAccessor(of: decl.memberBlock)
    let isCandidate =
      body != nil && !names.contains(where: Self.notWidgetSupertypes.contains)
      && names.contains(where: Self.mayBeProjectProtocol)
    if names.contains("Widget") || isCandidate {
      var widget = WidgetCodeFacts.Widget(typeName: typeName, nameSpan: span(decl.name), contentViews: [])
      widget.isMain = isMain
      if !names.contains("Widget") { widget.supertypes = names }
      if let body { widgetBodies[body.id] = facts.widgets.count }
      facts.widgets.append(widget)
    }
    if names.contains("ControlWidget") {
      facts.controls.append(typeName)
      if let body { controlBodies[body.id] = typeName }
    }
    if names.contains("Widget") || names.contains("View") || names.contains("WidgetBundle")
      || names.contains("ViewModifier") || isCandidate
    {
      views.collect(for: typeName, in: decl.memberBlock)
    }
    return .visitChildren
  }

  /// Supertypes that make a type something other than a widget.
  package static let notWidgetSupertypes: Set<String> = [
    "View", "ViewModifier", "WidgetBundle", "ControlWidget", "Shape", "InsettableShape", "App", "Scene",
  ]

  /// A plain capitalised name (not `Foundation.View`, not generic), which the target may declare.
  package static func mayBeProjectProtocol(_ name: String) -> Bool {
    WidgetCodeFacts.isTypeName(name)
      && name.utf8.allSatisfy { $0 == UInt8(ascii: "_") || $0 >= 0x80 || isAlphanumeric($0) }
  }

  private static func isAlphanumeric(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
      || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }

  private func leaveType() {
    availability.leaveDeclaration()
    typeNames.removeLast()
  }

  package override func visit(_ node: MemberBlockSyntax) -> SyntaxVisitorContinueKind {
    views.enter(node)
    return .visitChildren
  }
  package override func visitPost(_ node: MemberBlockSyntax) { views.leaveMemberBlock() }

  // MARK: Functions and variables

  package override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
    if SwiftAttributes.isUnavailableInExtensions(node.attributes) {
      facts.extensionUnavailableDeclarations.append(node.name.text)
    }
    availability.enterDeclaration(node.attributes)
    enterFunction(node.name.text, returning: node.signature.returnClause?.type)
    return .visitChildren
  }

  private func enterFunction(_ name: String, returning result: TypeSyntax?, isStoredProperty: Bool = false) {
    let qualified = currentType.map { "\($0).\(name)" }
    facts.declaredFunctions.insert(name)
    if let qualified { facts.declaredFunctions.insert(qualified) }
    var returnsValue = false
    if let result {
      let type = Self.elementTypeName(result)
      facts.resultTypes[name, default: []].insert(type)
      if let qualified { facts.resultTypes[qualified, default: []].insert(type) }
      returnsValue = WidgetCodeFacts.valueTypes.contains(type)
    }
    functionNames.append((name, qualified, !returnsValue && !isStoredProperty))
  }

  /// The name of a type, through optionals and arrays (`[String]?` is `String`).
  private static func elementTypeName(_ type: TypeSyntax) -> String {
    if let optional = type.as(OptionalTypeSyntax.self) { return elementTypeName(optional.wrappedType) }
    if let optional = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
      return elementTypeName(optional.wrappedType)
    }
    if let array = type.as(ArrayTypeSyntax.self) { return elementTypeName(array.element) }
    return SwiftAttributes.name(of: type)
  }
  package override func visitPost(_ node: FunctionDeclSyntax) {
    availability.leaveDeclaration()
    functionNames.removeLast()
  }

  package override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
    let isUnavailable = SwiftAttributes.isUnavailableInExtensions(node.attributes)
    // Constants only: a `var` may change before it is read.
    let isConstant = node.bindingSpecifier.tokenKind == .keyword(.let)
    let isDeclaration = Self.isMemberOrTopLevel(node)
    for binding in node.bindings {
      guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
      if isUnavailable { facts.extensionUnavailableDeclarations.append(name) }
      var literal: String?
      // A function's locals are not the type's: a use finds them itself (`localBinding`).
      if isDeclaration, isConstant, binding.accessorBlock == nil, let value = binding.initializer?.value,
        let text = WidgetCodeReader.literal(value)
      {
        literal = text
        facts.constants[.init(type: currentType, name: name)] = .init(
          value: .literal(text), span: span(value), enclosingType: currentType)
      }
      // A `let` of another constant stands for it, whatever that turns out to hold.
      if isDeclaration, isConstant, literal == nil, binding.accessorBlock == nil,
        let value = binding.initializer?.value, let use = stringUse(value), case .reference = use.value
      {
        facts.constantAliases[.init(type: currentType, name: name), default: []].append(use)
        continue
      }
      // Every declaration of a type's or the file's: a `var`, a computed property, a `let` of anything
      // but a plain literal, or a second declaration (in another `#if` branch) makes the name unknown.
      if isDeclaration { facts.constantDeclarations[.init(type: currentType, name: name), default: []].append(literal) }
    }
    availability.enterDeclaration(node.attributes)
    // A computed property other than `body` is a scope of its own, like a function.
    let computed = node.bindings.count == 1 ? node.bindings.first.flatMap(Self.computedPropertyName) : nil
    if let computed { enterFunction(computed, returning: node.bindings.first?.typeAnnotation?.type) }
    // A list of families under a name: its families are judged where they are written.
    if isDeclaration, node.bindings.count == 1, let binding = node.bindings.first,
      let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
      let array = Self.familyArray(binding, isConstant: isConstant), let list = familyList(array)
    {
      facts.familyLists[.init(type: currentType, name: name)] = list
    }
    computedProperties.append(computed != nil)
    return .visitChildren
  }
  package override func visitPost(_ node: VariableDeclSyntax) {
    availability.leaveDeclaration()
    if computedProperties.removeLast() { functionNames.removeLast() }
  }

  /// A stored property's initial value (`let labels = [UILabel()]`) is a scope of its own, like a computed
  /// property: what it builds is followed where the code uses the property, not as its type's view.
  package override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
    let name = Self.storedPropertyName(node)
    if let name { enterFunction(name, returning: node.typeAnnotation?.type, isStoredProperty: true) }
    storedProperties.append(name != nil)
    return .visitChildren
  }
  package override func visitPost(_ node: PatternBindingSyntax) {
    if storedProperties.removeLast() { functionNames.removeLast() }
  }

  /// The name of a type's or the file's stored property with an initial value, other than `body`.
  private static func storedPropertyName(_ binding: PatternBindingSyntax) -> String? {
    guard binding.initializer != nil, let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
      name != "body", let variable = binding.parent?.parent?.as(VariableDeclSyntax.self), isMemberOrTopLevel(variable)
    else { return nil }
    return name
  }

  /// Whether a variable is a member of a type or declared at file level (in `#if` branches or not),
  /// rather than a local of a function, closure or accessor.
  private static func isMemberOrTopLevel(_ node: VariableDeclSyntax) -> Bool {
    var current = Syntax(node).parent
    while let item = current {
      if item.is(MemberBlockItemSyntax.self) { return true }
      guard item.is(CodeBlockItemSyntax.self), let list = item.parent, list.is(CodeBlockItemListSyntax.self) else {
        return false
      }
      if list.parent?.is(SourceFileSyntax.self) == true { return true }
      // A file-level `#if`: the clause, its list, the `#if` itself, and the item holding it.
      guard let clause = list.parent, clause.is(IfConfigClauseSyntax.self),
        let declaration = clause.parent?.parent, declaration.is(IfConfigDeclSyntax.self)
      else { return false }
      current = declaration.parent
    }
    return false
  }

  /// The name of a computed property (a getter, not observers of a stored one), other than `body`.
  private static func computedPropertyName(_ binding: PatternBindingSyntax) -> String? {
    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, name != "body",
      let accessors = binding.accessorBlock
    else { return nil }
    switch accessors.accessors {
    case .getter: return name
    case .accessors(let list): return list.contains { $0.accessorSpecifier.tokenKind == .keyword(.get) } ? name : nil
    }
  }

  // MARK: Availability checks

  package override func visit(_ node: IfExprSyntax) -> SyntaxVisitorContinueKind {
    availability.enter(node)
    return .visitChildren
  }

  package override func visit(_ node: GuardStmtSyntax) -> SyntaxVisitorContinueKind {
    availability.enter(node)
    return .visitChildren
  }

  package override func visitPost(_ node: CodeBlockSyntax) { availability.leave(node) }

  private func versioned(
    _ symbol: String, _ minimum: OSVersion, _ node: some SyntaxProtocol, watchOS: OSVersion? = nil
  ) {
    facts.versionedUses.append(
      .init(
        symbol: symbol, minimum: minimum, span: span(node), guaranteed: availability.guaranteed,
        watchOSMinimum: watchOS, watchOSGuaranteed: availability.guaranteed(on: .watchos),
        possiblyCompiledOn: possiblyCompiledOn))
  }

  // MARK: Conditional compilation

  /// `#if os(watchOS)`, `#elseif`, `#else`: a clause is compiled on the platforms its condition selects
  /// and no earlier clause's does. A condition other than `os(…)` checks (a compilation flag,
  /// `canImport`) is the build's to decide: nothing in its clause, or after it, is surely compiled.
  package override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
    let all = Set(Manifest.Platform.allCases)
    var surely = all
    var possibly = all
    if let clauses = node.parent?.as(IfConfigClauseListSyntax.self) {
      for clause in clauses {
        let selected = clause.condition.map(Self.platforms(selectedBy:)) ?? all
        if clause.id == node.id {
          surely = surely.intersection(selected ?? [])
          possibly = possibly.intersection(selected ?? all)
          break
        }
        // Later clauses compile where this one does not; after an unknown condition, nowhere surely.
        surely = selected.map { surely.subtracting($0) } ?? []
        // An `os(…)` clause rules its platforms out of the later ones, surely only when it is all `os(…)`.
        if let selected { possibly.subtract(selected) }
      }
    }
    compiledFor.append((surely, possibly))
    return .visitChildren
  }
  package override func visitPost(_ node: IfConfigClauseSyntax) { compiledFor.removeLast() }

  /// The platforms (of those widgetlint knows) an `#if` condition holds on; nil when it is not made
  /// of `os(…)`, `!`, `&&`, `||` and parentheses alone.
  package static func platforms(selectedBy condition: ExprSyntax) -> Set<Manifest.Platform>? {
    let all = Set(Manifest.Platform.allCases)
    if let call = condition.as(FunctionCallExprSyntax.self),
      call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "os", call.arguments.count == 1,
      let name = call.arguments.first?.expression.as(DeclReferenceExprSyntax.self)?.baseName.text
    {
      switch name {
      case "iOS": return [.ios]
      case "watchOS": return [.watchos]
      default: return []
      }
    }
    if let prefix = condition.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
      return platforms(selectedBy: prefix.expression).map { all.subtracting($0) }
    }
    if let tuple = condition.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
      return platforms(selectedBy: only.expression)
    }
    if let sequence = condition.as(SequenceExprSyntax.self) {
      let elements = Array(sequence.elements)
      guard elements.count % 2 == 1, var result = platforms(selectedBy: elements[0]) else { return nil }
      var index = 1
      while index + 1 < elements.count {
        guard let op = elements[index].as(BinaryOperatorExprSyntax.self)?.operator.text,
          let right = platforms(selectedBy: elements[index + 1])
        else { return nil }
        switch op {
        case "&&": result = result.intersection(right)
        case "||": result = result.union(right)
        default: return nil
        }
        index += 2
      }
      // `a || b && c` groups as `a || (b && c)`: a mix of the two is left unknown.
      let operators = Set(
        stride(from: 1, to: elements.count, by: 2).compactMap {
          elements[$0].as(BinaryOperatorExprSyntax.self)?.operator.text
        })
      return operators.count > 1 ? nil : result
    }
    if let infix = condition.as(InfixOperatorExprSyntax.self),
      let op = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text,
      let left = platforms(selectedBy: infix.leftOperand), let right = platforms(selectedBy: infix.rightOperand)
    {
      switch op {
      case "&&": return left.intersection(right)
      case "||": return left.union(right)
      default: return nil
      }
    }
    return nil
  }

  // MARK: Family switches

  /// `switch family { case .accessoryRectangular: …; default: … }`: a switch whose every case lists
  /// widget families (or is `default`) is recorded, case by case, for the container background.
  package override func visit(_ node: SwitchExprSyntax) -> SyntaxVisitorContinueKind {
    guard let cases = Self.familyCases(of: node, in: file) else { return .visitChildren }
    let switchIndex = facts.familySwitches.count
    facts.familySwitches.append(.init(scopes: scopes, cases: cases.map(\.familyCase)))
    for (caseIndex, item) in cases.enumerated() {
      familyCaseIndices[item.id] = (switchIndex, caseIndex)
    }
    return .visitChildren
  }

  package override func visit(_ node: SwitchCaseSyntax) -> SyntaxVisitorContinueKind {
    if let index = familyCaseIndices.removeValue(forKey: node.id) {
      familyCases.append((node.id, index.switchIndex, index.caseIndex))
    }
    return .visitChildren
  }

  package override func visitPost(_ node: SwitchCaseSyntax) {
    if familyCases.last?.id == node.id { familyCases.removeLast() }
  }

  /// The cases of a switch over widget families, or nil when a case is anything else (a `where`, a
  /// binding, another enum's member, an `#if`).
  package static func familyCases(of node: SwitchExprSyntax, in file: SourceText)
    -> [(id: SyntaxIdentifier, familyCase: WidgetCodeFacts.FamilyCase)]?
  {
    var result: [(SyntaxIdentifier, WidgetCodeFacts.FamilyCase)] = []
    var listsFamily = false
    for element in node.cases {
      guard case .switchCase(let switchCase) = element else { return nil }
      let labelSpan = SourceSpan(switchCase.label, in: file)
      switch switchCase.label {
      case .default:
        result.append((switchCase.id, .init(families: [], isDefault: true, span: labelSpan)))
      case .case(let label):
        var families: [String] = []
        for item in label.caseItems {
          guard item.whereClause == nil,
            let member = item.pattern.as(ExpressionPatternSyntax.self)?.expression.as(MemberAccessExprSyntax.self),
            member.base == nil || member.base.flatMap(WidgetCodeReader.referenceName) == "WidgetFamily",
            WidgetKitCatalog.isFamily(member.declName.baseName.text)
          else { return nil }
          families.append(member.declName.baseName.text)
        }
        listsFamily = true
        result.append((switchCase.id, .init(families: families, isDefault: false, span: labelSpan)))
      }
    }
    return listsFamily ? result : nil
  }

  // MARK: Widget bodies

  package override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind {
    if let index = widgetBodies.removeValue(forKey: node.id) {
      widgetsInBody.append(WidgetInBody(body: node.id, index: index))
    }
    if let control = controlBodies.removeValue(forKey: node.id) {
      controlsInBody.append((node.id, control, false))
    }
    return .visitChildren
  }

  package override func visitPost(_ node: AccessorBlockSyntax) {
    if widgetsInBody.last?.body == node.id { widgetsInBody.removeLast() }
    if controlsInBody.last?.body == node.id { controlsInBody.removeLast() }
  }

  /// The first control configuration in a control's body: its kind, when it is a literal or a constant.
  private func readControlConfiguration(_ call: FunctionCallExprSyntax) {
    guard let control = controlsInBody.last, !control.hasConfiguration else { return }
    controlsInBody[controlsInBody.count - 1].hasConfiguration = true
    if let kind = call.arguments.first(where: { $0.label?.text == "kind" }), let use = stringUse(kind.expression) {
      facts.controlKinds[control.typeName] = use
    }
  }

  /// The first configuration call in a widget's body: its type, kind and content views.
  private func readConfiguration(_ call: FunctionCallExprSyntax, name: String, of index: Int) {
    facts.widgets[index].configuration = (name, span(call.calledExpression))
    if let kind = call.arguments.first(where: { $0.label?.text == "kind" }) {
      facts.widgets[index].kind = stringUse(kind.expression)
    }
    // The views come from the content closure, trailing or labelled `content:`, or from the function
    // or initialiser `content:` names.
    if let closure = call.trailingClosure {
      facts.widgets[index].contentViews = WidgetCodeReader.constructedTypes(in: closure).sorted()
    } else if let content = call.arguments.first(where: { $0.label?.text == "content" })?.expression {
      if content.is(ClosureExprSyntax.self) {
        facts.widgets[index].contentViews = WidgetCodeReader.constructedTypes(in: content).sorted()
      } else {
        readContentReference(content, of: index)
      }
    }
  }

  /// `content: buildContentView`, `content: Self.view(for:)`, `content: NextEventView.init`: a function
  /// of the project whose body returns the view, or a view's initialiser. Anything else is unknown.
  private func readContentReference(_ content: ExprSyntax, of index: Int) {
    if let name = WidgetCodeReader.referenceName(content), !WidgetCodeFacts.isTypeName(name) {
      facts.widgets[index].contentFunction = name
      return
    }
    if let member = content.as(MemberAccessExprSyntax.self),
      let base = member.base.flatMap(WidgetCodeReader.referenceName)
    {
      let name = member.declName.baseName
      if name.tokenKind == .keyword(.`init`), WidgetCodeFacts.isTypeName(base) {
        facts.widgets[index].contentViews = [base]
        return
      }
      if case .identifier = name.tokenKind, base == "Self" || base == currentType {
        facts.widgets[index].contentFunction = name.text
        return
      }
    }
    facts.widgets[index].contentIsUnknown = true
  }

  /// `.supportedFamilies([...])`: families newer than the first widgets (iOS 14) need their version,
  /// and the first call in a widget's body lists the widget's families. A list the project declares
  /// under a name (`.supportedFamilies(widgetFamilies)`) is looked up by the target.
  private func readFamilies(_ call: FunctionCallExprSyntax) {
    guard let argument = call.arguments.first?.expression else { return noteFamilies(nil) }
    let computed = WidgetCodeFacts.Reference(name: argument.trimmedDescription, span: span(argument))
    guard let array = argument.as(ArrayExprSyntax.self) else {
      noteFamilies(nil, reference: familiesReference(argument), computed: computed)
      return
    }
    noteFamilies(familyList(array), computed: computed)
  }

  /// Records each family an array lists where it is written, with the version it needs there; the list
  /// when every element names a family (a list the code computes is not read).
  private func familyList(_ array: ArrayExprSyntax) -> (names: [(name: String, span: SourceSpan)], span: SourceSpan)? {
    var families: [(name: String, span: SourceSpan)] = []
    let platforms = surelyCompiledOn
    let possibly = possiblyCompiledOn
    let watchGuarantee = availability.guaranteed(on: .watchos)
    for element in array.elements {
      guard let family = element.expression.as(MemberAccessExprSyntax.self) else { continue }
      let name = family.declName.baseName.text
      families.append((name, span(family)))
      facts.familyUses.append(
        .init(
          name: name, span: span(family), platforms: platforms, possiblyCompiledOn: possibly,
          watchOSGuaranteed: watchGuarantee))
      if let info = WidgetKitCatalog.family(named: name), let minimum = info.iOS, minimum > OSVersion(14) {
        versioned(name, minimum, family)
      }
    }
    return families.count == array.elements.count ? (families, span(array)) : nil
  }

  /// The name a `.supportedFamilies(…)` argument reads a list from: `widgetFamilies` (not a local or a
  /// parameter), `Self.families`, `self.families` or `WidgetFamilies.all`; nil for anything else.
  private func familiesReference(_ expression: ExprSyntax) -> WidgetCodeFacts.ConstantKey? {
    if let name = WidgetCodeReader.referenceName(expression) {
      guard case nil = Self.localBinding(of: name, at: expression) else { return nil }
      return .init(type: nil, name: name)
    }
    guard let member = expression.as(MemberAccessExprSyntax.self),
      let base = member.base.flatMap(WidgetCodeReader.referenceName),
      WidgetCodeFacts.isTypeName(base) || base == "self"
    else { return nil }
    return .init(type: base == "Self" || base == "self" ? currentType : base, name: member.declName.baseName.text)
  }

  /// The array literal a declaration holds as a list of widget families: a `let`'s initialiser, or what
  /// a computed property's getter returns in one expression, typed `[WidgetFamily]` or listing only
  /// families by their case; nil for anything else.
  private static func familyArray(_ binding: PatternBindingSyntax, isConstant: Bool) -> ArrayExprSyntax? {
    var value: ExprSyntax?
    if binding.accessorBlock == nil {
      value = isConstant ? binding.initializer?.value : nil
    } else if case .getter(let items) = binding.accessorBlock?.accessors, items.count == 1, let item = items.first {
      switch item.item {
      case .expr(let expression): value = expression
      case .stmt(let statement): value = statement.as(ReturnStmtSyntax.self)?.expression
      default: break
      }
    }
    guard let array = value?.as(ArrayExprSyntax.self), !array.elements.isEmpty else { return nil }
    let typed =
      binding.typeAnnotation?.type.as(ArrayTypeSyntax.self).map { SwiftAttributes.name(of: $0.element) }
      == "WidgetFamily"
    let listsFamilies = array.elements.allSatisfy { element in
      guard let member = element.expression.as(MemberAccessExprSyntax.self) else { return false }
      return (member.base == nil || member.base.flatMap(WidgetCodeReader.referenceName) == "WidgetFamily")
        && WidgetKitCatalog.isFamily(member.declName.baseName.text)
    }
    return typed || listsFamilies ? array : nil
  }

  private func noteFamilies(
    _ families: (names: [(name: String, span: SourceSpan)], span: SourceSpan)?,
    reference: WidgetCodeFacts.ConstantKey? = nil, computed: WidgetCodeFacts.Reference? = nil
  ) {
    guard let widget = widgetsInBody.last, !widget.hasFamilies else { return }
    widgetsInBody[widgetsInBody.count - 1].hasFamilies = true
    if let families {
      facts.widgets[widget.index].families = families
    } else {
      facts.widgets[widget.index].familiesAreComputed = true
      facts.widgets[widget.index].familiesReference = reference
      facts.widgets[widget.index].computedFamilies = computed
    }
  }

  /// `.configurationDisplayName("…")` or `.description("…")`: the last of each wins, as the modifier
  /// applied last does.
  private func readDescription(_ call: FunctionCallExprSyntax, isDisplayName: Bool) {
    guard let widget = widgetsInBody.last, let argument = call.arguments.first,
      let text = WidgetCodeReader.literal(argument.expression)
    else { return }
    if isDisplayName {
      facts.widgets[widget.index].displayName = text
    } else {
      facts.widgets[widget.index].description = text
    }
  }

  // MARK: Calls

  package override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    if let name = WidgetCodeReader.calleeName(node) {
      noteCall(name)
      noteArguments(of: node, function: name)
      if name == "containerBackground" { readContainerBackground(node) }
      readConstruction(node, of: name)
    } else if let member = node.calledExpression.as(MemberAccessExprSyntax.self) {
      // `UserDefaults.init(suiteName:)` constructs a UserDefaults as `UserDefaults(suiteName:)` does.
      if member.declName.baseName.tokenKind == .keyword(.`init`),
        let type = member.base.flatMap(WidgetCodeReader.referenceName)
      {
        readConstruction(node, of: type)
      } else {
        readMemberCall(node, member: member)
        noteArguments(of: node, function: member.declName.baseName.text)
      }
    }
    return .visitChildren
  }

  /// The strings and enum cases a call passes to a function (`reload(kind: "Notes")`,
  /// `Reloader.reload(.notes)`): its reloads, when the function is one of the target's `ReloadWrapper`s.
  private func noteArguments(of call: FunctionCallExprSyntax, function: String) {
    guard !WidgetCodeFacts.isTypeName(function) else { return }
    for (position, argument) in call.arguments.enumerated() {
      let label = argument.label?.text
      if let member = argument.expression.as(MemberAccessExprSyntax.self), member.base == nil {
        let value = WidgetCodeFacts.StringUse(
          value: .reference(type: nil, name: member.declName.baseName.text), span: span(member),
          enclosingType: currentType)
        facts.argumentUses.append(
          .init(function: function, label: label, position: position, value: value, isImplicitMember: true))
      } else if let value = stringUse(argument.expression) {
        facts.argumentUses.append(.init(function: function, label: label, position: position, value: value))
      } else if let name = WidgetCodeReader.referenceName(argument.expression),
        case .parameter(let outer, let outerPosition) = Self.localBinding(of: name, at: argument.expression)
      {
        // `reloadKind(kind)` inside `func reload(_ kind: String)`: `reload` wraps what `reloadKind` wraps.
        let parameter = Array(outer.signature.parameterClause.parameters)[outerPosition]
        facts.parameterForwards.append(
          .init(
            function: outer.name.text,
            label: parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text,
            position: outerPosition, callee: function, calleeLabel: label, calleePosition: position))
      } else if Self.mayBeAString(argument.expression) {
        facts.computedArguments.append(
          .init(function: function, label: label, position: position, span: span(argument.expression)))
      }
    }
  }

  /// Whether an argument the code computes may be a string: not a closure or a literal of another type.
  private static func mayBeAString(_ expression: ExprSyntax) -> Bool {
    switch expression.kind {
    case .closureExpr, .integerLiteralExpr, .floatLiteralExpr, .booleanLiteralExpr, .nilLiteralExpr,
      .arrayExpr, .dictionaryExpr:
      return false
    default:
      return true
    }
  }

  /// The function around a reload whose kind is one of that function's parameters, or the parameter's
  /// `rawValue`: its callers say which kinds it reloads.
  private func reloadWrapper(passing expression: ExprSyntax, isControl: Bool) -> WidgetCodeFacts.ReloadWrapper? {
    var reference = expression
    var isRawValue = false
    if let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "rawValue",
      let base = member.base
    {
      reference = base
      isRawValue = true
    }
    guard let name = WidgetCodeReader.referenceName(reference),
      case .parameter(let function, let position) = Self.localBinding(of: name, at: expression)
    else { return nil }
    let parameters = Array(function.signature.parameterClause.parameters)
    let parameter = parameters[position]
    let label = parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text
    return .init(
      function: function.name.text, label: label, position: position,
      rawValueOf: isRawValue ? SwiftAttributes.name(of: parameter.type) : nil, isControl: isControl)
  }

  /// The cases of an enum whose raw type is `String`: each case's raw value, or its name when it gives
  /// none (`WidgetKind.notes.rawValue` is then a kind the target knows).
  package override func visit(_ node: EnumCaseDeclSyntax) -> SyntaxVisitorContinueKind {
    guard let type = currentType, let declaration = Self.enclosingEnum(of: node), declaration.name.text == type,
      declaration.inheritanceClause?.inheritedTypes.first.map({ SwiftAttributes.name(of: $0.type) }) == "String"
    else { return .visitChildren }
    for element in node.elements {
      let caseName = element.name.text.replacingOccurrences(of: "`", with: "")
      let key = WidgetCodeFacts.ConstantKey(type: type, name: caseName)
      var literal: String?
      if let rawValue = element.rawValue {
        literal = WidgetCodeReader.literal(rawValue.value)
        if let literal {
          facts.enumRawValues[key] = .init(value: .literal(literal), span: span(rawValue.value), enclosingType: type)
        }
      } else if element.parameterClause == nil {
        literal = caseName
        facts.enumRawValues[key] = .init(value: .literal(caseName), span: span(element.name), enclosingType: type)
      }
      facts.enumCaseDeclarations[key, default: []].append(literal)
    }
    return .visitChildren
  }

  private static func enclosingEnum(of node: EnumCaseDeclSyntax) -> EnumDeclSyntax? {
    var current = node.parent
    while let candidate = current {
      if let declaration = candidate.as(EnumDeclSyntax.self) { return declaration }
      if candidate.isProtocol(DeclGroupSyntax.self) { return nil }
      current = candidate.parent
    }
    return nil
  }

  /// A call of a capitalised name, a type being constructed: the views a view-like type builds, and the
  /// facts some types' arguments give.
  private func readConstruction(_ call: FunctionCallExprSyntax, of name: String) {
    // Types are capitalised; most calls are to functions and methods.
    guard WidgetCodeFacts.isTypeName(name) else { return }
    views.noteConstructed(name)
    let arguments = call.arguments
    if WidgetKitCatalog.viewsThatDoNotRender.contains(name), !Self.isInPreview(call) {
      facts.unsupportedViews.append(
        .init(
          name: name, span: span(call.calledExpression), isConformance: false, enclosingTypes: typeNames,
          ownerType: currentType))
    }
    switch name {
    case "UserDefaults":
      if let argument = arguments.first, argument.label?.text == "suiteName", var use = stringUse(argument.expression) {
        use.isDefaultsSuite = true
        facts.groupIdentifiers.append(use)
      }
    case "Timeline":
      if let policy = arguments.first(where: { $0.label?.text == "policy" })?.expression,
        let (kind, seconds) = TimelinePolicyReader.policy(policy, of: call)
      {
        facts.policies.append(.init(kind: kind, seconds: seconds, span: span(policy)))
      }
    case "Link":
      let destination = arguments.first { $0.label?.text == "destination" }
      facts.urlUses.append(
        .init(
          isLink: true, span: span(call.calledExpression), url: destination.flatMap { urlString($0.expression) },
          enclosingType: currentType, branches: Self.branches(around: call)))
    case "AppIntentConfiguration":
      versioned("AppIntentConfiguration", OSVersion(17), call.calledExpression, watchOS: OSVersion(10))
    case "ActivityConfiguration":
      versioned("ActivityConfiguration", OSVersion(16, 1), call.calledExpression)
    case "StaticControlConfiguration", "AppIntentControlConfiguration":
      versioned(name, OSVersion(18), call.calledExpression)
      readControlConfiguration(call)
    case "Button" where arguments.contains { $0.label?.text == "intent" }:
      versioned("Button(intent:)", OSVersion(17), call.calledExpression)
    case "Toggle" where arguments.contains { $0.label?.text == "intent" }:
      versioned("Toggle(isOn:intent:)", OSVersion(17), call.calledExpression)
    default:
      break
    }
    if let widget = widgetsInBody.last, !widget.hasConfiguration, WidgetCodeReader.configurationTypes.contains(name) {
      widgetsInBody[widgetsInBody.count - 1].hasConfiguration = true
      readConfiguration(call, name: name, of: widget.index)
    }
  }

  /// A call of a member: modifiers (`.widgetURL`, `.containerBackground`, `.supportedFamilies`, a
  /// widget's texts) and `containerURL(forSecurityApplicationGroupIdentifier:)`.
  private func readMemberCall(_ call: FunctionCallExprSyntax, member: MemberAccessExprSyntax) {
    let arguments = call.arguments
    let name = member.declName.baseName.text
    noteCall(name)
    switch name {
    case "widgetURL" where Self.isWidgetURLModifier(call, member: member):
      facts.urlUses.append(
        .init(
          isLink: false, span: span(member.declName), url: arguments.first.flatMap { urlString($0.expression) },
          enclosingType: currentType, branches: Self.branches(around: call)))
      facts.urlUses[facts.urlUses.count - 1].member = Self.enclosingMember(of: call)
    case "containerBackground":
      readContainerBackground(call)
    case "containerBackgroundRemovable":
      noteContainerBackground()
    case "containerURL":
      if let argument = arguments.first, argument.label?.text == "forSecurityApplicationGroupIdentifier",
        let use = stringUse(argument.expression)
      {
        facts.groupIdentifiers.append(use)
      }
    case "reloadTimelines", "reloadControls":
      // `ControlCenter.shared.reloadControls(ofKind:)` (iOS 18) names a control's kind.
      guard let argument = arguments.first, argument.label?.text == "ofKind" else { break }
      let isControl = name == "reloadControls"
      if let use = stringUse(argument.expression) {
        if isControl { facts.reloadedControlKinds.append(use) } else { facts.reloadedKinds.append(use) }
      } else if let wrapper = reloadWrapper(passing: argument.expression, isControl: isControl) {
        facts.reloadWrappers.append(wrapper)
      } else {
        facts.computedReloadKinds.append(
          .init(name: argument.expression.trimmedDescription, span: span(argument.expression)))
      }
    case "supportedFamilies":
      readFamilies(call)
    case "configurationDisplayName":
      readDescription(call, isDisplayName: true)
    case "description":
      readDescription(call, isDisplayName: false)
    default:
      break
    }
  }

  /// A call by name, for the type and the function it is written in, and for the family-switch cases
  /// around it.
  private func noteCall(_ name: String) {
    let scopes = scopes
    for scope in scopes { facts.calls[scope, default: []].insert(name) }
    if familyCases.isEmpty {
      for scope in scopes { callsOutsideFamilyCases[scope, default: []].insert(name) }
    } else {
      for open in familyCases { facts.familySwitches[open.switchIndex].cases[open.caseIndex].calls.insert(name) }
    }
  }

  /// A lower-case name used without a call, as `noteCall` records calls.
  private func noteReference(_ name: String) {
    let scopes = scopes
    for scope in scopes { facts.references[scope, default: []].insert(name) }
    if familyCases.isEmpty {
      for scope in scopes { referencesOutsideFamilyCases[scope, default: []].insert(name) }
    } else {
      for open in familyCases {
        facts.familySwitches[open.switchIndex].cases[open.caseIndex].references.insert(name)
      }
    }
  }

  /// `containerBackground(_:for: .widget)`, as a modifier or called on `self` in a `View` extension:
  /// it needs iOS 17, and it sets the background of the widget whose view reaches it.
  private func readContainerBackground(_ call: FunctionCallExprSyntax) {
    let isForWidget = call.arguments.contains {
      $0.label?.text == "for" && $0.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "widget"
    }
    guard isForWidget else { return }
    let name = call.calledExpression.as(MemberAccessExprSyntax.self).map { Syntax($0.declName) }
    versioned(
      "containerBackground(_:for: .widget)", OSVersion(17), name ?? Syntax(call.calledExpression),
      watchOS: OSVersion(10))
    noteContainerBackground()
  }

  private func noteContainerBackground() {
    let scopes = scopes
    facts.containerBackgroundScopes.formUnion(scopes)
    if familyCases.isEmpty {
      containerBackgroundOutsideFamilyCases.formUnion(scopes)
    } else {
      for open in familyCases {
        facts.familySwitches[open.switchIndex].cases[open.caseIndex].setsContainerBackground = true
      }
    }
  }

  // MARK: Strings and URLs

  /// A string literal, or a reference to a constant (`kind`, `self.kind`, `Self.kind`, `Keys.group`).
  private func stringUse(_ expression: ExprSyntax) -> WidgetCodeFacts.StringUse? {
    let value: WidgetCodeFacts.StringValue
    if let text = WidgetCodeReader.literal(expression) {
      value = .literal(text)
    } else if let name = WidgetCodeReader.referenceName(expression) {
      // A local or a parameter of that name hides the type's and the file's constants.
      switch Self.localBinding(of: name, at: expression) {
      case .literal(let text, let literal):
        return .init(value: .literal(text), span: span(literal), enclosingType: currentType)
      case .other, .parameter:
        return nil
      case nil:
        value = .reference(type: nil, name: name)
      }
    } else if let member = expression.as(MemberAccessExprSyntax.self),
      let base = member.base.flatMap(WidgetCodeReader.referenceName),
      WidgetCodeFacts.isTypeName(base) || (base == "self" && currentType != nil)
    {
      // A type's constant, or the type's own stored `let` through `self`; another value's property
      // (`widget.rawValue`, `config.kind`) is not one.
      value = .reference(
        type: base == "Self" || base == "self" ? currentType : base, name: member.declName.baseName.text)
    } else if let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "rawValue",
      let enumCase = member.base?.as(MemberAccessExprSyntax.self),
      let base = enumCase.base.flatMap(WidgetCodeReader.referenceName)
    {
      // `WidgetKind.notes.rawValue`: the raw value of an enum's case.
      value = .reference(type: base == "Self" ? currentType : base, name: enumCase.declName.baseName.text)
    } else {
      return nil
    }
    return .init(value: value, span: span(expression), enclosingType: currentType)
  }

  enum LocalBinding {
    /// `let name = "…"` before the use, in a block around it.
    case literal(String, ExprSyntax)
    /// A parameter of a closure or an initialiser, a `var`, a `let` of anything else, an `if let`, a
    /// `for` pattern: not known.
    case other
    /// The parameter of a function at this position: its callers say what it holds.
    case parameter(FunctionDeclSyntax, Int)
  }

  /// What binds a bare name where it is used, inside the function, initialiser, accessor or closure
  /// around it: nil when nothing there does (the name is then a member's or the file's).
  static func localBinding(of name: String, at use: some SyntaxProtocol) -> LocalBinding? {
    var child = Syntax(use)
    while let parent = child.parent {
      if let block = parent.as(CodeBlockItemListSyntax.self) {
        // File-level statements are the file's constants.
        if parent.parent?.is(SourceFileSyntax.self) == true { return nil }
        var found: LocalBinding?
        for item in block where item.position < child.position {
          if let variable = item.item.as(VariableDeclSyntax.self) {
            for binding in variable.bindings where Self.binds(binding.pattern, name) {
              if variable.bindingSpecifier.tokenKind == .keyword(.let), binding.accessorBlock == nil,
                let value = binding.initializer?.value, let text = WidgetCodeReader.literal(value)
              {
                found = .literal(text, value)
              } else {
                found = .other
              }
            }
          } else if let guardStatement = item.item.as(GuardStmtSyntax.self),
            Self.conditions(guardStatement.conditions, bind: name)
          {
            found = .other
          }
        }
        if let found { return found }
      } else if let function = parent.as(FunctionDeclSyntax.self) {
        let position = function.signature.parameterClause.parameters.enumerated().first {
          ($0.element.secondName ?? $0.element.firstName).text == name
        }
        return position.map { .parameter(function, $0.offset) }
      } else if let initializer = parent.as(InitializerDeclSyntax.self) {
        return Self.parameters(initializer.signature.parameterClause, include: name) ? .other : nil
      } else if let closure = parent.as(ClosureExprSyntax.self), let signature = closure.signature,
        Self.closureParameters(signature, include: name)
      {
        return .other
      } else if let ifExpression = parent.as(IfExprSyntax.self), child.id == ifExpression.body.id,
        Self.conditions(ifExpression.conditions, bind: name)
      {
        return .other
      } else if let whileStatement = parent.as(WhileStmtSyntax.self), child.id == whileStatement.body.id,
        Self.conditions(whileStatement.conditions, bind: name)
      {
        return .other
      } else if let forStatement = parent.as(ForStmtSyntax.self), child.id == forStatement.body.id,
        Self.binds(forStatement.pattern, name)
      {
        return .other
      } else if let switchCase = parent.as(SwitchCaseSyntax.self),
        switchCase.label.tokens(viewMode: .sourceAccurate).contains(where: { $0.tokenKind == .identifier(name) })
      {
        // `case .a(let name)`: taken for a binding whenever the label names it.
        return .other
      } else if let clause = parent.as(CatchClauseSyntax.self), child.id == clause.body.id,
        name == "error"
          || clause.catchItems.tokens(viewMode: .sourceAccurate).contains(where: {
            $0.tokenKind == .identifier(name)
          })
      {
        return .other
      } else if parent.is(MemberBlockSyntax.self) {
        return nil
      }
      child = parent
    }
    return nil
  }

  private static func binds(_ pattern: PatternSyntax, _ name: String) -> Bool {
    if let identifier = pattern.as(IdentifierPatternSyntax.self) { return identifier.identifier.text == name }
    // A tuple or `let` pattern: any name in it.
    return pattern.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .identifier(name) }
  }

  private static func conditions(_ conditions: ConditionElementListSyntax, bind name: String) -> Bool {
    conditions.contains { element in
      switch element.condition {
      case .optionalBinding(let binding): return binds(binding.pattern, name)
      case .matchingPattern(let matching): return binds(matching.pattern, name)
      default: return false
      }
    }
  }

  private static func parameters(_ clause: FunctionParameterClauseSyntax, include name: String) -> Bool {
    clause.parameters.contains { ($0.secondName ?? $0.firstName).text == name }
  }

  private static func closureParameters(_ signature: ClosureSignatureSyntax, include name: String) -> Bool {
    guard let parameters = signature.parameterClause else { return false }
    return parameters.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .identifier(name) }
  }

  /// `URL(string: "…")` or `URL(string: "…")!`.
  private func urlString(_ expression: ExprSyntax) -> WidgetCodeFacts.StringUse? {
    let unwrapped = expression.as(ForceUnwrapExprSyntax.self)?.expression ?? expression
    guard let call = unwrapped.as(FunctionCallExprSyntax.self), WidgetCodeReader.calleeName(call) == "URL",
      let argument = call.arguments.first, argument.label?.text == "string"
    else { return nil }
    return stringUse(argument.expression)
  }

  /// The branches of `if` and `switch` a node sits in, innermost first, up to its type.
  /// `.widgetURL(url)` is the view modifier only when it is called on a view (`Text("").widgetURL(url)`,
  /// `content.widgetURL(url)`) with one unlabelled URL. Without a base it is an enum case or a pattern
  /// (`case let .widgetURL(url)`); on a type (`Links.widgetURL(for:)`, `Self.widgetURL(…)`) a static
  /// function; with a labelled argument a function of the app's own.
  static func isWidgetURLModifier(_ call: FunctionCallExprSyntax, member: MemberAccessExprSyntax) -> Bool {
    guard let base = member.base, call.arguments.count == 1, call.arguments.first?.label == nil else { return false }
    if let name = WidgetCodeReader.referenceName(base), WidgetCodeFacts.isTypeName(name) { return false }
    if let path = base.as(MemberAccessExprSyntax.self), WidgetCodeFacts.isTypeName(path.declName.baseName.text) {
      return false
    }
    return true
  }

  /// Where the member of a type a node is written in starts: the outermost property or function below
  /// the type's declaration; nil for a node outside any.
  static func enclosingMember(of node: some SyntaxProtocol) -> Int? {
    var found: Int?
    var current = node.parent
    while let candidate = current {
      if candidate.is(StructDeclSyntax.self) || candidate.is(ClassDeclSyntax.self) || candidate.is(EnumDeclSyntax.self)
        || candidate.is(ExtensionDeclSyntax.self)
      {
        break
      }
      if candidate.is(VariableDeclSyntax.self) || candidate.is(FunctionDeclSyntax.self) {
        found = candidate.positionAfterSkippingLeadingTrivia.utf8Offset
      }
      current = candidate.parent
    }
    return found
  }

  /// Whether a node is in a preview, which Xcode renders and a widget never does: a `#Preview { … }`, or
  /// a type conforming to `PreviewProvider` (its `previews` often wrap a view in a `List`).
  static func isInPreview(_ node: some SyntaxProtocol) -> Bool {
    var current = node.parent
    while let candidate = current {
      if let macro = candidate.as(MacroExpansionExprSyntax.self), macro.macroName.text == "Preview" { return true }
      if let macro = candidate.as(MacroExpansionDeclSyntax.self), macro.macroName.text == "Preview" { return true }
      if let group = candidate.asProtocol(DeclGroupSyntax.self),
        group.inheritanceClause?.inheritedTypes.contains(where: {
          SwiftAttributes.name(of: $0.type) == "PreviewProvider"
        }) == true
      {
        return true
      }
      current = candidate.parent
    }
    return false
  }

  /// Calls whose closures are separate presentations of a Live Activity, each of which may set its own
  /// widgetURL: the lock-screen view and the Dynamic Island of `ActivityConfiguration`, the expanded,
  /// compact and minimal closures of `DynamicIsland`.
  static let presentationCalls: Set<String> = ["ActivityConfiguration", "DynamicIsland"]

  /// The call a closure is an argument of (trailing, additional trailing, or in the parentheses).
  static func call(taking closure: ClosureExprSyntax) -> FunctionCallExprSyntax? {
    var node = closure.parent
    while let current = node {
      if let call = current.as(FunctionCallExprSyntax.self) { return call }
      guard
        current.is(LabeledExprSyntax.self) || current.is(LabeledExprListSyntax.self)
          || current.is(MultipleTrailingClosureElementSyntax.self)
          || current.is(MultipleTrailingClosureElementListSyntax.self)
      else { return nil }
      node = current.parent
    }
    return nil
  }

  package static func branches(around node: some SyntaxProtocol) -> [WidgetCodeFacts.BranchStep] {
    var steps: [WidgetCodeFacts.BranchStep] = []
    var child = Syntax(node)
    while let parent = child.parent {
      // Each presentation of a Live Activity is shown alone: a branch of its own. The regions of an
      // expanded Dynamic Island are each a branch of the closure that lists them.
      if let closure = child.as(ClosureExprSyntax.self), let owner = Self.call(taking: closure),
        let name = WidgetCodeReader.calleeName(owner)
      {
        if presentationCalls.contains(name) {
          steps.append(
            .init(
              construct: owner.positionAfterSkippingLeadingTrivia.utf8Offset,
              index: closure.positionAfterSkippingLeadingTrivia.utf8Offset))
        } else if name == "DynamicIslandExpandedRegion",
          let list = owner.parent?.as(CodeBlockItemSyntax.self)?.parent?.as(CodeBlockItemListSyntax.self)
        {
          steps.append(
            .init(
              construct: list.positionAfterSkippingLeadingTrivia.utf8Offset,
              index: owner.positionAfterSkippingLeadingTrivia.utf8Offset))
        }
      }
      if let ifExpression = parent.as(IfExprSyntax.self) {
        let start = ifExpression.positionAfterSkippingLeadingTrivia.utf8Offset
        if child.id == ifExpression.body.id {
          steps.append(.init(construct: start, index: 0))
        } else if let elseBody = ifExpression.elseBody, child.id == elseBody.id {
          steps.append(.init(construct: start, index: 1))
        }
      }
      if parent.is(SwitchCaseSyntax.self), let cases = parent.parent?.as(SwitchCaseListSyntax.self) {
        // The case's offset tells it from its siblings without counting them (a switch can have thousands).
        steps.append(
          .init(
            construct: cases.positionAfterSkippingLeadingTrivia.utf8Offset,
            index: parent.positionAfterSkippingLeadingTrivia.utf8Offset))
      }
      if parent.is(StructDeclSyntax.self) || parent.is(ClassDeclSyntax.self) { break }
      child = parent
    }
    return steps
  }
}
