/// The result of a run, as reporters see it: findings and the inputs that could not be read.
public struct LintReport: Sendable {
  public struct Summary: Sendable, Equatable {
    public var files: Int
    public var errors: Int
    public var warnings: Int
    public var notes: Int
  }

  /// Manifests linted, in the order given.
  public var files: [String]
  public var findings: [Finding]
  public var inputErrors: [InputError]

  public init(files: [String], findings: [Finding], inputErrors: [InputError]) {
    self.files = files
    self.findings = findings
    self.inputErrors = inputErrors
  }

  public var summary: Summary {
    var summary = Summary(files: files.count, errors: 0, warnings: 0, notes: 0)
    for finding in findings {
      switch finding.severity {
      case .error: summary.errors += 1
      case .warning: summary.warnings += 1
      case .note: summary.notes += 1
      }
    }
    return summary
  }

  /// 0 when nothing at the failing level was found, 1 when something was, 2 when an input could not be read.
  public func exitStatus(strict: Bool) -> Int32 {
    if !inputErrors.isEmpty { return 2 }
    let failing = findings.contains { $0.severity == .error || (strict && $0.severity == .warning) }
    return failing ? 1 : 0
  }
}

public protocol Reporter {
  func render(_ report: LintReport) -> String
}

public enum WidgetLintInfo {
  public static let name = "widgetlint"
  public static let version = "0.1.0"
  public static let homepage = "https://github.com/widgetlint/widgetlint"
  public static let rulesURL = homepage + "/blob/main/rules/"
}
