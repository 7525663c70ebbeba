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

@Suite struct ConfigurationTests {
  func parse(_ text: String) -> Result<Configuration, ConfigurationLoader.ConfigurationError> {
    ConfigurationLoader.parse(SourceText(path: "/repo/.widgetlint.yml", text: text))
  }

  @Test func rulesSeveritiesAndOptions() throws {
    let configuration = try parse(
      """
      rules:
        widget-kind-limit: {max: 10}
        refresh-interval-too-short: {severity: error, minimum: 10m}
        missing-display-name: off
        availability: warning
      ignore: ["vendor/**", "*.generated.yaml"]
      """
    ).get()
    #expect(configuration.rules["widget-kind-limit"]?.options == ["max": 10])
    #expect(configuration.rules["widget-kind-limit"]?.severity == .error)
    #expect(configuration.rules["refresh-interval-too-short"]?.options == ["minimum": 600])
    #expect(configuration.rules["refresh-interval-too-short"]?.severity == .error)
    #expect(configuration.rules["missing-display-name"]?.severity == nil)
    #expect(configuration.rules["availability"]?.severity == .warning)
    #expect(configuration.ignore == ["vendor/**", "*.generated.yaml"])
  }

  @Test func problemsHavePositions() {
    let result = parse(
      """
      rules:
        widget-kind-limt: {max: 10}
        availability: {severity: fatal}
        refresh-interval-too-short: {minimum: soon, maximum: 1h}
      ignored: []
      """)
    guard case .failure(let failure) = result else {
      Issue.record("expected configuration errors")
      return
    }
    #expect(
      failure.problems.map(\.path) == [
        "/repo/.widgetlint.yml:5:1", "/repo/.widgetlint.yml:2:3", "/repo/.widgetlint.yml:3:28",
        "/repo/.widgetlint.yml:4:47", "/repo/.widgetlint.yml:4:41",
      ])
    #expect(failure.problems[0].message == "unknown key 'ignored' in the configuration; did you mean 'ignore'?")
    #expect(failure.problems[1].message == "unknown rule 'widget-kind-limt'; did you mean 'widget-kind-limit'?")
    #expect(failure.problems[2].message == "severity must be one of off, note, warning, error; found 'fatal'")
    #expect(failure.problems[3].message.hasPrefix("unknown key 'maximum'"))
    #expect(failure.problems[4].message.hasPrefix("'minimum' must be a duration"))
  }

  @Test func overridesTurnRulesOffByFileAndPointer() throws {
    let configuration = try parse(
      """
      overrides:
        - files: ["apps/*/widgets.json"]
          pointer: /targets/0
          rules: {missing-display-name: off, availability: warning}
      """
    ).get()
    let inside = configuration.overriddenSeverity(
      rule: "missing-display-name", file: "/repo/apps/a/widgets.json",
      pointer: JSONPointer(["targets", "0", "widgets"]))
    #expect(inside == .some(nil))
    let otherTarget = configuration.overriddenSeverity(
      rule: "missing-display-name", file: "/repo/apps/a/widgets.json", pointer: JSONPointer(["targets", "1"]))
    #expect(otherTarget == nil)
    let otherFile = configuration.overriddenSeverity(
      rule: "missing-display-name", file: "/repo/widgets.json", pointer: JSONPointer(["targets", "0"]))
    #expect(otherFile == nil)
    let warning = configuration.overriddenSeverity(
      rule: "availability", file: "/repo/apps/a/widgets.json", pointer: JSONPointer(["targets", "0"]))
    #expect(warning == .some(.warning))
  }

  @Test func globs() {
    #expect(PathUtilities.glob("vendor/**", matches: "vendor/a/widgets.yaml"))
    #expect(PathUtilities.glob("*.generated.yaml", matches: "deep/x.generated.yaml"))
    #expect(PathUtilities.glob("build/", matches: "build/widgets.yaml"))
    #expect(PathUtilities.glob("apps", matches: "apps/one/widgets.yaml"))
    #expect(!PathUtilities.glob("apps/*.yaml", matches: "apps/one/widgets.yaml"))
    #expect(PathUtilities.glob("a/**/b/**/c.yaml", matches: "a/b/c.yaml"))
    #expect(PathUtilities.glob("a/**/b/**/c.yaml", matches: "a/x/b/y/z/c.yaml"))
    #expect(!PathUtilities.glob("a/**/b/**/c.yaml", matches: "a/x/y/z/c.yaml"))
    // Ten `**` against a path twenty folders deep: a backtracking match tries millions of splits.
    let deep = (0..<20).map { "d\($0)" }.joined(separator: "/") + "/widgets.yaml"
    #expect(
      !PathUtilities.glob(Array(repeating: "**", count: 10).joined(separator: "/") + "/other.yaml", matches: deep))
    #expect(
      PathUtilities.glob(Array(repeating: "**", count: 10).joined(separator: "/") + "/widgets.yaml", matches: deep))
  }

  /// A repository with a config at its root and a manifest two folders down, linted end to end.
  @Test func nearestConfigurationAppliesThroughTheCLI() throws {
    let manifest = try String(
      contentsOfFile: TestSupport.path("examples/broken/refresh-interval-too-short.yaml"), encoding: .utf8)
    let directory = try TestSupport.directory(with: [
      (".git/HEAD", "ref: refs/heads/main\n"),
      (".widgetlint.yml", "rules:\n  refresh-interval-too-short: {severity: error, minimum: 10m}\nignore: [legacy/]\n"),
      ("apps/scores/widgets.yaml", manifest),
      ("legacy/widgets.yaml", "not: [valid\n"),
    ])
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try TestSupport.run(["."], currentDirectory: directory)
    #expect(result.status == 1)
    #expect(
      result.stdout.hasPrefix("apps/scores/widgets.yaml:22:18: error: a reload every 1m is below the 10m minimum"))
    #expect(!result.stdout.contains("legacy"))
    let explicit = try TestSupport.run(
      ["--config", TestSupport.path("examples/.widgetlint-none.yml"), "apps"], currentDirectory: directory)
    #expect(explicit.status == 2)
    let printed = try TestSupport.run(["--print-config", "apps/scores/widgets.yaml"], currentDirectory: directory)
    #expect(printed.status == 0)
    #expect(printed.stdout.contains("  refresh-interval-too-short: {severity: error, minimum: 10m}\n"))
    #expect(printed.stdout.contains("  widget-kind-limit: {severity: error, max: 5}\n"))
    try Data("rules:\n  nope: off\n".utf8).write(to: directory.appendingPathComponent(".widgetlint.yml"))
    let broken = try TestSupport.run(["apps"], currentDirectory: directory)
    #expect(broken.status == 2)
    #expect(broken.stdout.isEmpty)
    #expect(broken.stderr.contains("/.widgetlint.yml:2:3: unknown rule 'nope'"))
  }
}

@Suite struct BaselineTests {
  static let manifest = """
    app:
      bundleIdentifier: com.example.app
    targets:
      - name: widgets
        bundleIdentifier: com.example.app.widgets
        widgets:
          - kind: Fast
            displayName: Fast
            description: Reloads too often.
            families: [systemSmall]
            refresh: 1m
          - kind: Quiet
            families: [systemSmall]
    """

  /// The same manifest reordered (widgets swapped, keys moved) and reformatted (flow style, comments).
  static let reordered = """
    # Reformatted and reordered: nothing here is new.
    targets:
      - bundleIdentifier: com.example.app.widgets
        name: widgets
        widgets:
          - {families: [systemSmall], kind: Quiet}

          - kind: Fast
            refresh: 1m
            families: [systemSmall]
            description: Reloads too often.
            displayName: Fast
    app: {bundleIdentifier: com.example.app}
    """

  @Test func baselineSurvivesReorderingAndReformatting() throws {
    let directory = try TestSupport.directory(with: [("widgets.yaml", Self.manifest)])
    defer { try? FileManager.default.removeItem(at: directory) }
    let write = try TestSupport.run(["--write-baseline", "baseline.json", "widgets.yaml"], currentDirectory: directory)
    #expect(write.status == 0, "\(write.stderr)")
    #expect(write.stderr.contains("recorded 2 findings"), "\(write.stderr) \(write.stdout)")
    let baselineText = try String(contentsOf: directory.appendingPathComponent("baseline.json"), encoding: .utf8)
    let recorded = try JSONDecoder().decode(Baseline.self, from: Data(baselineText.utf8))
    #expect(
      recorded.findings.map { "\($0.rule) \($0.path) \($0.subject ?? "-")" } == [
        "missing-display-name /targets/[widgets]/widgets/[Quiet] Quiet",
        "refresh-interval-too-short /targets/[widgets]/widgets/[Fast]/refresh Fast",
      ])
    // Writing again gives the same bytes: sorted, stable output.
    _ = try TestSupport.run(["--write-baseline", "baseline.json", "widgets.yaml"], currentDirectory: directory)
    #expect(try String(contentsOf: directory.appendingPathComponent("baseline.json"), encoding: .utf8) == baselineText)

    try Data(Self.reordered.utf8).write(to: directory.appendingPathComponent("widgets.yaml"))
    let unchanged = try TestSupport.run(["--baseline", "baseline.json", "widgets.yaml"], currentDirectory: directory)
    #expect(unchanged.status == 0)
    #expect(unchanged.stdout.isEmpty)

    let withNew = Self.reordered.replacingOccurrences(of: "kind: Quiet}", with: "kind: Quiet, refresh: 2m}")
    try Data(withNew.utf8).write(to: directory.appendingPathComponent("widgets.yaml"))
    let newFinding = try TestSupport.run(
      ["--baseline", "baseline.json", "--format", "json", "widgets.yaml"], currentDirectory: directory)
    let report = try TestSupport.json(newFinding.stdout)
    let diagnostics = try #require(report["diagnostics"] as? [[String: Any]])
    #expect(diagnostics.map { $0["rule"] as? String } == ["refresh-interval-too-short"])
    #expect(diagnostics.first?["subject"] as? String == "Quiet")
  }

  @Test func countsLimitHowManyFindingsOneEntryAccepts() throws {
    let source = SourceText(path: "w.yaml", text: "a")
    let span = SourceSpan(file: source, start: 0, end: 1)
    let finding = Finding(Observation(ruleID: RuleID("r"), message: "m", span: span, pointer: .root), severity: .error)
    let baseline = Baseline(findings: [finding], directory: ".")
    #expect(baseline.newFindings([finding, finding], directory: ".").count == 1)
  }

  @Test func unreadableBaselineIsAnInputError() throws {
    let result = try TestSupport.run(["--baseline", "examples/README.md", "examples/up-next/widgets.yaml"])
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix("widgetlint: error: examples/README.md: not a widgetlint baseline"))
  }
}

extension ConfigurationTests {
  @Test func expoVariantsAreEnvironments() throws {
    let source = SourceText(
      path: "/tmp/project/.widgetlint.yml",
      text: "expo:\n  variants:\n    - {}\n    - {APP_VARIANT: development, BUILD: 12}\n")
    let configuration = try ConfigurationLoader.parse(source).get()
    #expect(configuration.expoVariants == [[:], ["APP_VARIANT": "development", "BUILD": "12"]])
    #expect(ConfigurationLoader.describe(configuration).contains("    - {APP_VARIANT: \"development\", BUILD: \"12\"}"))
    for bad in ["expo: {variant: []}\n", "expo: {variants: development}\n", "expo: {variants: [development]}\n"] {
      guard case .failure(let error) = ConfigurationLoader.parse(SourceText(path: "/tmp/.widgetlint.yml", text: bad))
      else {
        Issue.record("accepted \(bad)")
        continue
      }
      #expect(!error.problems.isEmpty)
    }
  }
}
