import Foundation
import Testing
import WidgetLintFuzzing

@testable import WidgetLintCore
@testable import WidgetLintEngine
@testable import WidgetLintFrontends
@testable import WidgetLintKit
@testable import WidgetLintModel
@testable import WidgetLintReaders
@testable import WidgetLintReports
@testable import WidgetLintRules

/// `--fix` in an app's Swift, Dart and JavaScript: a reloaded kind that is a typo of exactly one declared
/// kind, written as a literal in the call, has the literal's contents replaced.
@Suite struct SourceFixTests {
  /// The broken projects whose misspelt kind `--fix` corrects, each to its `fixed/` files.
  static let projects = [
    ("xcode-app-reloads-unknown-kind", "unknown-widget-kind"),
    ("expo-module-reloads-unknown-kind", "unknown-widget-kind"),
    ("flutter-ios-name-typo", "unknown-widget-kind"),
    ("expo-app-js-reloads-misspelt-kind", "unknown-widget-kind"),
  ]

  @Test(arguments: projects)
  func projectIsFixedToItsFixedFiles(name: String, rule: String) throws {
    try PropertyListFixTests.checkFixedFiles(of: name, rule: rule)
  }

  /// Each language's dry run: the diff of the one literal, exit status 1, nothing written.
  @Test(arguments: [
    (
      "xcode-app-reloads-unknown-kind", "NativeWidgets/NativeWidgetsApp.swift",
      """
      @@ -7,7 +7,7 @@
           WindowGroup {
             Button("Refresh forecast") {
               ForecastStore.temperature = 21
      -        WidgetCenter.shared.reloadTimelines(ofKind: "Forcast")
      +        WidgetCenter.shared.reloadTimelines(ofKind: "Forecast")
             }
           }
         }

      """
    ),
    (
      "flutter-ios-name-typo", "lib/main.dart",
      """
      @@ -58,7 +58,7 @@
           setState(() => _counter++);
           await HomeWidget.saveWidgetData<int>('counter', _counter);
           await HomeWidget.updateWidget(
      -      iOSName: 'CounterWidgt',
      +      iOSName: 'CounterWidget',
             androidName: 'CounterWidgetProvider',
           );
         }

      """
    ),
    (
      "expo-app-js-reloads-misspelt-kind", "App.tsx",
      """
      @@ -23,7 +23,7 @@
               <Button title="+" onPress={() => save(count + 1)} />
             </View>
             {count > 0 && <Button title="Reset the widget" onPress={() => (setCount(0), clearWidget())} />}
      -      <Button title="Refresh the widget" onPress={() => ExtensionStorage.reloadWidget("ExpoWigdet")} />
      +      <Button title="Refresh the widget" onPress={() => ExtensionStorage.reloadWidget("ExpoWidget")} />
           </View>
         );
       }

      """
    ),
  ])
  func dryRunPrintsTheLiteralsDiffAndWritesNothing(project: String, file: String, hunk: String) throws {
    let root = "examples/broken-projects/\(project)"
    let path = TestSupport.path(root + "/" + file)
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let result = try TestSupport.run(["--fix", "--dry-run", root])
    #expect(result.status == 1)
    #expect(result.stdout == "--- a/\(root)/\(file)\n+++ b/\(root)/\(file)\n" + hunk)
    #expect(result.stderr.hasPrefix("widgetlint: would fix 1 problem in 1 file\n"))
    #expect(!result.stderr.contains("error:"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
  }

  /// The JSON report (valid against its schema) and the SARIF log carry the replacement of the literal's
  /// contents, quotes left out, at its exact lines and columns.
  @Test(arguments: [
    ("xcode-app-reloads-unknown-kind", "NativeWidgets/NativeWidgetsApp.swift", 10, 54, 61, "Forcast", "Forecast"),
    ("flutter-ios-name-typo", "lib/main.dart", 61, 17, 29, "CounterWidgt", "CounterWidget"),
    ("expo-app-js-reloads-misspelt-kind", "App.tsx", 26, 88, 98, "ExpoWigdet", "ExpoWidget"),
  ])
  func reportsCarryTheLiteralsReplacement(
    project: String, file: String, line: Int, column: Int, endColumn: Int, misspelt: String, kind: String
  ) throws {
    let root = "examples/broken-projects/\(project)"
    let report = LintRun(discoversConfiguration: false).run(arguments: [TestSupport.path(root)])
    let json = try TestSupport.json(JSONReporter().render(report))
    #expect(ReportSchema.v1.problems(of: json) == [])
    let diagnostics = try #require(json["diagnostics"] as? [[String: Any]])
    #expect(diagnostics.count == 1)
    let fix = try #require(diagnostics.first?["fix"] as? [String: Any])
    #expect(fix["description"] as? String == "replace '\(misspelt)' with '\(kind)'")
    let replacements = try #require(fix["replacements"] as? [[String: Any]])
    #expect(replacements.count == 1)
    let replacement = try #require(replacements.first)
    #expect((replacement["file"] as? String)?.hasSuffix(root + "/" + file) == true)
    #expect(replacement["line"] as? Int == line && replacement["column"] as? Int == column)
    #expect(replacement["endLine"] as? Int == line && replacement["endColumn"] as? Int == endColumn)
    #expect(replacement["text"] as? String == kind)

    let sarif = SARIFReporter(rules: RuleRegistry.all.map { $0.metadata }, rootDirectory: TestSupport.packageRoot.path)
    let log = try TestSupport.json(sarif.render(report))
    let result = try #require(((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])?.first)
    let change = try #require(
      ((result["fixes"] as? [[String: Any]])?.first?["artifactChanges"] as? [[String: Any]])?.first)
    #expect(change["artifactLocation"] as? [String: String] == ["uri": root + "/" + file, "uriBaseId": "%SRCROOT%"])
    let inserted = try #require((change["replacements"] as? [[String: Any]])?.first)
    #expect(
      inserted["deletedRegion"] as? [String: Int]
        == ["startLine": line, "startColumn": column, "endLine": line, "endColumn": endColumn])
    #expect((inserted["insertedContent"] as? [String: String])?["text"] == kind)
  }

  /// A fix that would leave a source its reader no longer accepts (a syntax error in Swift, a call
  /// Dart or JavaScript no longer reads) is not made.
  @Test func aFixedSourceThatNoLongerReadsIsRefused() {
    func problem(_ path: String, _ original: String, _ fixed: String) -> String? {
      FixApplier.readingProblem(afterFixing: path, from: Array(original.utf8), to: Array(fixed.utf8))
    }
    let swift = #"WidgetCenter.shared.reloadTimelines(ofKind: "A")"#
    #expect(problem("App.swift", swift, swift.replacingOccurrences(of: "\"A\"", with: "\"B\"")) == nil)
    #expect(problem("App.swift", swift, swift.replacingOccurrences(of: "\"A\"", with: "\"B")) != nil)
    let dart = "void f() { HomeWidget.updateWidget(iOSName: 'A'); }"
    #expect(problem("lib/main.dart", dart, dart.replacingOccurrences(of: "'A'", with: "'B'")) == nil)
    #expect(problem("lib/main.dart", dart, dart.replacingOccurrences(of: "'A'", with: "'$B'")) != nil)
    let javaScript = """
      import { ExtensionStorage } from "@bacons/apple-targets";
      ExtensionStorage.reloadWidget("A");
      """
    #expect(problem("App.tsx", javaScript, javaScript.replacingOccurrences(of: "\"A\"", with: "\"B\"")) == nil)
    #expect(problem("App.tsx", javaScript, javaScript.replacingOccurrences(of: "\"A\"", with: "`B")) != nil)
  }

  // MARK: When there is no fix

  /// The `unknown-widget-kind` findings of a Flutter app whose widget extension declares `kinds` and
  /// whose Dart holds `dart`.
  static func flutterFindings(kinds: [String], dart: String) throws -> [Finding] {
    var files = UnknownWidgetKindRule.exampleFiles(iOSName: "'x'").map { (path: $0.0, contents: $0.1) }
    files.removeAll { $0.path.hasSuffix(".swift") || $0.path.hasSuffix(".dart") }
    files.append((path: "lib/main.dart", contents: dart))
    let widgets = kinds.enumerated().map { index, kind in
      """
      struct W\(index): Widget {
          var body: some WidgetConfiguration {
              StaticConfiguration(kind: \(kind), provider: Provider()) { entry in V(entry: entry) }
          }
      }
      """
    }
    let bundle = """
      import SwiftUI
      import WidgetKit

      @main
      struct Widgets: WidgetBundle {
          var body: some Widget {
      \(kinds.indices.map { "        W\($0)()" }.joined(separator: "\n"))
          }
      }

      \(widgets.joined(separator: "\n"))
      """
    files.append((path: "ios/CounterWidget/Widgets.swift", contents: bundle))
    let directory = try TestSupport.directory(with: files)
    defer { try? FileManager.default.removeItem(at: directory) }
    return LintRun(discoversConfiguration: false).run(arguments: [directory.path]).findings.filter {
      $0.ruleID == "unknown-widget-kind"
    }
  }

  static func dart(_ argument: String, before: String = "") -> String {
    """
    import 'package:home_widget/home_widget.dart';
    \(before)
    Future<void> reload() async {
      await HomeWidget.updateWidget(iOSName: \(argument));
    }
    """
  }

  @Test func aTypoOfOneKindIsFixedAndTheMessageNamesIt() throws {
    let findings = try Self.flutterFindings(kinds: ["\"Forecast\"", "\"Radar\""], dart: Self.dart("'Forcast'"))
    #expect(
      findings.map(\.message) == [
        "iOSName 'Forcast' is not the kind of any widget in the extension (Forecast, Radar); the reload does nothing; did you mean 'Forecast'?"
      ])
    #expect(findings.first?.fix?.replacements.map(\.text) == ["Forecast"])
    let range = try #require(findings.first?.fix?.replacements.first?.span.range)
    #expect(range.start.line == 4 && range.start.column == 43 && range.end.column == 50)
    // A difference of case only, and two letters swapped, are typos too.
    let cased = try Self.flutterFindings(kinds: ["\"Forecast\""], dart: Self.dart("\"forecast\""))
    #expect(cased.first?.fix?.replacements.map(\.text) == ["Forecast"])
    let swapped = try Self.flutterFindings(kinds: ["\"Forecast\""], dart: Self.dart("r'Froecast'"))
    #expect(swapped.first?.fix?.replacements.map(\.text) == ["Forecast"])
  }

  @Test func twoNearKindsGetNoFix() throws {
    // 'Forcast' is one edit from Forecast and two from Forecasts: which was meant is not known.
    let findings = try Self.flutterFindings(
      kinds: ["\"Forecast\"", "\"Forecasts\""], dart: Self.dart("'Forcast'"))
    #expect(findings.count == 1)
    #expect(findings.first?.message.hasSuffix("did you mean 'Forecast'?") == true)
    #expect(findings.first?.fix == nil)
  }

  @Test func aNameFartherThanTwoEditsGetsNoFix() throws {
    // Three edits, and a name of three letters two edits away (more than a third of its length).
    let far = try Self.flutterFindings(kinds: ["\"Forecast\""], dart: Self.dart("'Frcst'"))
    #expect(far.count == 1 && far.first?.fix == nil)
    let short = try Self.flutterFindings(kinds: ["\"Abc\""], dart: Self.dart("'Axy'"))
    #expect(short.count == 1 && short.first?.fix == nil)
  }

  @Test func aKindNotWrittenAsAPlainLiteralInTheCallGetsNoFix() throws {
    // A constant: the message names the kind, and the constant, which other code may use, is left alone.
    let constant = try Self.flutterFindings(
      kinds: ["\"Forecast\""], dart: Self.dart("kind", before: "const kind = 'Forcast';"))
    #expect(constant.count == 1)
    #expect(constant.first?.message.hasSuffix("did you mean 'Forecast'?") == true)
    #expect(constant.first?.fix == nil)
    // An escape sequence, and adjacent literals: the edit could not be proved exact.
    let escaped = try Self.flutterFindings(kinds: ["\"Forecast\""], dart: Self.dart(#"'Forc\u0061st'"#))
    #expect(escaped.count == 1 && escaped.first?.fix == nil)
    let joined = try Self.flutterFindings(kinds: ["\"Forecast\""], dart: Self.dart("'For' 'cast'"))
    #expect(joined.count == 1 && joined.first?.fix == nil)
    // An interpolated kind is computed: not judged at all.
    let interpolated = try Self.flutterFindings(kinds: ["\"Forecast\""], dart: Self.dart("'Forc${a}st'"))
    #expect(interpolated.isEmpty)
  }

  @Test func aKindThatDoesNotReadAsItselfInTheLiteralIsNotWritten() throws {
    let span = SourceSpan(file: SourceText(path: "a.swift", text: #"f("Forcast")"#), start: 2, end: 11)
    #expect(StringLiteralEdits.replacingContents(of: span, value: "Forcast", with: "Forecast", in: .swift) != nil)
    for kind in ["Fore\"cast", "Fore\\cast", "Fore$cast", "Fore#cast", "Fore\ncast", ""] {
      #expect(StringLiteralEdits.replacingContents(of: span, value: "Forcast", with: kind, in: .swift) == nil)
    }
    // The value must be the literal's bytes between its delimiters.
    #expect(StringLiteralEdits.replacingContents(of: span, value: "Forcas", with: "Forecast", in: .swift) == nil)
    let raw = SourceSpan(file: SourceText(path: "a.swift", text: ##"f(#"Forcast"#)"##), start: 2, end: 13)
    let edit = try #require(
      StringLiteralEdits.replacingContents(of: raw, value: "Forcast", with: "Forecast", in: .swift))
    #expect(edit.span.start == 4 && edit.span.end == 11)
    // JavaScript has no raw Swift delimiters.
    #expect(StringLiteralEdits.replacingContents(of: raw, value: "Forcast", with: "Forecast", in: .javaScript) == nil)
  }

  @Test func nearMeansOneKindWithinTwoEdits() {
    let kinds: Set = ["Forecast", "Radar", "RadarMap"]
    #expect(UnknownWidgetKindRule.onlyNearKind(to: "Forcast", in: kinds) == "Forecast")
    #expect(UnknownWidgetKindRule.onlyNearKind(to: "FORECAST", in: kinds) == "Forecast")
    #expect(UnknownWidgetKindRule.onlyNearKind(to: "Foercast", in: kinds) == "Forecast")
    #expect(UnknownWidgetKindRule.onlyNearKind(to: "Raadr", in: kinds) == "Radar")
    // Two edits from RadarMap, but one from Radar too.
    #expect(UnknownWidgetKindRule.onlyNearKind(to: "RadarM", in: kinds) == nil)
    #expect(UnknownWidgetKindRule.onlyNearKind(to: "Weather", in: kinds) == nil)
    // Two kinds equal but for case.
    #expect(UnknownWidgetKindRule.onlyNearKind(to: "RADAR", in: ["Radar", "radar"]) == nil)
    #expect(UnknownWidgetKindRule.nearEdits(for: "Ab") == 1)
    #expect(UnknownWidgetKindRule.nearEdits(for: "Abcd") == 2)
  }

  /// A JavaScript kind: fixed in the call, not in a constant.
  @Test func aJavaScriptConstantGetsNoFix() throws {
    let files = UnknownWidgetKindRule.expoExampleFiles(kind: "\"NoteWidgt\"").map { (path: $0.0, contents: $0.1) }
    let directory = try TestSupport.directory(with: files)
    defer { try? FileManager.default.removeItem(at: directory) }
    let findings = LintRun(discoversConfiguration: false).run(arguments: [directory.path]).findings
    #expect(findings.map(\.ruleID) == ["unknown-widget-kind"])
    #expect(findings.first?.file.hasSuffix("src/widgets.ts") == true)
    #expect(findings.first?.message.hasSuffix("did you mean 'NoteWidget'?") == true)
    #expect(findings.first?.fix == nil)
  }
}

/// The reverse of a misspelt reload: a manifest kind that misspells the one code kind it lacks.
@Suite struct ManifestKindFixTests {
  static func lint(manifestKinds: [String], codeKinds: [String]) throws -> (findings: [Finding], manifest: String) {
    let widgets = manifestKinds.map {
      "      - {kind: \($0), displayName: A, description: B., families: [systemSmall]}"
    }
    let manifest = """
      version: 1
      app:
        bundleIdentifier: com.example.app
        deploymentTarget: "17.0"
      targets:
        - name: Widgets
          bundleIdentifier: com.example.app.Widgets
          sources: [Sources]
          widgets:
      \(widgets.joined(separator: "\n"))

      """
    let types = codeKinds.enumerated().map { index, kind in
      """
      struct W\(index): Widget {
          var body: some WidgetConfiguration {
              StaticConfiguration(kind: "\(kind)", provider: P()) { entry in V(entry: entry) }
                  .supportedFamilies([.systemSmall])
          }
      }
      """
    }
    let swift = """
      import SwiftUI
      import WidgetKit

      @main
      struct Bundle: WidgetBundle {
          var body: some Widget {
      \(codeKinds.indices.map { "        W\($0)()" }.joined(separator: "\n"))
          }
      }

      \(types.joined(separator: "\n"))
      """
    let directory = try TestSupport.directory(with: [
      (path: "widgets.yaml", contents: manifest), (path: "Sources/Widgets.swift", contents: swift),
    ])
    defer { try? FileManager.default.removeItem(at: directory) }
    let findings = LintRun(discoversConfiguration: false).run(arguments: [directory.path + "/widgets.yaml"]).findings
    return (findings.filter { $0.ruleID == "manifest-drift" }, manifest)
  }

  @Test func aManifestKindMisspellingTheCodesIsReplacedByIt() throws {
    let (findings, manifest) = try Self.lint(manifestKinds: ["Forcast", "Radar"], codeKinds: ["Forecast", "Radar"])
    // One finding in the code (Forecast is not in the manifest), one in the manifest (Forcast not in code).
    #expect(findings.count == 2)
    let inManifest = try #require(findings.first { $0.file.hasSuffix("widgets.yaml") })
    #expect(inManifest.message.hasSuffix("does not list it; did you mean 'Forecast'?"))
    let replacement = try #require(inManifest.fix?.replacements.first)
    #expect(replacement.text == "Forecast")
    let fixed = String(decoding: FixApplier.apply([replacement], to: Array(manifest.utf8)), as: UTF8.self)
    #expect(fixed == manifest.replacingOccurrences(of: "kind: Forcast", with: "kind: Forecast"))
  }

  @Test func aManifestKindNearTwoCodeKindsOrOneItHasIsNotFixed() throws {
    let ambiguous = try Self.lint(manifestKinds: ["Forcast"], codeKinds: ["Forecast", "Forecasts"]).findings
    #expect(!ambiguous.isEmpty && ambiguous.allSatisfy { $0.fix == nil })
    // The near code kind is in the manifest already: the manifest's other kind is not a typo of it.
    let listed = try Self.lint(manifestKinds: ["Forecast", "Forcast"], codeKinds: ["Forecast"]).findings
    #expect(listed.count == 1 && listed.first?.fix == nil)
    #expect(listed.first?.message.contains("did you mean") == false)
  }
}
