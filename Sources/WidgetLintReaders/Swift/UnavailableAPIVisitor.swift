import SwiftSyntax
import WidgetLintCore
import WidgetLintModel

package final class UnavailableAPIVisitor: SyntaxVisitor {
  package let file: SourceText
  package var uses: [SwiftFileFacts.APIUse] = []
  /// Member accesses already reported as part of a longer use (`UIApplication.shared` inside
  /// `UIApplication.shared.open(...)`), so one use gives one finding.
  package var covered: Set<SyntaxIdentifier> = []

  package init(file: SourceText) {
    self.file = file
    super.init(viewMode: .sourceAccurate)
  }

  package func record(_ api: ExtensionUnavailableAPI, _ node: some SyntaxProtocol) {
    uses.append(SwiftFileFacts.APIUse(api: api, span: SourceSpan(node, in: file)))
  }

  // Declarations marked unavailable in extensions are compiled out of them, so what they use is fine.
  package override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

  package override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
    visitDeclaration(node.attributes)
  }
  package override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
    visitDeclaration(node.attributes)
  }
  package override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
    visitDeclaration(node.attributes)
  }
  package override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind {
    visitDeclaration(node.attributes)
  }
  package override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
    visitDeclaration(node.attributes)
  }
  package override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
    visitDeclaration(node.attributes)
  }
  package override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { visitDeclaration(node.attributes) }
  package override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
    visitDeclaration(node.attributes)
  }
  package override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
    visitDeclaration(node.attributes)
  }
  package override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
    visitDeclaration(node.attributes)
  }

  package func visitDeclaration(_ attributes: AttributeListSyntax) -> SyntaxVisitorContinueKind {
    SwiftAttributes.isUnavailableInExtensions(attributes) ? .skipChildren : .visitChildren
  }

  // Code behind a custom compilation flag (`#if !WIDGET_EXTENSION`) may be compiled into the app
  // only; without the build settings that cannot be known, so it is not judged.
  package override func visit(_ node: IfConfigDeclSyntax) -> SyntaxVisitorContinueKind {
    for clause in node.clauses {
      if let condition = clause.condition, SwiftAttributes.usesCustomFlag(condition) { return .skipChildren }
    }
    return .visitChildren
  }

  package override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
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

  package override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
    recordTypeName(node.name.text, node)
    return .visitChildren
  }

  package override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
    recordTypeName(node.baseName.text, node)
    return .visitChildren
  }

  package func recordTypeName(_ name: String, _ node: some SyntaxProtocol) {
    for api in ExtensionUnavailableAPI.all {
      if case .typeName(let typeName) = api.pattern, typeName == name {
        record(api, node)
        return
      }
    }
  }

  /// `UIApplication.shared` or `UIApplication.sharedApplication()` (also `UIKit.UIApplication…`).
  package static func sharedApplication(_ expression: ExprSyntax) -> MemberAccessExprSyntax? {
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
  package static func names(_ expression: ExprSyntax, _ type: String) -> Bool {
    if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text == type }
    if let access = expression.as(MemberAccessExprSyntax.self), access.declName.baseName.text == type,
      let module = access.base?.as(DeclReferenceExprSyntax.self)
    {
      return module.baseName.text == "UIKit"
    }
    return false
  }
}
