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
    for pageExample in examples {
      let example =
        pageExample.fails
        ? RuleExample.failing(
          pageExample.title, pageExample.manifest, files: pageExample.files.map { ($0.path, $0.contents) })
        : RuleExample.passing(
          pageExample.title, pageExample.manifest, files: pageExample.files.map { ($0.path, $0.contents) })
      let findings = try TestSupport.lint(example: example)
      if example.fails {
        let ruleIDs = Set(findings.map(\.finding.ruleID))
        #expect(ruleIDs == [id], "failing example '\(example.title)' should produce only \(id), got \(ruleIDs)")
        // The marks say where: every finding starts at one, and every mark has a finding.
        #expect(!example.marks.isEmpty, "failing example '\(example.title)' marks no place with \(RuleExample.marker)")
        #expect(
          Set(findings.map(\.mark)) == example.marks,
          "failing example '\(example.title)': findings at \(findings.map(\.mark.description)), marked \(example.marks.map(\.description))"
        )
      } else {
        #expect(example.marks.isEmpty, "passing example '\(example.title)' has a \(RuleExample.marker) mark")
        #expect(findings.isEmpty, "passing example '\(example.title)' produced \(findings.map(\.finding.message))")
      }
    }
  }

  /// The rule table in docs/rules.md lists every rule, with its default severity, in registry order.
  @Test func ruleTableListsEveryRule() throws {
    let page = try String(
      contentsOf: TestSupport.packageRoot.appendingPathComponent("docs/rules.md"), encoding: .utf8)
    let rows = page.split(separator: "\n").filter { $0.hasPrefix("| [`") }.map { row in
      let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      let id = cells[0].dropFirst(2).prefix { $0 != "`" }
      return "\(id) \(cells[1].split(separator: " ").first ?? "")"
    }
    let expected = RuleRegistry.all.map { "\($0.metadata.id) \($0.metadata.defaultSeverity.rawValue)" }
    #expect(
      rows == expected,
      "docs/rules.md's rule table needs one row per rule, in RuleRegistry's order: | [`id`](../rules/id.md) | severity | finds |"
    )
  }

  /// The README's short list of rules links every rule's page once.
  @Test func readmeLinksEveryRule() throws {
    let readme = try String(contentsOf: TestSupport.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let linked = readme.components(separatedBy: "](rules/").dropFirst().map { $0.prefix { $0 != ")" } }
      .filter { $0 != "README.md" }.map { String($0.dropLast(3)) }
    #expect(linked.sorted() == RuleRegistry.ids.sorted(), "README.md's list of rules needs a link to every rule's page")
  }

  @Test func metadataIsComplete() {
    var ids: Set<String> = []
    for rule in RuleRegistry.all.map({ $0.metadata }) {
      #expect(ids.insert(rule.id.rawValue).inserted, "duplicate rule id \(rule.id)")
      #expect(rule.id.rawValue.allSatisfy { $0.isLowercase || $0 == "-" })
      #expect(!rule.summary.isEmpty && rule.rationale.contains("Source"), "\(rule.id) rationale cites no source")
      // Readers can open what a page cites; an internal notes file is not a source.
      #expect(!rule.rationale.contains("facts sheet"), "\(rule.id) cites the internal facts sheet")
    }
  }
}
