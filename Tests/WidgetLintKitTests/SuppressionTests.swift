import Testing

@testable import WidgetLintCore
@testable import WidgetLintEngine
@testable import WidgetLintFrontends
@testable import WidgetLintKit
@testable import WidgetLintModel
@testable import WidgetLintReaders
@testable import WidgetLintReports
@testable import WidgetLintRules

@Suite struct SuppressionTests {
  let base = """
    # widgetlint-disable-file missing-display-name -- gallery text comes from the app's strings file
    app:
      bundleIdentifier: com.example.app
      urlSchemes: [example]
    targets:
      - name: widgets
        bundleIdentifier: com.example.app.widgets
        widgets:
          - kind: Status
            families: [systemSmall]
            # widgetlint-disable-next-line refresh-interval-too-short -- live data during events
            refresh: 1m
            url: other://x  # widgetlint-disable-line widget-url-scheme -- opens the companion app
    """

  func describe(_ findings: [Finding]) -> [String] {
    findings.map { "\($0.ruleID) \(TestSupport.position($0))" }
  }

  @Test func directivesWithReasonsSuppressSilently() throws {
    #expect(try TestSupport.lint(base).isEmpty)
  }

  @Test func withoutFileDirectiveTheFindingsReturn() throws {
    let text = base.replacingOccurrences(of: "# widgetlint-disable-file", with: "# disabled:")
    #expect(describe(try TestSupport.lint(text)) == ["missing-display-name 9:15-9:21"])
  }

  @Test func missingReasonIsAWarningButStillSuppresses() throws {
    let text = base.replacingOccurrences(of: " -- live data during events", with: "")
    let findings = try TestSupport.lint(text)
    #expect(describe(findings) == ["suppression-without-reason 11:9-11:66"])
    #expect(findings.first?.severity == .warning)
  }

  @Test func unusedAndUnknownSuppressions() throws {
    let text =
      base.replacingOccurrences(of: "refresh: 1m", with: "refresh: 15m")
      .replacingOccurrences(of: "widget-url-scheme --", with: "widget-url-schema --")
    let findings = try TestSupport.lint(text)
    #expect(
      describe(findings) == [
        "unused-suppression 11:40-11:66", "widget-url-scheme 13:14-13:23", "unused-suppression 13:51-13:68",
      ])
    #expect(
      findings[2].message == "suppression names unknown rule 'widget-url-schema'; did you mean 'widget-url-scheme'?")
  }

  @Test func fileDirectiveOutsideTheFirstCommentBlockIsMisplaced() throws {
    let text =
      base.replacingOccurrences(
        of: "# widgetlint-disable-file missing-display-name -- gallery text comes from the app's strings file\n",
        with: "")
      + "\n# widgetlint-disable-file missing-display-name -- too late\n"
    let findings = try TestSupport.lint(text)
    #expect(findings.map(\.ruleID) == ["missing-display-name", "unused-suppression"])
    #expect(findings[1].message.contains("first comment block"))
  }

  @Test func hashInsideQuotedAndBlockScalarsIsNotAComment() {
    let text = """
      a: "value # widgetlint-disable-line all -- not a comment"
      b: |
        # widgetlint-disable-file all -- block scalar content
      c: plain#notacomment
      d: x # widgetlint-disable-line all -- real
      """
    let source = SourceText(path: "t.yaml", text: text)
    let (document, _) = YAMLParser().parse(source)
    let directives = Suppressions(source: source, document: document).directives
    #expect(directives.map(\.targetLine) == [5])
    #expect(directives.first?.reason == "real")
  }

  @Test func severalRulesAndAll() throws {
    let text = base.replacingOccurrences(
      of: "# widgetlint-disable-next-line refresh-interval-too-short -- live data during events",
      with: "# widgetlint-disable-next-line all -- live data during events")
    #expect(try TestSupport.lint(text).isEmpty)
    let list = base.replacingOccurrences(
      of: "refresh-interval-too-short -- live", with: "refresh-interval-too-short, availability -- live")
    #expect(describe(try TestSupport.lint(list)) == ["unused-suppression 11:68-11:80"])
  }
}
