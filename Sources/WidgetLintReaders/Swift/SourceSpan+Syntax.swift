import SwiftSyntax
import WidgetLintCore

extension SourceSpan {
  /// Where a syntax node's text is in its file, without its leading and trailing trivia.
  package init(_ node: some SyntaxProtocol, in file: SourceText) {
    self.init(
      file: file, start: node.positionAfterSkippingLeadingTrivia.utf8Offset,
      end: node.endPositionBeforeTrailingTrivia.utf8Offset)
  }
}
