import WidgetLintEngine
import WidgetLintRules

/// The lines a run says about itself on standard error, beside its report: what each project was read
/// as, findings a fix left for a reason of the project's, the files skipped, and that a clean run found
/// no problems. Each line is whole, without its newline; the command line decides when it is shown.
public struct RunSummary {
  /// With `--verbose`: every project's line and the files it read, and the files skipped.
  public var verbose: Bool

  public init(verbose: Bool) {
    self.verbose = verbose
  }

  /// What each project was recognised as, and how many files were read for it. An app's line is
  /// always said in text output (`appsOnly`); a manifest's and a `--sources` folder's only when verbose.
  public func projectLines(of report: LintReport, appsOnly: Bool) -> [String] {
    var lines: [String] = []
    for project in report.projects where (project.isApp && appsOnly) || verbose {
      // The frontends list a note or two among the files (`note: no .xcodeproj found`): not files.
      let count = project.filesRead.count { !$0.hasPrefix("note: ") }
      var line = "widgetlint: \(project.path): \(project.kindName), \(TextReporter.plural(count, "file")) read"
      if !project.variants.isEmpty {
        line += ", \(project.variants.count) variants (\(project.variants.joined(separator: ", ")))"
      }
      if let note = project.note { line += "; \(note)" }
      lines.append(line)
      if verbose { lines += project.filesRead.map { "  \($0)" } }
    }
    return lines
  }

  /// After `--fix`: the findings a project's fix limit left unfixed, so that "fixed 0 problems" is not
  /// read as "nothing to fix".
  public func unfixedLines(of report: LintReport) -> [String] {
    report.projects.compactMap { project in
      guard let limit = project.fixLimit else { return nil }
      let files = Set(project.filesRead)
      // Findings of the rules that fix something, left without a fix.
      let left = report.findings.count {
        $0.fix == nil && files.contains($0.file) && RuleRegistry.rule(withID: $0.ruleID)?.metadata.fixable != nil
      }
      guard left > 0 else { return nil }
      let findings = left == 1 ? "1 finding" : "\(left) findings"
      let what = left == 1 ? "the finding says" : "the findings say"
      return "widgetlint: \(project.path): \(findings) not fixed: \(limit); \(what) what to change"
    }
  }

  /// The files named on the command line that were not linted, and why; said only when verbose.
  public func skippedLines(of report: LintReport) -> [String] {
    guard verbose else { return [] }
    return report.skipped.map { "widgetlint: skipped \($0.path): \($0.reason)" }
  }

  /// What a clean run says on a terminal, so that a newcomer's first run does not look as if nothing
  /// ran; nil when the run found something or could not read something.
  public func cleanRunLine(of report: LintReport) -> String? {
    guard report.findings.isEmpty, report.inputErrors.isEmpty else { return nil }
    if report.files.isEmpty && !report.skipped.isEmpty {
      let files =
        report.skipped.count == 1 ? "the file named belongs" : "the \(report.skipped.count) files named belong"
      return "widgetlint: nothing to lint: \(files) to no widget project" + (verbose ? "" : " (-v says why)")
    }
    return "widgetlint: " + TextReporter.cleanRunSummary(of: report)
  }
}
