import Foundation
import Testing

@testable import WidgetLintCore
@testable import WidgetLintEngine

/// A run reads every project file through one overlay: the text `--fix` or an editor holds stands in
/// for the file on disk, whichever reader reads it.
@Suite struct TextOverlayTests {
  /// The app's Swift, the widget's Swift and the entitlements of a native app, each replaced in turn:
  /// the finding follows the overlay's text, not the file's.
  @Test func everyKindOfProjectFileIsReadThroughTheOverlay() throws {
    let app = TestSupport.path("examples/native-widgets")
    let appSwift = app + "/NativeWidgets/NativeWidgetsApp.swift"
    let original = try String(contentsOfFile: appSwift, encoding: .utf8)
    var run = LintRun()
    #expect(run.run(arguments: [app]).findings.map(\.ruleID) == [])

    run.fileContents = [appSwift: Array(original.replacingOccurrences(of: "\"Forecast\"", with: "\"Forecasts\"").utf8)]
    let reload = run.run(arguments: [app]).findings
    #expect(reload.map { "\($0.ruleID) \(TestSupport.position($0))" } == ["unknown-widget-kind 10:53-10:64"])
    #expect(reload.first?.file.hasSuffix("NativeWidgets/NativeWidgetsApp.swift") == true)

    let widgetSwift = app + "/WeatherWidgets/ForecastWidget.swift"
    let widget = try String(contentsOfFile: widgetSwift, encoding: .utf8)
    run.fileContents = [
      widgetSwift: Array(widget.replacingOccurrences(of: "kind: \"Forecast\"", with: "kind: \"Daily\"").utf8)
    ]
    #expect(run.run(arguments: [app]).findings.map(\.ruleID) == ["unknown-widget-kind"])

    // The xcconfig the project's configurations are based on.
    let shared = app + "/Config/Shared.xcconfig"
    let settings = try String(contentsOfFile: shared, encoding: .utf8)
    run.fileContents = [shared: Array(settings.replacingOccurrences(of: "TARGET = 17.0", with: "TARGET = 15.0").utf8)]
    #expect(
      run.run(arguments: [app]).findings.map { "\($0.ruleID) \(TestSupport.position($0))" } == [
        "availability 30:8-30:27", "availability 41:39-41:60",
      ])
  }

  /// A text is found by any path that names its file, and only by such a path.
  @Test func aTextIsFoundByAnyPathOfItsFile() {
    let cwd = FileManager.default.currentDirectoryPath
    let overlay = TextOverlay([cwd + "/Sources/a.swift": [1], "/tmp/x/b.swift": [2]])
    #expect(overlay.text(of: "Sources/a.swift") == [1])
    #expect(overlay.text(of: "./Sources/../Sources/a.swift") == [1])
    #expect(overlay.text(of: "/tmp/x/../x/b.swift") == [2])
    #expect(overlay.text(of: "/tmp/x/b.swift/") == [2])
    #expect(overlay.text(of: "/tmp/y/b.swift") == nil)
    #expect(overlay.text(of: "/tmp/x/c.swift") == nil)
    #expect(overlay.text(of: "/tmp/x/b.swift/x/..") == [2])
    #expect(TextOverlay().text(of: "/tmp/x/b.swift") == nil)
  }
}
