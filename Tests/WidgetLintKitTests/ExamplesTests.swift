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

@Suite struct ExamplesTests {
  static let examples = ["pillar-valley", "podcast-favorites", "flutter-counter", "trip-widgets", "up-next"]

  static var brokenFiles: [String] {
    TestSupport.entries(of: "examples/broken").filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".json") }
  }

  @Test(arguments: examples)
  func exampleLintsClean(name: String) throws {
    let report = LintRun().run(arguments: [TestSupport.path("examples/\(name)/widgets.yaml")])
    #expect(report.inputErrors.isEmpty)
    #expect(report.findings.map { "\($0.ruleID): \($0.message)" } == [])
  }

  @Test func everyExampleDirectoryIsCovered() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: TestSupport.path("examples"))
      .filter { FileManager.default.fileExists(atPath: TestSupport.path("examples/\($0)/widgets.yaml")) }
    #expect(Set(names) == Set(Self.examples))
  }

  @Test(arguments: brokenFiles)
  func brokenCaseFailsWithItsRule(file: String) throws {
    let rule = String(file.prefix { $0 != "." })
    let report = LintRun().run(arguments: [TestSupport.path("examples/broken/\(file)")])
    #expect(Set(report.findings.map(\.ruleID)) == [rule])
    #expect(!report.findings.isEmpty)
  }

  /// Rules run in turn (as the fuzz targets run them) find what rules run side by side find, in the
  /// same order.
  @Test func rulesInTurnFindWhatRulesSideBySideFind() throws {
    var inTurn = LintConfiguration()
    inTurn.runsRulesSideBySide = false
    let directory = TestSupport.path("examples/broken")
    for file in Self.brokenFiles {
      let path = "\(directory)/\(file)"
      let source = SourceText(path: path, bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path))))
      let sideBySide = Linter().lint(manifest: source, directory: directory, displayDirectory: "")
      let oneByOne = Linter(configuration: inTurn).lint(manifest: source, directory: directory, displayDirectory: "")
      #expect(!sideBySide.isEmpty, "\(file)")
      #expect(
        oneByOne.map { "\($0.ruleID) \(TestSupport.position($0)) \($0.message)" }
          == sideBySide.map { "\($0.ruleID) \(TestSupport.position($0)) \($0.message)" }, "\(file)")
    }
  }

  /// Each rule has a broken manifest named after it, or a broken project whose expected.txt lists it.
  @Test func everyRuleHasABrokenCase() throws {
    var covered = Set(Self.brokenFiles.map { String($0.prefix { $0 != "." }) })
    for name in TestSupport.entries(of: "examples/broken-projects") {
      let expected = try String(
        contentsOfFile: TestSupport.path("examples/broken-projects/\(name)/expected.txt"), encoding: .utf8)
      covered.formUnion(expected.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) })
    }
    let missing = Set(RuleRegistry.ids).subtracting(covered).sorted()
    #expect(
      missing == [],
      "add examples/broken/<rule>.yaml, a manifest that fails with only that rule, and its line in examples/broken/expected.txt"
    )
  }

  /// Every finding of the broken cases, at the place `examples/broken/expected.txt` gives, and no other.
  @Test func brokenCasesReportWhatExpectedTxtLists() throws {
    let root = TestSupport.path("examples/broken")
    let expected = try String(contentsOfFile: root + "/expected.txt", encoding: .utf8)
      .split(separator: "\n").map(String.init).filter { !$0.isEmpty }.sorted()
    let report = LintRun(discoversConfiguration: false).run(arguments: Self.brokenFiles.map { root + "/" + $0 })
    #expect(report.inputErrors.isEmpty)
    let actual = report.findings.map { finding -> String in
      let start = finding.range.start
      let file = finding.file.hasPrefix(root + "/") ? String(finding.file.dropFirst(root.count + 1)) : finding.file
      return "\(finding.ruleID) \(file):\(start.line):\(start.column)"
    }.sorted()
    #expect(actual == expected)
  }

  @Test func directoryArgumentFindsManifestsAndProjects() {
    let report = LintRun(discoversConfiguration: false).run(arguments: [TestSupport.path("examples")])
    // examples/broken holds manifests named after rules, not widgets.yaml: they are not picked up.
    #expect(report.files.filter { $0.hasSuffix("/widgets.yaml") }.count == Self.examples.count)
    #expect(report.projects.contains { $0.path.hasSuffix("examples/flutter-home-widget") })
    // Clean examples may carry notes (native-team-override says what it leaves to the builder).
    #expect(
      report.findings.filter { $0.severity != .note }.allSatisfy { $0.file.contains("/broken-projects/") },
      "only broken projects have findings")
  }
}
