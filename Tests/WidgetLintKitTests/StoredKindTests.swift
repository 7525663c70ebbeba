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

  /// A `let` of another constant stands for what that constant holds: a literal is judged where it is
  /// written, a computed property gives the note naming it.
  @Test(arguments: [
    ("static let note = \"Notes\"", "unknown-widget-kind 11:23-11:30", nil),
    ("case note = \"Notes\"", "unknown-widget-kind 11:17-11:24", nil),
    (
      "static var note: String { \"Notes\" }", "computed-value 6:57-6:72",
      "kind not checked: Kinds.note is declared by a `var`, a computed property or a value other than a string literal"
    ),
  ])
  func aStoredLetOfAnotherConstantIsFollowed(declaration: String, expected: String, note: String?) throws {
    let isCase = declaration.hasPrefix("case")
    let app =
      Self.app(
        declaration: "let widgetKind = Kinds.note" + (isCase ? ".rawValue" : ""), reload: "self.widgetKind")
      + "\n\(isCase ? "enum Kinds: String {" : "enum Kinds {")\n    \(declaration)\n}\n"
    let found = try lint(AppCodeTests.files(app: app))
    #expect(found.map { "\($0.ruleID) \(TestSupport.position($0))" } == [expected])
    if let note { #expect(found.first?.message == note) }
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

  static let launcher = """
    import SwiftUI
    import WidgetKit
    @main
    enum Launcher {
        static func main() {
            if #available(iOS 18.0, *) { NewBundle.main() } else { OldBundle.main() }
        }
    }
    struct NewBundle: WidgetBundle {
        var body: some Widget {
            #if os(iOS)
            NoteWidget()
            #endif
            ArchiveWidget()
        }
    }
    struct OldBundle: WidgetBundle {
        var body: some Widget { NoteWidget() }
    }
    struct ArchiveWidget: Widget {
        var body: some WidgetConfiguration {
            StaticConfiguration(kind: "Archive", provider: Provider()) { _ in Text("").widgetBackground() }
        }
    }
    """

  func launcherFindings(launcher: String, reload: String) throws -> [Finding] {
    let widget = XcodeProjectFileTests.widgetSwift.replacingOccurrences(of: "@main\n", with: "")
    let app = "import WidgetKit\nfunc saved() { WidgetCenter.shared.reloadTimelines(ofKind: \(reload)) }\n"
    let files = AppCodeTests.files(app: app, extra: [("Widget/Launcher.swift", launcher)]).map {
      $0.path == "Widget/NoteWidget.swift" ? ($0.path, widget) : $0
    }
    return try lint(files)
  }

  /// An `@main` type launching a bundle by the system it runs on ships what either bundle lists, the
  /// widgets under `#if` too.
  @Test func aLauncherPickingABundleShipsWhatEitherLists() throws {
    let found = try launcherFindings(launcher: Self.launcher, reload: "\"Notes\"")
    #expect(found.map { "\($0.ruleID) \(TestSupport.position($0))" } == ["unknown-widget-kind 2:60-2:67"])
    #expect(found.first?.message.contains("(Note, Archive)") == true, "\(found.map(\.message))")
    for kind in ["\"Note\"", "\"Archive\""] {
      let clean = try launcherFindings(launcher: Self.launcher, reload: kind)
      #expect(clean.isEmpty, "\(clean.map(\.message))")
    }
  }

  /// A bundle's `#if` clause is a branch the build may compile: its widgets may ship.
  @Test func aBundlesIfClauseIsReadAsABranch() throws {
    let bundle = """
      import SwiftUI
      import WidgetKit
      @main
      struct Widgets: WidgetBundle {
          var body: some Widget {
              #if os(iOS)
              NoteWidget()
              #else
              ArchiveWidget()
              #endif
          }
      }
      """
    let launcher =
      Self.launcher.replacingOccurrences(of: "@main\n", with: "")
      + bundle
      .replacingOccurrences(of: "import SwiftUI\nimport WidgetKit\n", with: "")
    let found = try launcherFindings(launcher: launcher, reload: "\"Archve\"")
    #expect(found.map { "\($0.ruleID) \(TestSupport.position($0))" } == ["unknown-widget-kind 2:60-2:68"])
    #expect(found.first?.message.hasSuffix("did you mean 'Archive'?") == true, "\(found.map(\.message))")
  }

  /// A `main()` that does more than launch bundles is not followed: the reload is not judged, and one
  /// note says whose widgets are not known.
  @Test func aLauncherDoingMoreGivesOneNote() throws {
    let launcher = Self.launcher.replacingOccurrences(
      of: "static func main() {", with: "static func main() {\n        setUp()")
    let found = try launcherFindings(launcher: launcher, reload: "\"Notes\"")
    #expect(found.map { "\($0.ruleID) \(TestSupport.position($0))" } == ["computed-value 17:151-17:157"])
    // The target's name in the project file.
    #expect(found.first?.file.hasSuffix("project.pbxproj") == true)
    #expect(
      found.first?.message
        == "kind not checked: the widgets of target 'Widget' are not known: no `@main` WidgetBundle or Widget of its code lists them as written (a `main()` that does more than launch bundles, or a bundle whose body does more than list widgets, is not followed), so the kinds reloaded are not judged"
    )
  }

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

/// The kinds an extension names from a framework of the project it shares with the app, and a watch
/// app's widgets judged apart from the iPhone app's reloads.
@Suite struct LinkedKindTests {
  /// The hydrate example with the iPhone widget extension linking HydrateKit too, the shared widget's
  /// kind read from HydrateKit's `WaterLog.widgetKind`, and HydrateKit reloading `reload`.
  func findings(reload: String, kindThroughALet: Bool = false) throws -> [String] {
    let directory = try TestSupport.directory(with: [])
    defer { try? FileManager.default.removeItem(at: directory) }
    let root = directory.path + "/app"
    try WatchWidgetTests.copyExample(to: root)
    let pbxproj = root + "/Hydrate.xcodeproj/project.pbxproj"
    var text = try String(contentsOfFile: pbxproj, encoding: .utf8)
    // HydrateWidgetsExtension's Frameworks phase.
    let phase = try #require(text.range(of: "7C3D1A2F2E8F4B6000A1C0DE /* Frameworks */ = {"))
    let files = try #require(text.range(of: "files = (\n", range: phase.upperBound..<text.endIndex))
    text.insert(
      contentsOf: "\t\t\t\t7C3D1A152E8F4B6000A1C0DE /* HydrateKit.framework in Frameworks */,\n", at: files.upperBound)
    try text.write(toFile: pbxproj, atomically: true, encoding: .utf8)
    // `let kind = WaterLog.widgetKind` (eul's shape) names the framework's constant as well.
    let widgetEdits =
      kindThroughALet
      ? [
        (
          "struct WaterWidget: Widget {\n  var body",
          "struct WaterWidget: Widget {\n  let kind = WaterLog.widgetKind\n  var body"
        ),
        ("kind: \"WaterWidget\"", "kind: kind"),
      ] : [("kind: \"WaterWidget\"", "kind: WaterLog.widgetKind")]
    for (file, old, new) in widgetEdits.map({ ("SharedWidgets/WaterWidget.swift", $0.0, $0.1) }) + [
      ("HydrateKit/WaterLog.swift", "ofKind: WaterLog.widgetKind", "ofKind: \(reload)")
    ] {
      let path = root + "/" + file
      let source = try String(contentsOfFile: path, encoding: .utf8)
      #expect(source.contains(old))
      try source.replacingOccurrences(of: old, with: new).write(toFile: path, atomically: true, encoding: .utf8)
    }
    let report = LintRun(discoversConfiguration: false).run(arguments: [root])
    let notes = report.findings.filter { $0.ruleID == "computed-value" }.map(\.message)
    #expect(
      notes == [
        "kind not checked: the kind of widget 'WaterWidget' in target 'HydrateComplicationsExtension' names a "
          + "constant no file the target compiles declares, so the kinds reloaded are not judged"
      ])
    return report.findings.filter { ["unknown-widget-kind", "computed-value"].contains($0.ruleID) }.map { finding in
      "\(finding.ruleID) \((finding.file as NSString).lastPathComponent):\(TestSupport.position(finding))"
    }
  }

  /// The watch extension compiles the same widget without HydrateKit: its kind is not known there, and
  /// the watch app's reloads are not judged (one note says why), but the iPhone app's are, against the
  /// iPhone's widgets.
  @Test func aKindFromASharedFrameworkIsFollowedAndAMisspeltReloadReported() throws {
    let found = try findings(reload: "\"WaterWidgt\"")
    #expect(
      found == ["unknown-widget-kind WaterLog.swift:16:49-16:61", "computed-value WaterWidget.swift:7:31-7:50"],
      "\(found)")
  }

  @Test func aLetOfTheSharedFrameworksKindIsFollowedToo() throws {
    let found = try findings(reload: "\"WaterWidgt\"", kindThroughALet: true)
    #expect(found.first == "unknown-widget-kind WaterLog.swift:16:49-16:61", "\(found)")
  }

  /// The clean twin: only the note of the watch widget's kind.
  @Test func theSharedFrameworksKindReloadedIsClean() throws {
    let found = try findings(reload: "\"WaterWidget\"")
    #expect(found == ["computed-value WaterWidget.swift:7:31-7:50"], "\(found)")
  }
}

/// An Expo app's own module reloading the kind its class holds, beside a bundle with a Live Activity.
@Suite struct ExpoModuleKindTests {
  static let module = """
    import ExpoModulesCore
    import WidgetKit
    public class NoteSyncModule: Module {
      private let widgetKind = "NoteWidgt"
      public func definition() -> ModuleDefinition {
        Name("NoteSync")
        AsyncFunction("sync") { (text: String) in
          WidgetCenter.shared.reloadTimelines(ofKind: self.widgetKind)
        }
      }
    }
    """

  static let bundle = """
    import ActivityKit
    import SwiftUI
    import WidgetKit
    @main
    struct NoteBundle: WidgetBundle {
        var body: some Widget {
            NoteWidget()
            if #available(iOS 16.1, *) { NoteActivity() }
        }
    }
    struct NoteWidget: Widget {
        var body: some WidgetConfiguration {
            StaticConfiguration(kind: "NoteWidget", provider: NoteProvider()) { entry in NoteView(entry: entry) }
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
    """

  @Test func aModulesMisspeltStoredKindIsReportedBesideALiveActivity() throws {
    let files =
      UnknownWidgetKindRule.expoExampleFiles(kind: "\"NoteWidget\"").map {
        $0.0 == "targets/widget/NoteWidget.swift" ? ($0.0, Self.bundle) : $0
      } + [("modules/note-sync/ios/NoteSyncModule.swift", Self.module)]
    let directory = try TestSupport.directory(with: files)
    defer { try? FileManager.default.removeItem(at: directory) }
    let findings = LintRun(discoversConfiguration: false).run(arguments: [directory.path]).findings
      .filter { ["unknown-widget-kind", "computed-value"].contains($0.ruleID) }
    #expect(
      findings.map { "\($0.ruleID) \(($0.file as NSString).lastPathComponent):\(TestSupport.position($0))" } == [
        "unknown-widget-kind NoteSyncModule.swift:4:28-4:39"
      ])
  }
}
