import Foundation
import Testing

@testable import WidgetLintCore
@testable import WidgetLintEngine
@testable import WidgetLintFrontends
@testable import WidgetLintKit
@testable import WidgetLintModel
@testable import WidgetLintReaders
@testable import WidgetLintReports
@testable import WidgetLintRules

/// The finishing stage is the same for every frontend: `rules:` severities, `overrides:` by file and
/// the baseline apply alike to a manifest, an Expo app and a Flutter app.
@Suite struct FinishingStageTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    /// A copy of this example is the project.
    var example: String
    /// What to lint, relative to the copy.
    var input: String
    /// An `overrides:` glob matching the files the app-group-mismatch findings are in.
    var glob: String
    var mismatches: Int

    var testDescription: String { name }
  }

  static let cases = [
    Case(
      name: "manifest", example: "examples/broken/app-group-mismatch.yaml", input: "widgets.yaml",
      glob: "widgets.yaml", mismatches: 1),
    Case(
      name: "Expo app", example: "examples/broken-projects/expo-missing-app-group", input: ".",
      glob: "targets/**", mismatches: 2),
    Case(
      name: "Flutter app", example: "examples/broken-projects/flutter-app-group-mismatch", input: ".",
      glob: "lib/**", mismatches: 1),
  ]

  /// A fresh copy of the case's example, with `configuration` as its `.widgetlint.yml`.
  func project(_ testCase: Case, configuration: String?) throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "widgetlint-finish-\(UUID().uuidString)")
    let source = TestSupport.packageRoot.appendingPathComponent(testCase.example)
    if testCase.input == "widgets.yaml" {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try FileManager.default.copyItem(at: source, to: directory.appendingPathComponent("widgets.yaml"))
    } else {
      try FileManager.default.copyItem(at: source, to: directory)
    }
    if let configuration {
      try Data(configuration.utf8).write(to: directory.appendingPathComponent(".widgetlint.yml"))
    }
    return directory
  }

  func lint(_ testCase: Case, in directory: URL, baseline: String? = nil) -> LintReport {
    LintRun(baseline: baseline).run(arguments: [directory.appendingPathComponent(testCase.input).path])
  }

  func mismatches(_ report: LintReport) -> [Finding] { report.findings.filter { $0.ruleID == "app-group-mismatch" } }

  @Test(arguments: cases)
  func withoutConfigurationTheFindingsAreErrors(_ testCase: Case) throws {
    let directory = try project(testCase, configuration: nil)
    defer { try? FileManager.default.removeItem(at: directory) }
    let report = lint(testCase, in: directory)
    #expect(report.inputErrors.isEmpty)
    #expect(mismatches(report).map(\.severity) == Array(repeating: .error, count: testCase.mismatches))
  }

  @Test(arguments: cases)
  func ruleSeveritiesApply(_ testCase: Case) throws {
    let directory = try project(testCase, configuration: "rules:\n  app-group-mismatch: warning\n")
    defer { try? FileManager.default.removeItem(at: directory) }
    let report = lint(testCase, in: directory)
    #expect(mismatches(report).map(\.severity) == Array(repeating: .warning, count: testCase.mismatches))
  }

  @Test(arguments: cases)
  func overridesApplyByFile(_ testCase: Case) throws {
    let off = """
      overrides:
        - files: ["\(testCase.glob)"]
          rules: {app-group-mismatch: off}
      """
    let directory = try project(testCase, configuration: off)
    defer { try? FileManager.default.removeItem(at: directory) }
    #expect(mismatches(lint(testCase, in: directory)).isEmpty)

    let elsewhere = off.replacingOccurrences(of: testCase.glob, with: "other/**")
    try Data(elsewhere.utf8).write(to: directory.appendingPathComponent(".widgetlint.yml"))
    #expect(mismatches(lint(testCase, in: directory)).count == testCase.mismatches)
  }

  @Test(arguments: cases)
  func theBaselineAcceptsRecordedFindings(_ testCase: Case) throws {
    let directory = try project(testCase, configuration: nil)
    defer { try? FileManager.default.removeItem(at: directory) }
    let before = lint(testCase, in: directory)
    #expect(!before.findings.isEmpty)
    let baselinePath = directory.appendingPathComponent("baseline.json").path
    let baseline = Baseline(findings: before.findings, directory: directory.path)
    try JSONEncoder().encode(baseline).write(to: URL(fileURLWithPath: baselinePath))
    // Files are recorded relative to the baseline's folder, so the project can move.
    #expect(baseline.findings.allSatisfy { !$0.file.hasPrefix("/") })
    let after = lint(testCase, in: directory, baseline: baselinePath)
    #expect(after.inputErrors.isEmpty)
    #expect(after.findings.map(\.message) == [])
  }

  @Test func suppressionsApplyWhereTheFileHasComments() throws {
    let testCase = Self.cases[0]
    let directory = try project(testCase, configuration: nil)
    defer { try? FileManager.default.removeItem(at: directory) }
    let manifest = directory.appendingPathComponent("widgets.yaml")
    let finding = try #require(mismatches(lint(testCase, in: directory)).first)
    var lines = try String(contentsOf: manifest, encoding: .utf8).split(
      separator: "\n", omittingEmptySubsequences: false)
    let line = finding.range.start.line
    lines[line - 1] +=
      "  # widgetlint-disable-line app-group-mismatch -- the widget's group is added in a later release"
    try Data(lines.joined(separator: "\n").utf8).write(to: manifest)
    #expect(lint(testCase, in: directory).findings.map(\.ruleID) == [])
  }
}

/// A project read in two build variants: what both show is reported once, the rest says where.
@Suite struct BuildVariantTests {
  struct TwoVariants: ProjectFrontend {
    var texts: [(variant: String, text: String)]

    func readProject(_ context: FrontendContext) -> Project { readVariants(context)[0] }

    func readVariants(_ context: FrontendContext) -> [Project] {
      texts.map { variant, text in
        let source = SourceText(path: "widgets.yaml", text: text)
        var project = ManifestFrontend(source: source, directory: ".", displayDirectory: "").readProject(context)
        project.variant = variant
        return project
      }
    }
  }

  static func manifest(refresh: String) -> String {
    """
    app: {bundleIdentifier: com.example.app}
    targets:
      - name: widgets
        bundleIdentifier: com.example.app.widgets
        widgets:
          - {kind: Score, displayName: Score, families: [systemSmall], refresh: \(refresh)}
    """
  }

  @Test func findingsOfEveryVariantAreReportedOnceAndTheOthersNameTheirVariant() {
    let frontend = TwoVariants(texts: [
      ("the Debug configuration", Self.manifest(refresh: "1m")),
      ("the Release configuration", Self.manifest(refresh: "1h")),
    ])
    let findings = Linter().lint(frontend)
    #expect(
      findings.map { "\($0.ruleID) \(TestSupport.position($0))" } == [
        "missing-display-name 6:16-6:21", "refresh-interval-too-short 6:77-6:79",
      ])
    #expect(!findings[0].message.contains("only in"))
    #expect(findings[1].message.hasSuffix(" (only in the Debug configuration)"))
  }
}
