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

/// Expo and Flutter apps linted as they are, with no manifest: clean ones report nothing, and each
/// project under examples/broken-projects/ reports exactly the findings its `expected.txt` lists.
///
/// A project's own `.widgetlint.yml` applies (its `expo.variants`); an `arguments.txt` beside
/// `expected.txt` holds the command-line options it is linted with (`--env NAME=VALUE`,
/// `--expo-config FILE`, a file relative to the project).
@Suite struct ProjectExamplesTests {
  static let cleanProjects = [
    "flutter-home-widget", "expo-widgets", "expo-variants", "native-widgets", "native-team-override",
    "expo-photo-frame", "expo-local-plugin", "tuist-widgets", "xcodegen-widgets", "hydrate-watch",
    "expo-widget-extension", "expo-bittingz-widgets", "expo-sdk-widgets", "voltra-widgets",
  ]

  static var brokenProjects: [String] {
    TestSupport.entries(of: "examples/broken-projects")
  }

  /// The run a project is linted with: its configuration file and its `arguments.txt`.
  static func run(for root: String) throws -> LintRun {
    let configuration = root + "/.widgetlint.yml"
    var run = LintRun(
      configurationFile: FileManager.default.fileExists(atPath: configuration) ? configuration : nil,
      discoversConfiguration: false)
    guard let text = try? String(contentsOfFile: root + "/arguments.txt", encoding: .utf8) else { return run }
    let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
    var index = 0
    while index + 1 < words.count {
      switch words[index] {
      case "--env":
        let parts = words[index + 1].split(separator: "=", maxSplits: 1).map(String.init)
        run.environment = (run.environment ?? [:]).merging([parts[0]: parts.count > 1 ? parts[1] : ""]) { $1 }
      case "--expo-config":
        let path = root + "/" + words[index + 1]
        let bytes = try #require(FileManager.default.contents(atPath: path))
        run.expoConfig = SourceText(path: path, bytes: Array(bytes))
      default:
        Issue.record("unknown option '\(words[index])' in \(root)/arguments.txt")
      }
      index += 2
    }
    return run
  }

  @Test(arguments: cleanProjects)
  func cleanProjectLintsClean(name: String) throws {
    let root = TestSupport.path("examples/\(name)")
    let report = try Self.run(for: root).run(arguments: [root])
    #expect(report.inputErrors.isEmpty)
    #expect(report.projects.count == 1)
    #expect(report.findings.filter { $0.severity != .note }.map { "\($0.ruleID) \($0.file): \($0.message)" } == [])
  }

  @Test(arguments: brokenProjects)
  func brokenProjectReportsWhatItShould(name: String) throws {
    let root = TestSupport.path("examples/broken-projects/\(name)")
    let expected = try String(contentsOfFile: root + "/expected.txt", encoding: .utf8)
      .split(separator: "\n").map(String.init).filter { !$0.isEmpty }.sorted()
    let report = try Self.run(for: root).run(arguments: [root])
    #expect(report.inputErrors.isEmpty)
    let actual = report.findings.map { finding -> String in
      let start = finding.range.start
      let file = finding.file.hasPrefix(root + "/") ? String(finding.file.dropFirst(root.count + 1)) : finding.file
      return "\(finding.ruleID) \(file):\(start.line):\(start.column)"
    }.sorted()
    #expect(actual == expected)
  }

  @Test func aFindingOfOneVariantSaysWhichAndTheOthersAreClean() throws {
    let root = TestSupport.path("examples/broken-projects/expo-dev-variant-group")
    let report = try Self.run(for: root).run(arguments: [root])
    #expect(report.findings.map(\.message).allSatisfy { $0.hasSuffix("(only in variant APP_VARIANT=development)") })
    #expect(report.findings.count == 1)
    // Linted in the default variant only (as `npx expo config` sees it with no variable set), it is clean.
    var defaultOnly = LintRun(discoversConfiguration: false)
    defaultOnly.environment = [:]
    #expect(defaultOnly.run(arguments: [root]).findings.isEmpty)
    #expect(report.projects.first?.variants == ["the default variant", "variant APP_VARIANT=development"])
  }

  @Test func expoResolvedConfigFillsInWhatTheFileComputes() throws {
    let root = TestSupport.path("examples/broken-projects/expo-resolved-config")
    // Without Expo's resolution the computed identifiers are notes, and nothing is compared with them.
    let alone = LintRun(discoversConfiguration: false).run(arguments: [root])
    #expect(alone.findings.map(\.ruleID) == ["computed-value", "computed-value"])
    let report = try Self.run(for: root).run(arguments: [root])
    let finding = try #require(report.findings.first)
    // The group list is written in app.config.js; the group itself only the JSON has.
    #expect(finding.related.first?.span.file.path.hasSuffix("expo-resolved-config/app.config.js") == true)
    #expect(report.projects.first?.filesRead.contains { $0.hasSuffix("expo-config.json") } == true)
  }

  @Test func everyProjectRuleHasABrokenProject() throws {
    var covered: Set<String> = []
    for name in Self.brokenProjects {
      let text = try String(
        contentsOfFile: TestSupport.path("examples/broken-projects/\(name)/expected.txt"), encoding: .utf8)
      covered.formUnion(text.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) })
    }
    #expect(covered.isSuperset(of: ["unknown-widget-kind", "app-group-mismatch"]))
  }
}
