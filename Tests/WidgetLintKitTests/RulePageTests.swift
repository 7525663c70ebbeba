import Foundation
import Testing

@testable import WidgetLintKit

/// Every rule has a page in rules/ rendered from its metadata, and the page's examples run as tests.
@Suite struct RulePageTests {
  static let rulesDirectory = TestSupport.packageRoot.appendingPathComponent("rules")

  struct PageExample {
    var title: String
    var fails: Bool
    var manifest: String
    var files: [(path: String, contents: String)]
  }

  /// Reads the examples back out of a page's Markdown, as a reader would copy them.
  static func examples(inPage page: String) -> [PageExample] {
    var examples: [PageExample] = []
    var lines = page.split(separator: "\n", omittingEmptySubsequences: false)[...]
    var pendingFile: String?
    while let line = lines.popFirst() {
      if line.hasPrefix("### Failing: ") || line.hasPrefix("### Passing: ") {
        let fails = line.hasPrefix("### Failing")
        examples.append(PageExample(title: String(line.dropFirst(13)), fails: fails, manifest: "", files: []))
      } else if line.hasPrefix("`"), line.hasSuffix("`:") {
        pendingFile = String(line.dropFirst().dropLast(2))
      } else if line.hasPrefix("```"), line.count > 3 {
        var block: [Substring] = []
        while let next = lines.popFirst(), next != "```" { block.append(next) }
        guard !examples.isEmpty else { continue }
        let text = block.joined(separator: "\n")
        if let file = pendingFile {
          examples[examples.count - 1].files.append((file, text))
          pendingFile = nil
        } else if line == "```yaml" {
          examples[examples.count - 1].manifest = text
        }
      }
    }
    return examples
  }

  static func index() -> String {
    var text = "# Rules\n\nRule ids are a public contract: they never change meaning or name.\n\n"
    text += "| rule | default severity | summary |\n|---|---|---|\n"
    for rule in RuleRegistry.all.map({ $0.metadata }) {
      text += "| [`\(rule.id)`](\(rule.id).md) | \(rule.defaultSeverity.rawValue) | \(rule.summary) |\n"
    }
    return text
  }

  /// Run with WIDGETLINT_UPDATE_RULE_PAGES=1 to rewrite the pages after changing a rule.
  @Test(arguments: RuleRegistry.ids)
  func pageIsUpToDate(id: String) throws {
    let metadata = try #require(RuleRegistry.rule(withID: id)).metadata
    let url = Self.rulesDirectory.appendingPathComponent("\(id).md")
    let expected = RuleDocumentation.markdown(metadata)
    if ProcessInfo.processInfo.environment["WIDGETLINT_UPDATE_RULE_PAGES"] == "1" {
      try FileManager.default.createDirectory(at: Self.rulesDirectory, withIntermediateDirectories: true)
      try Data(expected.utf8).write(to: url)
    }
    let page = try String(contentsOf: url, encoding: .utf8)
    #expect(page == expected, "rules/\(id).md is stale; run WIDGETLINT_UPDATE_RULE_PAGES=1 swift test")
  }

  @Test func indexIsUpToDate() throws {
    let url = Self.rulesDirectory.appendingPathComponent("README.md")
    if ProcessInfo.processInfo.environment["WIDGETLINT_UPDATE_RULE_PAGES"] == "1" {
      try Data(Self.index().utf8).write(to: url)
    }
    #expect(try String(contentsOf: url, encoding: .utf8) == Self.index())
  }

  @Test func everyPageBelongsToARule() throws {
    let pages = try FileManager.default.contentsOfDirectory(atPath: Self.rulesDirectory.path)
      .filter { $0.hasSuffix(".md") && $0 != "README.md" }
    #expect(Set(pages.map { String($0.dropLast(3)) }) == Set(RuleRegistry.ids))
  }

  @Test(arguments: RuleRegistry.ids)
  func pageExamplesBehave(id: String) throws {
    let page = try String(contentsOf: Self.rulesDirectory.appendingPathComponent("\(id).md"), encoding: .utf8)
    let examples = Self.examples(inPage: page)
    #expect(examples.contains { $0.fails }, "rules/\(id).md needs a failing example")
    #expect(examples.contains { !$0.fails }, "rules/\(id).md needs a passing example")
    for example in examples {
      let findings = try TestSupport.lint(example.manifest, files: example.files)
      let ruleIDs = Set(findings.map(\.ruleID))
      if example.fails {
        #expect(ruleIDs == [id], "failing example '\(example.title)' should produce only \(id), got \(ruleIDs)")
      } else {
        #expect(findings.isEmpty, "passing example '\(example.title)' produced \(findings.map(\.message))")
      }
    }
  }

  @Test func metadataIsComplete() {
    var ids: Set<String> = []
    for rule in RuleRegistry.all.map({ $0.metadata }) {
      #expect(ids.insert(rule.id.rawValue).inserted, "duplicate rule id \(rule.id)")
      #expect(rule.id.rawValue.allSatisfy { $0.isLowercase || $0 == "-" })
      #expect(!rule.summary.isEmpty && rule.rationale.contains("Source"), "\(rule.id) rationale cites no source")
    }
  }
}
