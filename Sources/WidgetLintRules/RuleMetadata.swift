import WidgetLintCore

public struct RuleMetadata: Sendable {
  public var id: RuleID
  public var defaultSeverity: Severity
  public var summary: String
  /// Why the rule matters, in Markdown, with the Apple / EAS sources it rests on.
  public var rationale: String
  public var options: [RuleOption]
  /// Which findings `--fix` corrects, and how ("a short name: the WidgetFamily case is written"); nil
  /// when it corrects none.
  public var fixable: String?
  public var examples: [RuleExample]

  public init(
    id: RuleID, defaultSeverity: Severity, summary: String, rationale: String, options: [RuleOption] = [],
    fixable: String? = nil, examples: [RuleExample]
  ) {
    self.fixable = fixable
    self.id = id
    self.defaultSeverity = defaultSeverity
    self.summary = summary
    self.rationale = rationale
    self.options = options
    self.examples = examples
  }
}
