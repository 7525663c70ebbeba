public struct RuleMetadata: Sendable {
  public var id: RuleID
  public var defaultSeverity: Severity
  public var summary: String
  /// Why the rule matters, in Markdown, with the Apple / EAS sources it rests on.
  public var rationale: String
  public var options: [RuleOption]
  public var examples: [RuleExample]

  public init(
    id: RuleID, defaultSeverity: Severity, summary: String, rationale: String, options: [RuleOption] = [],
    examples: [RuleExample]
  ) {
    self.id = id
    self.defaultSeverity = defaultSeverity
    self.summary = summary
    self.rationale = rationale
    self.options = options
    self.examples = examples
  }
}
