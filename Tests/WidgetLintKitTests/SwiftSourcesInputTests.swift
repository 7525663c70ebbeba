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

/// `--sources DIR` is an input like a manifest or an app: the configuration that applies to the folder,
/// `--config`, `ignore:`, the baseline and `--write-baseline` all act on it, through the same run.
@Suite struct SwiftSourcesInputTests {
  /// A widget folder whose code opens a URL through `UIApplication.shared`, which app extensions cannot.
  static let openScene = """
    import UIKit

    func openScene(_ url: URL) {
        UIApplication.shared.open(url)
    }
    """

  /// A second use, so a baseline that records the first still lets this one through.
  static let openSettings = """
    import UIKit

    func openSettings() {
        let url = URL(string: "app-settings:")!
        UIApplication.shared.open(url)
    }
    """

  /// A fresh folder holding `Widgets/Open.swift` and the given extra files.
  func project(_ files: [(path: String, contents: String)] = []) throws -> URL {
    try TestSupport.directory(with: [("Widgets/Open.swift", Self.openScene)] + files)
  }

  /// The CLI's findings as `rule path:line:column severity`, from its JSON report.
  func findings(_ result: TestSupport.RunResult) throws -> [String] {
    let report = try TestSupport.json(result.stdout)
    let diagnostics = try #require(report["diagnostics"] as? [[String: Any]])
    return diagnostics.map { diagnostic in
      let rule = diagnostic["rule"] as? String ?? "?"
      let file = diagnostic["file"] as? String ?? "?"
      let line = diagnostic["line"] as? Int ?? 0
      let column = diagnostic["column"] as? Int ?? 0
      return "\(rule) \(file):\(line):\(column) \(diagnostic["severity"] as? String ?? "?")"
    }
  }

  func lint(_ arguments: [String], in directory: URL) throws -> TestSupport.RunResult {
    try TestSupport.run(["--format", "json"] + arguments, currentDirectory: directory)
  }

  static let unavailableOpen = "extension-unavailable-api Widgets/Open.swift:4:5"

  @Test func withoutConfigurationTheFindingIsAnError() throws {
    let directory = try project()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try lint(["--sources", "Widgets"], in: directory)
    #expect(result.status == 1)
    #expect(try findings(result) == ["\(Self.unavailableOpen) error"])
  }

  @Test func aConfigurationInTheSourcesFolderSetsTheSeverity() throws {
    let directory = try project([("Widgets/.widgetlint.yml", "rules:\n  extension-unavailable-api: warning\n")])
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try lint(["--sources", "Widgets"], in: directory)
    #expect(result.status == 0)
    #expect(try findings(result) == ["\(Self.unavailableOpen) warning"])
    #expect(try lint(["--strict", "--sources", "Widgets"], in: directory).status == 1)
  }

  @Test func aConfigurationAboveTheSourcesFolderTurnsTheRuleOff() throws {
    let directory = try project([(".widgetlint.yml", "rules:\n  extension-unavailable-api: off\n")])
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try lint(["--sources", "Widgets"], in: directory)
    #expect(result.status == 0)
    #expect(try findings(result) == [])
  }

  @Test func overridesApplyToTheSourcesFiles() throws {
    let off = """
      overrides:
        - files: ["Widgets/Open.swift"]
          rules: {extension-unavailable-api: note}
      """
    let directory = try project([(".widgetlint.yml", off)])
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try lint(["--sources", "Widgets"], in: directory)
    #expect(result.status == 0)
    #expect(try findings(result) == ["\(Self.unavailableOpen) note"])
  }

  @Test func anIgnoredSourcesFolderIsNotLinted() throws {
    let directory = try project([(".widgetlint.yml", "ignore: [\"Widgets/\"]\n")])
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try lint(["--sources", "Widgets"], in: directory)
    #expect(result.status == 0)
    #expect(try findings(result) == [])
    let summary = try #require(try TestSupport.json(result.stdout)["summary"] as? [String: Int])
    #expect(summary["inputs"] == 0 && summary["files"] == 0)
  }

  @Test func aConfigurationNamedOnTheCommandLineWinsOverTheNearestOne() throws {
    let directory = try project([
      (".widgetlint.yml", "rules:\n  extension-unavailable-api: off\n"),
      ("ci/widgetlint.yml", "rules:\n  extension-unavailable-api: warning\n"),
    ])
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try lint(["--config", "ci/widgetlint.yml", "--sources", "Widgets"], in: directory)
    #expect(result.status == 0)
    #expect(try findings(result) == ["\(Self.unavailableOpen) warning"])
  }

  @Test func anUnreadableConfigurationIsAnInputError() throws {
    let directory = try project([(".widgetlint.yml", "rules:\n  no-such-rule: off\n")])
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try lint(["--sources", "Widgets"], in: directory)
    #expect(result.status == 2)
    #expect(try findings(result) == [])
  }

  @Test func theBaselineFiltersRecordedFindingsAndKeepsNewOnes() throws {
    let directory = try project()
    defer { try? FileManager.default.removeItem(at: directory) }
    let recorded = try lint(["--write-baseline", "baseline.json", "--sources", "Widgets"], in: directory)
    #expect(recorded.status == 0)
    #expect(recorded.stderr == "widgetlint: recorded 1 findings in baseline.json\n")

    // The recorded finding is the sources' own, by its file relative to the baseline: not `.`.
    let baseline = try JSONDecoder().decode(
      Baseline.self, from: Data(contentsOf: directory.appendingPathComponent("baseline.json")))
    #expect(
      baseline.findings.map { "\($0.rule) \($0.file) \($0.path) \($0.subject ?? "-") \($0.count)" } == [
        "extension-unavailable-api Widgets/Open.swift /targets/0/sources Widgets 1"
      ])

    let clean = try lint(["--baseline", "baseline.json", "--sources", "Widgets"], in: directory)
    #expect(clean.status == 0)
    #expect(try findings(clean) == [])
    // Named another way, the folder's findings are the same ones.
    #expect(try findings(lint(["--baseline", "baseline.json", "--sources", "./Widgets/"], in: directory)) == [])

    try Data(Self.openSettings.utf8).write(to: directory.appendingPathComponent("Widgets/Settings.swift"))
    let newOne = try lint(["--baseline", "baseline.json", "--sources", "Widgets"], in: directory)
    #expect(newOne.status == 1)
    #expect(try findings(newOne) == ["extension-unavailable-api Widgets/Settings.swift:5:5 error"])
  }

  @Test func writingABaselineHonoursTheConfiguration() throws {
    let directory = try project([(".widgetlint.yml", "rules:\n  extension-unavailable-api: off\n")])
    defer { try? FileManager.default.removeItem(at: directory) }
    let recorded = try lint(["--write-baseline", "baseline.json", "--sources", "Widgets"], in: directory)
    #expect(recorded.status == 0)
    #expect(recorded.stderr == "widgetlint: recorded 0 findings in baseline.json\n")
  }

  @Test func aFolderThatIsNotThereIsAnInputError() throws {
    let directory = try project()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try TestSupport.run(["--sources", "Missing", "--sources", "Widgets"], currentDirectory: directory)
    #expect(result.status == 2)
    #expect(result.stdout.hasPrefix("Widgets/Open.swift:4:5: error: "))
    #expect(result.stderr == "widgetlint: error: Missing: is not a folder of Swift sources\n")
    #expect(result.stdout.contains("1 error, 0 warnings, 0 notes in 1 folder"))
  }

  @Test func verboseListsTheFilesRead() throws {
    let directory = try project()
    defer { try? FileManager.default.removeItem(at: directory) }
    let quiet = try TestSupport.run(["--sources", "Widgets"], currentDirectory: directory)
    #expect(quiet.stderr == "")
    let verbose = try TestSupport.run(["-v", "--sources", "Widgets"], currentDirectory: directory)
    #expect(verbose.stderr == "widgetlint: Widgets: Swift sources, 1 file read\n  Widgets/Open.swift\n")
  }

  @Test func theDeploymentTargetJudgesAvailability() throws {
    let arguments = ["--format", "json", "--sources", "examples/up-next/targets"]
    let without = try TestSupport.run(arguments)
    #expect(without.status == 0)
    #expect(try findings(without) == [])
    let with = try TestSupport.run(arguments + ["--deployment-target", "14.0"])
    #expect(with.status == 1)
    let code = "examples/up-next/targets/UpNextWidgets/"
    #expect(
      try findings(with) == [
        "availability \(code)CountdownWidget.swift:86:43 error",
        "availability \(code)CountdownWidget.swift:86:63 error",
        "availability \(code)UpNextInlineWidget.swift:50:29 error",
      ])
  }

  /// The library: `run(sources:)` goes through the same discovery, configuration and baseline.
  @Test func theLibraryRunReadsTheFolderAsAnInput() throws {
    let directory = try project([(".widgetlint.yml", "rules:\n  extension-unavailable-api: warning\n")])
    defer { try? FileManager.default.removeItem(at: directory) }
    let widgets = directory.appendingPathComponent("Widgets").path
    #expect(
      ProjectDiscovery.discover(sources: [widgets, widgets]).inputs == [
        .swiftSources(directory: widgets, deploymentTarget: nil)
      ])
    let report = LintRun().run(sources: [widgets], deploymentTarget: nil)
    #expect(report.files == [widgets])
    #expect(report.sourceFolders == 1)
    #expect(report.projects.map(\.kindName) == ["Swift sources"])
    #expect(
      report.findings.map { "\($0.ruleID) \(TestSupport.position($0)) \($0.severity)" } == [
        "extension-unavailable-api 4:5-4:30 warning"
      ])
    let undiscovered = LintRun(discoversConfiguration: false).run(sources: [widgets], deploymentTarget: nil)
    #expect(undiscovered.findings.map(\.severity) == [.error])
  }
}
