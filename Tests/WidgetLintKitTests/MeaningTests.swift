import Foundation
import Testing

@testable import WidgetLintCore
@testable import WidgetLintEngine
@testable import WidgetLintModel
@testable import WidgetLintReaders
@testable import WidgetLintRules

/// Rules read what code means, not the names in it: `multiple-widget-url` counts the modifier on a
/// rendered view, not whatever is named `widgetURL`, and lets presentations that are never shown together
/// each set one URL; `refresh-interval-too-short` counts reloads, not entries.
@Suite struct MeaningTests {
  let manifest = """
    app:
      bundleIdentifier: com.example.news
    targets:
      - name: NewsWidget
        bundleIdentifier: com.example.news.widget
        sources: [NewsWidget]
        widgets:
          - {kind: Headlines, displayName: Headlines, description: Top stories., families: [systemSmall]}
    """

  func findings(of rule: RuleID, in code: String) throws -> [String] {
    try TestSupport.lint(manifest, files: [("NewsWidget/Views.swift", code)])
      .filter { $0.ruleID == rule.rawValue }.map(TestSupport.position)
  }

  func repeatedURLs(_ code: String) throws -> [String] { try findings(of: .multipleWidgetURL, in: code) }

  @Test func enumCasesPatternsAndFunctionsNamedWidgetURLAreNotTheModifier() throws {
    let code = """
      import SwiftUI
      enum Route { case widgetURL(URL), home }
      enum Links {
          static func widgetURL(for id: String) -> URL? { URL(string: "news://" + id) }
      }
      struct HeadlinesView: View {
          let route: Route
          var body: some View {
              VStack {
                  Text(label).widgetURL(Links.widgetURL(for: "top"))
                  Text("More").widgetURL(Self.widgetURL(for: "more"))
              }
          }
          var label: String {
              switch route {
              case let .widgetURL(url): return url.absoluteString
              case .home: return ""
              }
          }
          func next() -> Route { .widgetURL(URL(string: "news://next")!) }
          static func widgetURL(for id: String) -> URL? { Links.widgetURL(for: id) }
      }
      """
    // The two modifiers on views are one too many; the enum case, the pattern and the functions are none.
    #expect(try repeatedURLs(code) == ["11:26-11:35"])
  }

  @Test func eachPresentationOfALiveActivityMaySetOneURL() throws {
    let code = """
      import ActivityKit
      import SwiftUI
      import WidgetKit
      struct DeliveryActivity: Widget {
          var body: some WidgetConfiguration {
              ActivityConfiguration(for: DeliveryAttributes.self) { context in
                  Text("Lock screen").widgetURL(URL(string: "news://lock"))
              } dynamicIsland: { context in
                  DynamicIsland {
                      DynamicIslandExpandedRegion(.leading) { Text("L").widgetURL(URL(string: "news://l")) }
                      DynamicIslandExpandedRegion(.trailing) { Text("T").widgetURL(URL(string: "news://t")) }
                  } compactLeading: {
                      Text("C").widgetURL(URL(string: "news://c"))
                  } compactTrailing: {
                      Text("c")
                  } minimal: {
                      Text("m").widgetURL(URL(string: "news://m")).widgetURL(URL(string: "news://m2"))
                  }
              }
          }
      }
      """
    // Only the minimal presentation sets two.
    #expect(try repeatedURLs(code) == ["17:62-17:71"])
  }

  @Test func eachMemberABodyPicksPerFamilyMaySetOneURL() throws {
    let code = """
      import SwiftUI
      import WidgetKit
      struct TicketView: View {
          @Environment(\\.widgetFamily) var family
          var body: some View {
              switch family {
              case .accessoryCircular: circular
              default: rectangular
              }
          }
          var circular: some View {
              Text("C").widgetURL(URL(string: "news://c"))
          }
          var rectangular: some View {
              VStack {
                  Text("R").widgetURL(URL(string: "news://r"))
                  Text("S").widgetURL(URL(string: "news://s"))
              }
          }
      }
      """
    // One member sets two; the other member's one is not compared with them.
    #expect(try repeatedURLs(code) == ["17:23-17:32"])
  }

  @Test func entriesAMinuteApartEndingAtEndReloadAtTheLastEntry() throws {
    let code = """
      import WidgetKit
      struct Provider: TimelineProvider {
          func getTimeline(in context: Context, completion: @escaping (Timeline<Entry>) -> Void) {
              var entries: [Entry] = []
              for minute in 0...60 {
                  entries.append(Entry(date: Date().addingTimeInterval(Double(minute) * 60)))
              }
              completion(Timeline(entries: entries, policy: .atEnd))
          }
          func soon(completion: @escaping (Timeline<Entry>) -> Void) {
              var entries: [Entry] = []
              for minute in 0..<3 {
                  entries.append(Entry(date: Date().addingTimeInterval(Double(minute) * 60)))
              }
              completion(Timeline(entries: entries, policy: .atEnd))
          }
      }
      """
    // An hour of minutes reloads once an hour; three minutes of them reload after two.
    #expect(try findings(of: .refreshIntervalTooShort, in: code) == ["15:55-15:61"])
  }

  /// Two widget folders with no `bundleIdentifier` of apple-targets' kind: @bacons/apple-targets derives
  /// the same `<app id>.widget` for both.
  static func expoApp(plugin: String) -> [(path: String, contents: String)] {
    let app = """
      {"expo": {"name": "Two", "ios": {"bundleIdentifier": "com.example.two"},
        "plugins": ["\(plugin)"],
        "extra": {"eas": {"build": {"experimental": {"ios": {"appExtensions": [
          {"targetName": "ShareTarget", "bundleIdentifier": "com.example.two.share"}]}}}}}}}
      """
    let config = #"{"type": "widget", "name": "Hello", "ios": {"bundleIdentifier": "com.example.two.hello"}}"#
    return [
      ("app.json", app),
      ("targets/hello/expo-target.config.json", config),
      ("targets/hello/Widget.swift", "import WidgetKit\n"),
      ("targets/other/expo-target.config.json", config.replacingOccurrences(of: "hello", with: "other")),
      ("targets/other/Widget.swift", "import WidgetKit\n"),
    ]
  }

  func expoFindings(plugin: String) throws -> [String] {
    let directory = try TestSupport.directory(with: Self.expoApp(plugin: plugin))
    defer { try? FileManager.default.removeItem(at: directory) }
    return LintRun(discoversConfiguration: false).run(arguments: [directory.path]).findings
      .filter { ["duplicate-bundle-id", "eas-extension-mismatch", "computed-value"].contains($0.ruleID) }
      .map { "\($0.ruleID) \(($0.file as NSString).lastPathComponent):\(TestSupport.start($0))" }
  }

  @Test func anotherPluginsTargetFoldersAreUnknownNotAppleTargets() throws {
    // expo-targets' own format: its targets are not read as @bacons/apple-targets' would read them.
    #expect(try expoFindings(plugin: "expo-targets") == ["computed-value app.json:2:15"])
    // The same folders for @bacons/apple-targets: one bundle identifier for both, and no ShareTarget.
    let apple = try expoFindings(plugin: "@bacons/apple-targets")
    #expect(apple.contains("duplicate-bundle-id expo-target.config.json:1:10"), "\(apple)")
    #expect(apple.contains("eas-extension-mismatch app.json:4:20"), "\(apple)")
  }

  @Test func aConformanceInAnExtensionUnavailableOnIOSIsNoUse() throws {
    let code = """
      import AppIntents
      struct RefreshIntent: AppIntent {
          static var title: LocalizedStringResource = "Refresh"
          func perform() async throws -> some IntentResult { .result() }
      }
      @available(iOS, unavailable)
      extension RefreshIntent: ForegroundContinuableIntent {}
      struct OpenIntent: AppIntent {
          static var title: LocalizedStringResource = "Open"
          func perform() async throws -> some IntentResult { .result() }
      }
      extension OpenIntent: ForegroundContinuableIntent {}
      """
    // AltStore's shape: the conformance in an extension unavailable on iOS compiles in the widget.
    #expect(try findings(of: .extensionUnavailableAPI, in: code) == ["12:23-12:50"])
  }

  @Test func aPreviewIsNotRenderedInAWidget() throws {
    let code = """
      import SwiftUI
      struct RowView: View {
          var body: some View { Text("Row") }
      }
      struct RowView_Previews: PreviewProvider {
          static var previews: some View { List { RowView() } }
      }
      #Preview { List { RowView() } }
      struct RowsView: View {
          var body: some View { List { RowView() } }
      }
      """
    // The previews' Lists are Xcode's; the view's own List is the widget's.
    #expect(try findings(of: .widgetUnsupportedView, in: code) == ["10:27-10:31"])
  }

  @Test func aNestedProjectsCodeIsItsOwnNotTheEnclosingApps() throws {
    let app =
      #"{"expo": {"name": "Outer", "ios": {"bundleIdentifier": "com.example.outer"}, "plugins": ["@bacons/apple-targets"]}}"#
    let widget = """
      import WidgetKit
      import SwiftUI
      @main
      struct W: Widget {
          var body: some WidgetConfiguration {
              StaticConfiguration(kind: "W", provider: P()) { _ in Text("").containerBackground(.clear, for: .widget) }
          }
      }
      """
    let opens = { (group: String) in
      #"import { ExtensionStorage } from "@bacons/apple-targets";"# + "\nnew ExtensionStorage(\"\(group)\");\n"
    }
    let files: [(path: String, contents: String)] = [
      ("app.json", app),
      ("targets/w/expo-target.config.json", #"{"type": "widget"}"#),
      ("targets/w/W.swift", widget),
      ("src/store.ts", opens("group.com.example.outer")),
      ("demo/app.json", app.replacingOccurrences(of: "outer", with: "demo")),
      ("demo/targets/w/expo-target.config.json", #"{"type": "widget"}"#),
      ("demo/targets/w/W.swift", widget),
      ("demo/App.tsx", opens("group.com.example.demo")),
    ]
    let directory = try TestSupport.directory(with: files)
    defer { try? FileManager.default.removeItem(at: directory) }
    let found = LintRun(discoversConfiguration: false).run(arguments: [directory.path]).findings
      .filter { $0.ruleID == "app-group-mismatch" }
      .map { "\(String($0.file.dropFirst(directory.path.count + 1))):\(TestSupport.start($0))" }
    // Each app's group is its own finding, once: the outer app does not read the demo's App.tsx.
    #expect(found.sorted() == ["demo/App.tsx:2:22", "src/store.ts:2:22"])
  }

  /// An Expo app without an app config is marked by its package.json alone: it depends on `expo` and
  /// `react-native`. A library of the workspace, which lists them as peers, is the app's code.
  @Test func aNestedAppMarkedOnlyByItsPackageIsItsOwn() throws {
    let app =
      #"{"expo": {"name": "Outer", "ios": {"bundleIdentifier": "com.example.outer"}, "plugins": ["@bacons/apple-targets"]}}"#
    let opens = { (group: String) in
      #"import { ExtensionStorage } from "@bacons/apple-targets";"# + "\nnew ExtensionStorage(\"\(group)\");\n"
    }
    let files: [(path: String, contents: String)] = [
      ("app.json", app),
      ("targets/w/expo-target.config.json", #"{"type": "widget"}"#),
      ("src/store.ts", opens("group.com.example.outer")),
      ("preview/package.json", #"{"main": "index.js", "dependencies": {"expo": "~54.0.0", "react-native": "0.81.4"}}"#),
      ("preview/App.tsx", opens("group.com.example.preview")),
      ("packages/ui/package.json", #"{"name": "ui", "peerDependencies": {"expo": "*", "react-native": "*"}}"#),
      ("packages/ui/storage.ts", opens("group.com.example.ui")),
    ]
    let directory = try TestSupport.directory(with: files)
    defer { try? FileManager.default.removeItem(at: directory) }
    let found = LintRun(discoversConfiguration: false).run(arguments: [directory.path]).findings
      .filter { $0.ruleID == "app-group-mismatch" }
      .map { "\(String($0.file.dropFirst(directory.path.count + 1))):\(TestSupport.start($0))" }
    #expect(found.sorted() == ["packages/ui/storage.ts:2:22", "src/store.ts:2:22"])
  }
}
