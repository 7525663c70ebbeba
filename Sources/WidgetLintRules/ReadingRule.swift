import WidgetLintCore

/// Rules whose findings are what the readers and frontends could not read (a `ReadingProblem` of the
/// rule's kind) rather than a check over the model. They are rules all the same: configurable,
/// documented, baselined.
public protocol ReadingRule: Rule {
  /// The reading problems this rule reports.
  static var problemKind: ReadingProblem.Kind { get }
}

extension ReadingRule {
  public func check(_ context: RuleContext) {
    context.forward(context.project.readingProblems, of: Self.problemKind)
  }
}
