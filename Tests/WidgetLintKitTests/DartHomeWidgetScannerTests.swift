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

@Suite struct DartHomeWidgetScannerTests {
  static func scan(_ text: String) -> [HomeWidgetCall] {
    DartHomeWidgetScanner.scan(SourceText(path: "main.dart", text: text))
  }

  /// "line:column-endLine:endColumn" of a span.
  static func position(_ span: SourceSpan) -> String {
    let range = span.range
    return "\(range.start.line):\(range.start.column)-\(range.end.line):\(range.end.column)"
  }

  /// "method value@span" for each call, or "method nil".
  static func summary(_ calls: [HomeWidgetCall]) -> [String] {
    calls.map { call in
      guard let argument = call.argument else { return "\(call.method) nil" }
      return "\(call.method) \(argument.value)@\(position(argument.span))"
    }
  }

  @Test func theThreeCalls() throws {
    let calls = Self.scan(
      """
      Future<void> main() async {
        await HomeWidget.setAppGroupId('group.com.example.flutterCounter');
        await HomeWidget.saveWidgetData<int>('counter', 1);
        await HomeWidget.updateWidget(
          name: 'CounterWidgetProvider',
          iOSName: "CounterWidget",
          androidName: 'CounterWidgetProvider',
        );
      }
      """)
    #expect(
      Self.summary(calls) == [
        "setAppGroupId group.com.example.flutterCounter@2:34-2:68",
        "saveWidgetData counter@3:40-3:49",
        "updateWidget CounterWidget@6:14-6:29",
      ])
    #expect(calls.map { Self.position($0.span) } == ["2:9-2:69", "3:9-3:53", "4:9-8:4"])
    #expect(calls[0].argument?.pointer == .root)
  }

  @Test func updateWidgetArguments() {
    let calls = Self.scan(
      """
      HomeWidget.updateWidget(iOSName: 'A', qualifiedAndroidName: 'com.example.B');
      HomeWidget.updateWidget(androidName: 'B', name: 'Fallback');
      HomeWidget.updateWidget(androidName: 'B');
      HomeWidget.updateWidget(name: 'N', iOSName: kindFromServer);
      HomeWidget.updateWidget();
      """)
    // iOS reloads `iOSName`, or `name` when iOSName is absent (home_widget's iOS plugin).
    #expect(
      Self.summary(calls) == [
        "updateWidget A@1:34-1:37", "updateWidget Fallback@2:49-2:59", "updateWidget nil", "updateWidget nil",
        "updateWidget nil",
      ])
  }

  @Test func saveWidgetDataForms() {
    let calls = Self.scan(
      """
      HomeWidget.saveWidgetData('title', title);
      HomeWidget.saveWidgetData<String?>('subtitle', null);
      HomeWidget.saveWidgetData<List<Map<String, int>>>('rows', rows);
      HomeWidget.saveWidgetData<int>(key, 3);
      HomeWidget.saveWidgetData(id: 'named');
      """)
    #expect(
      Self.summary(calls) == [
        "saveWidgetData title@1:27-1:34", "saveWidgetData subtitle@2:36-2:46", "saveWidgetData rows@3:51-3:57",
        "saveWidgetData nil", "saveWidgetData nil",
      ])
  }

  @Test func commentsNeverMatch() {
    let calls = Self.scan(
      """
      // HomeWidget.setAppGroupId('group.line');
      /// Call [HomeWidget.setAppGroupId('group.doc')] first.
      /* HomeWidget.setAppGroupId('group.block'); */
      /* outer /* HomeWidget.setAppGroupId('group.nested'); */ HomeWidget.setAppGroupId('group.still'); */
      /** HomeWidget.updateWidget(iOSName: 'Doc'); */
      void f() => HomeWidget.setAppGroupId('group.real'); // HomeWidget.setAppGroupId('group.after')
      """)
    #expect(Self.summary(calls) == ["setAppGroupId group.real@6:38-6:50"])
  }

  @Test func stringsNeverMatch() {
    let calls = Self.scan(
      """
      const a = 'HomeWidget.setAppGroupId("group.single")';
      const b = "HomeWidget.setAppGroupId('group.double')";
      const c = '''
      HomeWidget.setAppGroupId('group.triple')
      ''';
      const d = \"\"\"HomeWidget.setAppGroupId("group.triple2") \" still inside \"\"\";
      const e = r'HomeWidget.setAppGroupId(\\'; // a raw string ends at the quote after the backslash
      const f = 'It\\'s HomeWidget.setAppGroupId(\\'group.escaped\\')';
      const g = '${"}"} HomeWidget.setAppGroupId("group.interpolated")';
      HomeWidget.setAppGroupId('group.real');
      """)
    #expect(Self.summary(calls) == ["setAppGroupId group.real@10:26-10:38"])
  }

  @Test func literalForms() {
    let calls = Self.scan(
      """
      HomeWidget.setAppGroupId(r'group.$raw');
      HomeWidget.setAppGroupId('group.\\u0041\\x42\\u{1F600}\\$\\'q\\'');
      HomeWidget.setAppGroupId('group.' 'com.example' "." r'x');
      HomeWidget.setAppGroupId('''group.triple''');
      HomeWidget.setAppGroupId(\"\"\"
      group.firstLineDropped\"\"\");
      HomeWidget.setAppGroupId('group.$flavor');
      HomeWidget.setAppGroupId('group.${flavor.name}.app');
      HomeWidget.setAppGroupId('group.' + flavor);
      HomeWidget.setAppGroupId('unterminated);
      """)
    #expect(
      Self.summary(calls) == [
        "setAppGroupId group.$raw@1:26-1:39",
        "setAppGroupId group.AB\u{1F600}$'q'@2:26-2:60",
        "setAppGroupId group.com.example.x@3:26-3:57",
        "setAppGroupId group.triple@4:26-4:44",
        "setAppGroupId group.firstLineDropped@5:26-6:26",
        "setAppGroupId nil", "setAppGroupId nil", "setAppGroupId nil", "setAppGroupId nil",
      ])
  }

  @Test func constantsResolve() {
    let text = """
      import 'package:home_widget/home_widget.dart';

      const appGroupId = 'group.com.example.top';
      const String iOSWidget = "CounterWidget", unused = 'x';
      final String keyAlias = counterKey;

      class WidgetConfig {
        static const String appGroupId = "group.com.example.config";
        static const counterKey = 'counter';
        static final String computed = someFunction('no');
      }

      class CounterPage extends StatefulWidget {
        static const String appGroupId = 'group.com.example.page';

        Future<void> save(int value) async {
          final localGroup = 'group.local';
          await HomeWidget.setAppGroupId(appGroupId);
          await HomeWidget.setAppGroupId(WidgetConfig.appGroupId);
          await HomeWidget.setAppGroupId(localGroup);
          await HomeWidget.saveWidgetData<int>(WidgetConfig.counterKey, value);
          await HomeWidget.saveWidgetData<int>(keyAlias, value);
          await HomeWidget.saveWidgetData<int>(WidgetConfig.computed, value);
          await HomeWidget.updateWidget(iOSName: iOSWidget);
          await HomeWidget.setAppGroupId(undefinedName);
        }
      }

      Future<void> main() async {
        await HomeWidget.setAppGroupId(appGroupId);
        await HomeWidget.setAppGroupId(laterGroup);
      }

      const laterGroup = 'group.com.example.later';
      """
    #expect(
      Self.summary(Self.scan(text)) == [
        // Inside CounterPage, its own member wins over the top-level constant.
        "setAppGroupId group.com.example.page@14:36-14:60",
        "setAppGroupId group.com.example.config@8:36-8:62",
        // A `final` local of the function around the call.
        "setAppGroupId group.local@17:24-17:37",
        "saveWidgetData counter@9:29-9:38",
        // `counterKey` resolves to the one class member of that name.
        "saveWidgetData counter@9:29-9:38",
        "saveWidgetData nil",
        "updateWidget CounterWidget@4:26-4:41",
        "setAppGroupId nil",
        "setAppGroupId group.com.example.top@3:20-3:43",
        "setAppGroupId group.com.example.later@34:20-34:45",
      ])
  }

  /// A local is seen by the code after it in its block, not by another function.
  @Test func declarationsInsideFunctionsAndClosuresAreSeenOnlyThere() {
    let text = """
      void setUp() {
        const group = 'group.inside.function';
        HomeWidget.setAppGroupId(group);
      }
      final callbacks = [() { const other = 'group.closure'; }];
      void later() => HomeWidget.setAppGroupId(other);
      """
    #expect(Self.summary(Self.scan(text)) == ["setAppGroupId group.inside.function@2:17-2:40", "setAppGroupId nil"])
  }

  @Test func lookalikesDoNotMatch() {
    let calls = Self.scan(
      """
      class HomeWidget { static Future<bool?> setAppGroupId(String? groupId) async => true; }
      MyHomeWidget.setAppGroupId('group.other');
      HomeWidget.getWidgetData<int>('counter');
      HomeWidget.setAppGroupId;
      homeWidget.setAppGroupId('group.lower');
      HomeWidget?.setAppGroupId('group.nullAware');
      hw.HomeWidget.setAppGroupId('group.prefixed');
      """)
    #expect(Self.summary(calls) == ["setAppGroupId group.prefixed@7:29-7:45"])
  }

  @Test func nestedCallsInArguments() {
    let calls = Self.scan(
      """
      await Future.wait([
        HomeWidget.saveWidgetData<String>('title', 'x'),
        HomeWidget.saveWidgetData<String>('body', describe({'a': 1, 'b': 2})),
      ]).then((_) => HomeWidget.updateWidget(iOSName: 'NewsWidget'));
      """)
    #expect(
      Self.summary(calls) == [
        "saveWidgetData title@2:37-2:44", "saveWidgetData body@3:37-3:43", "updateWidget NewsWidget@4:49-4:61",
      ])
  }

  @Test func unicodeColumnsCountScalars() {
    let calls = Self.scan("/* ☕️ é */ HomeWidget.setAppGroupId('group.café');")
    #expect(Self.summary(calls) == ["setAppGroupId group.café@1:37-1:49"])
  }

  @Test func truncatedSourcesDoNotCrash() {
    let bytes = Array(
      """
      const group = r'group.x';
      void main() { HomeWidget.setAppGroupId('${a('}')}' '''x''' "\\u{41}"); /* /* */ */ HomeWidget.updateWidget(
      iOSName: group, name: 'n'); HomeWidget.saveWidgetData<List<int>>('k', [1, 2]) }
      """.utf8)
    for length in 0...bytes.count {
      let calls = DartHomeWidgetScanner.scan(SourceText(path: "x.dart", bytes: Array(bytes.prefix(length))))
      for call in calls {
        #expect(call.span.end <= length)
        if let argument = call.argument { #expect(argument.span.end <= length) }
      }
    }
    let hostile = String(repeating: "'${", count: 10_000) + String(repeating: "/*", count: 10_000)
    #expect(Self.scan(hostile).isEmpty)
  }

  /// Calls that each look at the rest of the file would cost n² here; the scanner steps over nested
  /// brackets through a table made in one pass, so the work stays a few steps per call.
  @Test(arguments: [
    ("unclosed", String(repeating: "HomeWidget.saveWidgetData('k', ", count: 10_000), 10_000),
    (
      "nested",
      String(repeating: "HomeWidget.saveWidgetData('k', ", count: 10_000) + "1"
        + String(repeating: ")", count: 10_000), 10_000
    ),
    ("type arguments", String(repeating: "HomeWidget.saveWidgetData<", count: 10_000) + "int", 0),
    (
      "many calls",
      (0..<10_000).map { "Future<void> s\($0)() async { await HomeWidget.saveWidgetData<int>('key\($0)', \($0)); }\n" }
        .joined(), 10_000
    ),
  ])
  func workStaysLinear(_ name: String, _ text: String, _ expectedCalls: Int) {
    var work = 0
    let calls = DartHomeWidgetScanner.scan(SourceText(path: "main.dart", text: text), work: &work)
    #expect(calls.count == expectedCalls, "\(name)")
    #expect(work <= 10 * max(expectedCalls, 1) + 10_000, "\(name): \(work) steps")
  }

  @Test func largeFileResolvesItsConstant() {
    var text = "const appGroupId = 'group.com.example.big';\n"
    for index in 0..<10_000 {
      text += "Future<void> save\(index)() async { await HomeWidget.saveWidgetData<int>('key\(index)', \(index)); }\n"
    }
    text += "void main() { HomeWidget.setAppGroupId(appGroupId); }\n"
    let calls = Self.scan(text)
    #expect(calls.count == 10_001)
    #expect(calls.last?.argument?.value == "group.com.example.big")
  }

  /// The example apps: the clean one and the two broken ones whose finding is in Dart.
  @Test(arguments: [
    (
      "examples/flutter-home-widget",
      [
        "setAppGroupId group.com.example.flutterCounter@12:34-12:68", "saveWidgetData counter@59:42-59:51",
        "updateWidget CounterWidget@61:16-61:31",
      ]
    ),
    (
      "examples/broken-projects/flutter-app-group-mismatch",
      [
        "setAppGroupId group.com.example.flutterCounter@12:34-12:68", "saveWidgetData counter@59:42-59:51",
        "updateWidget CounterWidget@61:16-61:31",
      ]
    ),
    (
      "examples/broken-projects/flutter-unknown-ios-name",
      [
        "setAppGroupId group.com.example.flutterCounter@12:34-12:68", "saveWidgetData counter@59:42-59:51",
        "updateWidget CounterWidgetExtension@61:16-61:40",
      ]
    ),
  ])
  func exampleApps(folder: String, expected: [String]) throws {
    let path = TestSupport.path(folder + "/lib/main.dart")
    let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
    let calls = DartHomeWidgetScanner.scan(SourceText(path: path, bytes: bytes))
    #expect(Self.summary(calls) == expected)
  }
}
