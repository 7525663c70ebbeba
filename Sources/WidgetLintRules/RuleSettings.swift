import WidgetLintCore

/// Per-rule settings in force for a run: severity (nil turns the rule off) and option values.
public struct RuleSettings: Sendable {
  public var severity: Severity?
  public var options: [String: Int]

  public init(severity: Severity?, options: [String: Int] = [:]) {
    self.severity = severity
    self.options = options
  }
}
