import SwiftSyntax

/// Names used as values (`openSettings()`, `Helper.openSettings`) outside declarations that are
/// themselves unavailable in app extensions, and outside attributes.
final class ReferenceVisitor: SyntaxVisitor {
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
