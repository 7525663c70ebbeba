import WidgetLintCore
import WidgetLintFrontends

/// The result of a run, as reporters see it: findings and the inputs that could not be read.
public struct LintReport: Sendable {
  public struct Summary: Sendable, Equatable {
    public var files: Int
    public var errors: Int
    public var warnings: Int
    public var notes: Int
  }

  /// The inputs linted, in the order given: manifests, apps (by their folder or app config) and
  /// `--sources` folders.
  public var files: [String]
  /// The findings reported: at most `maxFindingsPerFile` of each file.
  public var findings: [Finding]
  public var inputErrors: [InputError]
  /// Counts of all findings, including those not listed.
  public let summary: Summary
  /// Findings left out of `findings` by the per-file limit, by file.
  public var omitted: [String: Int]
  /// The projects linted (manifests and apps), with the files read.
  public var projects: [ProjectSummary] = []
  /// How many of `files` are folders of Swift sources (`--sources`) rather than manifests or apps.
  public var sourceFolders = 0
  /// Files named on the command line that belong to no project widgetlint reads.
  public var skipped: [ProjectDiscovery.SkippedFile] = []
  private let failsStrict: Bool
  private let fails: Bool

  public init(files: [String], findings: [Finding], inputErrors: [InputError], maxFindingsPerFile: Int? = nil) {
    self.files = files
    self.inputErrors = inputErrors
    var summary = Summary(files: files.count, errors: 0, warnings: 0, notes: 0)
    for finding in findings {
      switch finding.severity {
      case .error: summary.errors += 1
      case .warning: summary.warnings += 1
      case .note: summary.notes += 1
      }
    }
    self.summary = summary
    self.fails = summary.errors > 0
    self.failsStrict = summary.errors + summary.warnings > 0
    var listed: [String: Int] = [:]
    var omitted: [String: Int] = [:]
    self.findings = findings.filter { finding in
      guard let limit = maxFindingsPerFile else { return true }
      let count = listed[finding.file, default: 0]
      if count < limit {
        listed[finding.file] = count + 1
        return true
      }
      omitted[finding.file, default: 0] += 1
      return false
    }
    self.omitted = omitted
  }

  /// 0 when nothing at the failing level was found, 1 when something was, 2 when an input could not be read.
  public func exitStatus(strict: Bool) -> Int32 {
    if !inputErrors.isEmpty { return 2 }
    return (strict ? failsStrict : fails) ? 1 : 0
  }
}
