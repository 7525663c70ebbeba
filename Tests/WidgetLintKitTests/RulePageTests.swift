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

  static var updatesGeneratedFiles: Bool { ProcessInfo.processInfo.environment["WIDGETLINT_UPDATE_RULE_PAGES"] == "1" }

  static var tableRows: [(id: String, severity: String, summary: String)] {
    RuleRegistry.all.map { ($0.metadata.id.rawValue, $0.metadata.defaultSeverity.rawValue, $0.metadata.summary) }
  }

  static func index() -> String {
    "# Rules\n\nRule ids are a public contract: they never change meaning or name.\n\n"
      + RuleRegistryGenerator.table(of: tableRows, pagePrefix: "")
  }

  /// Compares a generated file with what is committed; with WIDGETLINT_UPDATE_RULE_PAGES=1, writes it first.
  /// Returns whether the committed text was stale.
  @discardableResult
  static func check(generated expected: String, at relativePath: String) throws -> Bool {
    let url = TestSupport.packageRoot.appendingPathComponent(relativePath)
    let committed = try? String(contentsOf: url, encoding: .utf8)
    if updatesGeneratedFiles, committed != expected {
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(expected.utf8).write(to: url)
      return true
    }
    #expect(
      committed == expected,
      "\(relativePath) is stale; run WIDGETLINT_UPDATE_RULE_PAGES=1 swift test --filter RulePageTests")
    return committed != expected
  }

  /// The registry and the `RuleID` constants are what the rule types in Sources/WidgetLintRules declare.
  @Test func registryIsGeneratedFromTheRuleTypes() throws {
    let folder = TestSupport.packageRoot.appendingPathComponent(RuleRegistryGenerator.rulesFolder)
    let declared = try RuleRegistryGenerator.declaredRules(inFolder: folder)
    let source = RuleRegistryGenerator.registrySource(declared)
    let rewritten = try Self.check(generated: source, at: RuleRegistryGenerator.generatedFile)
    // This run was built with the registry as it was: the pages of a new rule need the next one.
    if Self.updatesGeneratedFiles && rewritten {
      Issue.record(
        "\(RuleRegistryGenerator.generatedFile) was rewritten: run the command again to build it and write the pages")
      return
    }
    #expect(Set(declared.map(\.id)).count == declared.count, "two rule types name one id")
    #expect(declared.map(\.id) == RuleRegistry.ids)
  }

  @Test func generatorNamesConstantsAfterTheirTypes() {
    #expect(RuleRegistryGenerator.constantName(ofType: "EASExtensionMismatchRule") == "easExtensionMismatch")
    #expect(RuleRegistryGenerator.constantName(ofType: "YAMLSyntaxRule") == "yamlSyntax")
    #expect(RuleRegistryGenerator.constantName(ofType: "DuplicateBundleIDRule") == "duplicateBundleID")
    #expect(RuleRegistryGenerator.constantName(ofType: "AvailabilityRule") == "availability")
    #expect(RuleRegistryGenerator.constantName(ofType: "URLRule") == "url")
  }

  /// Run with WIDGETLINT_UPDATE_RULE_PAGES=1 to rewrite the pages after changing a rule.
  @Test(arguments: RuleRegistry.ids)
  func pageIsUpToDate(id: String) throws {
    let metadata = try #require(RuleRegistry.rule(withID: id)).metadata
    try Self.check(generated: RuleDocumentation.markdown(metadata), at: "rules/\(id).md")
  }

  @Test func indexIsUpToDate() throws {
    try Self.check(generated: Self.index(), at: "rules/README.md")
  }

  /// A rule's page goes with it: updating removes the pages of rules that are gone.
  @Test func everyPageBelongsToARule() throws {
    var pages = try FileManager.default.contentsOfDirectory(atPath: Self.rulesDirectory.path)
      .filter { $0.hasSuffix(".md") && $0 != "README.md" }
    if Self.updatesGeneratedFiles {
      for page in pages where !RuleRegistry.ids.contains(String(page.dropLast(3))) {
        try FileManager.default.removeItem(at: Self.rulesDirectory.appendingPathComponent(page))
      }
      pages.removeAll { !RuleRegistry.ids.contains(String($0.dropLast(3))) }
    }
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

  /// docs/rules.md's table of rules is generated between its markers.
  @Test func ruleTableListsEveryRule() throws {
    let path = "docs/rules.md"
    let page = try String(contentsOf: TestSupport.packageRoot.appendingPathComponent(path), encoding: .utf8)
    let table = RuleRegistryGenerator.table(of: Self.tableRows, pagePrefix: "../rules/")
    try Self.check(generated: RuleRegistryGenerator.replacingGeneratedRegion(in: page, with: table), at: path)
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
