import SwiftSyntax

/// Reads a `WidgetBundle`'s body: the widgets it lists, block by block.
enum WidgetBundleReader {
  static func bundle(
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
    return bundle
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
      let expression = statement.item.as(ExpressionStmtSyntax.self)?.expression ?? statement.item.as(ExprSyntax.self)
      if let ifExpression = expression?.as(IfExprSyntax.self) {
        block.append(.init(typeName: "if", span: SourceSpan(ifExpression.ifKeyword, in: file)))
        readBranches(of: ifExpression)
      } else if let call = expression?.as(FunctionCallExprSyntax.self), let callee = WidgetCodeReader.calleeName(call) {
        block.append(.init(typeName: callee, span: SourceSpan(call, in: file)))
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
