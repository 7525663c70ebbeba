import Foundation
import Testing

@testable import WidgetLintCore
@testable import WidgetLintKit
@testable import WidgetLintRules

/// home_widget calls as apps write them: named arguments in any order.
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
}
