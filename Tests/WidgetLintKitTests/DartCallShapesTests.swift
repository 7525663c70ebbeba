import Foundation
import Testing

@testable import WidgetLintCore
@testable import WidgetLintKit
@testable import WidgetLintRules

/// home_widget calls as apps write them: named arguments in any order, the kind in a local or a
/// constant, passed through a function of the app, or computed when the app runs.
@Suite struct DartCallShapesTests {
  /// The Flutter example (its widget's kind is `CounterWidget`) with its Dart replaced by `dart`.
  static func lint(_ dart: [(path: String, contents: String)]) throws -> [String] {
    var files = UnknownWidgetKindRule.exampleFiles(iOSName: "'x'").map { (path: $0.0, contents: $0.1) }
    files.removeAll { $0.path.hasSuffix(".dart") }
    let directory = try TestSupport.directory(with: files + dart)
    defer { try? FileManager.default.removeItem(at: directory) }
    let report = LintRun(discoversConfiguration: false).run(arguments: [directory.path])
    return report.findings.filter { $0.ruleID == "unknown-widget-kind" || $0.ruleID == "computed-value" }.map {
      let file = ($0.file as NSString).lastPathComponent
      let place = "\($0.ruleID) \(file) \(TestSupport.start($0))"
      return $0.ruleID == "computed-value" ? "\(place) \($0.message)" : place
    }
  }

  static func main(_ body: String) -> (path: String, contents: String) {
    ("lib/main.dart", "import 'package:home_widget/home_widget.dart';\n\n" + body)
  }

  // MARK: Named arguments in any order

  static func namedArguments(_ kind: String) -> String {
    """
    Future<void> saved() async {
      await HomeWidget.updateWidget(
        androidName: 'CounterProvider',
        iOSName: '\(kind)',
        name: 'Counter',
      );
      await HomeWidget.updateWidget(name: 'Counter', androidName: 'CounterProvider', iOSName: '\(kind)');
    }
    """
  }

  @Test func iOSNameIsJudgedWhereverItStandsAmongTheNamedArguments() throws {
    #expect(
      try Self.lint([Self.main(Self.namedArguments("CountrWidget"))]) == [
        "unknown-widget-kind main.dart 6:14", "unknown-widget-kind main.dart 9:91",
      ])
  }

  @Test func namedArgumentsInAnyOrderNamingTheKindAreClean() throws {
    #expect(try Self.lint([Self.main(Self.namedArguments("CounterWidget"))]) == [])
  }

  // MARK: A variable holding the kind

  static func variables(_ kind: String) -> String {
    """
    const topLevelKind = '\(kind)';

    class Kinds {
      static const counter = '\(kind)';
    }

    Future<void> saved() async {
      const local = '\(kind)';
      final String typed = '\(kind)';
      await HomeWidget.updateWidget(iOSName: local);
      await HomeWidget.updateWidget(iOSName: typed);
      await HomeWidget.updateWidget(iOSName: topLevelKind);
      await HomeWidget.updateWidget(iOSName: Kinds.counter);
    }
    """
  }

  @Test func aConstantOrFinalVariableIsFollowedToItsLiteral() throws {
    #expect(
      try Self.lint([Self.main(Self.variables("CountrWidget"))]) == [
        "unknown-widget-kind main.dart 3:22", "unknown-widget-kind main.dart 6:26",
        "unknown-widget-kind main.dart 10:17", "unknown-widget-kind main.dart 11:24",
      ])
  }

  @Test func variablesHoldingTheKindAreClean() throws {
    #expect(try Self.lint([Self.main(Self.variables("CounterWidget"))]) == [])
  }

  static func loops(_ kind: String) -> String {
    """
    const List<String> blogKinds = [
      'CounterWidget',
      '\(kind)',
    ];

    Future<void> saved() async {
      await Future.wait([for (final kind in blogKinds) HomeWidget.updateWidget(iOSName: kind)]);
      for (final kind in const ['\(kind)']) {
        await HomeWidget.updateWidget(iOSName: kind);
      }
    }
    """
  }

  @Test func aLoopThroughAListOfStringsReloadsEachOfThem() throws {
    #expect(
      try Self.lint([Self.main(Self.loops("CountrWidget"))]) == [
        "unknown-widget-kind main.dart 5:3", "unknown-widget-kind main.dart 10:29",
      ])
  }

  @Test func aLoopThroughKindsOfWidgetsIsClean() throws {
    #expect(try Self.lint([Self.main(Self.loops("CounterWidget"))]) == [])
  }

  /// Values that need the app to run: one note at the argument, naming what was not followed.
  @Test(arguments: [
    (
      "Future<void> saved(Map<String, String> kinds, String id) async {\n  await HomeWidget.updateWidget(iOSName: kinds[id]);\n}\n",
      "4:42 kind not checked: iOSName `kinds[id]` is a lookup the app makes when it runs"
    ),
    (
      "Future<void> saved() async {\n  final kind = await fetchKind();\n  await HomeWidget.updateWidget(iOSName: kind);\n}\n",
      "5:42 kind not checked: iOSName `kind` is what a call returns when the app runs"
    ),
    (
      "Future<void> saved(bool large) async {\n  var kind = 'CounterWidget';\n  if (large) kind = 'Large';\n  await HomeWidget.updateWidget(iOSName: kind);\n}\n",
      "6:42 kind not checked: iOSName `kind` is a local variable that is neither `const` nor `final`"
    ),
    (
      "Future<void> saved(List<String> kinds) async {\n  for (final kind in kinds) {\n    await HomeWidget.updateWidget(iOSName: kind);\n  }\n}\n",
      "5:44 kind not checked: iOSName `kind` is the variable of a `for` loop"
    ),
    (
      "Future<void> refresh(String name) => HomeWidget.updateWidget(iOSName: name);\n",
      "3:71 kind not checked: iOSName `name` is parameter `name` of `refresh`, which no call in the app's Dart passes a value widgetlint follows"
    ),
    (
      "Future<void> saved() async {\n  await HomeWidget.updateWidget(iOSName: kinds.counter);\n  await HomeWidget.updateWidget(iOSName: 'Counter' + suffix);\n}\n",
      "4:42 kind not checked: iOSName `kinds.counter` is a string constant of neither its file's library nor a file of the app it imports; 1 more home_widget call reloads a kind not known"
    ),
  ])
  func aValueTheAppComputesGivesOneNote(_ body: String, _ note: String) throws {
    #expect(try Self.lint([Self.main(body)]) == ["computed-value main.dart " + note])
  }

  /// An App Group the app computes: one note at the argument; a written one says nothing.
  @Test(arguments: [
    (
      "Future<void> saved() async {\n  final group = await fetchGroup();\n  await HomeWidget.setAppGroupId(group);\n}\n",
      "5:34 App Group not checked: groupId `group` is what a call returns when the app runs"
    ),
    (
      "Future<void> saved(Map<String, String> groups) async {\n  await HomeWidget.setAppGroupId(groups['ios']);\n  await HomeWidget.setAppGroupId(groups['mac']);\n}\n",
      "4:34 App Group not checked: groupId `groups['ios']` is a lookup the app makes when it runs; 1 more home_widget call sets a group not known"
    ),
  ])
  func anAppGroupTheAppComputesGivesOneNote(_ body: String, _ note: String) throws {
    #expect(try Self.lint([Self.main(body)]) == ["computed-value main.dart " + note])
  }

  @Test func aWrittenAppGroupGivesNoNote() throws {
    let body =
      "Future<void> saved() async {\n  await HomeWidget.setAppGroupId('group.com.example.flutterCounter');\n}\n"
    #expect(try Self.lint([Self.main(body)]) == [])
  }

  // MARK: Wrappers

  static func wrappers(_ kind: String) -> [(path: String, contents: String)] {
    [
      Self.main(
        """
        import 'widgets.dart';

        Future<void> refresh(String name) => HomeWidget.updateWidget(iOSName: name);

        Future<void> saved() async {
          await refresh('\(kind)');
          await Widgets.reload(kind: '\(kind)');
          await Widgets.reloadLater(Widgets.counter);
        }
        """),
      (
        "lib/widgets.dart",
        """
        import 'package:home_widget/home_widget.dart';

        class Widgets {
          static const counter = '\(kind)';

          static Future<void> reload({required String kind}) async {
            await HomeWidget.updateWidget(androidName: 'CounterProvider', iOSName: kind);
          }

          static Future<void> reloadLater(String kind) => reload(kind: kind);
        }
        """
      ),
    ]
  }

  @Test func aFunctionPassingItsParameterIsFollowedToTheLiteralsItIsCalledWith() throws {
    #expect(
      try Self.lint(Self.wrappers("CountrWidget")) == [
        "unknown-widget-kind main.dart 8:17", "unknown-widget-kind main.dart 9:30",
        "unknown-widget-kind widgets.dart 4:26",
      ])
  }

  @Test func wrappersCalledWithTheKindAreClean() throws {
    #expect(try Self.lint(Self.wrappers("CounterWidget")) == [])
  }

  /// The literal a wrapper's call passes is in that call: `--fix` edits it there.
  @Test func aTypoPassedToAWrapperIsFixedAtTheCall() throws {
    let dart = """
      import 'package:home_widget/home_widget.dart';

      Future<void> refresh(String name) => HomeWidget.updateWidget(iOSName: name);

      Future<void> saved() async {
        await refresh('Forcast');
      }
      """
    let findings = try SourceFixTests.flutterFindings(kinds: ["\"Forecast\""], dart: dart)
    #expect(findings.map(TestSupport.position) == ["6:17-6:26"])
    #expect(findings.first?.fix?.replacements.map(\.text) == ["Forecast"])
    let range = try #require(findings.first?.fix?.replacements.first?.span.range)
    #expect("\(range.start.line):\(range.start.column)-\(range.end.column)" == "6:18-25")
  }

  /// The broken Flutter example with its App Group set through a function of the app's.
  func groupThroughAWrapper(_ group: String) throws -> [String] {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "widgetlint-tests-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    try FileManager.default.copyItem(
      at: URL(fileURLWithPath: TestSupport.path("examples/broken-projects/flutter-unknown-ios-name")), to: directory)
    let main = directory.appendingPathComponent("lib/main.dart")
    let text = try String(contentsOf: main, encoding: .utf8).replacingOccurrences(
      of: "  await HomeWidget.setAppGroupId('group.com.example.flutterCounter');",
      with: "  await useGroup('\(group)');")
    try Data((text + "\nFuture<void> useGroup(String id) => HomeWidget.setAppGroupId(id);\n").utf8).write(to: main)
    let report = LintRun(discoversConfiguration: false).run(arguments: [directory.path])
    return report.findings.filter { $0.ruleID != "unknown-widget-kind" }.map {
      "\($0.ruleID) \(($0.file as NSString).lastPathComponent) \(TestSupport.start($0))"
    }
  }

  @Test func anAppGroupSetThroughAWrapperIsJudgedAtTheLiteral() throws {
    #expect(try groupThroughAWrapper("group.com.example.flutterCountr") == ["app-group-mismatch main.dart 12:18"])
  }

  @Test func anEntitledAppGroupSetThroughAWrapperIsClean() throws {
    #expect(try groupThroughAWrapper("group.com.example.flutterCounter") == [])
  }

  // MARK: Imports and parts

  static func imports(_ kind: String) -> [(path: String, contents: String)] {
    [
      Self.main(
        """
        import 'package:counter/kinds/all.dart' as kinds;
        import '../common/widget_names.dart' show sharedKind;
        part 'parts/refresh.dart';

        Future<void> saved() async {
          await HomeWidget.updateWidget(iOSName: kinds.WidgetKinds.counter);
          await HomeWidget.updateWidget(iOSName: sharedKind);
          await HomeWidget.updateWidget(iOSName: partKind);
        }
        """),
      ("lib/kinds/all.dart", "export 'counter.dart';\n"),
      ("lib/kinds/counter.dart", "class WidgetKinds {\n  static const counter = '\(kind)';\n}\n"),
      ("common/widget_names.dart", "const sharedKind = '\(kind)';\nconst otherKind = 'Other';\n"),
      ("lib/parts/refresh.dart", "part of '../main.dart';\n\nconst partKind = '\(kind)';\n"),
      // Not imported: its constants of the same names are not the ones the calls see.
      ("lib/legacy.dart", "const sharedKind = 'Legacy';\nconst partKind = 'Legacy';\n"),
    ]
  }

  @Test func constantsOfTheFilesACallsFileImportsAndIncludesAreFollowed() throws {
    #expect(
      try Self.lint(Self.imports("CountrWidget")) == [
        "unknown-widget-kind widget_names.dart 1:20", "unknown-widget-kind counter.dart 2:26",
        "unknown-widget-kind refresh.dart 3:18",
      ])
  }

  @Test func importedConstantsHoldingTheKindAreClean() throws {
    #expect(try Self.lint(Self.imports("CounterWidget")) == [])
  }

  @Test(arguments: [
    "await HomeWidget.updateWidget(iOSName: otherKind);", "await HomeWidget.updateWidget(iOSName: legacyKind);",
  ])
  func aConstantTheCallsFileDoesNotSeeIsNotFollowed(_ call: String) throws {
    var files = Self.imports("CounterWidget")
    files[0].contents = files[0].contents.replacingOccurrences(
      of: "await HomeWidget.updateWidget(iOSName: partKind);", with: call)
    files[files.count - 1].contents += "const legacyKind = 'CounterWidget';\n"
    let name = call.contains("otherKind") ? "otherKind" : "legacyKind"
    #expect(
      try Self.lint(files) == [
        "computed-value main.dart 10:42 kind not checked: iOSName `\(name)` is a string constant of neither its file's library nor a file of the app it imports"
      ])
  }
}
