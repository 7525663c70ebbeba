import Foundation
import WidgetLintKit

/// What must hold for every input, checked on every fuzz run.
public enum FuzzProperties {
  static func broken(_ message: String) -> Never {
    fatalError("widgetlint fuzz property: \(message)")
  }

  /// Every finding's range, and every related location's and fix replacement's, lies inside its file,
  /// start before end.
  static func checkRanges(_ findings: [Finding], target: FuzzTarget) {
    for finding in findings {
      checkRange(finding.span, of: finding, target: target)
      for related in finding.related { checkRange(related.span, of: finding, target: target) }
      for replacement in finding.fix?.replacements ?? [] { checkRange(replacement.span, of: finding, target: target) }
    }
  }

  private static func checkRange(_ span: SourceSpan, of finding: Finding, target: FuzzTarget) {
    guard 0 <= span.start, span.start <= span.end, span.end <= span.file.bytes.count else {
      broken(
        "\(target): \(finding.ruleID) range \(span.start)-\(span.end) outside \(span.file.path) (\(span.file.bytes.count) bytes)"
      )
    }
    let range = span.range
    guard range.start.line >= 1, range.start.column >= 1,
      (range.start.line, range.start.column) <= (range.end.line, range.end.column)
    else {
      broken("\(target): \(finding.ruleID) position \(range) is not a range")
    }
  }

  /// Fixes keep a manifest readable: applied, they never make the file a syntax error.
  static func checkFixes(_ findings: [Finding], linter: Linter) {
    guard !findings.contains(where: { $0.ruleID == RuleID.yamlSyntax.rawValue }) else { return }
    for (path, fixes) in FixApplier.chosenFixes(findings) {
      guard let file = fixes.first?.replacements.first?.span.file else { continue }
      let fixed = FixApplier.apply(fixes.flatMap(\.replacements), to: file.bytes)
      let frontend = ManifestFrontend(
        source: SourceText(path: path, bytes: fixed), directory: "", displayDirectory: "", resolvesSwiftFiles: false)
      if frontend.readProject(linter.frontendContext).readingProblems.contains(where: { $0.kind == .syntax }) {
        broken("manifest: fixes \(fixes.map(\.description)) made \(path) a syntax error")
      }
    }
  }

  /// Fixes in a project's own files (entitlements, Swift, Dart and JavaScript sources) keep them
  /// readable: the fixes the engine's `FixApplier` would make in one round, applied by it, leave each
  /// file one its reader still accepts (`FixApplier.readingProblem`, the check `--fix` makes before it
  /// writes), and the text a fix names is the file as the frontend read it from disk, so its ranges
  /// (checked by `checkRanges`) lie in that file.
  static func checkProjectFileFixes(_ findings: [Finding], target: FuzzTarget) {
    for (path, fixes) in FixApplier.chosenFixes(findings) {
      guard let file = fixes.first?.replacements.first?.span.file else { continue }
      // A manifest read from memory (the swift target's) is on no disk.
      if let onDisk = FileManager.default.contents(atPath: path), Array(onDisk) != file.bytes {
        broken("\(target): fixes \(fixes.map(\.description)) name a text of \(path) that is not the file's")
      }
      let fixed = FixApplier.apply(fixes.flatMap(\.replacements), to: file.bytes)
      if let problem = FixApplier.readingProblem(afterFixing: path, from: file.bytes, to: fixed) {
        broken("\(target): fixes \(fixes.map(\.description)) leave \(path) unreadable: \(problem)")
      }
    }
  }

  /// The home_widget scanner's bound in its own tests is a few steps per token; a token is at least a
  /// byte.
  static func checkDartWork(_ bytes: [UInt8]) {
    var work = 0
    _ = DartHomeWidgetScanner.scan(SourceText(path: "lib/main.dart", bytes: bytes), work: &work)
    if work > 4 * bytes.count + 16 {
      broken("dart: the scanner did \(work) steps for \(bytes.count) bytes")
    }
  }

  /// The report of one input's findings, as the command line makes it.
  public static func report(of findings: [Finding]) -> LintReport {
    LintReport(
      files: Array(Set(findings.map(\.file))).sorted(), findings: findings, inputErrors: [], maxFindingsPerFile: 50)
  }

  /// The JSON report is valid against its published schema, with well-formed ranges; the SARIF log's
  /// regions are well formed.
  static func checkReports(_ report: LintReport, target: FuzzTarget) {
    let jsonText = JSONReporter().render(report)
    guard let json = try? JSONSerialization.jsonObject(with: Data(jsonText.utf8)) else {
      broken("\(target): the JSON report does not parse:\n\(jsonText)")
    }
    let problems = ReportSchema.v1.problems(of: json)
    guard problems.isEmpty else {
      broken("\(target): the JSON report breaks its schema (\(problems.joined(separator: "; "))):\n\(jsonText)")
    }
    for region in ReportRegion.regions(inJSONReport: json as? [String: Any] ?? [:]) {
      checkRegion(region, in: "JSON report", target: target)
    }
    guard everyRuleHelpParses else { broken("\(target): the SARIF log describing every rule does not parse") }
    // The rules of the findings listed, by id and summary: their help does not depend on the input and
    // is checked once (`everyRuleHelpParses`); rendering every rule's page for every input was most of
    // the work.
    let fired = Set(report.findings.map(\.ruleID))
    let sarifReporter = SARIFReporter(
      rules: RuleRegistry.all.map { $0.metadata }.filter { fired.contains($0.id.rawValue) }.map { rule in
        var withoutHelp = rule
        withoutHelp.rationale = ""
        withoutHelp.options = []
        withoutHelp.examples = []
        return withoutHelp
      },
      rootDirectory: "/")
    let sarifText = sarifReporter.render(report)
    let sarif: SARIFRegions
    do {
      sarif = try JSONDecoder().decode(SARIFRegions.self, from: Data(sarifText.utf8))
    } catch {
      broken("\(target): the SARIF log does not decode (\(error)):\n\(sarifText)")
    }
    for region in sarif.regions { checkRegion(region, in: "SARIF log", target: target) }
  }

  /// A SARIF log describing every rule, with its whole help, parses as JSON.
  static let everyRuleHelpParses: Bool = {
    let reporter = SARIFReporter(rules: RuleRegistry.all.map { $0.metadata }, rootDirectory: "/")
    let log = reporter.render(LintReport(files: [], findings: [], inputErrors: [], maxFindingsPerFile: 50))
    return (try? JSONSerialization.jsonObject(with: Data(log.utf8))) is [String: Any]
  }()

  static func checkRegion(_ region: ReportRegion, in what: String, target: FuzzTarget) {
    guard region.isWellFormed else { broken("\(target): \(what) region \(region) is not well formed") }
  }
}
