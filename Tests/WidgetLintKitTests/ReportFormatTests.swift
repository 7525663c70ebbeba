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

#if canImport(FoundationXML)
  import FoundationXML
#endif

@Suite struct ReportFormatTests {
  func report(_ file: String) -> LintReport {
    LintRun(discoversConfiguration: false).run(arguments: [TestSupport.path(file)])
  }

  @Test func sarifCarriesWhatCodeScanningReads() throws {
    let reporter = SARIFReporter(
      rules: RuleRegistry.all.map { $0.metadata }, rootDirectory: TestSupport.packageRoot.path)
    let log = try TestSupport.json(reporter.render(report("examples/broken/app-group-mismatch.yaml")))
    #expect(log["version"] as? String == "2.1.0")
    let run = try #require((log["runs"] as? [[String: Any]])?.first)
    #expect(run["columnKind"] as? String == "unicodeCodePoints")
    let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
    let rules = try #require(driver["rules"] as? [[String: Any]])
    #expect(rules.count == RuleRegistry.all.count)
    let rule = try #require(rules.first { $0["id"] as? String == "app-group-mismatch" })
    #expect((rule["helpUri"] as? String)?.hasSuffix("/rules/app-group-mismatch.md") == true)
    #expect((rule["defaultConfiguration"] as? [String: String])?["level"] == "error")
    let help = try #require(rule["help"] as? [String: String])
    #expect(help["text"]?.contains("home_widget#75") == true)
    let result = try #require((run["results"] as? [[String: Any]])?.first)
    #expect(result["ruleId"] as? String == "app-group-mismatch")
    #expect(rules[result["ruleIndex"] as? Int ?? -1]["id"] as? String == "app-group-mismatch")
    let location = try #require((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
    let artifact = try #require(location["artifactLocation"] as? [String: String])
    #expect(artifact == ["uri": "examples/broken/app-group-mismatch.yaml", "uriBaseId": "%SRCROOT%"])
    let region = try #require(location["region"] as? [String: Int])
    #expect(region == ["startLine": 23, "startColumn": 19, "endLine": 23, "endColumn": 54])
    let fingerprint = try #require((result["partialFingerprints"] as? [String: String])?["widgetlint/v1"])
    #expect(fingerprint.count == 16)
    #expect((result["relatedLocations"] as? [[String: Any]])?.count == 1)
  }

  @Test func sarifFingerprintsIgnoreLinesAndMessages() throws {
    let source = SourceText(path: "w.yaml", text: "a\nb\n")
    var finding = Finding(
      Observation(
        ruleID: RuleID("r"), message: "one", span: SourceSpan(file: source, start: 0, end: 1), pointer: .root),
      severity: .error)
    let first = Baseline.fingerprint(of: finding, relativeTo: ".")
    finding.message = "two"
    finding.span = SourceSpan(file: source, start: 2, end: 3)
    #expect(Baseline.fingerprint(of: finding, relativeTo: ".") == first)
    finding.stablePath = "/targets/[w]"
    #expect(Baseline.fingerprint(of: finding, relativeTo: ".") != first)
  }

  @Test func githubAnnotationsEscapeTheirFields() {
    let source = SourceText(path: "dir,with:odd/widgets.yaml", text: "key: value\n")
    let finding = Finding(
      Observation(
        ruleID: .invalidValue, message: "100% wrong\nsecond line", span: SourceSpan(file: source, start: 5, end: 10),
        pointer: .root), severity: .warning)
    let output = GitHubReporter().render(LintReport(files: [source.path], findings: [finding], inputErrors: []))
    #expect(
      output
        == "::warning file=dir%2Cwith%3Aodd/widgets.yaml,line=1,col=6,endLine=1,endColumn=11,title=widgetlint invalid-value::100%25 wrong%0Asecond line\n"
    )
  }

  @Test func githubEscapingReplacesOnlyItsCharacters() {
    #expect(GitHubReporter.escapeData("no escapes: é → 😀, 100") == "no escapes: é → 😀, 100")
    #expect(GitHubReporter.escapeData("50% é\r\n→") == "50%25 é%0D%0A→")
    #expect(GitHubReporter.escapeProperty("é:ü,%\n") == "é%3Aü%2C%25%0A")
  }

  @Test func textExcerptUnderlinesByScalarKeepingTabs() {
    // "é" and "→" are one column each but two and three bytes; the tab stays a tab under the line.
    let source = SourceText(path: "widgets.yaml", text: "\tname: é → Widget\nnext: line\n")
    func excerpt(_ start: Int, _ end: Int) -> [String] {
      let finding = Finding(
        Observation(
          ruleID: .invalidValue, message: "m", span: SourceSpan(file: source, start: start, end: end),
          pointer: .root), severity: .error)
      let output = TextReporter(color: false).render(
        LintReport(files: [source.path], findings: [finding], inputErrors: []))
      return Array(output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)[1...2])
    }
    // "Widget", after the arrow: bytes 14..<20, columns 12..<18.
    #expect(excerpt(14, 20) == [" 1 | \tname: é → Widget", "   | \t          ^" + String(repeating: "~", count: 5)])
    // An empty range still gets a caret; one that goes on to the next line is underlined to this line's end.
    #expect(excerpt(1, 1) == [" 1 | \tname: é → Widget", "   | \t^"])
    #expect(excerpt(7, 24) == [" 1 | \tname: é → Widget", "   | \t      ^" + String(repeating: "~", count: 9)])
  }

  @Test func excerptOfACutLineShowsControlCharactersAndPlacesTheCaretPastTheCut() {
    // A tab and a control character before the range, and a line cut at 300 characters.
    let line = "\tkey: \u{1}" + String(repeating: "x", count: 400)
    let source = SourceText(path: "widgets.yaml", text: line + "\n")
    func excerpt(at offset: Int) -> [Substring] {
      let finding = Finding(
        Observation(
          ruleID: .invalidValue, message: "m", span: SourceSpan(file: source, start: offset, end: offset + 3),
          pointer: .root),
        severity: .error)
      let output = TextReporter(color: false).render(
        LintReport(files: [source.path], findings: [finding], inputErrors: []))
      return output.split(separator: "\n")[1...2].map { $0 }
    }
    let shown = "\tkey: \u{FFFD}" + String(repeating: "x", count: 293) + "…"
    #expect(excerpt(at: 8) == [" 1 | \(shown)", "   | \t       ^~~"])
    // Past the cut the caret stands one column after the ellipsis.
    let past = excerpt(at: 350)
    #expect(past[0] == " 1 | \(shown)")
    #expect(past[1] == "   | \t" + String(repeating: " ", count: 300) + "^")
  }

  @Test func coloredTextReportPaintsLocationsSeveritiesAndCarets() {
    let source = SourceText(path: "widgets.yaml", text: "app:\n  name: x\n")
    let missing = Finding(
      Observation(
        ruleID: .missingKey, message: "bad", span: SourceSpan(file: source, start: 0, end: 3), pointer: .root),
      severity: .error)
    let short = Finding(
      Observation(
        ruleID: .invalidValue, message: "'x' is short", span: SourceSpan(file: source, start: 13, end: 14),
        pointer: .root, related: [RelatedLocation("set here", at: SourceSpan(file: source, start: 0, end: 3))],
        fix: Fix("lengthen it", replacing: SourceSpan(file: source, start: 13, end: 14), with: "xx")),
      severity: .warning)
    let output = TextReporter(color: true).render(
      LintReport(files: [source.path], findings: [missing, short], inputErrors: []))
    let (bold, red, yellow, cyan, green, reset) = (
      "\u{1B}[1m", "\u{1B}[1;31m", "\u{1B}[1;33m", "\u{1B}[1;36m", "\u{1B}[1;32m", "\u{1B}[0m"
    )
    #expect(
      output == """
        \(bold)widgets.yaml:1:1:\(reset) \(red)error\(reset): bad [missing-key]
         1 | app:
           | \(green)^~~\(reset)
        \(bold)widgets.yaml:2:9:\(reset) \(yellow)warning\(reset): 'x' is short [fixable] [invalid-value]
         2 |   name: x
           |         \(green)^\(reset)
        \(bold)widgets.yaml:1:1:\(reset) \(cyan)note\(reset): set here
        1 error, 1 warning, 0 notes in 1 file; --fix would fix 1

        """)
  }

  @Test func coloredTextReportPaintsOmittedFindingsAndInputErrors() {
    let source = SourceText(path: "widgets.yaml", text: "app:\n")
    let findings = [0, 1].map { start in
      Finding(
        Observation(
          ruleID: .missingKey, message: "bad", span: SourceSpan(file: source, start: start, end: start + 1),
          pointer: .root),
        severity: .error)
    }
    let output = TextReporter(color: true).render(
      LintReport(
        files: [source.path], findings: findings,
        inputErrors: [InputError(path: "gone.yaml", message: "no such file")], maxFindingsPerFile: 1))
    let (bold, red, cyan, green, reset) = ("\u{1B}[1m", "\u{1B}[1;31m", "\u{1B}[1;36m", "\u{1B}[1;32m", "\u{1B}[0m")
    #expect(
      output == """
        \(bold)widgets.yaml:1:1:\(reset) \(red)error\(reset): bad [missing-key]
         1 | app:
           | \(green)^\(reset)
        widgets.yaml: \(cyan)note\(reset): 1 more finding not shown (--max-findings raises the limit)
        \(bold)gone.yaml:\(reset) \(red)error\(reset): no such file
        2 errors, 0 warnings, 0 notes in 1 file

        """)
  }

  @Test func textReportShowsControlCharactersAsReplacements() {
    #expect(TextReporter.printable("plain\ttext é ¿ → 😀") == "plain\ttext é ¿ → 😀")
    #expect(TextReporter.printable("esc\u{1B}[31m") == "esc\u{FFFD}[31m")
    #expect(
      TextReporter.printable("del\u{7F} nel\u{85} csi\u{9B} nbsp\u{A0}")
        == "del\u{FFFD} nel\u{FFFD} csi\u{FFFD} nbsp\u{A0}")
    #expect(TextReporter.printable("cr\r\nlf") == "cr\u{FFFD}\u{FFFD}lf")
  }

  @Test func textReportReplacesControlCharactersInRelatedMessages() throws {
    // A duplicated key is quoted in the finding's message and in its related location's.
    let manifest = """
      version: 1
      app:
        bundleIdentifier: com.example.app
        "a\\e[2Jb": 1
        "a\\e[2Jb": 2
      targets: []

      """
    let findings = try TestSupport.lint(manifest).filter { $0.ruleID == "duplicate-key" }
    #expect(findings.map(\.range.start.line) == [5])
    let related = try #require(findings.first?.related.first)
    #expect(related.message.contains("\u{1B}"))
    let text = TextReporter(color: false).render(
      LintReport(files: ["widgets.yaml"], findings: findings, inputErrors: [], maxFindingsPerFile: 50))
    #expect(!text.contains("\u{1B}"))
    #expect(text.contains("widgets.yaml:4:3: note: 'a\u{FFFD}[2Jb' first set here\n"))
  }

  @Test func githubFormatIsChosenOnActions() throws {
    let result = try TestSupport.run(["examples/broken/missing-key.yaml"], environment: ["GITHUB_ACTIONS": "true"])
    #expect(result.status == 1)
    #expect(result.stdout.hasPrefix("::error file=examples/broken/missing-key.yaml,line=11,col=5,"))
    let explicit = try TestSupport.run(
      ["--format", "text", "examples/broken/missing-key.yaml"], environment: ["GITHUB_ACTIONS": "true"])
    #expect(explicit.stdout.hasPrefix("examples/broken/missing-key.yaml:11:5: error:"))
  }

  @Test func junitReportIsWrittenExactly() {
    let source = SourceText(path: "a&b/widgets.yaml", text: "app:\n  name: x\n")
    let error = Finding(
      Observation(
        ruleID: .missingKey, message: "'<x>' needs \"y\"", span: SourceSpan(file: source, start: 0, end: 3),
        pointer: .root),
      severity: .error)
    let warning = Finding(
      Observation(
        ruleID: .invalidValue, message: "it's short", span: SourceSpan(file: source, start: 13, end: 14),
        pointer: .root),
      severity: .warning)
    let xml = JUnitReporter().render(
      LintReport(
        files: [source.path, "clean.yaml"], findings: [error, warning],
        inputErrors: [InputError(path: "gone.yaml", message: "no such file")]))
    #expect(
      xml == """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites name="widgetlint" tests="4" failures="1" errors="1">
          <testsuite name="a&amp;b/widgets.yaml" tests="2" failures="1" errors="0">
            <testcase classname="a&amp;b/widgets.yaml" name="missing-key at 1:1" file="a&amp;b/widgets.yaml" line="1">
              <failure type="missing-key" message="&apos;&lt;x&gt;&apos; needs &quot;y&quot;">a&amp;b/widgets.yaml:1:1: error: &apos;&lt;x&gt;&apos; needs &quot;y&quot;</failure>
            </testcase>
            <testcase classname="a&amp;b/widgets.yaml" name="invalid-value at 2:9" file="a&amp;b/widgets.yaml" line="2">
              <system-out>a&amp;b/widgets.yaml:2:9: warning: it&apos;s short</system-out>
            </testcase>
          </testsuite>
          <testsuite name="clean.yaml" tests="1" failures="0" errors="0">
            <testcase classname="clean.yaml" name="widgetlint"/>
          </testsuite>
          <testsuite name="inputs" tests="1" failures="0" errors="1">
            <testcase classname="inputs" name="gone.yaml">
              <error message="no such file"/>
            </testcase>
          </testsuite>
        </testsuites>

        """)
  }

  @Test func junitIsWellFormedXML() throws {
    let xml = JUnitReporter().render(report("examples/broken/duplicate-widget-kind.yaml"))
    let document = try XMLDocument(data: Data(xml.utf8))
    let suites = try document.nodes(forXPath: "/testsuites/testsuite")
    #expect(suites.count == 1)
    let failures = try document.nodes(forXPath: "//testcase/failure")
    #expect(failures.count == 1)
    #expect((failures.first as? XMLElement)?.attribute(forName: "type")?.stringValue == "duplicate-widget-kind")
    let clean = JUnitReporter().render(report("examples/up-next/widgets.yaml"))
    #expect(try XMLDocument(data: Data(clean.utf8)).nodes(forXPath: "//testcase").count == 1)
    #expect(JUnitReporter.escape("a<b & \"c\"\u{1}") == "a&lt;b &amp; &quot;c&quot;?")
    // Text with nothing to escape comes back as it is, past ASCII too; U+FFFE and U+FFFF are not XML.
    #expect(JUnitReporter.escape("plain é → 😀\ttab\r\n") == "plain é → 😀\ttab\r\n")
    #expect(JUnitReporter.escape("it's \u{FFFE}\u{FFFF}\u{FFFD}") == "it&apos;s ??\u{FFFD}")
  }

  @Test func completionsAndHelpComeFromArgumentParser() throws {
    let bash = try TestSupport.run(["--generate-completion-script", "bash"])
    #expect(bash.status == 0)
    #expect(bash.stdout.contains("--format"))
    #expect(bash.stdout.contains("--write-baseline"))
    let zsh = try TestSupport.run(["--generate-completion-script", "zsh"])
    #expect(zsh.stdout.hasPrefix("#compdef widgetlint"))
  }
}

/// The published manifest schema and the decoder must accept the same keys.
@Suite struct ManifestSchemaTests {
  func properties(_ schema: [String: Any], _ path: [String]) throws -> Set<String> {
    var node: Any = schema
    for key in path {
      guard let object = node as? [String: Any] else { throw CocoaError(.coderInvalidValue) }
      if let reference = object["$ref"] as? String, reference.hasPrefix("#/$defs/") {
        node = (schema["$defs"] as? [String: Any])?[String(reference.dropFirst(8))] as Any
        guard let resolved = node as? [String: Any] else { throw CocoaError(.coderInvalidValue) }
        node = resolved[key] as Any
      } else {
        node = object[key] as Any
      }
    }
    if let object = node as? [String: Any], let reference = object["$ref"] as? String {
      node = (schema["$defs"] as? [String: Any])?[String(reference.dropFirst(8))] as Any
    }
    let object = try #require(node as? [String: Any], "no schema at \(path)")
    return Set((object["properties"] as? [String: Any] ?? [:]).keys)
  }

  @Test func schemaPropertiesMatchTheDecoder() throws {
    let data = try Data(contentsOf: TestSupport.packageRoot.appendingPathComponent("schemas/manifest-v1.schema.json"))
    let schema = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(try properties(schema, []) == Set(ManifestDecoder.rootKeys))
    #expect(try properties(schema, ["properties", "app"]) == Set(ManifestDecoder.appKeys))
    #expect(try properties(schema, ["properties", "targets", "items"]) == Set(ManifestDecoder.targetKeys))
    #expect(
      try properties(schema, ["properties", "targets", "items", "properties", "widgets", "items"])
        == Set(ManifestDecoder.widgetKeys))
    #expect(
      try properties(schema, ["properties", "eas", "properties", "appExtensions", "items"])
        == Set(Manifest.AppExtension.keys))
  }
}
