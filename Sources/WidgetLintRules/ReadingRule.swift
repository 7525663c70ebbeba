import WidgetLintCore
import WidgetLintModel

/// Rules whose findings come from reading the manifest (the YAML parser and the decoder) rather than
/// from a check over the model. They are rules all the same: configurable, documented, baselined.
public protocol ReadingRule: Rule {}

extension ReadingRule {
  public func check(_ context: RuleContext) {
    context.forward(context.project.readingObservations)
  }
}
