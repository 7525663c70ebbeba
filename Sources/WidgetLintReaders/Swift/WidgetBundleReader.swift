import SwiftSyntax
import WidgetLintCore
import WidgetLintModel

/// Reads a `WidgetBundle`'s body: the widgets it lists, block by block.
package enum WidgetBundleReader {
  /// An `@main` type that is no bundle but launches bundles from its `static func main()`
  /// (`if #available(iOS 18.0, *) { NewBundle.main() } else { OldBundle.main() }`): read as a bundle
  /// whose branches list the bundles it launches, each what the extension ships on some system. Nil
  /// when `main()` launches none, or does anything but call `Name.main()` in `if` branches.
  package static func launcher(
    named name: TokenSyntax, members: MemberBlockSyntax, in file: SourceText
  ) -> WidgetCodeFacts.Bundle? {
    let main = members.members.lazy.compactMap { $0.decl.as(FunctionDeclSyntax.self) }.first {
      $0.name.text == "main" && $0.signature.parameterClause.parameters.isEmpty
        && $0.modifiers.contains { $0.name.tokenKind == .keyword(.static) }
    }
    guard let statements = main?.body?.statements else { return nil }
    var launched: [[WidgetCodeFacts.BundleEntry]] = []
    func read(_ statements: CodeBlockItemListSyntax) -> Bool {
      for item in statements {
        if let call = item.item.as(FunctionCallExprSyntax.self)
          ?? item.item.as(ExpressionStmtSyntax.self)?
          .expression.as(FunctionCallExprSyntax.self),
          call.arguments.isEmpty, call.trailingClosure == nil,
          let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "main",
          let base = member.base?.as(DeclReferenceExprSyntax.self), WidgetCodeFacts.isTypeName(base.baseName.text)
        {
          launched.append([.init(typeName: base.baseName.text, span: SourceSpan(base, in: file))])
        } else if let branch = item.item.as(ExpressionStmtSyntax.self)?.expression.as(IfExprSyntax.self)
          ?? item.item.as(IfExprSyntax.self)
        {
          guard readBranches(branch) else { return false }
        } else {
          return false
        }
      }
      return true
    }
    func readBranches(_ branch: IfExprSyntax) -> Bool {
      guard read(branch.body.statements) else { return false }
      switch branch.elseBody {
      case .ifExpr(let next): return readBranches(next)
      case .codeBlock(let block): return read(block.statements)
      case nil: return true
      }
    }
    guard read(statements), !launched.isEmpty else { return nil }
    return WidgetCodeFacts.Bundle(
      typeName: name.text, isMain: true, nameSpan: SourceSpan(name, in: file), blocks: [[]] + launched)
  }

  package static func bundle(
    named name: TokenSyntax, isMain: Bool, members: MemberBlockSyntax, in file: SourceText
  ) -> WidgetCodeFacts.Bundle {
    var bundle = WidgetCodeFacts.Bundle(
      typeName: name.text, isMain: isMain, nameSpan: SourceSpan(name, in: file), blocks: [], isComplete: false)
    guard let body = WidgetCodeReader.bodyAccessor(of: members) else { return bundle }
    var reader = BlockReader(file: file)
    switch body.accessors {
    case .getter(let statements): reader.read(statements)
    case .accessors(let list):
      if let getter = list.first(where: { $0.accessorSpecifier.text == "get" }), let getterBody = getter.body {
        reader.read(getterBody.statements)
      }
    }
    // The body's own block first, then the branches in source order.
    bundle.blocks = reader.blocks.sorted { ($0.first?.span.start ?? .max) < ($1.first?.span.start ?? .max) }
    bundle.isComplete = reader.isComplete
    for member in members.members where !WidgetBundleReader.isBody(member.decl) {
      let finder = ExplicitBuildBlockFinder(file: file)
      finder.walk(member.decl)
      bundle.helperBlocks += finder.blocks
    }
    return bundle
  }

  package static func isBody(_ decl: DeclSyntax) -> Bool {
    decl.as(VariableDeclSyntax.self)?.bindings.contains {
      $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "body"
    } ?? false
  }

  /// `WidgetBundleBuilder.buildBlock(…)`.
  package static func isExplicitBuildBlock(_ call: FunctionCallExprSyntax) -> Bool {
    guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
      member.declName.baseName.text == "buildBlock"
    else { return false }
    return member.base.flatMap(WidgetCodeReader.referenceName) == "WidgetBundleBuilder"
  }

  /// The type an entry constructs: `NextEventWidget()`, or a nested bundle's body,
  /// `AccessoryWidgets().body`, which lists that bundle's widgets.
  package static func entryType(_ expression: ExprSyntax) -> String? {
    if let call = expression.as(FunctionCallExprSyntax.self) { return WidgetCodeReader.calleeName(call) }
    guard let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "body",
      member.declName.argumentNames == nil, let call = member.base?.as(FunctionCallExprSyntax.self),
      call.arguments.isEmpty, call.trailingClosure == nil, let name = WidgetCodeReader.calleeName(call)
    else { return nil }
    return name
  }

  /// The entries of an explicit `buildBlock` call, one per argument.
  package static func entries(ofBuildBlock call: FunctionCallExprSyntax, in file: SourceText) -> [WidgetCodeFacts
    .BundleEntry]
  {
    call.arguments.map { argument in
      let expression = argument.expression
      if let name = entryType(expression) {
        return .init(typeName: name, span: SourceSpan(expression, in: file))
      }
      // A property or another call: one component the builder sees, whatever it holds.
      return .init(typeName: "", span: SourceSpan(expression, in: file), isGroup: true)
    }
  }
}

/// The explicit `WidgetBundleBuilder.buildBlock(…)` calls in a declaration, each a block.
private final class ExplicitBuildBlockFinder: SyntaxVisitor {
  let file: SourceText
  var blocks: [[WidgetCodeFacts.BundleEntry]] = []

  init(file: SourceText) {
    self.file = file
    super.init(viewMode: .sourceAccurate)
  }

  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    if WidgetBundleReader.isExplicitBuildBlock(node) {
      blocks.append(WidgetBundleReader.entries(ofBuildBlock: node, in: file))
    }
    return .visitChildren
  }
}

/// The entries of a bundle's body and of each branch of its `if`s, one list per block.
private struct BlockReader {
  let file: SourceText
  var blocks: [[WidgetCodeFacts.BundleEntry]] = []
  /// False once a statement is neither an entry nor an `if` (a `return` of another builder property).
  var isComplete = true

  mutating func read(_ statements: CodeBlockItemListSyntax) {
    var block: [WidgetCodeFacts.BundleEntry] = []
    for statement in statements {
      // A body without the builder attribute returns its one widget or builder call.
      let expression =
        statement.item.as(ExpressionStmtSyntax.self)?.expression ?? statement.item.as(ExprSyntax.self)
        ?? statement.item.as(ReturnStmtSyntax.self)?.expression
      if let ifExpression = expression?.as(IfExprSyntax.self) {
        block.append(.init(typeName: "if", span: SourceSpan(ifExpression.ifKeyword, in: file), isGroup: true))
        readBranches(of: ifExpression)
      } else if let conditional = statement.item.as(IfConfigDeclSyntax.self) {
        // `#if os(iOS)`: each clause is a branch the build may compile, as an `if`'s are.
        block.append(.init(typeName: "#if", span: SourceSpan(conditional.clauses, in: file), isGroup: true))
        for clause in conditional.clauses {
          if case .statements(let statements) = clause.elements { read(statements) } else { isComplete = false }
        }
      } else if let call = expression?.as(FunctionCallExprSyntax.self), WidgetBundleReader.isExplicitBuildBlock(call) {
        block.append(.init(typeName: "buildBlock", span: SourceSpan(call, in: file), isGroup: true))
        let entries = WidgetBundleReader.entries(ofBuildBlock: call, in: file)
        if entries.contains(where: \.isGroup) { isComplete = false }
        blocks.append(entries)
      } else if let expression, let callee = WidgetBundleReader.entryType(expression) {
        block.append(.init(typeName: callee, span: SourceSpan(expression, in: file)))
      } else {
        isComplete = false
      }
    }
    blocks.append(block)
  }

  mutating func readBranches(of ifExpression: IfExprSyntax) {
    var branch: IfExprSyntax? = ifExpression
    while let current = branch {
      read(current.body.statements)
      switch current.elseBody {
      case .ifExpr(let next): branch = next
      case .codeBlock(let last):
        read(last.statements)
        branch = nil
      case nil: branch = nil
      }
    }
  }
}
