/// A rule: one type in its own file, with its metadata and its check. Rules read the project
/// model and report observations; they never format output.
public protocol Rule: Sendable {
  static var metadata: RuleMetadata { get }
  init()
  func check(_ context: RuleContext)
}

public struct RuleMetadata: Sendable {
  public var id: String
  public var defaultSeverity: Severity
  public var summary: String
  /// Why the rule matters, in Markdown, with the Apple / EAS sources it rests on.
  public var rationale: String
  public var options: [RuleOption]
  public var examples: [RuleExample]

  public init(
    id: String, defaultSeverity: Severity, summary: String, rationale: String, options: [RuleOption] = [],
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

public struct RuleOption: Sendable {
  public enum Kind: String, Sendable {
    case integer, duration
  }

  public var name: String
  public var kind: Kind
  public var defaultValue: Int
  public var summary: String

  public init(name: String, kind: Kind, defaultValue: Int, summary: String) {
    self.name = name
    self.kind = kind
    self.defaultValue = defaultValue
    self.summary = summary
  }

  public var defaultDescription: String {
    kind == .duration ? Duration.describe(defaultValue) : String(defaultValue)
  }
}

/// A manifest that shows the rule: a failing one must produce the rule, a passing one must not.
/// `files` are extra files (Swift sources) beside the manifest, by relative path. With an empty
/// manifest the files are a whole project (an Expo or Flutter app) linted as a folder.
public struct RuleExample: Sendable {
  public var title: String
  public var manifest: String
  public var fails: Bool
  public var files: [(path: String, contents: String)]

  public static func failing(_ title: String, _ manifest: String, files: [(String, String)] = []) -> RuleExample {
    RuleExample(title: title, manifest: manifest, fails: true, files: files.map { (path: $0.0, contents: $0.1) })
  }

  public static func passing(_ title: String, _ manifest: String, files: [(String, String)] = []) -> RuleExample {
    RuleExample(title: title, manifest: manifest, fails: false, files: files.map { (path: $0.0, contents: $0.1) })
  }
}

/// Per-rule settings in force for a run: severity (nil turns the rule off) and option values.
public struct RuleSettings: Sendable {
  public var severity: Severity?
  public var options: [String: Int]

  public init(severity: Severity?, options: [String: Int] = [:]) {
    self.severity = severity
    self.options = options
  }
}

/// What a rule sees: the project, its option values, and a way to report.
public final class RuleContext {
  public let project: Project
  public let metadata: RuleMetadata
  private let optionValues: [String: Int]
  public private(set) var observations: [Observation] = []

  init(project: Project, metadata: RuleMetadata, options: [String: Int]) {
    self.project = project
    self.metadata = metadata
    self.optionValues = options
  }

  public var manifest: Manifest? { project.manifest }

  public func option(_ name: String) -> Int {
    if let value = optionValues[name] { return value }
    guard let option = metadata.options.first(where: { $0.name == name }) else {
      preconditionFailure("rule \(metadata.id) reads undeclared option \(name)")
    }
    return option.defaultValue
  }

  public func report(
    _ message: String, at span: SourceSpan, pointer: JSONPointer, subject: String? = nil,
    related: [RelatedLocation] = [], severity: Severity? = nil
  ) {
    observations.append(
      Observation(
        ruleID: metadata.id, message: message, span: span, pointer: pointer, subject: subject, related: related,
        severityOverride: severity))
  }

  public func report<T>(
    _ message: String, at value: Located<T>, subject: String? = nil, related: [RelatedLocation] = [],
    severity: Severity? = nil
  ) {
    report(message, at: value.span, pointer: value.pointer, subject: subject, related: related, severity: severity)
  }

  /// Reports a finding in a target's Swift code; its pointer is the target's `sources`.
  public func report(
    _ message: String, inCodeOf target: Manifest.Target, at span: SourceSpan, subject: String? = nil,
    related: [RelatedLocation] = [], severity: Severity? = nil
  ) {
    report(
      message, at: span, pointer: target.pointer.appending("sources"), subject: subject ?? target.name?.value,
      related: related, severity: severity)
  }

  /// Each target with its Swift facts.
  public var targetsWithCode: [(target: Manifest.Target, code: TargetCode)] {
    guard let manifest else { return [] }
    return project.targetsWithCodeIndices.compactMap { index in
      index < manifest.targets.count ? (manifest.targets[index], project.targetCode[index]) : nil
    }
  }

  /// Passes on observations made before the rules ran (parser and decoder) that carry this rule's id.
  func forward(_ observations: [Observation]) {
    self.observations += observations.filter { $0.ruleID == metadata.id }
  }
}
