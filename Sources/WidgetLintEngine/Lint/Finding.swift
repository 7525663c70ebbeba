import WidgetLintCore
import WidgetLintRules

public struct Finding: Sendable {
  public var ruleID: String
  public var severity: Severity
  public var message: String
  public var span: SourceSpan
  public var pointer: JSONPointer
  public var subject: String?
  public var related: [RelatedLocation]
  /// The finding's pointer with list indexes replaced by item names; see `YAMLDocument.stablePath`.
  public var stablePath: String
  /// The edit `--fix` makes, when there is a certain one.
  public var fix: Fix?

  public init(_ observation: Observation, severity: Severity) {
    self.init(observation, severity: severity, stablePath: observation.pointer.description)
  }

  package init(_ observation: Observation, severity: Severity, stablePath: String) {
    self.stablePath = stablePath
    self.ruleID = observation.ruleID.rawValue
    self.severity = severity
    self.message = observation.message
    self.span = observation.span
    self.pointer = observation.pointer
    self.subject = observation.subject
    self.related = observation.related
    self.fix = observation.fix
  }

  public var file: String { span.file.path }
  public var range: SourceRange { span.range }
}
