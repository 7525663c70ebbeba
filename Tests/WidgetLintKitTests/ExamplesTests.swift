import Foundation
import Testing

@testable import WidgetLintKit

@Suite struct ExamplesTests {
  static let examples = ["pillar-valley", "podcast-favorites", "flutter-counter", "trip-widgets", "up-next"]

  static var brokenFiles: [String] {
    let directory = TestSupport.path("examples/broken")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".json") }.sorted()
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

  /// Each rule has a broken manifest named after it, or a broken project whose expected.txt lists it.
  @Test func everyRuleHasABrokenCase() throws {
    var covered = Set(Self.brokenFiles.map { String($0.prefix { $0 != "." }) })
    let projects = TestSupport.path("examples/broken-projects")
    for name in (try? FileManager.default.contentsOfDirectory(atPath: projects)) ?? [] {
      let expected = (try? String(contentsOfFile: "\(projects)/\(name)/expected.txt", encoding: .utf8)) ?? ""
      covered.formUnion(expected.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) })
    }
    #expect(covered == Set(RuleRegistry.ids))
  }

  /// The positions the broken cases document in their comments, asserted exactly.
  @Test func brokenCasePositions() throws {
    let expected: [String: String] = [
      "app-group-format.yaml": "11:9-11:32",
      "app-group-mismatch.yaml": "23:19-23:54",
      "availability.yaml": "20:33-20:53",
      "bundle-id-prefix.yaml": "13:23-13:49",
      "duplicate-key.json": "27:11-27:21",
      "duplicate-key.yaml": "24:9-24:16",
      "duplicate-widget-kind.yaml": "24:15-24:28",
      "eas-extension-mismatch.yaml": "28:25-28:51",
      "invalid-value.yaml": "20:24-20:31",
      "missing-key.yaml": "11:5-11:9",
      "refresh-interval-too-short.yaml": "22:18-22:20",
      "unknown-key.json": "5:5-5:26",
      "unknown-key.yaml": "23:9-23:18",
      "unknown-widget-family.yaml": "20:33-20:39",
      "widget-kind-limit.yaml": "52:15-52:29",
      "widget-url-scheme.yaml": "23:14-23:29",
      "yaml-syntax.yaml": "21:16-21:17",
      "suppression-without-reason.yaml": "16:9-16:66",
      "unused-suppression.yaml": "15:40-15:66",
      "duplicate-bundle-id.yaml": "15:23-15:50",
    ]
    for (file, position) in expected {
      let report = LintRun().run(arguments: [TestSupport.path("examples/broken/\(file)")])
      let finding = try #require(report.findings.first, "\(file) has no finding")
      #expect(TestSupport.position(finding) == position, "\(file)")
    }
    let codeCases = [
      "manifest-drift": "manifest-drift/TideChartWidget.swift:77:28",
      "widget-unsupported-view": "widget-unsupported-view/NowPlayingWidget.swift:51:17",
      "widget-link-in-small": "widget-link-in-small/ForecastWidget.swift:62:13",
      "multiple-widget-url": "multiple-widget-url/UpcomingEventsWidget.swift:66:10",
    ]
    for (rule, location) in codeCases {
      let report = LintRun().run(arguments: [TestSupport.path("examples/broken/\(rule).yaml")])
      let finding = try #require(report.findings.first, "\(rule) has no finding")
      let start = finding.range.start
      #expect(finding.file.hasSuffix("examples/broken/" + location.split(separator: ":")[0]), "\(rule)")
      #expect(location.hasSuffix(":\(start.line):\(start.column)"), "\(rule)")
    }
    let swift = LintRun().run(arguments: [TestSupport.path("examples/broken/extension-unavailable-api.yaml")])
    let finding = try #require(swift.findings.first)
    #expect(finding.file.hasSuffix("examples/broken/extension-unavailable-api/ScenesWidget.swift"))
    #expect(TestSupport.position(finding) == "53:25-53:50")
  }

  @Test func directoryArgumentFindsManifestsAndProjects() {
    let report = LintRun(discoversConfiguration: false).run(arguments: [TestSupport.path("examples")])
    // examples/broken holds manifests named after rules, not widgets.yaml: they are not picked up.
    #expect(report.files.filter { $0.hasSuffix("/widgets.yaml") }.count == Self.examples.count)
    #expect(report.projects.contains { $0.path.hasSuffix("examples/flutter-home-widget") })
    #expect(report.findings.allSatisfy { $0.file.contains("/broken-projects/") }, "only broken projects have findings")
  }
}
