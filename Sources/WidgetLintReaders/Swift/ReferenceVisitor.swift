import SwiftSyntax
import WidgetLintCore
import WidgetLintModel

/// Names used as values (`openSettings()`, `Helper.openSettings`) outside declarations that are
/// themselves unavailable in app extensions, and outside attributes.
package final class ReferenceVisitor: SyntaxVisitor {
  package let file: SourceText
  package let names: Set<String>
  package var references: [WidgetCodeFacts.Reference] = []
  /// Per declaration being walked: whether it is unavailable in app extensions.
  package var unavailable: [Bool] = []

  package init(file: SourceText, names: Set<String>) {
    self.file = file
    self.names = names
    super.init(viewMode: .sourceAccurate)
  }

  package func record(_ name: String, _ node: some SyntaxProtocol) {
    guard !unavailable.contains(true), names.contains(name) else { return }
    references.append(WidgetCodeFacts.Reference(name: name, span: SourceSpan(node, in: file)))
  }

  package override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

  // A member's name (`AppOnly.openSettings`) is a declaration reference too: one visit covers both.
  package override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
    record(node.baseName.text, node)
    return .visitChildren
  }

  package func enter(_ attributes: AttributeListSyntax) -> SyntaxVisitorContinueKind {
    unavailable.append(SwiftAttributes.isUnavailableInExtensions(attributes))
    return .visitChildren
  }

  package override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.attributes) }
  package override func visitPost(_ node: StructDeclSyntax) { unavailable.removeLast() }
  package override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.attributes) }
  package override func visitPost(_ node: ClassDeclSyntax) { unavailable.removeLast() }
  package override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.attributes) }
  package override func visitPost(_ node: EnumDeclSyntax) { unavailable.removeLast() }
  package override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.attributes) }
  package override func visitPost(_ node: ExtensionDeclSyntax) { unavailable.removeLast() }
  package override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.attributes) }
  package override func visitPost(_ node: FunctionDeclSyntax) { unavailable.removeLast() }
  package override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.attributes) }
  package override func visitPost(_ node: VariableDeclSyntax) { unavailable.removeLast() }
}
