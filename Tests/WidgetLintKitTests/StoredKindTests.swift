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

/// A kind the app reloads from a stored `let` of its own type (`self.widgetKind`, `Self.kind`), and
/// reloads judged beside a Live Activity, which has no kind.
@Suite struct StoredKindTests {
  /// A class of the app holding its widget's kind in a stored property, reloaded as `reload` says.
  static func app(declaration: String, reload: String) -> String {
    """
    import WidgetKit
    final class WidgetSync {
        \(declaration)
        func saved() {
            DispatchQueue.main.async {
                WidgetCenter.shared.reloadTimelines(ofKind: \(reload))
            }
        }
    }
    """
  }

  func lint(_ files: [(path: String, contents: String)]) throws -> [Finding] {
    let directory = try TestSupport.directory(with: files)
    defer { try? FileManager.default.removeItem(at: directory) }
    let linter = Linter()
    return linter.lint(variants: linter.readVariants(XcodeAppFrontend(directory: directory.path)))
  }

  func findings(app: String, extra: [(path: String, contents: String)] = []) throws -> [String] {
    try lint(AppCodeTests.files(app: app, extra: extra)).map { "\($0.ruleID) \(TestSupport.position($0))" }
  }

  @Test(arguments: [
    ("private let widgetKind = \"Notes\"", "self.widgetKind"),
    ("private static let widgetKind = \"Notes\"", "Self.widgetKind"),
    ("private static let widgetKind = \"Notes\"", "WidgetSync.widgetKind"),
  ])
  func aMisspeltKindInAStoredLetIsReportedAtItsLiteral(declaration: String, reload: String) throws {
    let found = try findings(app: Self.app(declaration: declaration, reload: reload))
    let column = declaration.contains("static") ? 37 : 30
    #expect(found == ["unknown-widget-kind 3:\(column)-3:\(column + 7)"])
  }

  @Test(arguments: ["self.widgetKind", "widgetKind"])
  func theRightKindInAStoredLetIsClean(reload: String) throws {
    let found = try findings(app: Self.app(declaration: "let widgetKind = \"Note\"", reload: reload))
    #expect(found.isEmpty, "\(found)")
  }

  /// A `var`, or a `let` the initialiser sets, may hold anything when the app runs: one note says so.
  @Test(arguments: [
    "var widgetKind = \"Notes\"",
    "let widgetKind: String; init(kind: String) { widgetKind = kind }",
  ])
  func aKindThatMayChangeGivesTheNote(declaration: String) throws {
    let files = AppCodeTests.files(app: Self.app(declaration: declaration, reload: "self.widgetKind"))
    let found = try lint(files)
    #expect(found.map { "\($0.ruleID) \(TestSupport.position($0))" } == ["computed-value 6:57-6:72"])
    #expect(
      found.first?.message
        == "kind not checked: WidgetSync.widgetKind is declared by a `var`, a computed property or a value other than a string literal"
    )
  }

  static let bundleWithLiveActivity = """
    import ActivityKit
    import SwiftUI
    import WidgetKit
    @main
    struct NotesBundle: WidgetBundle {
        var body: some Widget {
            NoteWidget()
            if #available(iOS 16.1, *) { NoteActivity() }
        }
    }
    struct NoteWidget: Widget {
        var body: some WidgetConfiguration {
            StaticConfiguration(kind: "Note", provider: Provider()) { _ in Text("").widgetBackground() }
                .supportedFamilies([.systemSmall])
        }
    }
    struct NoteActivity: Widget {
        var body: some WidgetConfiguration {
            ActivityConfiguration(for: NoteAttributes.self) { _ in Text("") } dynamicIsland: { _ in
                DynamicIsland { DynamicIslandExpandedRegion(.center) { Text("") } } compactLeading: { Text("") }
                    compactTrailing: { Text("") } minimal: { Text("") }
            }
        }
    }
    struct Provider {}
    extension View {
        @ViewBuilder func widgetBackground() -> some View {
            if #available(iOS 17.0, *) { containerBackground(.clear, for: .widget) } else { self }
        }
    }
    """

  /// A Live Activity in the bundle has no kind and is reloaded by none: the widgets' kinds are all known.
  @Test func aLiveActivityInTheBundleLeavesTheKindsKnown() throws {
    let app = """
      import WidgetKit
      func saved() { WidgetCenter.shared.reloadTimelines(ofKind: "Notes") }
      """
    let files = AppCodeTests.files(app: app).map {
      $0.path == "Widget/NoteWidget.swift" ? ($0.path, Self.bundleWithLiveActivity) : $0
    }
    let found = try lint(files)
    #expect(found.map { "\($0.ruleID) \(TestSupport.position($0))" } == ["unknown-widget-kind 2:60-2:67"])
    #expect(found.first?.message.hasSuffix("did you mean 'Note'?") == true)
  }
}
