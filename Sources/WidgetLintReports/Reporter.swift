import WidgetLintCore
import WidgetLintEngine
import WidgetLintFrontends
import WidgetLintModel
import WidgetLintRules

public protocol Reporter {
  func render(_ report: LintReport) -> String
}
