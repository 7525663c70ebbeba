// The raw syntax tree is swift-syntax's SPI: the facts walk reads it because a `SyntaxVisitor` costs as
// much as a fifth of parsing. An update of swift-syntax that changes it breaks the build here, not the
// behaviour: the tests read every fact with exact positions.
@_spi(RawSyntax) import SwiftSyntax

/// What one Swift file says about widgets, read from its syntax tree alone. Values the code computes
/// at run time are left out: nothing here is guessed.
public struct WidgetCodeFacts: Sendable {
  /// A string literal (without interpolation) or a reference to a constant that may hold one.
  public enum StringValue: Sendable {
    case literal(String)
    case reference(type: String?, name: String)
  }

  public struct StringUse: Sendable {
    public var value: StringValue
    /// The literal (with its quotes) or the reference.
    public var span: SourceSpan
    /// The type the use is written in, for resolving `kind` to the widget's own constant.
    public var enclosingType: String?
  }

  public struct BundleEntry: Sendable {
    public var typeName: String
    public var span: SourceSpan
  }

  public struct Bundle: Sendable {
    public var typeName: String
    public var isMain: Bool
    public var nameSpan: SourceSpan
    /// The body's entries, one list per block: the body itself, then each `if` branch.
    public var blocks: [[BundleEntry]]
    /// False when the body holds more than entries and `if` branches (a `return` of another builder
    /// property, say): then what it lists is not fully known.
    public var isComplete = true
  }

  public struct Widget: Sendable {
    public var typeName: String
    /// `@main` on the widget itself: an extension with a single widget and no bundle.
    public var isMain = false
    public var nameSpan: SourceSpan
    public var kind: StringUse?
    public var configuration: (name: String, span: SourceSpan)?
    /// `.supportedFamilies([...])`: each family and the array's span; nil when the code does not call it.
    public var families: (names: [(name: String, span: SourceSpan)], span: SourceSpan)?
    public var contentViews: [String]
    /// `.configurationDisplayName("…")` and `.description("…")` literals.
    public var displayName: String?
    public var description: String?
  }

  public struct Policy: Sendable {
    public enum Kind: Sendable { case atEnd, never, after }
    public var kind: Kind
    /// The reload interval (after) or the entries' spacing (atEnd), when the code says it plainly.
    public var seconds: Int?
    public var span: SourceSpan
  }

  /// A use that needs an OS version, and the version the code guarantees around it.
  public struct VersionedUse: Sendable {
    public var symbol: String
    public var minimum: OSVersion
    public var span: SourceSpan
    public var guaranteed: OSVersion?
  }

  public struct ViewUse: Sendable {
    public var name: String
    public var span: SourceSpan
    public var isConformance: Bool
  }

  /// A `.widgetURL` or `Link` in a view type's code.
  public struct URLUse: Sendable {
    public var isLink: Bool
    public var span: SourceSpan
    public var url: StringUse?
    public var enclosingType: String?
    /// The `if`/`switch` branches around it, innermost first: two uses in different branches of one
    /// construct never apply together.
    public var branches: [BranchStep] = []

    public func excludes(_ other: URLUse) -> Bool {
      for step in branches {
        if let otherStep = other.branches.first(where: { $0.construct == step.construct }),
          otherStep.index != step.index
        {
          return true
        }
      }
      return false
    }
  }

  /// One `if` or `switch` around a use: the construct (its offset) and which of its branches (an `if`'s
  /// 0 or 1, a `case`'s offset).
  public struct BranchStep: Sendable, Hashable {
    public var construct: Int
    public var index: Int

    public init(construct: Int, index: Int) {
      self.construct = construct
      self.index = index
    }
  }

  public struct Reference: Sendable {
    public var name: String
    public var span: SourceSpan
  }

  public var bundles: [Bundle] = []
  public var widgets: [Widget] = []
  /// Types conforming to `ControlWidget`: bundle entries that are not widgets.
  public var controls: [String] = []
  /// `static let` / `let` string constants: by type (nil for file level) and name.
  public var constants: [ConstantKey: StringUse] = [:]
  public var groupIdentifiers: [StringUse] = []
  public var policies: [Policy] = []
  public var versionedUses: [VersionedUse] = []
  public var unsupportedViews: [ViewUse] = []
  public var urlUses: [URLUse] = []
  /// View types each type's code constructs (for following a widget's view tree).
  public var viewReferences: [String: Set<String>] = [:]
  /// The project's own declarations marked unavailable in app extensions. The references to them are
  /// found on demand: `SwiftFileFacts.references(to:)`.
  public var extensionUnavailableDeclarations: [String] = []

  public struct ConstantKey: Hashable, Sendable {
    public var type: String?
    public var name: String
  }
}

enum WidgetCodeReader {
  static let configurationTypes: Set<String> = [
    "StaticConfiguration", "IntentConfiguration", "AppIntentConfiguration", "ActivityConfiguration",
  ]

  /// Views that do not render in a widget, and what to do instead.
  static let unsupportedViews: [String: String] = [
    "AsyncImage": "it never loads in a widget; download the image in the timeline provider and pass it in the entry",
    "ScrollView": "widgets do not scroll; show a fixed number of items",
    "List": "widgets do not scroll; use a VStack of a fixed number of rows",
    "TextField": "widgets take no text input; open the app with widgetURL for editing",
    "TextEditor": "widgets take no text input; open the app with widgetURL for editing",
    "SecureField": "widgets take no text input; open the app with widgetURL for editing",
    "VideoPlayer": "widgets show no video; show a still image",
    "Map": "Map does not render in a widget; render a snapshot with MKMapSnapshotter in the provider",
    "WKWebView": "web views do not render in a widget",
    "WebView": "web views do not render in a widget",
  ]
  static let representables: Set<String> = ["UIViewRepresentable", "UIViewControllerRepresentable"]

  /// Whether a name starts with an upper-case letter, as type names do.
  static func isCapitalized(_ name: String) -> Bool {
    guard let first = name.utf8.first else { return false }
    if first < 0x80 { return (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first) }
    return name.first?.isUppercase == true
  }

  static func read(_ tree: SourceFileSyntax, file: SourceText) -> WidgetCodeFacts {
    let visitor = WidgetCodeVisitor(file: file)
    visitor.walk(tree)
    return visitor.facts
  }

  /// `iOS 17.0` in an availability argument list, as a version.
  static func iOSVersion(in arguments: AvailabilityArgumentListSyntax) -> OSVersion? {
    for argument in arguments {
      if case .availabilityVersionRestriction(let restriction) = argument.argument,
        ["iOS", "iOSApplicationExtension"].contains(restriction.platform.text), let version = restriction.version
      {
        return OSVersion(parsing: version.trimmedDescription)
      }
    }
    return nil
  }

  /// A string literal without interpolation.
  static func literal(_ expression: RawSyntax) -> String? {
    // Read from the raw node: each typed segment would be a node made for one look.
    guard let literal = RawStringLiteralExprSyntax(expression) else { return nil }
    var text = ""
    for case let segment? in literal.segments.slots {
      guard let plain = RawStringSegmentSyntax(segment) else { return nil }
      text += String(syntaxText: plain.content.tokenText)
    }
    // Escapes other than the simplest are rare in identifiers; leave such strings unread.
    return text.utf8.contains(UInt8(ascii: "\\")) ? nil : text
  }

  /// The name a call's callee is, when it is a plain name (`CounterView(...)`), from the raw node.
  static func calleeName(_ call: RawSyntax) -> SyntaxText? {
    guard let call = RawFunctionCallExprSyntax(call),
      let reference = RawDeclReferenceExprSyntax(call.calledExpression.raw)
    else { return nil }
    return reference.baseName.tokenText
  }

  /// The member a call's callee names (`.supportedFamilies(...)`), from the raw node.
  static func calleeMember(_ call: RawSyntax) -> SyntaxText? {
    guard let call = RawFunctionCallExprSyntax(call), let member = RawMemberAccessExprSyntax(call.calledExpression.raw)
    else { return nil }
    return member.declName.baseName.tokenText
  }

  /// False for a node that neither is nor holds one `read(_:_:)` looks at: a token (its node reads it),
  /// a name, a literal, a modifier, an empty list, or a type (types hold no calls; the walk reads a
  /// declaration's inheritance from the declaration). A third of a tree's nodes are such leaves; none
  /// holds a call or a declaration, so the searches below a node skip them too.
  static func mayHoldFacts(_ node: RawSyntax, kind: SyntaxKind? = nil) -> Bool {
    switch kind ?? node.kind {
    case .token, .declReferenceExpr, .identifierPattern, .stringSegment, .integerLiteralExpr, .floatLiteralExpr,
      .booleanLiteralExpr, .nilLiteralExpr, .binaryOperatorExpr, .closureShorthandParameter, .declModifierList,
      .typeSpecifierList, .importPathComponentList, .importDecl:
      return false
    case .typeAnnotation, .returnClause, .inheritanceClause, .genericParameterClause, .genericWhereClause,
      .genericArgumentClause, .identifierType, .memberType, .arrayType, .dictionaryType, .optionalType,
      .implicitlyUnwrappedOptionalType, .someOrAnyType, .functionType, .tupleType, .compositionType, .metatypeType,
      .attributedType, .typeAliasDecl, .associatedTypeDecl:
      return false
    case .stringLiteralExpr:
      // Only an interpolation holds code.
      return RawStringLiteralExprSyntax(node)?.segments.slots.contains { $0?.kind == .expressionSegment } ?? true
    case .memberAccessExpr:
      // `.caption`, `.systemSmall`: an implicit member holds no code, and names no modifier `read` looks at.
      guard let access = RawMemberAccessExprSyntax(node), access.base == nil else { return true }
      let name = access.declName.baseName.tokenText
      return name == "widgetURL" || name == "containerBackground"
    default:
      // Only a collection can have no slots, and an empty one holds nothing.
      return node.layoutView?.children.isEmpty == false
    }
  }

  /// The typed child of `node` at `ordinal` among its present layout children (missing nodes count,
  /// empty slots do not), as a raw walk numbers them.
  static func child(of node: Syntax, at ordinal: Int) -> Syntax {
    let children = node.children(viewMode: .all)
    return children[children.index(children.startIndex, offsetBy: ordinal)]
  }

  /// Whether raw text starts with an upper-case letter (or any non-ASCII one), as type names do.
  static func isCapitalized(_ text: SyntaxText) -> Bool {
    guard let first = text.first else { return false }
    if first < 0x80 { return (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first) }
    return isCapitalized(String(syntaxText: text))
  }

  /// A call's arguments: each one's label and its expression, located.
  static func arguments(of call: LocatedRaw) -> [Argument] {
    guard let node = RawFunctionCallExprSyntax(call.raw) else { return [] }
    var arguments: [Argument] = []
    call.locate(node.arguments).forEachChild { element in
      guard let argument = RawLabeledExprSyntax(element.raw) else { return }
      arguments.append(Argument(label: argument.label?.tokenText, expression: element.locate(argument.expression)))
    }
    return arguments
  }

  struct Argument {
    let label: SyntaxText?
    let expression: LocatedRaw
  }

  /// The arguments of a call (its trailing closures are not among them), not located.
  static func argumentList(of call: RawSyntax) -> [RawLabeledExprSyntax] {
    guard let node = RawFunctionCallExprSyntax(call) else { return [] }
    return node.arguments.slots.compactMap { $0.flatMap { RawLabeledExprSyntax($0) } }
  }

  /// The name a declaration reference (`now`, `Date`) is, from the raw node.
  static func referenceName(_ expression: RawSyntax) -> SyntaxText? {
    RawDeclReferenceExprSyntax(expression)?.baseName.tokenText
  }

  /// The value of an arithmetic expression of number literals (`15 * 60`, `TimeInterval(900)`).
  static func number(_ expression: RawSyntax) -> Double? {
    if let integer = RawIntegerLiteralExprSyntax(expression) { return number(literal: integer.literal.tokenText) }
    if let float = RawFloatLiteralExprSyntax(expression) { return number(literal: float.literal.tokenText) }
    if let tuple = RawTupleExprSyntax(expression), tuple.elements.slots.count == 1,
      let only = tuple.elements.slots.first.flatMap({ $0.flatMap { RawLabeledExprSyntax($0) } })
    {
      return number(only.expression.raw)
    }
    if let callee = calleeName(expression), ["TimeInterval", "Double", "Int", "Float"].contains(callee) {
      let arguments = argumentList(of: expression)
      guard arguments.count == 1, arguments[0].label == nil else { return nil }
      return number(arguments[0].expression.raw)
    }
    if let sequence = RawSequenceExprSyntax(expression) {
      return arithmetic(sequence.elements.slots.compactMap { $0 })
    }
    if let infix = RawInfixOperatorExprSyntax(expression),
      let op = RawBinaryOperatorExprSyntax(infix.operator.raw),
      let left = number(infix.leftOperand.raw), let right = number(infix.rightOperand.raw)
    {
      switch op.operator.tokenText {
      case "*": return left * right
      case "+": return left + right
      case "-": return left - right
      default: return nil
      }
    }
    return nil
  }

  /// A number literal's value, its `_` separators left out.
  static func number(literal: SyntaxText) -> Double? {
    Double(String(decoding: literal.lazy.filter { $0 != UInt8(ascii: "_") }, as: UTF8.self))
  }

  /// Evaluates `a * b + c` from an unfolded sequence: products first, then sums.
  static func arithmetic(_ elements: [RawSyntax]) -> Double? {
    guard elements.count % 2 == 1, var current = number(elements[0]) else { return nil }
    var sum = 0.0
    var index = 1
    while index < elements.count {
      guard let op = RawBinaryOperatorExprSyntax(elements[index])?.operator.tokenText,
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

  static let calendarUnits: [String: Int] = ["second": 1, "minute": 60, "hour": 3600, "day": 86_400]

  /// `a op b`: an unfolded sequence of three elements whose operator is `op`.
  static func binary(_ expression: RawSyntax, _ op: SyntaxText) -> (RawSyntax, RawSyntax)? {
    guard let sequence = RawSequenceExprSyntax(expression) else { return nil }
    let elements = sequence.elements.slots
    guard elements.count == 3, let first = elements[0], let middle = elements[1], let last = elements[2],
      RawBinaryOperatorExprSyntax(middle)?.operator.tokenText == op
    else { return nil }
    return (first, last)
  }

  /// How far after now a date expression is, in seconds, when the code says it plainly.
  static func offset(ofDate expression: RawSyntax, locals: (SyntaxText) -> RawSyntax?, depth: Int = 0) -> Double? {
    guard depth < 4 else { return nil }
    var expression = expression
    if let unwrap = RawForceUnwrapExprSyntax(expression) { expression = unwrap.expression.raw }
    if let name = referenceName(expression), let value = locals(name) {
      return offset(ofDate: value, locals: locals, depth: depth + 1)
    }
    if let (first, last) = binary(expression, "+"), isNow(first, locals: locals) {
      return number(last)
    }
    let arguments = argumentList(of: expression)
    if calleeName(expression) == "Date", let argument = arguments.first,
      argument.label?.tokenText == "timeIntervalSinceNow"
    {
      return number(argument.expression.raw)
    }
    guard let call = RawFunctionCallExprSyntax(expression),
      let member = RawMemberAccessExprSyntax(call.calledExpression.raw)
    else { return nil }
    switch member.declName.baseName.tokenText {
    case "addingTimeInterval":
      // Only an offset from now is an interval; `startOfDay(for:).addingTimeInterval(…)` is not.
      guard let base = member.base, isNow(base.raw, locals: locals) else { return nil }
      return arguments.first.flatMap { number($0.expression.raw) }
    case "date":
      guard arguments.count >= 3, arguments[0].label?.tokenText == "byAdding",
        arguments[1].label?.tokenText == "value", arguments[2].label?.tokenText == "to",
        isNow(arguments[2].expression.raw, locals: locals),
        let unit = RawMemberAccessExprSyntax(arguments[0].expression.raw)?.declName.baseName.tokenText,
        let seconds = calendarUnits[String(syntaxText: unit)], let value = number(arguments[1].expression.raw)
      else { return nil }
      return value * Double(seconds)
    default:
      return nil
    }
  }

  /// `Date()`, `Date.now`, `.now`, or a local constant holding one of them.
  static func isNow(_ expression: RawSyntax, locals: (SyntaxText) -> RawSyntax?, depth: Int = 0) -> Bool {
    guard depth < 4 else { return false }
    if let call = RawFunctionCallExprSyntax(expression), calleeName(expression) == "Date",
      call.arguments.slots.isEmpty, call.trailingClosure == nil
    {
      return true
    }
    if let member = RawMemberAccessExprSyntax(expression), member.declName.baseName.tokenText == "now" {
      guard let base = member.base else { return true }
      return referenceName(base.raw) == "Date"
    }
    if let name = referenceName(expression), let value = locals(name) {
      return isNow(value, locals: locals, depth: depth + 1)
    }
    return false
  }

  /// The spacing of dates built in a `for i in …` loop: `date(byAdding: .minute, value: i * N, …)` or
  /// `addingTimeInterval(Double(i) * N)`. The first loop over a plain name that builds such a date wins.
  static func loopSpacing(in function: RawSyntax) -> Double? {
    var path = RawPath(root: function)
    var next = path.advance()
    while let node = next {
      guard let loop = RawForStmtSyntax(node) else {
        next = path.advance()
        continue
      }
      guard let variable = RawIdentifierPatternSyntax(loop.pattern.raw)?.identifier.tokenText else {
        // The loops inside one over a pattern are still looked at.
        next = path.advance()
        continue
      }
      if let spacing = dateSpacing(in: loop.body.raw, variable: variable) { return spacing }
      next = path.skipChildren()
    }
    return nil
  }

  /// The spacing of the first date built from `variable` in a loop's body.
  static func dateSpacing(in body: RawSyntax, variable: SyntaxText) -> Double? {
    func factor(_ expression: RawSyntax) -> Double? {
      var expression = expression
      if let callee = calleeName(expression), callee == "Double" || callee == "TimeInterval",
        let only = argumentList(of: expression).first
      {
        expression = only.expression.raw
      }
      if referenceName(expression) == variable { return 1 }
      guard let (first, last) = binary(expression, "*") else { return nil }
      if factor(first) == 1, let value = number(last) { return value }
      if factor(last) == 1, let value = number(first) { return value }
      return nil
    }
    var path = RawPath(root: body)
    var next: RawSyntax? = body
    while let node = next {
      next = path.advance()
      guard let member = calleeMember(node) else { continue }
      let arguments = argumentList(of: node)
      if member == "addingTimeInterval", let argument = arguments.first, let value = factor(argument.expression.raw) {
        return value
      }
      if member == "date", arguments.count >= 3, arguments[0].label?.tokenText == "byAdding",
        arguments[1].label?.tokenText == "value",
        let unit = RawMemberAccessExprSyntax(arguments[0].expression.raw)?.declName.baseName.tokenText,
        let seconds = calendarUnits[String(syntaxText: unit)], let value = factor(arguments[1].expression.raw)
      {
        return value * Double(seconds)
      }
    }
    return nil
  }
}

extension RawSyntaxNodeProtocol {
  /// A raw collection's elements where they are: `elements` maps them into a new array on every call,
  /// which the walk's checks had paid thousands of times.
  var slots: RawSyntaxBuffer { raw.layoutView?.children ?? RawSyntaxBuffer(UnsafeBufferPointer(start: nil, count: 0)) }
}

/// A fixed set of names, asked about raw token text: a call's name is compared with the few names of
/// its length, without making a `String` and hashing it (most calls the walk meets are not in the set).
struct RawNameTable {
  private let namesByLength: [[[UInt8]]]

  init(_ names: [String]) {
    var table = Array(repeating: [[UInt8]](), count: (names.map(\.utf8.count).max() ?? 0) + 1)
    for name in names { table[name.utf8.count].append(Array(name.utf8)) }
    namesByLength = table
  }

  func contains(_ text: SyntaxText) -> Bool {
    guard text.count < namesByLength.count else { return false }
    return namesByLength[text.count].contains { $0.elementsEqual(text) }
  }
}

/// A raw node and the offset in its file where it starts (leading trivia included): what a span needs,
/// without the typed node (and the typed nodes of all its ancestors) that a position costs.
struct LocatedRaw {
  let raw: RawSyntax
  let offset: Int

  /// One of this node's children (`child` is one of its slots), located.
  func locate(_ child: some RawSyntaxNodeProtocol) -> LocatedRaw {
    var offset = self.offset
    for case let slot? in raw.slots {
      if slot.id == child.raw.id { break }
      offset += slot.byteLength
    }
    return LocatedRaw(raw: child.raw, offset: offset)
  }

  /// Each of this node's children (a collection's elements), located in one pass over their lengths.
  func forEachChild(_ body: (LocatedRaw) -> Void) {
    var offset = self.offset
    for case let slot? in raw.slots {
      body(LocatedRaw(raw: slot, offset: offset))
      offset += slot.byteLength
    }
  }

  /// Where the node's text starts, after its leading trivia.
  var start: Int { offset + raw.leadingTriviaByteLength }

  /// The node's text, without its leading and trailing trivia.
  func span(in file: SourceText) -> SourceSpan {
    SourceSpan(file: file, start: start, end: offset + raw.byteLength - raw.trailingTriviaByteLength)
  }
}

/// The raw nodes from a root down to the node being looked at: each with its place among its parent's
/// children (present slots, tokens included, as `children(viewMode: .all)` counts them) and a number no
/// other node of the walk gets, plus the typed nodes made for them so far. Plain values, kept by the
/// walk itself: a recursive function capturing its results counted references for every node, and
/// a typed node per entry would too.
struct RawPath {
  private struct Entry {
    let raw: RawSyntax
    let ordinal: Int
    /// The node's slot in its parent's layout (empty slots count), for its offset.
    let slotInParent: Int
    let step: Int
    /// What `advance()` reads of this node's children: their slots (nil for a node `push` added), the
    /// next slot, and the next ordinal.
    var children: RawSyntaxBuffer? = nil
    var slot = 0
    var nextOrdinal = 0
  }

  private var entries: [Entry]
  private var steps = 0
  /// Typed nodes by depth, each with the step of the entry it was made for.
  private var typed: [(step: Int, node: Syntax?)]
  /// Offsets in the file by depth, each with the step of the entry it was computed for.
  private var offsets: [(step: Int, offset: Int)]

  /// A path that can make typed nodes below `root`.
  init(root: Syntax) {
    entries = [Entry(raw: root.raw, ordinal: 0, slotInParent: 0, step: 0, children: root.raw.layoutView?.children)]
    entries.reserveCapacity(64)
    typed = [(0, root)]
    offsets = [(0, root.position.utf8Offset)]
  }

  /// A path over raw nodes only, `root` starting at `offset`: `typedNode` must not be asked for.
  init(root: RawSyntax, offset: Int = 0) {
    entries = [Entry(raw: root, ordinal: 0, slotInParent: 0, step: 0, children: root.layoutView?.children)]
    entries.reserveCapacity(64)
    typed = [(0, nil)]
    offsets = [(0, offset)]
  }

  mutating func push(_ raw: RawSyntax, ordinal: Int, slot: Int) {
    steps += 1
    entries.append(Entry(raw: raw, ordinal: ordinal, slotInParent: slot, step: steps))
  }

  /// The depth of the current node (the root's is 0).
  var depth: Int { entries.count - 1 }

  /// The raw node at `depth`: the current node's ancestors are at the depths above it.
  func raw(at depth: Int) -> RawSyntax { entries[depth].raw }

  /// The node at `depth` (the current node by default) with its offset, which is computed from its
  /// parent's and the lengths of its elder siblings: no typed node is made.
  mutating func located(at depth: Int? = nil) -> LocatedRaw {
    let depth = depth ?? entries.count - 1
    return LocatedRaw(raw: entries[depth].raw, offset: offset(at: depth))
  }

  private mutating func offset(at depth: Int) -> Int {
    let step = entries[depth].step
    if depth < offsets.count, offsets[depth].step == step { return offsets[depth].offset }
    var offset = offset(at: depth - 1)
    if let siblings = entries[depth - 1].raw.layoutView?.children {
      for case let sibling? in siblings[..<entries[depth].slotInParent] { offset += sibling.byteLength }
    }
    if depth < offsets.count { offsets[depth] = (step, offset) } else { offsets.append((step, offset)) }
    return offset
  }

  mutating func pop() { entries.removeLast() }

  /// Like `advance()`, without entering the current node.
  mutating func skipChildren() -> RawSyntax? {
    entries[entries.count - 1].children = nil
    return advance()
  }

  /// Moves to the next node below the root that may hold code, in the order a `SyntaxVisitor` meets them
  /// (tokens and the leaves `WidgetCodeReader.mayHoldFacts` rules out are neither returned nor entered),
  /// and returns it; nil when the walk is over.
  mutating func advance() -> RawSyntax? {
    while let top = entries.indices.last {
      let entry = entries[top]
      if let children = entry.children {
        var slot = entry.slot
        var ordinal = entry.nextOrdinal
        while slot < children.count {
          let present = children[slot]
          slot += 1
          guard let child = present else { continue }
          let childOrdinal = ordinal
          ordinal += 1
          guard WidgetCodeReader.mayHoldFacts(child) else { continue }
          entries[top].slot = slot
          entries[top].nextOrdinal = ordinal
          steps += 1
          entries.append(
            Entry(
              raw: child, ordinal: childOrdinal, slotInParent: slot - 1, step: steps,
              children: child.layoutView?.children))
          return child
        }
      }
      entries.removeLast()
    }
    return nil
  }

  /// The typed node at `depth` (the current node by default), made from its parent's.
  mutating func typedNode(at depth: Int? = nil) -> Syntax {
    let depth = depth ?? entries.count - 1
    let step = entries[depth].step
    if depth < typed.count, typed[depth].step == step, let node = typed[depth].node { return node }
    let node = WidgetCodeReader.child(of: typedNode(at: depth - 1), at: entries[depth].ordinal)
    // The parent's entry was just made or found, so the table reaches at least to `depth`.
    if depth < typed.count { typed[depth] = (step, node) } else { typed.append((step, node)) }
    return node
  }
}

/// Reads the facts in one walk over the raw syntax tree. Typed nodes (with their parents, positions
/// and accessors) are made only on the path to the nodes a fact is read from: a `SyntaxVisitor` makes one
/// for every node and token, which cost as much as half of parsing.
private final class WidgetCodeVisitor {
  let file: SourceText
  @exclusivity(unchecked) var facts = WidgetCodeFacts()
  /// Versions guaranteed by enclosing `if #available`, `guard #available` and `@available`.
  @exclusivity(unchecked) var guarantees: [(version: OSVersion, until: RawSyntax.ID?)] = []
  @exclusivity(unchecked) var typeStack: [String] = []
  /// Per declaration being walked: whether its `@available` added to `guarantees`.
  @exclusivity(unchecked) var declarationGuarantees: [Bool] = []
  /// The view-like types (Widget, View, WidgetBundle) met so far, each with the types constructed in its
  /// member block; they become `facts.viewReferences` when the walk is over.
  @exclusivity(unchecked) var collectedViews: [(typeName: String, views: Set<String>)] = []
  /// One entry per member block being walked: the index in `collectedViews` of the view-like type whose
  /// views the calls inside it add to, or nil for any other type.
  @exclusivity(unchecked) var viewCollectors: [Int?] = []
  /// The member block of the view-like type just entered, which opens its collector when it is reached.
  @exclusivity(unchecked) var pendingCollector: (block: RawSyntax.ID, collector: Int)?
  /// The `body` accessors of the widgets declared so far, by the index of their widget in `facts.widgets`:
  /// a widget's configuration is read from the calls the walk meets in its body.
  @exclusivity(unchecked) var widgetBodies: [RawSyntax.ID: Int] = [:]
  /// The widgets whose body is being walked, innermost last.
  @exclusivity(unchecked) var widgetsInBody: [WidgetInBody] = []

  struct WidgetInBody {
    let index: Int
    var hasConfiguration = false
    var hasFamilies = false
  }

  init(file: SourceText) {
    self.file = file
  }

  // MARK: Walk

  func walk(_ tree: SourceFileSyntax) {
    var path = RawPath(root: Syntax(tree))
    readChildren(of: tree.raw, &path)
    // Two types of one name (in different scopes) share their entry, as they share the name.
    for (typeName, views) in collectedViews {
      // Moved, not copied: a union would hash every name again.
      if let earlier = facts.viewReferences.updateValue(views, forKey: typeName) {
        facts.viewReferences[typeName]?.formUnion(earlier)
      }
    }
  }

  private func readChildren(of raw: RawSyntax, _ path: inout RawPath) {
    guard let layout = raw.layoutView else { return }
    var ordinal = 0
    for (slot, child) in layout.children.enumerated() {
      guard let child else { continue }
      defer { ordinal += 1 }
      // The kind is asked once: it is a call into swift-syntax, made for every node.
      let kind = child.kind
      guard WidgetCodeReader.mayHoldFacts(child, kind: kind) else { continue }
      path.push(child, ordinal: ordinal, slot: slot)
      read(child, kind: kind, &path)
      path.pop()
    }
  }

  private func typed<Node: SyntaxProtocol>(_ type: Node.Type, _ path: inout RawPath) -> Node {
    path.typedNode().cast(type)
  }

  /// What each kind of node adds to the facts; the children are read in between.
  private func read(_ raw: RawSyntax, kind: SyntaxKind, _ path: inout RawPath) {
    switch kind {
    // Cast by kind: asking a node for its protocols is a dynamic cast, which cost 1,400 instructions a type.
    case .structDecl, .classDecl, .enumDecl:
      guard let plain = Self.plainType(raw) else {
        switch kind {
        case .structDecl: readType(typed(StructDeclSyntax.self, &path), raw, &path)
        case .classDecl: readType(typed(ClassDeclSyntax.self, &path), raw, &path)
        default: readType(typed(EnumDeclSyntax.self, &path), raw, &path)
        }
        return
      }
      // Most types (entries, providers, stores, views) need only their name: no typed node for them.
      let typeName = String(syntaxText: plain.name)
      typeStack.append(typeName)
      declarationGuarantees.append(false)
      if plain.isView { collectViews(of: typeName, in: plain.members) }
      readChildren(of: raw, &path)
      leaveType()
    case .extensionDecl:
      let node = typed(ExtensionDeclSyntax.self, &path)
      typeStack.append(SwiftAttributes.name(of: node.extendedType))
      enterDeclaration(node.attributes)
      readChildren(of: raw, &path)
      leaveType()
    case .functionDecl:
      if let decl = RawFunctionDeclSyntax(raw), !Self.mayHaveAvailability(decl.attributes) {
        declarationGuarantees.append(false)
      } else {
        read(typed(FunctionDeclSyntax.self, &path))
      }
      readChildren(of: raw, &path)
      leaveDeclaration()
    case .variableDecl:
      let decl = RawVariableDeclSyntax(raw)
      if let decl, Self.mayDeclareConstant(decl) { readConstants(decl, path.located()) }
      if let decl, !Self.mayHaveAvailability(decl.attributes) {
        declarationGuarantees.append(false)
      } else {
        read(typed(VariableDeclSyntax.self, &path))
      }
      readChildren(of: raw, &path)
      leaveDeclaration()
    case .attribute:
      // Attributes hold no code to judge (`@Environment(\.openURL)` is not a use of anything), but a
      // view's property wrappers can construct types in their arguments.
      if viewCollectors.contains(where: { $0 != nil }) {
        for name in constructedTypes(raw) { noteConstructed(name) }
      }
    case .memberBlock:
      if let pending = pendingCollector, pending.block == raw.id {
        viewCollectors.append(pending.collector)
        pendingCollector = nil
      } else {
        viewCollectors.append(nil)
      }
      readChildren(of: raw, &path)
      viewCollectors.removeLast()
    case .ifExpr:
      if let conditions = RawIfExprSyntax(raw)?.conditions, Self.mayCheckAvailability(conditions) {
        read(typed(IfExprSyntax.self, &path))
      }
      readChildren(of: raw, &path)
    case .guardStmt:
      if let conditions = RawGuardStmtSyntax(raw)?.conditions, Self.mayCheckAvailability(conditions) {
        read(typed(GuardStmtSyntax.self, &path))
      }
      readChildren(of: raw, &path)
    case .codeBlock:
      readChildren(of: raw, &path)
      guarantees.removeAll { $0.until == raw.id }
    case .accessorBlock:
      guard let widget = widgetBodies.removeValue(forKey: raw.id) else {
        readChildren(of: raw, &path)
        return
      }
      widgetsInBody.append(WidgetInBody(index: widget))
      readChildren(of: raw, &path)
      widgetsInBody.removeLast()
    case .memberAccessExpr:
      if let access = RawMemberAccessExprSyntax(raw) {
        let name = access.declName.baseName.tokenText
        if name == "widgetURL" || name == "containerBackground" { readModifier(access, &path) }
      }
      readChildren(of: raw, &path)
    case .functionCallExpr:
      readCall(raw, &path)
      readChildren(of: raw, &path)
    default:
      readChildren(of: raw, &path)
    }
  }

  /// A struct, class or enum that `visitType` would only name, or name and collect the views of: one
  /// without attributes whose inheritance names plain types, none of them a widget, bundle or
  /// representable (`View` may be one of them).
  private static func plainType(_ raw: RawSyntax) -> (name: SyntaxText, members: RawSyntax, isView: Bool)? {
    let name: RawTokenSyntax
    let attributes: RawAttributeListSyntax
    let inheritance: RawInheritanceClauseSyntax?
    let members: RawMemberBlockSyntax
    if let decl = RawStructDeclSyntax(raw) {
      (name, attributes, inheritance, members) = (decl.name, decl.attributes, decl.inheritanceClause, decl.memberBlock)
    } else if let decl = RawClassDeclSyntax(raw) {
      (name, attributes, inheritance, members) = (decl.name, decl.attributes, decl.inheritanceClause, decl.memberBlock)
    } else if let decl = RawEnumDeclSyntax(raw) {
      (name, attributes, inheritance, members) = (decl.name, decl.attributes, decl.inheritanceClause, decl.memberBlock)
    } else {
      return nil
    }
    guard attributes.slots.isEmpty else { return nil }
    var isView = false
    var isRead = false
    let allPlain = forEachPlainName(in: inheritance) { name in
      if readTypeNames.contains(name) { isRead = true }
      if name == "View" { isView = true }
    }
    return allPlain && !isRead ? (name.tokenText, members.raw, isView) : nil
  }

  /// The supertypes `visitType` reads more than a type's name for.
  private static let readTypeNames = RawNameTable(
    ["Widget", "WidgetBundle", "ControlWidget"] + WidgetCodeReader.representables.sorted())

  /// A named declaration group: a name, attributes, an inheritance clause and members.
  private func readType(_ decl: some DeclGroupSyntax & NamedDeclSyntax, _ raw: RawSyntax, _ path: inout RawPath) {
    visitType(
      name: decl.name, attributes: decl.attributes, inheritance: decl.inheritanceClause, members: decl.memberBlock)
    readChildren(of: raw, &path)
    leaveType()
  }

  /// Whether an attribute list may hold `@available`, the only attribute a function's or variable's
  /// typed reader looks at. Read raw: most attributed declarations (`@State`, `@Environment(…)`,
  /// `@MainActor`) have none, and reading their attributes typed cost ~9k instructions each.
  private static func mayHaveAvailability(_ attributes: RawAttributeListSyntax) -> Bool {
    attributes.slots.contains { element in
      // `#if` clauses among attributes are skipped by the typed readers too.
      guard let element, let attribute = RawAttributeSyntax(element) else { return false }
      guard let name = RawIdentifierTypeSyntax(attribute.attributeName.raw) else { return true }
      return name.name.tokenText == "available"
    }
  }

  /// A `let` with a string literal among its initial values, which `readConstants` records.
  private static func mayDeclareConstant(_ decl: RawVariableDeclSyntax) -> Bool {
    guard decl.bindingSpecifier.tokenKind == .keyword, decl.bindingSpecifier.tokenText == "let" else { return false }
    return decl.bindings.slots.contains { binding in
      binding.flatMap { RawPatternBindingSyntax($0) }?.initializer?.value.raw.kind == .stringLiteralExpr
    }
  }

  /// Whether a condition list has an availability check, which `availability(in:)` reads.
  private static func mayCheckAvailability(_ conditions: RawConditionElementListSyntax) -> Bool {
    conditions.slots.contains { element in
      element.flatMap { RawConditionElementSyntax($0) }?.condition.raw.kind == .availabilityCondition
    }
  }

  /// Calls: the types a view constructs are read from the raw names, and so are the calls a fact is
  /// read from, located by the offsets the path computes.
  private func readCall(_ raw: RawSyntax, _ path: inout RawPath) {
    if let name = WidgetCodeReader.calleeName(raw) {
      // Types are capitalised; most calls are to functions and methods.
      guard WidgetCodeReader.isCapitalized(name) else { return }
      let typeName = String(syntaxText: name)
      if !viewCollectors.isEmpty { noteConstructed(typeName) }
      if Self.factCallNames.contains(name) { readConstruction(of: typeName, path.located(), &path) }
      if let widget = widgetsInBody.last, !widget.hasConfiguration, name.hasSuffix("Configuration"),
        WidgetCodeReader.configurationTypes.contains(typeName)
      {
        widgetsInBody[widgetsInBody.count - 1].hasConfiguration = true
        readConfiguration(path.located(), of: widget.index)
      }
    } else if let member = WidgetCodeReader.calleeMember(raw) {
      if member == "containerURL" {
        readContainerURL(path.located())
      } else if member == "supportedFamilies" {
        let families = Self.familyList(path.located())
        readFamilyVersions(families)
        if let widget = widgetsInBody.last, !widget.hasFamilies {
          // The first `.supportedFamilies` in a widget's body; a family list the code computes is not read.
          widgetsInBody[widgetsInBody.count - 1].hasFamilies = true
          if let families, families.isComplete {
            facts.widgets[widget.index].families = (
              families.elements.map { ($0.name, span($0.node)) }, span(families.array)
            )
          }
        }
      }
      guard let widget = widgetsInBody.last else { return }
      if member == "configurationDisplayName" || member == "description" {
        readDescription(raw, isDisplayName: member == "configurationDisplayName", of: widget.index)
      }
    }
  }

  /// Calls of these types are read from their arguments, or are views that do not render in a widget.
  private static let factCallNames = RawNameTable(
    WidgetCodeReader.unsupportedViews.keys.sorted() + [
      "UserDefaults", "Timeline", "Link", "AppIntentConfiguration", "Button", "Toggle",
    ])

  func span(_ node: some SyntaxProtocol) -> SourceSpan { SourceSpan(node, in: file) }

  var guaranteed: OSVersion? { guarantees.map(\.version).max() }
  var currentType: String? { typeStack.last }

  func span(_ node: LocatedRaw) -> SourceSpan { node.span(in: file) }

  /// A string literal, or a reference to a constant (`kind`, `Self.kind`, `Keys.group`).
  func stringUse(_ expression: LocatedRaw) -> WidgetCodeFacts.StringUse? {
    let value: WidgetCodeFacts.StringValue
    if let text = WidgetCodeReader.literal(expression.raw) {
      value = .literal(text)
    } else if let reference = RawDeclReferenceExprSyntax(expression.raw) {
      value = .reference(type: nil, name: String(syntaxText: reference.baseName.tokenText))
    } else if let member = RawMemberAccessExprSyntax(expression.raw),
      let base = member.base.flatMap({ RawDeclReferenceExprSyntax($0.raw) })
    {
      let baseName = String(syntaxText: base.baseName.tokenText)
      value = .reference(
        type: baseName == "Self" ? currentType : baseName, name: String(syntaxText: member.declName.baseName.tokenText))
    } else {
      return nil
    }
    return .init(value: value, span: span(expression), enclosingType: currentType)
  }

  // MARK: Declarations

  func enterDeclaration(_ attributes: AttributeListSyntax) {
    // Most declarations have no attributes; reading an empty list is cheap, looking into one is not.
    let version = attributes.isEmpty ? nil : SwiftAttributes.iOSAvailability(attributes)
    if let version { guarantees.append((version, nil)) }
    declarationGuarantees.append(version != nil)
  }

  func leaveDeclaration() {
    if declarationGuarantees.removeLast(), let index = guarantees.lastIndex(where: { $0.until == nil }) {
      guarantees.remove(at: index)
    }
  }

  /// The names an inheritance clause lists, read from its raw nodes; nil when one is more than a name.
  static func inheritedNames(_ clause: InheritanceClauseSyntax?) -> [String]? {
    guard let clause else { return [] }
    guard let raw = RawInheritanceClauseSyntax(clause.raw) else { return nil }
    var names: [String] = []
    return forEachPlainName(in: raw) { names.append(String(syntaxText: $0)) } ? names : nil
  }

  /// Hands each name an inheritance clause lists (none without one) to `body`, in order; false when one
  /// is more than a name. No array: the walk asks this of every type.
  static func forEachPlainName(in clause: RawInheritanceClauseSyntax?, _ body: (SyntaxText) -> Void) -> Bool {
    guard let clause else { return true }
    for case let item? in clause.inheritedTypes.slots {
      guard let inherited = RawInheritedTypeSyntax(item), let identifier = RawIdentifierTypeSyntax(inherited.type.raw),
        identifier.genericArgumentClause == nil
      else { return false }
      body(identifier.name.tokenText)
    }
    return true
  }

  func inherited(_ clause: InheritanceClauseSyntax?) -> [(String, TypeSyntax)] {
    (clause?.inheritedTypes ?? []).map { (SwiftAttributes.name(of: $0.type), $0.type) }
  }

  func visitType(
    name: TokenSyntax, attributes: AttributeListSyntax, inheritance: InheritanceClauseSyntax?,
    members: MemberBlockSyntax
  ) {
    let typeName = name.text
    typeStack.append(typeName)
    enterDeclaration(attributes)
    let names = Self.inheritedNames(inheritance) ?? inherited(inheritance).map(\.0)
    if names.contains(where: WidgetCodeReader.representables.contains) {
      for (supertype, node) in inherited(inheritance) where WidgetCodeReader.representables.contains(supertype) {
        facts.unsupportedViews.append(.init(name: supertype, span: span(node), isConformance: true))
      }
    }
    if names.contains("WidgetBundle") {
      let isMainBundle = attributes.contains {
        $0.as(AttributeSyntax.self).map { SwiftAttributes.name(of: $0.attributeName) } == "main"
      }
      let (blocks, complete) = bundleBlocks(members)
      facts.bundles.append(
        .init(typeName: typeName, isMain: isMainBundle, nameSpan: span(name), blocks: blocks, isComplete: complete))
    }
    let isMain = attributes.contains {
      $0.as(AttributeSyntax.self).map { SwiftAttributes.name(of: $0.attributeName) } == "main"
    }
    if names.contains("Widget") {
      var widget = WidgetCodeFacts.Widget(typeName: typeName, nameSpan: span(name), contentViews: [])
      widget.isMain = isMain
      if let body = Self.bodyAccessor(members.raw) { widgetBodies[body] = facts.widgets.count }
      facts.widgets.append(widget)
    }
    if names.contains("ControlWidget") { facts.controls.append(typeName) }
    if names.contains("Widget") || names.contains("View") || names.contains("WidgetBundle") {
      collectViews(of: typeName, in: members.raw)
    }
  }

  /// Opens a view-like type's collection of the types it constructs, filled while the walk goes through
  /// its member block: a second walk of every view cost a quarter of reading the facts.
  func collectViews(of typeName: String, in members: RawSyntax) {
    // Room for a view's usual dozen types: growing each set from empty cost a third of noting them.
    collectedViews.append((typeName, Set(minimumCapacity: 12)))
    pendingCollector = (members.id, collectedViews.count - 1)
  }

  /// Records `name` as constructed in every view-like type whose member block encloses the call: by
  /// index, as looking each type up by name had cost half of noting.
  func noteConstructed(_ name: String) {
    guard WidgetCodeReader.isCapitalized(name) else { return }
    for case let collector? in viewCollectors { collectedViews[collector].views.insert(name) }
  }

  func leaveType() {
    leaveDeclaration()
    typeStack.removeLast()
  }

  func read(_ node: FunctionDeclSyntax) {
    if SwiftAttributes.isUnavailableInExtensions(node.attributes) {
      facts.extensionUnavailableDeclarations.append(node.name.text)
    }
    enterDeclaration(node.attributes)
  }

  /// A variable with attributes that may include `@available` (its constants are read raw).
  func read(_ node: VariableDeclSyntax) {
    if SwiftAttributes.isUnavailableInExtensions(node.attributes) {
      for binding in node.bindings {
        if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
          facts.extensionUnavailableDeclarations.append(name)
        }
      }
    }
    enterDeclaration(node.attributes)
  }

  /// `let name = "literal"` (`mayDeclareConstant`): each binding's constant.
  func readConstants(_ decl: RawVariableDeclSyntax, _ node: LocatedRaw) {
    node.locate(decl.bindings).forEachChild { located in
      guard let binding = RawPatternBindingSyntax(located.raw), let initializer = binding.initializer,
        let name = RawIdentifierPatternSyntax(binding.pattern.raw)?.identifier.tokenText,
        let text = WidgetCodeReader.literal(initializer.value.raw)
      else { return }
      let value = located.locate(initializer).locate(initializer.value)
      let key = WidgetCodeFacts.ConstantKey(type: currentType, name: String(syntaxText: name))
      facts.constants[key] = .init(value: .literal(text), span: span(value), enclosingType: currentType)
    }
  }

  // MARK: Availability guards

  func read(_ node: IfExprSyntax) {
    if let version = availability(in: node.conditions) {
      guarantees.append((version, node.body.raw.id))
    }
  }

  func read(_ node: GuardStmtSyntax) {
    // `guard #available(iOS 17, *) else { … }` guarantees the version for the rest of its block.
    if let version = availability(in: node.conditions),
      let block = node.parent?.parent?.parent?.as(CodeBlockSyntax.self)
    {
      guarantees.append((version, block.raw.id))
    }
  }

  func availability(in conditions: ConditionElementListSyntax) -> OSVersion? {
    for condition in conditions {
      if case .availability(let availability) = condition.condition,
        availability.availabilityKeyword.tokenKind == .poundAvailable,
        let version = WidgetCodeReader.iOSVersion(in: availability.availabilityArguments)
      {
        return version
      }
    }
    return nil
  }

  func versioned(_ symbol: String, _ minimum: OSVersion, _ span: SourceSpan) {
    facts.versionedUses.append(.init(symbol: symbol, minimum: minimum, span: span, guaranteed: guaranteed))
  }

  // MARK: Expressions

  /// `.widgetURL(…)` and `.containerBackground(…, for: .widget)`, the member access being the callee of
  /// its parent call.
  func readModifier(_ access: RawMemberAccessExprSyntax, _ path: inout RawPath) {
    let depth = path.depth
    guard depth > 0, let call = RawFunctionCallExprSyntax(path.raw(at: depth - 1)),
      call.calledExpression.raw.id == access.raw.id
    else { return }
    let name = access.declName.baseName.tokenText
    let callNode = path.located(at: depth - 1)
    let arguments = WidgetCodeReader.arguments(of: callNode)
    let nameSpan = span(path.located().locate(access.declName))
    if name == "widgetURL" {
      facts.urlUses.append(
        .init(
          isLink: false, span: nameSpan, url: arguments.first.flatMap { urlString($0.expression) },
          enclosingType: currentType, branches: branchPath(&path)))
    } else if name == "containerBackground",
      arguments.contains(where: {
        $0.label == "for"
          && RawMemberAccessExprSyntax($0.expression.raw)?.declName.baseName.tokenText == "widget"
      })
    {
      versioned("containerBackground(_:for: .widget)", OSVersion(17), nameSpan)
    }
  }

  /// The branches of `if` and `switch` the current node sits in, innermost first, read from its
  /// ancestors on the path.
  func branchPath(_ path: inout RawPath) -> [WidgetCodeFacts.BranchStep] {
    var steps: [WidgetCodeFacts.BranchStep] = []
    var depth = path.depth - 1
    while depth >= 0 {
      let parent = path.raw(at: depth)
      let child = path.raw(at: depth + 1)
      if let ifExpression = RawIfExprSyntax(parent) {
        let index = child.id == ifExpression.body.raw.id ? 0 : (child.id == ifExpression.elseBody?.raw.id ? 1 : -1)
        if index >= 0 { steps.append(.init(construct: path.located(at: depth).start, index: index)) }
      }
      if parent.kind == .switchCase, depth > 0, path.raw(at: depth - 1).kind == .switchCaseList {
        // The case's offset tells it from its siblings without counting them (a switch can have thousands).
        steps.append(
          .init(
            construct: path.located(at: depth - 1).start, index: path.located(at: depth).start))
      }
      if parent.kind == .structDecl || parent.kind == .classDecl { break }
      depth -= 1
    }
    return steps
  }

  /// `URL(string: "…")` or `URL(string: "…")!`.
  func urlString(_ expression: LocatedRaw) -> WidgetCodeFacts.StringUse? {
    var expression = expression
    if let unwrap = RawForceUnwrapExprSyntax(expression.raw) { expression = expression.locate(unwrap.expression) }
    guard WidgetCodeReader.calleeName(expression.raw) == "URL",
      let argument = WidgetCodeReader.arguments(of: expression).first, argument.label == "string"
    else { return nil }
    return stringUse(argument.expression)
  }

  /// A call of one of `factCallNames`, the current node: what it says, and the view it constructs
  /// when widgets cannot show it.
  func readConstruction(of name: String, _ call: LocatedRaw, _ path: inout RawPath) {
    guard let node = RawFunctionCallExprSyntax(call.raw) else { return }
    let calleeSpan = span(call.locate(node.calledExpression))
    let arguments = WidgetCodeReader.arguments(of: call)
    if WidgetCodeReader.unsupportedViews[name] != nil {
      facts.unsupportedViews.append(.init(name: name, span: calleeSpan, isConformance: false))
    }
    switch name {
    case "UserDefaults":
      if let argument = arguments.first, argument.label == "suiteName", let use = stringUse(argument.expression) {
        facts.groupIdentifiers.append(use)
      }
    case "Timeline":
      if let policy = arguments.first(where: { $0.label == "policy" }) { readPolicy(policy.expression, &path) }
    case "Link":
      let destination = arguments.first { $0.label == "destination" }
      facts.urlUses.append(
        .init(
          isLink: true, span: calleeSpan, url: destination.flatMap { urlString($0.expression) },
          enclosingType: currentType, branches: branchPath(&path)))
    case "AppIntentConfiguration":
      versioned("AppIntentConfiguration", OSVersion(17), calleeSpan)
    case "Button" where arguments.contains { $0.label == "intent" }:
      versioned("Button(intent:)", OSVersion(17), calleeSpan)
    case "Toggle" where arguments.contains { $0.label == "intent" }:
      versioned("Toggle(isOn:intent:)", OSVersion(17), calleeSpan)
    default:
      break
    }
  }

  /// `FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: …)`.
  func readContainerURL(_ call: LocatedRaw) {
    if let argument = WidgetCodeReader.arguments(of: call).first,
      argument.label == "forSecurityApplicationGroupIdentifier", let use = stringUse(argument.expression)
    {
      facts.groupIdentifiers.append(use)
    }
  }

  /// The families `.supportedFamilies([...])` names, with the array's span; nil when its argument is not
  /// an array of plain families (one the code computes is not read).
  static func familyList(_ call: LocatedRaw) -> FamilyList? {
    guard let argument = WidgetCodeReader.arguments(of: call).first,
      let array = RawArrayExprSyntax(argument.expression.raw)
    else { return nil }
    var families: [FamilyElement] = []
    var isComplete = true
    argument.expression.locate(array.elements).forEachChild { located in
      guard let element = RawArrayElementSyntax(located.raw),
        let family = RawMemberAccessExprSyntax(element.expression.raw)
      else {
        isComplete = false
        return
      }
      families.append(
        FamilyElement(
          name: String(syntaxText: family.declName.baseName.tokenText), node: located.locate(element.expression)))
    }
    return FamilyList(elements: families, isComplete: isComplete, array: argument.expression)
  }

  struct FamilyList {
    /// The elements that name a family (`.systemSmall`).
    var elements: [FamilyElement]
    /// Whether every element names one.
    var isComplete: Bool
    var array: LocatedRaw
  }

  struct FamilyElement {
    let name: String
    let node: LocatedRaw
  }

  /// Families newer than the first widgets (iOS 14) need that version.
  func readFamilyVersions(_ list: FamilyList?) {
    for family in list?.elements ?? [] {
      if let info = WidgetKitCatalog.family(named: family.name), let minimum = info.iOS, minimum > OSVersion(14) {
        versioned(family.name, minimum, span(family.node))
      }
    }
  }

  /// A `Timeline`'s `policy:` argument, the Timeline call being the current node.
  func readPolicy(_ expression: LocatedRaw, _ path: inout RawPath) {
    let function = Self.enclosingFunction(&path)
    let locals: (SyntaxText) -> RawSyntax? = { name in function.flatMap { Self.localValue(name, in: $0) } }
    if let member = RawMemberAccessExprSyntax(expression.raw), member.base == nil {
      switch member.declName.baseName.tokenText {
      case "atEnd":
        let spacing = function.flatMap { WidgetCodeReader.loopSpacing(in: $0) }
        facts.policies.append(.init(kind: .atEnd, seconds: spacing.map { Int($0) }, span: span(expression)))
      case "never":
        facts.policies.append(.init(kind: .never, seconds: nil, span: span(expression)))
      default:
        break
      }
      return
    }
    var policyExpression = expression.raw
    if let reference = RawDeclReferenceExprSyntax(expression.raw), let value = locals(reference.baseName.tokenText) {
      policyExpression = value
    }
    guard WidgetCodeReader.calleeMember(policyExpression) == "after",
      let date = WidgetCodeReader.argumentList(of: policyExpression).first?.expression.raw
    else { return }
    let seconds = WidgetCodeReader.offset(ofDate: date, locals: locals)
    facts.policies.append(.init(kind: .after, seconds: seconds.map { Int($0) }, span: span(expression)))
  }

  /// The function, closure or accessor the current node is in.
  static func enclosingFunction(_ path: inout RawPath) -> RawSyntax? {
    var depth = path.depth - 1
    while depth >= 0 {
      let candidate = path.raw(at: depth)
      switch candidate.kind {
      case .functionDecl, .closureExpr, .accessorBlock: return candidate
      default: depth -= 1
      }
    }
    return nil
  }

  /// The initial value of `let name = …` inside a function.
  static func localValue(_ name: SyntaxText, in function: RawSyntax) -> RawSyntax? {
    // A `var` may be reassigned before it is used, so only constants are followed.
    var path = RawPath(root: function)
    while let node = path.advance() {
      guard let binding = RawPatternBindingSyntax(node), let pattern = RawIdentifierPatternSyntax(binding.pattern.raw),
        pattern.identifier.tokenText == name, path.depth >= 2,
        let declaration = RawVariableDeclSyntax(path.raw(at: path.depth - 2)),
        declaration.bindingSpecifier.tokenText == "let", let value = binding.initializer?.value
      else { continue }
      return value.raw
    }
    return nil
  }

  // MARK: Bundles and widgets

  /// The `body` property of a type.
  func bodyProperty(_ members: MemberBlockSyntax) -> AccessorBlockSyntax? {
    // The one `bodyAccessor` finds; only its own member is read typed.
    guard let body = Self.bodyAccessor(members.raw) else { return nil }
    for member in members.members where member.decl.raw.kind == .variableDecl {
      for binding in member.decl.cast(VariableDeclSyntax.self).bindings where binding.accessorBlock?.raw.id == body {
        return binding.accessorBlock
      }
    }
    return nil
  }

  func bundleBlocks(_ members: MemberBlockSyntax) -> ([[WidgetCodeFacts.BundleEntry]], Bool) {
    guard let body = bodyProperty(members) else { return ([], false) }
    var blocks: [[WidgetCodeFacts.BundleEntry]] = []
    var complete = true
    func entries(_ statements: CodeBlockItemListSyntax) {
      var block: [WidgetCodeFacts.BundleEntry] = []
      for statement in statements {
        if let expression = statement.item.as(ExpressionStmtSyntax.self)?.expression
          ?? statement.item.as(ExprSyntax.self)
        {
          if let ifExpression = expression.as(IfExprSyntax.self) {
            block.append(.init(typeName: "if", span: span(ifExpression.ifKeyword)))
            var branch: IfExprSyntax? = ifExpression
            while let current = branch {
              entries(current.body.statements)
              switch current.elseBody {
              case .ifExpr(let next): branch = next
              case .codeBlock(let last):
                entries(last.statements)
                branch = nil
              case nil: branch = nil
              }
            }
            continue
          }
          if let call = expression.as(FunctionCallExprSyntax.self),
            let callee = call.calledExpression.as(DeclReferenceExprSyntax.self)
          {
            block.append(.init(typeName: callee.baseName.text, span: span(call)))
            continue
          }
        }
        complete = false
      }
      blocks.append(block)
    }
    switch body.accessors {
    case .getter(let statements): entries(statements)
    case .accessors(let list):
      if let getter = list.first(where: { $0.accessorSpecifier.text == "get" }), let getterBody = getter.body {
        entries(getterBody.statements)
      }
    }
    // The body's own block first, then the branches in source order.
    return (blocks.sorted { ($0.first?.span.start ?? .max) < ($1.first?.span.start ?? .max) }, complete)
  }

  /// The accessor block of a type's `body` property, read from the raw member block.
  static func bodyAccessor(_ members: RawSyntax) -> RawSyntax.ID? {
    guard let block = RawMemberBlockSyntax(members) else { return nil }
    for case let item? in block.members.slots {
      guard let member = RawMemberBlockItemSyntax(item), let variable = RawVariableDeclSyntax(member.decl.raw)
      else { continue }
      for case let bindingItem? in variable.bindings.slots {
        guard let binding = RawPatternBindingSyntax(bindingItem),
          let pattern = RawIdentifierPatternSyntax(binding.pattern.raw), pattern.identifier.tokenText == "body"
        else { continue }
        if let accessor = binding.accessorBlock { return accessor.raw.id }
      }
    }
    return nil
  }

  /// The first configuration call in a widget's body: its type, kind and content views.
  func readConfiguration(_ configuration: LocatedRaw, of index: Int) {
    guard let call = RawFunctionCallExprSyntax(configuration.raw),
      let callee = RawDeclReferenceExprSyntax(call.calledExpression.raw)
    else { return }
    facts.widgets[index].configuration = (
      String(syntaxText: callee.baseName.tokenText), span(configuration.locate(call.calledExpression))
    )
    let arguments = WidgetCodeReader.arguments(of: configuration)
    if let kind = arguments.first(where: { $0.label == "kind" }) {
      facts.widgets[index].kind = stringUse(kind.expression)
    }
    // The views come from the content closure, trailing or labelled `content:`.
    let content = call.trailingClosure?.raw ?? arguments.first(where: { $0.label == "content" })?.expression.raw
    facts.widgets[index].contentViews = content.map { Array(constructedTypes($0)).sorted() } ?? []
  }

  /// `.configurationDisplayName("…")` or `.description("…")`: the last of each wins, as the modifier
  /// applied last does. Only the text is kept, so the call is read raw.
  func readDescription(_ call: RawSyntax, isDisplayName: Bool, of index: Int) {
    guard let first = RawFunctionCallExprSyntax(call)?.arguments.slots.first,
      let argument = first.flatMap({ RawLabeledExprSyntax($0) }),
      let text = WidgetCodeReader.literal(argument.expression.raw)
    else { return }
    if isDisplayName {
      facts.widgets[index].displayName = text
    } else {
      facts.widgets[index].description = text
    }
  }

  /// Capitalised names called like initialisers (`CounterView(entry: entry)`): the view types a body builds.
  func constructedTypes(_ node: Syntax) -> Set<String> { constructedTypes(node.raw) }

  func constructedTypes(_ node: RawSyntax) -> Set<String> {
    var names: Set<String> = []
    var path = RawPath(root: node)
    var next: RawSyntax? = node
    while let raw = next {
      if let name = WidgetCodeReader.calleeName(raw), WidgetCodeReader.isCapitalized(name) {
        names.insert(String(syntaxText: name))
      }
      next = path.advance()
    }
    return names
  }

}

extension SwiftAttributes {
  /// `@available(iOS 17.0, *)` on a declaration.
  static func iOSAvailability(_ attributes: AttributeListSyntax) -> OSVersion? {
    guard !attributes.isEmpty else { return nil }
    for element in attributes {
      guard let attribute = element.as(AttributeSyntax.self),
        SwiftAttributes.name(of: attribute.attributeName) == "available",
        case .availability(let arguments) = attribute.arguments
      else { continue }
      if let version = WidgetCodeReader.iOSVersion(in: arguments) { return version }
    }
    return nil
  }
}
