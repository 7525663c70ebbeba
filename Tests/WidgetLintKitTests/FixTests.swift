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

/// `--fix`: each case of `examples/broken-fix` fixed to its committed `.fixed` twin, byte for byte, and
/// everything a fix does not touch kept as it was.
@Suite struct FixTests {
  /// The broken manifests of `examples/broken-fix`, without their expected results.
  static var cases: [String] {
    TestSupport.entries(of: "examples/broken-fix").filter { !$0.contains(".fixed.") }
  }

  static func expectedName(_ name: String) -> String {
    let ext = (name as NSString).pathExtension
    return (name as NSString).deletingPathExtension + ".fixed." + ext
  }

  /// The rule a case is named after: the longest rule id its name starts with.
  static func rule(of name: String) -> String? {
    RuleRegistry.ids.filter { name.hasPrefix($0 + ".") || name.hasPrefix($0 + "-") }.max { $0.count < $1.count }
  }

  /// A value copied into a new entry is re-indented line by line, and a CR on its own ends a line for
  /// YAML: a copy that kept such a line's old indentation made the fixed file unreadable (found by the
  /// manifest fuzzer; the input is in fuzz-regressions/manifest/).
  @Test func copiedValuesAreReindentedAtEveryKindOfLineBreak() {
    let text = "a:\n  b:\r    - c\r\n    - d\n"
    let edits = ManifestEdits(source: SourceText(path: "widgets.yaml", text: text))
    let start = text.utf8.count - "b:\r    - c\r\n    - d\n".utf8.count
    let span = SourceSpan(file: edits.source, start: start, end: text.utf8.count - 1)
    #expect(edits.reindented(span, to: "      ") == "b:\n        - c\n        - d")
  }

  /// The edits of every kind of project file see lines alike (`LineLayout`): a file whose lines end in
  /// CR alone gets CR (the manifest's edits wrote LF there), and the first line starts after a byte
  /// order mark (the config's edits counted the mark as text before the line's first value).
  @Test func everyKindOfEditSeesTheSameLines() {
    for (text, lineBreak) in [
      ("a: 1\rb: 2\r", "\r"), ("a: 1\r\nb: 2\r\n", "\r\n"), ("a: 1\nb: 2\n", "\n"), ("a: 1", "\n"),
    ] {
      let source = SourceText(path: "widgets.yaml", text: text)
      #expect(ManifestEdits(source: source).lineBreak == lineBreak)
      #expect(ConfigLiteralEdits(source).lineBreak == lineBreak)
    }
    let source = SourceText(path: "app.json", text: "\u{FEFF}  {\"a\": 1}\r\n")
    let edits = ConfigLiteralEdits(source)
    let brace = 5  // after the mark's three bytes and two spaces
    #expect(edits.lineStart(of: brace) == 3)
    #expect(edits.startsItsLine(brace))
    #expect(edits.indentation(ofLineAt: brace) == "  ")
    #expect(edits.indentation(at: brace) == "  ")
    #expect(edits.indentation(at: brace + 1) == nil)
    #expect(edits.pastLineBreak(edits.lineEnd(of: brace)) == source.bytes.count)
    #expect(ManifestEdits(source: source).indentation(ofLineAt: brace) == "  ")
  }

  /// A flow collection's span starts at its tag or anchor: a fix that replaces the value must still
  /// reach its closing bracket (found by the manifest fuzzer; the input is in fuzz-regressions/manifest/).
  @Test func replacingATaggedFlowValueReplacesItWhole() throws {
    let text = """
      eas:
        appExtensions:
          - targetName: W
            bundleIdentifier: com.example.app.W
            entitlements:
              com.a: !!str [a]
      app:
        bundleIdentifier: com.example.app
        entitlements:
          com.apple.security.application-groups: [group.x]
      targets:
        - name: W
          bundleIdentifier: com.example.app.W
          entitlements:
            com.apple.security.application-groups: [group.x]

      """
    let source = SourceText(path: "widgets.yaml", text: text)
    let findings = Linter().lint(manifest: source, directory: "/nonexistent", displayDirectory: "")
    let copy = try #require(findings.compactMap(\.fix).first { $0.description.hasPrefix("copy target 'W'") })
    let value = try #require(text.range(of: "com.a: !!str [a]"))
    let start = text.utf8.distance(from: text.startIndex, to: value.lowerBound)
    let end = text.utf8.distance(from: text.startIndex, to: value.upperBound)
    #expect(copy.replacements.map { [$0.span.start, $0.span.end] } == [[start, end]])
  }

  /// Keys people know from SwiftUI, Xcode or Expo under another name are suggested and renamed as a
  /// misspelling is: `widgetURL` is `url`, `supportedFamilies` is `families`, `bundleId` is
  /// `bundleIdentifier`. Not where the mapping has the key already (a rename would duplicate it).
  @Test func synonymsOfKeysAreSuggestedAndRenamed() throws {
    let text = """
      app:
        bundleIdentifier: com.example.app
      targets:
        - name: W
          bundleId: com.example.app.W
          widgets:
            - kind: K
              displayName: K
              description: K.
              supportedFamilies: [systemSmall]
              widgetURL: app://k
              url: app://l

      """
    let source = SourceText(path: "widgets.yaml", text: text)
    let unknown = Linter().lint(manifest: source, directory: "/nonexistent", displayDirectory: "")
      .filter { $0.ruleID == "unknown-key" }
    #expect(
      unknown.map(\.message) == [
        "unknown key 'bundleId' in a target; did you mean 'bundleIdentifier'?",
        "unknown key 'supportedFamilies' in a widget; did you mean 'families'?",
        "unknown key 'widgetURL' in a widget; did you mean 'url'?",
      ])
    #expect(unknown.map { TestSupport.start($0) } == ["5:5", "10:9", "11:9"])
    #expect(
      unknown.map { $0.fix?.description } == [
        "rename 'bundleId' to 'bundleIdentifier'", "rename 'supportedFamilies' to 'families'", nil,
      ])
  }

  /// Fixes the files in `directory` named by `arguments` through the library and writes the result.
  @discardableResult
  static func fix(_ arguments: [String], baseline: String? = nil) throws -> FixApplier.Outcome {
    var run = LintRun(discoversConfiguration: false)
    run.baseline = baseline
    let outcome = FixApplier(run: run).fix(arguments: arguments)
    for change in outcome.changes {
      #expect(throws: Never.self) { try AtomicFileWriter.write(change.fixed, to: change.path) }
    }
    return outcome
  }

  static func copy(_ relative: String, to directory: URL, as name: String? = nil) throws -> String {
    let destination = directory.appendingPathComponent(name ?? (relative as NSString).lastPathComponent).path
    try FileManager.default.copyItem(atPath: TestSupport.path(relative), toPath: destination)
    return destination
  }

  @Test(arguments: cases)
  func caseIsFixedToItsExpectedBytes(name: String) throws {
    let rule = try #require(Self.rule(of: name), "\(name) is named after no rule")
    let expected = try Data(
      contentsOf: URL(fileURLWithPath: TestSupport.path("examples/broken-fix/\(Self.expectedName(name))")))
    let directory = try TestSupport.directory(with: [])
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = try Self.copy("examples/broken-fix/\(name)", to: directory)

    let before = LintRun(discoversConfiguration: false).run(arguments: [path]).findings
    #expect(before.contains { $0.ruleID == rule && $0.fix != nil }, "\(name) has no fixable \(rule) finding")

    let first = try Self.fix([path])
    #expect(first.appliedFixes > 0)
    #expect(first.report?.findings.map(\.message) == [])
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == expected, "\(name) differs from its .fixed file")

    let again = try Self.fix([path])
    #expect(again.changes.isEmpty && again.appliedFixes == 0, "a second --fix changed \(name)")
    #expect(LintRun(discoversConfiguration: false).run(arguments: [path]).findings.isEmpty)
  }

  @Test func everyFixedFileLintsCleanAndBelongsToACase() throws {
    let names = TestSupport.entries(of: "examples/broken-fix")
    let fixed = names.filter { $0.contains(".fixed.") }
    #expect(Set(fixed) == Set(Self.cases.map(Self.expectedName)))
    let report = LintRun(discoversConfiguration: false).run(
      arguments: fixed.map { TestSupport.path("examples/broken-fix/\($0)") })
    #expect(report.findings.map { "\($0.file): \($0.message)" } == [])
  }

  /// Every clean example, one value broken in a known way, is fixed back to its exact bytes, with LF and
  /// with CRLF line breaks: comments, order, quotes, indentation and blank lines are not touched.
  @Test(arguments: ExamplesTests.examples, [false, true])
  func cleanExampleBrokenAndFixedIsByteIdentical(name: String, crlf: Bool) throws {
    var text = try String(contentsOfFile: TestSupport.path("examples/\(name)/widgets.yaml"), encoding: .utf8)
    if crlf { text = text.replacingOccurrences(of: "\n", with: "\r\n") }
    let family = try #require(["systemSmall", "systemMedium", "accessoryInline"].first { text.contains("[\($0)") })
    let short = ["systemSmall": "small", "systemMedium": "medium", "accessoryInline": "inline"][family] ?? ""
    var broken = text.replacingOccurrences(of: "[\(family)", with: "[\(short)")
    let targets = try #require(broken.range(of: "targets:"))
    broken.replaceSubrange(
      targets.upperBound..<broken.endIndex,
      with: broken[targets.upperBound...].replacing(
        "  bundleIdentifier: ", with: "  bundleIdentifer: ", maxReplacements: 1))
    #expect(broken != text)
    // The example's sources stay where the manifest names them: the broken copy sits beside it.
    let directory = TestSupport.packageRoot.appendingPathComponent("examples/\(name)")
    let path = directory.appendingPathComponent(".fix-test-\(UUID().uuidString).yaml").path
    try Data(broken.utf8).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let outcome = try Self.fix([path])
    #expect(outcome.report?.findings.map(\.message) == [])
    #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
  }

  @Test func reportsCarryExactReplacements() throws {
    let path = TestSupport.path("examples/broken-fix/unknown-widget-family.yaml")
    let report = LintRun(discoversConfiguration: false).run(arguments: [path])
    let json = try TestSupport.json(JSONReporter().render(report))
    let diagnostics = try #require(json["diagnostics"] as? [[String: Any]])
    let fixes = diagnostics.compactMap { $0["fix"] as? [String: Any] }
    #expect(fixes.count == 2)
    #expect(fixes.first?["description"] as? String == "replace 'small' with 'systemSmall'")
    let replacement = try #require((fixes.first?["replacements"] as? [[String: Any]])?.first)
    #expect(replacement["line"] as? Int == 14 && replacement["column"] as? Int == 20)
    #expect(replacement["endLine"] as? Int == 14 && replacement["endColumn"] as? Int == 25)
    #expect(replacement["text"] as? String == "systemSmall")
    let quoted = try #require((fixes.last?["replacements"] as? [[String: Any]])?.first)
    #expect(quoted["column"] as? Int == 27 && quoted["endColumn"] as? Int == 45)
    #expect(quoted["text"] as? String == "'accessoryCircular'")

    let sarif = SARIFReporter(rules: RuleRegistry.all.map { $0.metadata }, rootDirectory: TestSupport.packageRoot.path)
    let log = try TestSupport.json(sarif.render(report))
    let result = try #require(((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])?.first)
    let fix = try #require((result["fixes"] as? [[String: Any]])?.first)
    #expect((fix["description"] as? [String: String])?["text"] == "replace 'small' with 'systemSmall'")
    let change = try #require((fix["artifactChanges"] as? [[String: Any]])?.first)
    #expect(
      change["artifactLocation"] as? [String: String]
        == ["uri": "examples/broken-fix/unknown-widget-family.yaml", "uriBaseId": "%SRCROOT%"])
    let region = try #require((change["replacements"] as? [[String: Any]])?.first?["deletedRegion"] as? [String: Int])
    #expect(region == ["startLine": 14, "startColumn": 20, "endLine": 14, "endColumn": 25])

    let text = TextReporter(color: false).render(report)
    #expect(text.contains("did you mean 'systemSmall'? [fixable] [unknown-widget-family]\n"))
    #expect(text.hasSuffix("2 errors, 0 warnings, 0 notes in 1 file; --fix would fix 2\n"))
  }

  @Test func suppressedAndBaselinedFindingsAreNotFixed() throws {
    let manifest = """
      app:
        bundleIdentifier: com.example.app
      targets:
        - name: widgets
          bundleIdentifier: com.example.app.widgets
          widgets:
            - kind: Status
              displayName: Status
              description: The status.
              # widgetlint-disable-next-line unknown-widget-family -- a family of the next SDK
              families: [small]
              refresh: 30m

      """
    let directory = try TestSupport.directory(with: [("widgets.yaml", manifest), ("other.yaml", manifest)])
    defer { try? FileManager.default.removeItem(at: directory) }
    let suppressed = directory.appendingPathComponent("widgets.yaml").path
    #expect(try Self.fix([suppressed]).changes.isEmpty)
    #expect(try String(contentsOfFile: suppressed, encoding: .utf8) == manifest)

    let other = directory.appendingPathComponent("other.yaml").path
    let unsuppressed = manifest.replacingOccurrences(
      of: "        # widgetlint-disable-next-line", with: "        # note:")
    try Data(unsuppressed.utf8).write(to: URL(fileURLWithPath: other))
    let baseline = directory.appendingPathComponent("baseline.json").path
    let findings = LintRun(discoversConfiguration: false).run(arguments: [other]).findings
    #expect(findings.map(\.ruleID) == ["unknown-widget-family"])
    try Data(Baseline(findings: findings, directory: directory.path).encoded().utf8).write(
      to: URL(fileURLWithPath: baseline))
    #expect(try Self.fix([other], baseline: baseline).changes.isEmpty)
    #expect(try String(contentsOfFile: other, encoding: .utf8) == unsuppressed)
  }

  @Test func overlappingFixesTakeTheFirstAndTheNextRoundTheRest() throws {
    let source = SourceText(path: "w.yaml", text: "abcdef")
    func finding(_ start: Int, _ end: Int, _ text: String) -> Finding {
      let span = SourceSpan(file: source, start: start, end: end)
      return Finding(
        Observation(
          ruleID: .invalidValue, message: text, span: span, pointer: .root, fix: Fix(text, replacing: span, with: text)),
        severity: .error)
    }
    let chosen = FixApplier.chosenFixes([
      finding(0, 2, "X"), finding(1, 3, "Y"), finding(3, 3, "Z"), finding(3, 4, "W"),
    ])
    #expect(chosen.map { $0.1.map(\.description) }.first == ["X", "Z"])
    #expect(FixApplier.apply(chosen[0].1.flatMap(\.replacements), to: source.bytes) == Array("XcZdef".utf8))
  }

  @Test func unambiguousSuggestionsOnly() {
    #expect(Suggestions.unambiguous(to: "bundleIdentifer", in: ManifestDecoder.targetKeys) == "bundleIdentifier")
    #expect(Suggestions.unambiguous(to: "Families", in: ManifestDecoder.widgetKeys) == "families")
    // A prefix is a hint, not a certainty.
    #expect(Suggestions.closest(to: "desc", in: ManifestDecoder.widgetKeys) == "description")
    #expect(Suggestions.unambiguous(to: "desc", in: ManifestDecoder.widgetKeys) == nil)
    // Two candidates one edit away: no fix.
    #expect(Suggestions.unambiguous(to: "cat", in: ["bat", "hat"]) == nil)
    #expect(UnknownWidgetFamilyRule.certainSuggestion(for: "WidgetFamily.systemLarge") == "systemLarge")
    #expect(UnknownWidgetFamilyRule.certainSuggestion(for: "accesoryCircular") == "accessoryCircular")
    #expect(UnknownWidgetFamilyRule.certainSuggestion(for: "huge") == nil)
  }

  /// One pass gives the message's suggestion and the fix's: the first is always `closest`'s answer.
  @Test func oneSuggestionPassAgreesWithClosest() {
    let candidateLists = [ManifestDecoder.targetKeys, ManifestDecoder.widgetKeys, WidgetKitCatalog.familyNames]
    var checked = 0
    for candidates in candidateLists {
      for candidate in candidates {
        let scalars = Array(candidate.unicodeScalars)
        var words = [candidate.uppercased(), String(candidate.prefix(3)), String(candidate.prefix(2)), "x" + candidate]
        for index in scalars.indices {
          var deleted = scalars
          deleted.remove(at: index)
          var substituted = scalars
          substituted[index] = "q"
          words += [deleted, substituted].map { String(String.UnicodeScalarView($0)) }
          if index + 1 < scalars.count {
            var swapped = scalars
            swapped.swapAt(index, index + 1)
            words.append(String(String.UnicodeScalarView(swapped)))
          }
        }
        for word in words {
          let suggestion = Suggestions.suggestion(for: word, in: candidates)
          #expect(suggestion?.text == Suggestions.closest(to: word, in: candidates), "\(word)")
          checked += 1
        }
      }
    }
    #expect(checked > 500)
    #expect(Suggestions.suggestion(for: "Families", in: ManifestDecoder.widgetKeys)?.isUnambiguous == true)
    #expect(Suggestions.suggestion(for: "desc", in: ManifestDecoder.widgetKeys)?.isUnambiguous == false)
    #expect(Suggestions.suggestion(for: "cat", in: ["bat", "hat"]) == Suggestion(text: "bat", isUnambiguous: false))
    #expect(Suggestions.suggestion(for: "zzzz", in: ["bat", "hat"]) == nil)
  }

  /// Answers are kept per candidate list and word: asked again, a word gets the answer a fresh
  /// suggester gives, whether it is a suggestion or none, and however many words came between.
  @Test func keptSuggestionsAreTheAnswersOfAFreshSuggester() {
    let candidates = ManifestDecoder.widgetKeys
    let words = ["familes", "desc", "zzzz", "Families", String(repeating: "refresh", count: 20)]
    func fresh(_ word: String) -> (String?, Suggestion?) {
      var suggester = Suggester(candidates: candidates)
      let closest = suggester.closest(to: word)
      var other = Suggester(candidates: candidates)
      return (closest, other.suggestion(for: word))
    }
    for round in 0..<3 {
      for word in words {
        let (closest, suggestion) = fresh(word)
        #expect(Suggestions.closest(to: word, in: candidates) == closest, "\(word), round \(round)")
        #expect(Suggestions.suggestion(for: word, in: candidates) == suggestion, "\(word), round \(round)")
      }
      // More distinct words than a list keeps answers for, between the rounds.
      for index in 0..<1_500 { _ = Suggestions.closest(to: "unknown\(index)", in: candidates) }
    }
    #expect(Suggestions.closest(to: "familes", in: candidates) == "families")
    #expect(Suggestions.suggestion(for: "zzzz", in: candidates) == nil)
  }

  /// An Expo app's app.json is read by its frontend, not as a manifest: its findings offer no fix (in a
  /// project, only property lists are edited; see PropertyListFixTests).
  @Test func aProjectsOwnFilesAreNotEdited() throws {
    let appJSON = #"{"expo": {"name": "demo", "name": "demo", "ios": {"bundleIdentifier": "com.example.demo"}}}"#
    let directory = try TestSupport.directory(with: [("app.json", appJSON)])
    defer { try? FileManager.default.removeItem(at: directory) }
    let outcome = try Self.fix([directory.path])
    #expect(outcome.report?.findings.map(\.ruleID) == ["duplicate-key"])
    #expect(outcome.report?.findings.allSatisfy { $0.fix == nil } == true)
    #expect(outcome.changes.isEmpty && outcome.appliedFixes == 0)
  }

  @Test func noFixWhereTheAnswerIsAGuess() throws {
    let findings = try TestSupport.lint(
      """
      app:
        bundleIdentifier: com.example.app
        entitlements:
          com.apple.security.application-groups: [group.com.example.app]
      targets:
        - name: widgets
          bundleIdentifier: com.example.app.widgets
          entitlements:
            com.apple.security.application-groups: [group.com.example.app]
          widgets:
            - kind: Status
              displayName: Status
              description: The status.
              families: [systemSmall, huge]
              refresh: 1m
              appGroup: group.com.example.other
      eas:
        appExtensions:
          - targetName: widgets
            bundleIdentifier: com.example.app.widgets
            entitlements:
              com.apple.security.application-groups: [group.com.example.app]
          - targetName: gadgets
            bundleIdentifier: com.example.app.gadgets
      """)
    #expect(
      Set(findings.map(\.ruleID)) == [
        "unknown-widget-family", "refresh-interval-too-short", "app-group-mismatch", "eas-extension-mismatch",
      ])
    #expect(findings.allSatisfy { $0.fix == nil }, "\(findings.filter { $0.fix != nil }.map(\.message))")
  }

  /// A value a fix writes reads back as itself, in YAML and in JSON, whatever characters it holds (the
  /// fuzzer found a target name with an escaped C1 control written into widgets.json raw).
  @Test func quotedValuesReadBackAsThemselves() {
    let values = [
      "\u{82}Widget", "tab\there", "line\nbreak", "del\u{7F}", "nel\u{85}", "separator\u{2028}", "bom\u{FEFF}",
      "quote\" and \\", "plain", "émoji 🙂", "\u{1}\u{1F}",
    ]
    for value in values {
      let quoted = ManifestEdits.doubleQuoted(value)
      for text in ["key: \(quoted)\n", "{\"key\": \(quoted)}\n", "key: \(ManifestEdits.yamlString(value))\n"] {
        let (document, problems) = YAMLParser().parse(SourceText(path: "widgets.yaml", text: text))
        #expect(problems.isEmpty, "\(text.debugDescription): \(problems.map(\.message))")
        guard case .mapping(let pairs)? = document.root.map({ document.content(of: $0) }),
          case .scalar(let read, _) = document.content(of: pairs[0].value)
        else {
          Issue.record("\(text.debugDescription) is not a mapping with a scalar")
          continue
        }
        #expect(read == value, "\(text.debugDescription)")
      }
    }
  }

  /// An entry is added in the style of the last one, whose first key here has no value: `targetName:widgets`
  /// would be one plain scalar, so there is no separator to copy and no fix (found by the fuzzer).
  @Test func noEntryCopiedFromAKeyWithoutValue() throws {
    let manifest = """
      app:
        bundleIdentifier: com.example.app
      targets:
        - name: widgets
          bundleIdentifier: com.example.app.widgets
        - name: clip
          bundleIdentifier: com.example.app.clip
      eas:
        appExtensions:
          - bundleIdentifier:
            targetName: clip

      """
    let findings = try TestSupport.lint(manifest)
    let missing = findings.first { $0.message.hasPrefix("target 'widgets' has no entry") }
    #expect(missing?.ruleID == "eas-extension-mismatch")
    #expect(missing?.fix == nil)
    let written = try TestSupport.lint(
      manifest.replacingOccurrences(of: "bundleIdentifier:\n", with: "bundleIdentifier: x\n"))
    let added = written.first { $0.message.hasPrefix("target 'widgets' has no entry") }
    #expect(
      added?.fix?.replacements.map(\.text) == [
        "\n    - targetName: widgets\n      bundleIdentifier: com.example.app.widgets"
      ])
  }
}

/// `--fix` through the built executable: files written in place, diffs, standard input, exit codes.
@Suite struct FixCLITests {
  @Test func fixWritesTheFileKeepingItsPermissions() throws {
    let directory = try TestSupport.directory(with: [])
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = try FixTests.copy("examples/broken-fix/eas-extension-mismatch-renamed-target.yaml", to: directory)
    chmod(path, 0o640)
    let result = try TestSupport.run(["--fix", path])
    #expect(result.status == 0)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == "widgetlint: fixed 2 problems in 1 file\n")
    let expected = try Data(
      contentsOf: URL(
        fileURLWithPath: TestSupport.path("examples/broken-fix/eas-extension-mismatch-renamed-target.fixed.yaml")))
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == expected)
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o640)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory.path) == [
        "eas-extension-mismatch-renamed-target.yaml"
      ])
    let again = try TestSupport.run(["--fix", path])
    #expect(again.status == 0)
    #expect(again.stderr == "widgetlint: fixed 0 problems in 0 files\n")
  }

  @Test func aSymbolicLinkStaysALinkToTheFixedFile() throws {
    let directory = try TestSupport.directory(with: [])
    defer { try? FileManager.default.removeItem(at: directory) }
    let target = try FixTests.copy("examples/broken-fix/unknown-key.yaml", to: directory, as: "real.yaml")
    let link = directory.appendingPathComponent("widgets.yaml").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.yaml")
    #expect(try TestSupport.run(["--fix", link]).status == 0)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "real.yaml")
    let expected = try String(
      contentsOfFile: TestSupport.path("examples/broken-fix/unknown-key.fixed.yaml"), encoding: .utf8)
    #expect(try String(contentsOfFile: target, encoding: .utf8) == expected)
  }

  @Test func fixReportsWhatIsLeftWithItsExitStatus() throws {
    let directory = try TestSupport.directory(with: [
      (
        "widgets.yaml",
        "app:\n  bundleIdentifier: com.example.app\n  deploymentTarget: 16.0\ntargets:\n  - name: w\n    bundleIdentifier: com.other.w\n    widgets: []\n"
      )
    ])
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("widgets.yaml").path
    let result = try TestSupport.run(["--fix", path])
    #expect(result.status == 1)
    #expect(result.stdout.hasPrefix("\(path):6:23: error: extension bundle identifier 'com.other.w'"))
    #expect(result.stdout.hasSuffix("1 error, 0 warnings, 0 notes in 1 file\n"))
    #expect(result.stderr == "widgetlint: fixed 1 problem in 1 file\n")
    #expect(try String(contentsOfFile: path, encoding: .utf8).contains("  deploymentTarget: \"16.0\"\n"))
  }

  @Test func dryRunPrintsAUnifiedDiffAndWritesNothing() throws {
    let path = "examples/broken-fix/unknown-widget-family.yaml"
    let before = try Data(contentsOf: URL(fileURLWithPath: TestSupport.path(path)))
    let result = try TestSupport.run(["--fix", "--dry-run", path])
    // A fix it would make fails the run, as `ruff --diff` does.
    #expect(result.status == 1)
    #expect(
      result.stdout == """
        --- a/examples/broken-fix/unknown-widget-family.yaml
        +++ b/examples/broken-fix/unknown-widget-family.yaml
        @@ -11,5 +11,5 @@
               - kind: CountdownWidget
                 displayName: Countdown
                 description: Time left until your next event.
        -        families: [small, 'accesoryCircular', accessoryRectangular]   # Lock Screen first
        +        families: [systemSmall, 'accessoryCircular', accessoryRectangular]   # Lock Screen first
                 refresh: atEnd

        """)
    #expect(result.stderr == "widgetlint: would fix 2 problems in 1 file\n")
    #expect(try Data(contentsOf: URL(fileURLWithPath: TestSupport.path(path))) == before)
    let unfixed = try TestSupport.run(["--fix", "--dry-run", "examples/broken/app-group-mismatch.yaml"])
    #expect(unfixed.status == 1)
    #expect(unfixed.stdout.isEmpty)
    #expect(unfixed.stderr.contains("error: widget reads App Group"))
  }

  @Test func dryRunWithoutFixAndFixWithSourcesAreUsageErrors() throws {
    let dryRun = try TestSupport.run(["--dry-run", "examples/broken-fix/unknown-key.yaml"])
    #expect(dryRun.status == 2)
    #expect(dryRun.stderr.contains("--dry-run goes with --fix"))
    #expect(try TestSupport.run(["--fix", "--sources", "examples/up-next/targets"]).status == 2)
  }

  @Test func standardInputIsPrintedFixed() throws {
    let broken = try String(contentsOfFile: TestSupport.path("examples/broken-fix/unknown-key.json"), encoding: .utf8)
    let fixed = try String(
      contentsOfFile: TestSupport.path("examples/broken-fix/unknown-key.fixed.json"), encoding: .utf8)
    let result = try TestSupport.run(["--fix", "-"], stdin: broken)
    #expect(result.status == 0)
    #expect(result.stdout == fixed)
    let clean = try TestSupport.run(["--fix", "-"], stdin: fixed)
    #expect(clean.stdout == fixed)
    let left = try TestSupport.run(["--fix", "-"], stdin: fixed.replacingOccurrences(of: "15.0", with: "fifteen"))
    #expect(left.status == 1)
    #expect(left.stderr.contains("<stdin>:4:25: error: 'deploymentTarget' must be a version"))
    let large = try TestSupport.run(
      ["--fix", "--max-file-size", "100", "-"], stdin: String(repeating: "a", count: 3000))
    #expect(large.status == 2)
    #expect(large.stdout.isEmpty)
    #expect(large.stderr.contains("widgetlint: error: <stdin>: is larger than 100 bytes"))
  }

  @Test func unwritableFileIsAnInputErrorAndStaysAsItWas() throws {
    let directory = try TestSupport.directory(with: [])
    let path = try FixTests.copy("examples/broken-fix/unknown-key.yaml", to: directory)
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    chmod(path, 0o444)
    // Root writes to any mode; an immutable file it cannot.
    if access(path, W_OK) == 0 { _ = try? runTool("/usr/bin/chattr", ["+i", path]) }
    defer {
      _ = try? runTool("/usr/bin/chattr", ["-i", path])
      try? FileManager.default.removeItem(at: directory)
    }
    try #require(access(path, W_OK) != 0, "this system leaves no way to make a file unwritable")
    let result = try TestSupport.run(["--fix", path])
    #expect(result.status == 2)
    #expect(result.stderr.contains("widgetlint: error: \(path): cannot write:"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["unknown-key.yaml"])
  }
}

@Suite struct UnifiedDiffTests {
  @Test func hunksHaveThreeLinesOfContextAndKeepLineBreaks() {
    let old = (1...12).map { "line \($0)\r\n" }.joined()
    let new = old.replacingOccurrences(of: "line 2\r\n", with: "line two\r\n")
      .replacingOccurrences(of: "line 11\r\n", with: "")
    #expect(
      UnifiedDiff.diff(path: "w.yaml", original: Array(old.utf8), fixed: Array(new.utf8))
        == "--- a/w.yaml\n+++ b/w.yaml\n@@ -1,5 +1,5 @@\n line 1\r\n-line 2\r\n+line two\r\n line 3\r\n line 4\r\n line 5\r\n"
        + "@@ -8,5 +8,4 @@\n line 8\r\n line 9\r\n line 10\r\n-line 11\r\n line 12\r\n")
  }

  @Test func aMissingFinalLineBreakIsMarked() {
    #expect(
      UnifiedDiff.diff(path: "a.json", original: Array("{}".utf8), fixed: Array("{}\n".utf8))
        == "--- a/a.json\n+++ b/a.json\n@@ -1 +1 @@\n-{}\n\\ No newline at end of file\n+{}\n")
    #expect(UnifiedDiff.diff(path: "a.json", original: Array("x\n".utf8), fixed: Array("x\n".utf8)) == "")
    #expect(
      UnifiedDiff.diff(path: "e.yaml", original: [], fixed: Array("a\nb\n".utf8))
        == "--- a/e.yaml\n+++ b/e.yaml\n@@ -0,0 +1,2 @@\n+a\n+b\n")
  }
}

/// Runs a system tool and waits for it.
private func runTool(_ path: String, _ arguments: [String]) throws {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: path)
  process.arguments = arguments
  try process.run()
  process.waitUntilExit()
}
