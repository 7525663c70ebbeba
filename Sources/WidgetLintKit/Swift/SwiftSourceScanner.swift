import SwiftParser
import SwiftSyntax

/// What widgetlint reads from one Swift file. Everything keeps its exact span in the file.
public struct SwiftFileFacts: Sendable {
  public struct APIUse: Sendable {
    public var api: ExtensionUnavailableAPI
    public var span: SourceSpan
  }

  public var file: SourceText
  public var unavailableAPIUses: [APIUse] = []
  public var code = WidgetCodeFacts()
}

/// Reads Swift sources with swift-syntax: comments and string literals are trivia and literal
/// segments to the parser, so they can never match.
public enum SwiftSourceScanner {
  /// The longest run of `[` (white space between allowed) that is parsed. swift-syntax's parser takes
  /// time exponential in such runs (`[[[[…`: 18 take seconds, 22 half a minute), and no real Swift
  /// nests array literals or types this deep.
  public static let maxBracketRun = 12

  /// Why a file is not parsed, or nil when it is safe to.
  public static func refusal(for bytes: [UInt8]) -> String? {
    let open = UInt8(ascii: "[")
    // Only the bytes from each '[' on are looked at; memchr finds the next one.
    let runEnd: Int? = bytes.withUnsafeBufferPointer { buffer in
      var index = 0
      while let found = ByteSearch.firstIndex(of: open, in: buffer, from: index) {
        var position = found
        var run = 0
        scan: while position < buffer.count {
          switch buffer[position] {
          case open:
            run += 1
            if run > maxBracketRun { return position }
          case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"):
            break
          default:
            break scan
          }
          position += 1
        }
        index = position
      }
      return nil
    }
    guard let runEnd else { return nil }
    let line = 1 + bytes[..<runEnd].lazy.filter { $0 == UInt8(ascii: "\n") }.count
    return
      "line \(line) opens more than \(maxBracketRun) '[' in a row, which widgetlint does not parse (Swift's parser takes exponential time on it)"
  }

  public static func scan(_ file: SourceText) -> SwiftFileFacts {
    let tree = file.bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
    var uses: [SwiftFileFacts.APIUse] = []
    // Walking the tree for these APIs cost as much as a second parse; most widget files name none of them.
    if ExtensionUnavailableAPI.mayBeUsed(in: file.bytes) {
      let visitor = UnavailableAPIVisitor(file: file)
      visitor.walk(tree)
      uses = visitor.uses
    }
    return SwiftFileFacts(file: file, unavailableAPIUses: uses, code: WidgetCodeReader.read(tree, file: file))
  }
}

extension SwiftFileFacts {
  /// References to `names` (by name alone, as written) outside declarations marked unavailable in app
  /// extensions. Few projects declare such names, so the first reading of a file does not collect
  /// references: the file is parsed again here, and only when its text contains one of the names.
  public func references(to names: Set<String>) -> [WidgetCodeFacts.Reference] {
    guard names.contains(where: { ByteSearch.contains(file.bytes, Array($0.utf8)) }) else { return [] }
    let tree = file.bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
    let visitor = ReferenceVisitor(file: file, names: names)
    visitor.walk(tree)
    return visitor.references
  }
}

/// Names used as values (`openSettings()`, `Helper.openSettings`) outside declarations that are
/// themselves unavailable in app extensions, and outside attributes.
private final class ReferenceVisitor: SyntaxVisitor {
  let file: SourceText
  let names: Set<String>
  var references: [WidgetCodeFacts.Reference] = []
  /// Per declaration being walked: whether it is unavailable in app extensions.
  var unavailable: [Bool] = []

  init(file: SourceText, names: Set<String>) {
    self.file = file
    self.names = names
    super.init(viewMode: .sourceAccurate)
  }

  func record(_ name: String, _ node: some SyntaxProtocol) {
    guard !unavailable.contains(true), names.contains(name) else { return }
    references.append(WidgetCodeFacts.Reference(name: name, span: SourceSpan(node, in: file)))
  }

  override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

  // A member's name (`AppOnly.openSettings`) is a declaration reference too: one visit covers both.
  override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
    record(node.baseName.text, node)
    return .visitChildren
  }

  func enter(_ attributes: AttributeListSyntax) -> SyntaxVisitorContinueKind {
    unavailable.append(SwiftAttributes.isUnavailableInExtensions(attributes))
    return .visitChildren
  }

  override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.attributes) }
  override func visitPost(_ node: StructDeclSyntax) { unavailable.removeLast() }
  override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.attributes) }
  override func visitPost(_ node: ClassDeclSyntax) { unavailable.removeLast() }
  override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.attributes) }
  override func visitPost(_ node: EnumDeclSyntax) { unavailable.removeLast() }
  override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.attributes) }
  override func visitPost(_ node: ExtensionDeclSyntax) { unavailable.removeLast() }
  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.attributes) }
  override func visitPost(_ node: FunctionDeclSyntax) { unavailable.removeLast() }
  override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.attributes) }
  override func visitPost(_ node: VariableDeclSyntax) { unavailable.removeLast() }
}

private final class UnavailableAPIVisitor: SyntaxVisitor {
  let file: SourceText
  var uses: [SwiftFileFacts.APIUse] = []
  /// Member accesses already reported as part of a longer use (`UIApplication.shared` inside
  /// `UIApplication.shared.open(...)`), so one use gives one finding.
  var covered: Set<SyntaxIdentifier> = []

  init(file: SourceText) {
    self.file = file
    super.init(viewMode: .sourceAccurate)
  }

  func record(_ api: ExtensionUnavailableAPI, _ node: some SyntaxProtocol) {
    uses.append(SwiftFileFacts.APIUse(api: api, span: SourceSpan(node, in: file)))
  }

  // Declarations marked unavailable in extensions are compiled out of them, so what they use is fine.
  override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { visitDeclaration(node.attributes) }
  override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind { visitDeclaration(node.attributes) }
  override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind { visitDeclaration(node.attributes) }
  override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind { visitDeclaration(node.attributes) }
  override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { visitDeclaration(node.attributes) }
  override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { visitDeclaration(node.attributes) }
  override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { visitDeclaration(node.attributes) }
  override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind { visitDeclaration(node.attributes) }
  override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { visitDeclaration(node.attributes) }
  override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { visitDeclaration(node.attributes) }

  func visitDeclaration(_ attributes: AttributeListSyntax) -> SyntaxVisitorContinueKind {
    SwiftAttributes.isUnavailableInExtensions(attributes) ? .skipChildren : .visitChildren
  }

  // Code behind a custom compilation flag (`#if !WIDGET_EXTENSION`) may be compiled into the app
  // only; without the build settings that cannot be known, so it is not judged.
  override func visit(_ node: IfConfigDeclSyntax) -> SyntaxVisitorContinueKind {
    for clause in node.clauses {
      if let condition = clause.condition, SwiftAttributes.usesCustomFlag(condition) { return .skipChildren }
    }
    return .visitChildren
  }

  override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
    guard !covered.contains(node.id) else { return .visitChildren }
    let member = node.declName.baseName.text
    for api in ExtensionUnavailableAPI.all {
      switch api.pattern {
      case .sharedApplicationMember(let name):
        guard name == member, let base = node.base, let shared = Self.sharedApplication(base) else { continue }
        covered.insert(shared.id)
        record(api, node)
        return .visitChildren
      case .staticMember(let receiver, let name):
        guard name == member, let base = node.base, Self.names(base, receiver) else { continue }
        record(api, node)
        return .visitChildren
      case .member(let name):
        guard name == member else { continue }
        if let base = node.base?.as(DeclReferenceExprSyntax.self),
          ["self", "super", "Self"].contains(base.baseName.text)
        {
          continue
        }
        if let base = node.base, let shared = Self.sharedApplication(base) { covered.insert(shared.id) }
        record(api, node)
        return .visitChildren
      case .typeName:
        continue
      }
    }
    return .visitChildren
  }

  override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
    recordTypeName(node.name.text, node)
    return .visitChildren
  }

  override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
    recordTypeName(node.baseName.text, node)
    return .visitChildren
  }

  func recordTypeName(_ name: String, _ node: some SyntaxProtocol) {
    for api in ExtensionUnavailableAPI.all {
      if case .typeName(let typeName) = api.pattern, typeName == name {
        record(api, node)
        return
      }
    }
  }

  /// `UIApplication.shared` or `UIApplication.sharedApplication()` (also `UIKit.UIApplication…`).
  static func sharedApplication(_ expression: ExprSyntax) -> MemberAccessExprSyntax? {
    if let access = expression.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "shared",
      let base = access.base, names(base, "UIApplication")
    {
      return access
    }
    if let call = expression.as(FunctionCallExprSyntax.self),
      let access = call.calledExpression.as(MemberAccessExprSyntax.self),
      access.declName.baseName.text == "sharedApplication"
    {
      return access
    }
    return nil
  }

  /// Whether an expression names a type, bare or module-qualified.
  static func names(_ expression: ExprSyntax, _ type: String) -> Bool {
    if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text == type }
    if let access = expression.as(MemberAccessExprSyntax.self), access.declName.baseName.text == type,
      let module = access.base?.as(DeclReferenceExprSyntax.self)
    {
      return module.baseName.text == "UIKit"
    }
    return false
  }
}

enum SwiftAttributes {
  /// A type's name as written, without building a trimmed copy of the tree for plain identifiers
  /// (`trimmedDescription` on every declaration's attributes dominated the cost of reading Swift). A
  /// name qualified by the module that declares it (`WidgetKit.Widget`, `SwiftUI.View`) is that name:
  /// otherwise such a widget or view would go unseen by every rule that reads code.
  static func name(of type: TypeSyntax) -> String {
    if let identifier = type.as(IdentifierTypeSyntax.self), identifier.genericArgumentClause == nil {
      return identifier.name.text
    }
    if let member = type.as(MemberTypeSyntax.self), member.genericArgumentClause == nil,
      let module = member.baseType.as(IdentifierTypeSyntax.self), module.genericArgumentClause == nil,
      widgetModules.contains(module.name.text)
    {
      return member.name.text
    }
    return type.trimmedDescription
  }

  /// The modules that declare the types the facts are read for (Widget, WidgetBundle, View, ...).
  static let widgetModules: Set<String> = ["SwiftUI", "WidgetKit"]

  static let extensionPlatforms: Set<String> = [
    "iOSApplicationExtension", "macOSApplicationExtension", "macCatalystApplicationExtension",
    "tvOSApplicationExtension", "watchOSApplicationExtension", "visionOSApplicationExtension",
  ]

  /// `@available(iOSApplicationExtension, unavailable)` and its siblings.
  static func isUnavailableInExtensions(_ attributes: AttributeListSyntax) -> Bool {
    guard !attributes.isEmpty else { return false }
    for element in attributes {
      guard let attribute = element.as(AttributeSyntax.self),
        SwiftAttributes.name(of: attribute.attributeName) == "available",
        case .availability(let arguments) = attribute.arguments
      else { continue }
      var names: Set<String> = []
      for argument in arguments {
        if case .token(let token) = argument.argument { names.insert(token.text) }
      }
      if names.contains("unavailable") && !names.isDisjoint(with: extensionPlatforms) { return true }
    }
    return false
  }

  /// Whether a `#if` condition names a compilation flag rather than only os(), arch(), canImport()…
  static func usesCustomFlag(_ condition: ExprSyntax) -> Bool {
    final class FlagFinder: SyntaxVisitor {
      var found = false
      override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
      override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        if !["true", "false"].contains(node.baseName.text) { found = true }
        return .skipChildren
      }
    }
    let finder = FlagFinder(viewMode: .sourceAccurate)
    finder.walk(condition)
    return finder.found
  }
}

extension SourceSpan {
  /// Where a syntax node's text is in its file, without its leading and trailing trivia.
  init(_ node: some SyntaxProtocol, in file: SourceText) {
    self.init(
      file: file, start: node.positionAfterSkippingLeadingTrivia.utf8Offset,
      end: node.endPositionBeforeTrailingTrivia.utf8Offset)
  }
}
