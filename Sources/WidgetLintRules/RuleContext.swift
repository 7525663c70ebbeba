import WidgetLintCore
import WidgetLintModel

/// What a rule sees: the project, its option values, and a way to report.
public final class RuleContext {
  public let project: Project
  private var rule: any Rule.Type
  private var ruleID: RuleID
  private var optionValues: [String: Int]
  public private(set) var observations: [Observation] = []

  package init(project: Project, rule: any Rule.Type, id: RuleID, options: [String: Int]) {
    self.project = project
    self.rule = rule
    self.ruleID = id
    self.optionValues = options
  }

  /// Hands the context to the next rule of a run that checks them in turn, and returns what the last
  /// one observed: a context holds a copy of the project, which one context per rule copied each time.
  package func turn(to rule: any Rule.Type, id: RuleID, options: [String: Int]) -> [Observation] {
    defer {
      self.rule = rule
      self.ruleID = id
      self.optionValues = options
      self.observations = []
    }
    return observations
  }

  /// The rule's metadata, a large value (its page's text): read when asked for, not copied per context.
  public var metadata: RuleMetadata { rule.metadata }

  public var manifest: Manifest? { project.manifest }

  /// An option's value when the configuration sets it; nil when the rule's default applies.
  public func configuredOption(_ name: String) -> Int? { optionValues[name] }

  public func option(_ name: String) -> Int {
    if let value = optionValues[name] { return value }
    guard let option = rule.metadata.options.first(where: { $0.name == name }) else {
      preconditionFailure("rule \(ruleID) reads undeclared option \(name)")
    }
    return option.defaultValue
  }

  public func report(
    _ message: String, at span: SourceSpan, pointer: JSONPointer, subject: String? = nil,
    related: [RelatedLocation] = [], severity: Severity? = nil, fix: Fix? = nil
  ) {
    observations.append(
      Observation(
        ruleID: ruleID, message: message, span: span, pointer: pointer, subject: subject, related: related,
        severityOverride: severity, fix: fix))
  }

  public func report<T>(
    _ message: String, at value: Located<T>, subject: String? = nil, related: [RelatedLocation] = [],
    severity: Severity? = nil, fix: Fix? = nil
  ) {
    report(
      message, at: value.span, pointer: value.pointer, subject: subject, related: related, severity: severity,
      fix: fix)
  }

  /// Reports a finding in a target's Swift code; its pointer is the target's `sources`.
  public func report(
    _ message: String, inCodeOf target: Manifest.Target, at span: SourceSpan, subject: String? = nil,
    related: [RelatedLocation] = [], severity: Severity? = nil, fix: Fix? = nil
  ) {
    report(
      message, at: span, pointer: target.pointer.appending("sources"), subject: subject ?? target.name?.value,
      related: related, severity: severity, fix: fix)
  }

  /// Each target with its Swift facts.
  public var targetsWithCode: [(target: Manifest.Target, code: TargetCode)] {
    guard let manifest else { return [] }
    return project.targetsWithCodeIndices.compactMap { index in
      index < manifest.targets.count ? (manifest.targets[index], project.targetCode[index]) : nil
    }
  }

  /// Reports the reading problems of a kind, under this rule's id.
  package func forward(_ problems: [ReadingProblem], of kind: ReadingProblem.Kind) {
    for problem in problems where problem.kind == kind {
      observations.append(
        Observation(
          ruleID: ruleID, message: problem.message, span: problem.span, pointer: problem.pointer,
          subject: problem.subject, related: problem.related, fix: problem.fix))
    }
  }
}
