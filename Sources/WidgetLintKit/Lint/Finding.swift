public enum Severity: String, Codable, Comparable, CaseIterable, Sendable {
  case note, warning, error

  private var rank: Int {
    switch self {
    case .note: return 0
    case .warning: return 1
    case .error: return 2
    }
  }

  public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// A second place that explains a finding ("App Group declared here").
public struct RelatedLocation: Sendable {
  public var message: String
  public var span: SourceSpan

  public init(_ message: String, at span: SourceSpan) {
    self.message = message
    self.span = span
  }
}

/// What a rule, the parser or the manifest decoder found, before a severity is assigned.
public struct Observation: Sendable {
  public var ruleID: String
  public var message: String
  public var span: SourceSpan
  public var pointer: JSONPointer
  /// The widget kind or target name the finding concerns, when there is one: part of its identity.
  public var subject: String?
  public var related: [RelatedLocation]
  /// A severity below the rule's default for this one finding (a rule whose cases differ in weight);
  /// a severity set in the configuration still applies to all of the rule's findings.
  public var severityOverride: Severity?

  public init(
    ruleID: String, message: String, span: SourceSpan, pointer: JSONPointer, subject: String? = nil,
    related: [RelatedLocation] = [], severityOverride: Severity? = nil
  ) {
    self.severityOverride = severityOverride
    self.ruleID = ruleID
    self.message = message
    self.span = span
    self.pointer = pointer
    self.subject = subject
    self.related = related
  }
}

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

  public init(_ observation: Observation, severity: Severity) {
    self.stablePath = observation.pointer.description
    self.ruleID = observation.ruleID
    self.severity = severity
    self.message = observation.message
    self.span = observation.span
    self.pointer = observation.pointer
    self.subject = observation.subject
    self.related = observation.related
  }

  public var file: String { span.file.path }
  public var range: SourceRange { span.range }
}
