import Foundation
import Testing

@testable import WidgetLintCore
@testable import WidgetLintKit
@testable import WidgetLintRules

/// home_widget calls whose kind is a constant another Dart file of the app declares.
@Suite struct DartConstantsTests {
  static let main = """
    import 'package:home_widget/home_widget.dart';
    import 'widget_kinds.dart';

    Future<void> increment() async {
      await HomeWidget.updateWidget(name: 'counter', iOSName: WidgetKinds.counter);
      await HomeWidget.updateWidget(iOSName: counterKind, androidName: 'CounterProvider');
    }
    """

  static func findings(kinds: String) throws -> [Finding] {
    var files = UnknownWidgetKindRule.exampleFiles(iOSName: "'x'").map { (path: $0.0, contents: $0.1) }
    files.removeAll { $0.path.hasSuffix(".dart") }
    files += [("lib/main.dart", main), ("lib/widget_kinds.dart", kinds)]
    let directory = try TestSupport.directory(with: files)
    defer { try? FileManager.default.removeItem(at: directory) }
    return LintRun(discoversConfiguration: false).run(arguments: [directory.path]).findings.filter {
      $0.ruleID == "unknown-widget-kind"
    }
  }

  @Test func aKindInAnotherFilesConstantsIsJudgedWhereItIsWritten() throws {
    let kinds = """
      class WidgetKinds {
        static const counter = 'CounterWidgetExtension';
      }
      const counterKind = 'Counter';
      """
    let found = try Self.findings(kinds: kinds)
    #expect(
      found.map { "\(($0.file as NSString).lastPathComponent) \(TestSupport.start($0))" } == [
        "widget_kinds.dart 2:26", "widget_kinds.dart 4:21",
      ])
  }

  /// The clean twin: the constants hold the widget's kind.
  @Test func constantsHoldingTheKindAreClean() throws {
    let kinds = """
      class WidgetKinds {
        static const counter = 'CounterWidget';
      }
      const counterKind = 'CounterWidget';
      """
    #expect(try Self.findings(kinds: kinds).isEmpty)
  }
}
