import Foundation
import Testing

@testable import WidgetLintCore
@testable import WidgetLintKit
@testable import WidgetLintRules

/// `widget-unsupported-view` judges the views a widget shows: an app-only view in a file the
/// extension also compiles is not one.
@Suite struct ShownViewsTests {
  static let appOnlyViews = """
    struct WarningDetailsView: View {
        var body: some View {
            ScrollView { Text("Details") }
        }
    }
    private struct LanguageBridge: UIViewRepresentable {
        func makeUIView(context: Context) -> UIView { UIView() }
        func updateUIView(_ view: UIView, context: Context) {}
    }
    """

  func findings(lockView: String) throws -> [String] {
    let swift = ContainerBackgroundTests.swift(
      homeView: "Text(\"Steps\")", lockView: lockView, extra: Self.appOnlyViews)
    return try TestSupport.lint(ContainerBackgroundTests.manifest, files: [("StepsWidgets/Widgets.swift", swift)])
      .filter { $0.ruleID == "widget-unsupported-view" }
      .map { TestSupport.position($0) }
  }

  @Test func appOnlyViewsNoWidgetShowsAreNotJudged() throws {
    #expect(try findings(lockView: "Text(\"1\")") == [])
  }

  /// The twin: the widget shows both, and both are reported where they are written.
  @Test func viewsAWidgetShowsAreJudged() throws {
    #expect(
      try findings(lockView: "VStack { WarningDetailsView(); LanguageBridge() }") == ["48:9-48:19", "51:32-51:51"])
  }
}
