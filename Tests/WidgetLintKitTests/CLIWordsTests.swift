import Foundation
import Testing

@testable import WidgetLintCore
@testable import WidgetLintRules

/// What the command line says to a newcomer: help that teaches suppressions and wraps as prose, and
/// suggestions for the short names and ids people write.
@Suite struct CLIWordsTests {
  /// Each line of a wrapped paragraph ends only where its next word would not fit: a break in the
  /// middle of a sentence with room left on the line is the source's own line break showing through.
  static func midSentenceBreaks(in help: String, width: Int) -> [String] {
    let lines = help.components(separatedBy: "\n")
    func indentation(_ line: String) -> Int { line.prefix { $0 == " " }.count }
    var found: [String] = []
    for (index, line) in lines.enumerated().dropLast() {
      let next = lines[index + 1]
      let nextWord = next.split(separator: " ").first.map(String.init) ?? ""
      // A blank line, a line ending in a colon, an indented line (an example, a usage line) or one
      // before it starts something new.
      guard !line.isEmpty, !nextWord.isEmpty, !line.hasSuffix(":"), indentation(line) == 0, indentation(next) == 0
      else { continue }
      if line.count + 1 + nextWord.count <= width { found.append(line) }
    }
    return found
  }

  @Test func helpTeachesTheSuppressionSyntaxInUnbrokenSentences() throws {
    for arguments in [["--help"], ["help", "lint"]] {
      for width in [80, 120] {
        let result = try TestSupport.run(arguments, environment: ["COLUMNS": "\(width)"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("# widgetlint-disable-next-line <rule> -- <reason>"), "\(arguments)")
        let prose = result.stdout.components(separatedBy: "\nARGUMENTS:")[0]
        // ArgumentParser leaves the terminal's last column free.
        #expect(Self.midSentenceBreaks(in: prose, width: width - 1) == [], "\(arguments) at \(width) columns")
      }
    }
  }

  /// Options whose values are an enum's cases list them in help and in the error for another value,
  /// with the default: widgetlint names the values itself rather than through ArgumentParser's defaults.
  @Test func choiceOptionsListTheirValues() throws {
    let help = try TestSupport.run(["--help"], environment: ["COLUMNS": "200"])
    #expect(help.status == 0)
    #expect(help.stdout.contains("(values: text, json, sarif, github, junit)"))
    #expect(help.stdout.contains("(values: auto, always, never; default: auto)"))
    let rulesHelp = try TestSupport.run(["rules", "--help"], environment: ["COLUMNS": "200"])
    #expect(rulesHelp.stdout.contains("Output format. (values: text, json; default: text)"))

    let format = try TestSupport.run(["--format", "xml", "examples/up-next"])
    #expect(format.status == 2)
    #expect(
      format.stderr.hasPrefix(
        "Error: The value 'xml' is invalid for '--format <format>'. Please provide one of 'text', 'json', "
          + "'sarif', 'github' or 'junit'.\n"))
    let color = try TestSupport.run(["--color", "sometimes", "examples/up-next"])
    #expect(color.status == 2)
    #expect(
      color.stderr.hasPrefix(
        "Error: The value 'sometimes' is invalid for '--color <color>'. Please provide one of 'auto', 'always' or "
          + "'never'.\n"))
  }

  @Test func aShortFamilyNameMisspeltIsStillSuggested() throws {
    let findings = try TestSupport.lint(
      """
      app:
        bundleIdentifier: com.example.app
      targets:
        - name: Widgets
          bundleIdentifier: com.example.app.widgets
          widgets:
            - kind: Score
              displayName: Score
              description: The score.
              families: [smal, medum]
      """)
    let family = findings.filter { $0.ruleID == "unknown-widget-family" }
    #expect(
      family.map { "\(TestSupport.position($0)) \($0.message)" } == [
        "10:20-10:24 'smal' is not a WidgetFamily; did you mean 'systemSmall'?",
        "10:26-10:31 'medum' is not a WidgetFamily; did you mean 'systemMedium'?",
      ])
  }

  /// A rule id written in another case convention, or misspelt, in a suppression gets the id it means;
  /// one near no rule says where the ids are listed.
  @Test func anUnknownRuleInASuppressionGetsASuggestion() throws {
    let findings = try TestSupport.lint(
      """
      # widgetlint-disable-file refresh_interval_too_short -- a test
      # widgetlint-disable-file missingDisplayName -- a test
      # widgetlint-disable-file unkown-key -- a test
      # widgetlint-disable-file no-such-rule -- a test
      app:
        bundleIdentifier: com.example.app
      """)
    #expect(
      findings.filter { $0.ruleID == "unused-suppression" }.map { "\(TestSupport.position($0)) \($0.message)" } == [
        "1:27-1:53 suppression names unknown rule 'refresh_interval_too_short'; did you mean 'refresh-interval-too-short'?",
        "2:27-2:45 suppression names unknown rule 'missingDisplayName'; did you mean 'missing-display-name'?",
        "3:27-3:37 suppression names unknown rule 'unkown-key'; did you mean 'unknown-key'?",
        "4:27-4:39 suppression names unknown rule 'no-such-rule' (widgetlint rules lists them)",
      ])
    // The fix corrects a misspelt id in place; an id near no rule is left for the reader, not deleted.
    let fixes = findings.filter { $0.ruleID == "unused-suppression" }.map { $0.fix?.description }
    #expect(
      fixes == [
        "replace 'refresh_interval_too_short' with 'refresh-interval-too-short'",
        "replace 'missingDisplayName' with 'missing-display-name'", "replace 'unkown-key' with 'unknown-key'", nil,
      ])
  }

  /// `--fix` keeps a suppression whose rule id is misspelt, with the id corrected.
  @Test func fixCorrectsAMisspeltRuleInASuppression() throws {
    let manifest = """
      # widgetlint-disable-file unkown-key -- the team's own key
      app:
        bundleIdentifier: com.example.app
        teamNotes: kept
      """
    let directory = try TestSupport.directory(with: [("widgets.yaml", manifest)])
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try TestSupport.run(["--fix", directory.appendingPathComponent("widgets.yaml").path])
    #expect(result.status == 0)
    let fixed = try String(contentsOf: directory.appendingPathComponent("widgets.yaml"), encoding: .utf8)
    #expect(fixed == manifest.replacingOccurrences(of: "unkown-key", with: "unknown-key"))
  }

  /// A finding `--fix` leaves because its value is in a dynamic app config says so beside the count of
  /// fixes, so that "0 problems" is not read as "nothing to fix".
  @Test func aFixSkippedForADynamicConfigSaysWhy() throws {
    let example = TestSupport.packageRoot.appendingPathComponent("examples/broken-projects/expo-dev-variant-group")
    let directory = try TestSupport.directory(with: [])
    defer { try? FileManager.default.removeItem(at: directory) }
    let copy = directory.appendingPathComponent("app")
    try FileManager.default.copyItem(at: example, to: copy)
    let result = try TestSupport.run(["--fix", "--dry-run", "."], currentDirectory: copy)
    #expect(result.status == 1)
    #expect(result.stdout == "")
    let lines = result.stderr.split(separator: "\n").prefix(3).map(String.init)
    #expect(
      lines == [
        "widgetlint: would fix 0 problems in 0 files",
        "widgetlint: app.config.ts: Expo app, 6 files read, 2 variants (the default variant, variant APP_VARIANT=development)",
        "widgetlint: app.config.ts: 1 finding not fixed: app.config.ts computes the app's config, and --fix edits no value code computes; the finding says what to change",
      ])
  }
}
