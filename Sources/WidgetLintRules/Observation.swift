import WidgetLintCore

/// What a rule found, before the finishing stage assigns its severity.
public struct Observation: Sendable {
  public var ruleID: RuleID
  public var message: String
  public var span: SourceSpan
  public var pointer: JSONPointer
  /// The widget kind or target name the finding concerns, when there is one: part of its identity.
  public var subject: String?
  public var related: [RelatedLocation]
  /// A severity below the rule's default for this one finding (a rule whose cases differ in weight);
  /// a severity set in the configuration still applies to all of the rule's findings.
  public var severityOverride: Severity?
  /// The edit that corrects it, when the rule knows one for certain.
  public var fix: Fix?

  public init(
    ruleID: RuleID, message: String, span: SourceSpan, pointer: JSONPointer, subject: String? = nil,
    related: [RelatedLocation] = [], severityOverride: Severity? = nil, fix: Fix? = nil
  ) {
    self.fix = fix
    self.severityOverride = severityOverride
    self.ruleID = ruleID
    self.message = message
    self.span = span
    self.pointer = pointer
    self.subject = subject
    self.related = related
  }
}
