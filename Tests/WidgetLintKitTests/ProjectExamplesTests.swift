import Foundation
import Testing

@testable import WidgetLintKit

/// Expo and Flutter apps linted as they are, with no manifest: clean ones report nothing, and each
/// project under examples/broken-projects/ reports exactly the findings its `expected.txt` lists.
@Suite struct ProjectExamplesTests {
  static let cleanProjects = ["flutter-home-widget", "expo-widgets", "native-widgets"]

  static var brokenProjects: [String] {
    TestSupport.entries(of: "examples/broken-projects")
  }

  @Test(arguments: cleanProjects)
  func cleanProjectLintsClean(name: String) {
    let report = LintRun(discoversConfiguration: false).run(arguments: [TestSupport.path("examples/\(name)")])
    #expect(report.inputErrors.isEmpty)
    #expect(report.projects.count == 1)
    #expect(report.findings.filter { $0.severity != .note }.map { "\($0.ruleID) \($0.file): \($0.message)" } == [])
  }

  @Test(arguments: brokenProjects)
  func brokenProjectReportsWhatItShould(name: String) throws {
    let root = TestSupport.path("examples/broken-projects/\(name)")
    let expected = try String(contentsOfFile: root + "/expected.txt", encoding: .utf8)
      .split(separator: "\n").map(String.init).filter { !$0.isEmpty }.sorted()
    let report = LintRun(discoversConfiguration: false).run(arguments: [root])
    let actual = report.findings.map { finding -> String in
      let start = finding.range.start
      let file = finding.file.hasPrefix(root + "/") ? String(finding.file.dropFirst(root.count + 1)) : finding.file
      return "\(finding.ruleID) \(file):\(start.line):\(start.column)"
    }.sorted()
    #expect(actual == expected)
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
