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

@Suite struct WidgetCodeFactsTests {
  func facts(_ code: String) -> WidgetCodeFacts {
    SwiftSourceScanner.scan(SourceText(path: "W.swift", text: code)).code
  }

  func position(_ span: SourceSpan) -> String {
    let start = span.range.start
    return "\(start.line):\(start.column)"
  }

  @Test func viewsRecordTheTypesTheirMembersConstruct() {
    let code = """
      @Wrapped(Outside())
      struct CounterView: View {
          @AppStorage("count", store: UserDefaults(suiteName: "group.example")) var count = 0
          var body: some View {
              VStack { Label(entry: entry); helper() }
          }
          struct Row: View {
              var body: some View { Badge() }
          }
          enum Style { static let shape = Capsule() }
      }
      struct Provider: TimelineProvider {
          func placeholder(in context: Context) -> Entry { Entry(date: Date()) }
      }
      struct EmptyView2: View {
          var body: some View { text }
      }
      extension CounterView {
          func helper() -> some View { Extra() }
      }
      """
    let references = facts(code).viewReferences
    #expect(references["CounterView"] == ["UserDefaults", "VStack", "Label", "Badge", "Capsule"])
    #expect(references["Row"] == ["Badge"])
    #expect(references["EmptyView2"] == [])
    #expect(references["Provider"] == nil)
    #expect(references.count == 3)
  }

  /// The walk leaves types, imports and plain literals unread: code in interpolations, default values
  /// and initial values is still met, and types named only in annotations are not views constructed.
  @Test func typesAreNotEnteredButTheCodeBesideThemIs() {
    let code = """
      import SwiftUI
      struct NoteView: View {
          let items: [Row] = [Row()]
          var formatter: Formatter<Style>? = Formatter(style: .short)
          func detail(_ value: Value = Value()) -> some Wrapper<Inner> { Text("\\(Count(value))") }
          var body: some View {
              Text("plain \\(Badge().text) text").font(.caption).widgetURL(URL(string: "app://note"))
          }
      }
      """
    let found = facts(code)
    #expect(found.viewReferences["NoteView"] == ["Row", "Formatter", "Value", "Text", "Count", "Badge", "URL"])
    #expect(found.urlUses.map { position($0.span) } == ["7:59"])
    #expect(found.urlUses.map { $0.url.map { position($0.span) } } == ["7:81"])
  }

  /// Types with no attributes and only unread plain supertypes are read raw; a generic supertype, an
  /// attribute or a read supertype still gets the full reading.
  @Test func plainTypesAndTheTypesReadInFull() throws {
    let code = """
      struct Store: Codable, Hashable {
          static let kind = "StoreKind"
          func make() -> some View { Inside() }
      }
      struct Mixed: View, Wrapper<Int> {
          var body: some View { Row() }
      }
      @available(iOS 17.0, *)
      struct Gated: Equatable {
          func tap() { _ = Button(intent: Refresh()) { } }
      }
      enum Plain { case a }
      """
    let found = facts(code)
    #expect(found.viewReferences["Mixed"] == ["Row"])
    #expect(found.viewReferences["Store"] == nil)
    #expect(found.constants.keys.map { "\($0.type ?? "-").\($0.name)" } == ["Store.kind"])
    let use = try #require(found.versionedUses.first)
    #expect(use.symbol == "Button(intent:)")
    #expect(use.guaranteed?.description == "17.0")
    #expect(position(use.span) == "10:22")
  }

  /// A supertype qualified by its module is the same supertype: such a widget and view are read.
  @Test func moduleQualifiedSupertypesAreRecognised() throws {
    let code = """
      struct Notes: WidgetKit.Widget {
          var body: some WidgetConfiguration {
              StaticConfiguration(kind: "Notes", provider: P()) { entry in NoteView() }
                  .supportedFamilies([.systemSmall])
          }
      }
      struct NoteView: SwiftUI.View {
          var body: some View { Text("n") }
      }
      struct Other: Foundation.View {
          var body: some View { Label() }
      }
      """
    let found = facts(code)
    let widget = try #require(found.widgets.first)
    #expect(found.widgets.map(\.typeName) == ["Notes"])
    #expect(widget.configuration?.name == "StaticConfiguration")
    #expect(widget.families?.names.map(\.name) == ["systemSmall"])
    #expect(widget.contentViews == ["NoteView"])
    #expect(found.viewReferences["NoteView"] == ["Text"])
    #expect(found.viewReferences["Other"] == nil)
  }

  @Test func bundlesNestedBundlesAndAvailableBranches() {
    let code = """
      @main
      struct AllWidgets: WidgetBundle {
          var body: some Widget {
              A()
              B()
              MoreWidgets()
              if #available(iOS 18.0, *) {
                  Control()
              }
          }
      }
      struct MoreWidgets: WidgetBundle {
          @WidgetBundleBuilder
          var body: some Widget { C(); D() }
      }
      """
    let bundles = facts(code).bundles
    #expect(bundles.map(\.typeName) == ["AllWidgets", "MoreWidgets"])
    #expect(bundles[0].isMain && !bundles[1].isMain)
    #expect(bundles[0].blocks.map { $0.map(\.typeName) } == [["A", "B", "MoreWidgets", "if"], ["Control"]])
    #expect(bundles[1].blocks.map { $0.map(\.typeName) } == [["C", "D"]])
    #expect(position(bundles[0].blocks[0][1].span) == "5:9")
    let target = TargetCode(files: [SwiftSourceScanner.scan(SourceText(path: "W.swift", text: code))])
    #expect(target.mainBundle?.typeName == "AllWidgets")
  }

  @Test func kindsResolveFromLiteralsAndConstants() throws {
    let code = """
      enum Kinds { static let weather = "WeatherWidget" }
      let sharedKind = "SharedWidget"
      struct A: Widget {
          let kind: String = "AWidget"
          var body: some WidgetConfiguration {
              StaticConfiguration(kind: kind, provider: P()) { AView(entry: $0) }
                  .supportedFamilies([.systemSmall, .accessoryCircular])
          }
      }
      struct B: Widget {
          var body: some WidgetConfiguration {
              AppIntentConfiguration(kind: Kinds.weather, intent: I.self, provider: P()) { BView(entry: $0) }
          }
      }
      struct C: Widget {
          var body: some WidgetConfiguration { IntentConfiguration(kind: sharedKind, intent: I.self, provider: P()) { _ in EmptyView() } }
      }
      struct D: Widget {
          var body: some WidgetConfiguration { StaticConfiguration(kind: "D\\(suffix)", provider: P()) { _ in EmptyView() } }
      }
      """
    let scanned = SwiftSourceScanner.scan(SourceText(path: "W.swift", text: code))
    let target = TargetCode(files: [scanned])
    let kinds = scanned.code.widgets.map { widget in widget.kind.flatMap { target.resolve($0)?.value } }
    #expect(kinds == ["AWidget", "WeatherWidget", "SharedWidget", nil])
    let a = try #require(scanned.code.widgets.first)
    #expect(a.configuration?.name == "StaticConfiguration")
    #expect(a.families?.names.map(\.name) == ["systemSmall", "accessoryCircular"])
    #expect(a.contentViews == ["AView"])
    let kind = try #require(a.kind)
    let resolved = try #require(target.resolve(kind))
    #expect(position(resolved.span) == "4:24")
  }

  @Test func timelinePolicies() {
    let code = """
      func timeline() {
          let next = Calendar.current.date(byAdding: .minute, value: 2, to: Date())!
          _ = Timeline(entries: e, policy: .after(next))
          _ = Timeline(entries: e, policy: .after(Date().addingTimeInterval(15 * 60)))
          _ = Timeline(entries: e, policy: .after(Date(timeIntervalSinceNow: 60)))
          _ = Timeline(entries: e, policy: .after(Date.now + 90))
          _ = Timeline(entries: e, policy: .never)
          _ = Timeline(entries: e, policy: .after(nextRefresh()))
      }
      func loop() {
          for offset in 0..<5 {
              let date = Calendar.current.date(byAdding: .hour, value: offset, to: now)!
          }
          _ = Timeline(entries: e, policy: .atEnd)
      }
      func spaced() {
          for i in 0..<60 { entries.append(Entry(date: now.addingTimeInterval(Double(i) * 30))) }
          _ = Timeline(entries: e, policy: .atEnd)
      }
      func hourOfMinutes() {
          for minute in 1...60 { entries.append(Entry(date: now.addingTimeInterval(Double(minute) * 60))) }
          _ = Timeline(entries: e, policy: .atEnd)
      }
      func threeMinutes() {
          for minute in 0..<3 { entries.append(Entry(date: now.addingTimeInterval(Double(minute) * 60))) }
          _ = Timeline(entries: e, policy: .atEnd)
      }
      func unknownCount() {
          for i in 0..<count { entries.append(Entry(date: now.addingTimeInterval(Double(i) * 60))) }
          _ = Timeline(entries: e, policy: .atEnd)
      }
      """
    // `.atEnd` reloads after the last entry: the loop's last step times its spacing, not the spacing.
    let policies = facts(code).policies
    #expect(policies.map(\.seconds) == [120, 900, 60, 90, nil, nil, 4 * 3600, 59 * 30, 3600, 120, nil])
    #expect(
      policies.map { position($0.span) } == [
        "3:38", "4:38", "5:38", "6:38", "7:38", "8:38", "14:38", "18:38", "22:38", "26:38", "30:38",
      ])
  }

  /// An interval no `Int` holds is unknown, not a crash (found by the swift fuzz target).
  @Test func intervalsPastIntsRangeAreUnknown() {
    let code = """
      func timeline() {
          _ = Timeline(entries: e, policy: .after(Date().addingTimeInterval(9\(String(repeating: "0", count: 40)) * 60)))
          _ = Timeline(entries: e, policy: .after(Date().addingTimeInterval(1e400)))
          _ = Timeline(entries: e, policy: .after(Date().addingTimeInterval(-1e30)))
          _ = Timeline(entries: e, policy: .after(Date().addingTimeInterval(90.5)))
      }
      func spaced() {
          for i in 0..<60 { entries.append(Entry(date: now.addingTimeInterval(Double(i) * 1e300))) }
          _ = Timeline(entries: e, policy: .atEnd)
      }
      """
    #expect(facts(code).policies.map(\.seconds) == [nil, nil, nil, 90, nil])
  }

  /// Reloads asked for at once: Mastodon's follower widgets return `.after(.now)`.
  @Test func zeroIntervalReloads() {
    let code = """
      struct P {
          func a() { completion(Timeline(entries: [e], policy: .after(.now))) }
          func b() { completion(Timeline(entries: [e], policy: .after(Date()))) }
          func c() { completion(Timeline(entries: [e], policy: .after(Date.now))) }
          func d() { completion(Timeline(entries: [e], policy: .after(.now.addingTimeInterval(60)))) }
          func e() {
              let interval: TimeInterval = 15 * 60
              completion(Timeline(entries: [e], policy: .after(Date().addingTimeInterval(interval))))
          }
          func f() {
              let entry = SimpleEntry(date: .now)
              completion(Timeline(entries: [entry], policy: .atEnd))
          }
          func g() { completion(Timeline(entries: [SimpleEntry(date: later)], policy: .atEnd)) }
      }
      """
    let policies = facts(code).policies
    #expect(policies.map(\.seconds) == [0, 0, 0, 60, 900, 0, nil])
    #expect(policies.map { position($0.span) } == ["2:58", "3:58", "4:58", "5:58", "8:51", "12:55", "14:81"])
  }

  /// home_widget's own example writes `UserDefaults.init(suiteName:)` with the group in a constant.
  @Test func everySpellingOfASharedStore() {
    let code = """
      private let widgetGroupId = "group.es.example.homeWidget"
      struct Provider {
          func load() {
              let data = UserDefaults.init(suiteName: widgetGroupId)
              let plain = UserDefaults(suiteName: "group.es.example.other")
          }
      }
      """
    let found = facts(code)
    #expect(found.groupIdentifiers.map { position($0.span) } == ["4:49", "5:45"])
    let target = TargetCode(files: [SwiftSourceScanner.scan(SourceText(path: "W.swift", text: code))])
    #expect(
      found.groupIdentifiers.compactMap { target.resolve($0)?.value } == [
        "group.es.example.homeWidget", "group.es.example.other",
      ])
  }

  @Test func groupIdentifiersAndURLs() {
    let code = """
      let group = "group.com.example.shared"
      let defaults = UserDefaults(suiteName: "group.com.example.app")
      let other = UserDefaults(suiteName: group)
      let container = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.x")
      let computed = UserDefaults(suiteName: "group." + Bundle.main.bundleIdentifier!)
      struct V: View {
          var body: some View {
              switch family {
              case .systemSmall: Text("a").widgetURL(URL(string: "app://a"))
              default: Text("b").widgetURL(URL(string: "app://b"))
              }
              Link(destination: URL(string: "app://link")!) { Text("c") }
          }
      }
      """
    let found = facts(code)
    #expect(found.groupIdentifiers.count == 3)
    let target = TargetCode(files: [SwiftSourceScanner.scan(SourceText(path: "W.swift", text: code))])
    #expect(
      found.groupIdentifiers.compactMap { target.resolve($0)?.value } == [
        "group.com.example.app", "group.com.example.shared", "group.x",
      ])
    #expect(found.urlUses.map(\.isLink) == [false, false, true])
    #expect(found.urlUses[0].excludes(found.urlUses[1]))
    #expect(!found.urlUses[0].excludes(found.urlUses[2]))
    #expect(found.urlUses.allSatisfy { $0.enclosingType == "V" })
  }

  /// A variable's attributes are read typed and its string constants raw: one with both keeps both, and
  /// a `var` is no constant.
  @Test func attributedConstantsKeepTheirValueAndTheirAvailability() {
    let code = """
      enum Keys {
          @available(iOSApplicationExtension, unavailable)
          static let appOnly = "group.app.only", other = "x"
          @available(iOS 17.0, *)
          static let kind = "Newer"
          static var mutable = "skip"
      }
      """
    let bytes = Array(code.utf8)
    let found = facts(code)
    #expect(found.extensionUnavailableDeclarations == ["appOnly", "other"])
    let constants = found.constants.map { key, use -> String in
      let text = String(decoding: bytes[use.span.start..<use.span.end], as: UTF8.self)
      return "\(key.type ?? "-").\(key.name)=\(text)@\(position(use.span))"
    }
    #expect(
      constants.sorted() == [
        "Keys.appOnly=\"group.app.only\"@3:26", "Keys.kind=\"Newer\"@5:23", "Keys.other=\"x\"@3:52",
      ])
  }

  /// A URL use knows the `if` and `switch` branches around it, innermost first: each construct by its
  /// offset (an `if`'s keyword, a switch's first case) and the branch by its index or its case's offset.
  @Test func urlUsesKnowTheBranchesAroundThem() {
    let code = """
      struct V: View {
          var body: some View {
              if compact {
                  switch family {
                  case .systemSmall: Text("a").widgetURL(URL(string: "app://a"))
                  default: Link(destination: URL(string: "app://b")!) { Text("b") }
                  }
              } else {
                  Text("c").widgetURL(URL(string: "app://c"))
              }
              Text("d").widgetURL(URL(string: "app://d"))
          }
      }
      """
    let bytes = Array(code.utf8)
    func offset(_ text: String) -> Int { bytes.firstRange(of: Array(text.utf8))!.lowerBound }
    func step(_ construct: String, _ index: Int) -> WidgetCodeFacts.BranchStep {
      .init(construct: offset(construct), index: index)
    }
    let uses = facts(code).urlUses
    #expect(
      uses.map { String(decoding: bytes[$0.span.start..<$0.span.end], as: UTF8.self) } == [
        "widgetURL", "Link", "widgetURL", "widgetURL",
      ])
    #expect(uses.map { position($0.span) } == ["5:42", "6:22", "9:23", "11:19"])
    let urls = uses.map { use -> String? in
      guard case .literal(let url) = use.url?.value else { return nil }
      return url
    }
    #expect(
      urls == [
        "app://a", "app://b", "app://c", "app://d",
      ])
    #expect(uses[0].branches == [step("case .systemSmall", offset("case .systemSmall")), step("if compact", 0)])
    #expect(uses[1].branches == [step("case .systemSmall", offset("default:")), step("if compact", 0)])
    #expect(uses[2].branches == [step("if compact", 1)])
    #expect(uses[3].branches.isEmpty)
    #expect(uses[0].excludes(uses[1]) && uses[0].excludes(uses[2]) && uses[1].excludes(uses[2]))
    #expect(!uses[3].excludes(uses[0]))
  }

  @Test func versionedUsesKnowTheirGuards() {
    let code = """
      struct W: Widget {
          var body: some WidgetConfiguration {
              AppIntentConfiguration(kind: "W", intent: I.self, provider: P()) { entry in
                  if #available(iOS 17.0, *) {
                      V().containerBackground(.fill, for: .widget)
                  } else {
                      V().containerBackground(.fill, for: .widget)
                  }
              }
          }
      }
      @available(iOS 17.0, *)
      struct Tap: View {
          var body: some View { Button(intent: Refresh()) { Text("Go") } }
      }
      func f() {
          guard #available(iOS 16.0, *) else { return }
          _ = Toggle(isOn: true, intent: T())
      }
      """
    let uses = facts(code).versionedUses
    #expect(
      uses.map(\.symbol) == [
        "AppIntentConfiguration", "containerBackground(_:for: .widget)", "containerBackground(_:for: .widget)",
        "Button(intent:)", "Toggle(isOn:intent:)",
      ])
    #expect(uses.map { $0.guaranteed?.description } == [nil, "17.0", nil, "17.0", "16.0"])
  }

  /// Live Activities (iOS 16.1) and controls (iOS 18) are versioned as configurations are: a use in a
  /// type marked `@available` is guaranteed that version.
  @Test func liveActivitiesAndControlsAreVersioned() throws {
    let code = """
      struct TripActivity: Widget {
          var body: some WidgetConfiguration {
              ActivityConfiguration(for: TripAttributes.self) { context in Text("") } dynamicIsland: { _ in DynamicIsland {} }
          }
      }
      @available(iOS 18.0, *)
      struct TripControl: ControlWidget {
          var body: some ControlWidgetConfiguration {
              StaticControlConfiguration(kind: "TripControl") { ControlWidgetButton(action: Open()) { Text("") } }
          }
      }
      """
    let uses = facts(code).versionedUses
    #expect(uses.map(\.symbol) == ["ActivityConfiguration", "StaticControlConfiguration"])
    #expect(uses.map(\.minimum.description) == ["16.1", "18.0"])
    #expect(uses.map { $0.guaranteed?.description } == [nil, "18.0"])
    #expect(uses.map { position($0.span) } == ["3:9", "9:9"])
  }

  /// The walk makes typed nodes only on the way to the ones it reads; around syntax errors the tree
  /// holds missing and unexpected nodes, and the facts must still point at the right text.
  @Test func factsAroundSyntaxErrorsKeepTheirPositions() throws {
    let code = """
      struct Broken: View {
          var body: some View {
              Text("a" +)
              Link(destination: URL(string: "app://a")!) { Label("x") }
          }
          let kind = "Kind.A"
          func f( { }
          var more: some View { if #available(iOS 17.0, *) { Text("b").containerBackground(.red, for: .widget) } }
      }
      """
    let found = facts(code)
    let offset = { (text: String) -> Int in
      code.utf8.count - code[try! #require(code.range(of: text)).lowerBound...].utf8.count
    }
    let link = try #require(found.urlUses.first)
    #expect(link.isLink && link.span.start == offset("Link(") && link.span.end == offset("Link(") + 4)
    #expect(link.enclosingType == "Broken")
    if case .literal(let url) = link.url?.value { #expect(url == "app://a") } else { Issue.record("no URL") }
    let constant = try #require(found.constants[.init(type: "Broken", name: "kind")])
    #expect(constant.span.start == offset("\"Kind.A\""))
    #expect(found.viewReferences["Broken"] == ["Text", "Link", "URL", "Label"])
    let use = try #require(found.versionedUses.first)
    #expect(use.symbol == "containerBackground(_:for: .widget)" && use.guaranteed?.description == "17.0")
    #expect(use.span.start == offset("containerBackground"))
  }

  @Test func unsupportedViewsAndOwnUnavailableDeclarations() {
    let code = """
      struct Web: UIViewRepresentable {}
      struct V: View {
          var body: some View {
              VStack { AsyncImage(url: u); Text("List") }  // ScrollView in a comment
          }
      }
      @available(iOSApplicationExtension, unavailable)
      func openSettings() { UIApplication.shared.open(url) }
      @available(iOSApplicationExtension, unavailable)
      func openMore() { openSettings() }
      func tap() { openSettings() }
      """
    let found = facts(code)
    #expect(
      found.unsupportedViews.map { "\($0.name)@\(position($0.span))" } == [
        "UIViewRepresentable@1:13", "AsyncImage@4:18",
      ])
    #expect(found.extensionUnavailableDeclarations == ["openSettings", "openMore"])
    let file = SwiftSourceScanner.scan(SourceText(path: "Widget.swift", text: code))
    #expect(file.references(to: ["openSettings"]).map { position($0.span) } == ["11:14"])
    #expect(
      file.references(to: ["openSettings", "shared", "url"]).map { "\($0.name)@\(position($0.span))" } == [
        "openSettings@11:14"
      ])
    #expect(file.references(to: ["nowhere"]).isEmpty)
  }
}

/// Patterns from shipped widget extensions that must not produce false findings.
@Suite struct ShippedPatternTests {
  func lint(_ manifestWidgets: String, files: [(path: String, contents: String)], deploymentTarget: String = "16.0")
    throws -> [Finding]
  {
    let manifest = """
      app:
        bundleIdentifier: com.example.app
        deploymentTarget: "\(deploymentTarget)"
      targets:
        - name: widgets
          bundleIdentifier: com.example.app.widgets
          sources: [Widgets]
          widgets:
      \(manifestWidgets)
      """
    return try TestSupport.lint(manifest, files: files)
  }

  let countdown = "      - {kind: Countdown, displayName: Countdown, description: Days left., families: [systemSmall]}"

  @Test func callsOfTheProjectsOwnExtensionUnavailableFunctionsAcrossFiles() throws {
    let findings = try lint(
      countdown,
      files: [
        (
          "Widgets/AppOnly.swift",
          """
          import UIKit

          enum AppOnly {
              @available(iOSApplicationExtension, unavailable)
              static func openSettings() { UIApplication.shared.open(URL(string: "app-settings:")!) }
              @available(iOSApplicationExtension, unavailable)
              static func again() { openSettings() }
          }
          """
        ),
        (
          "Widgets/Countdown.swift",
          """
          import SwiftUI
          // openSettings() is not called here, and "openSettings" is only a string.
          struct Row: View {
              let hint = "openSettings"
              var body: some View { Button("Open") { AppOnly.openSettings() } }
          }
          """
        ),
        ("Widgets/Plain.swift", "struct Plain { let x = 1 }\n"),
      ]
    )
    .filter { $0.ruleID == "extension-unavailable-api" }
    // The call inside another unavailable function, the comment and the string do not count.
    #expect(
      findings.map { "\(($0.file as NSString).lastPathComponent) \(TestSupport.position($0))" } == [
        "Countdown.swift 5:52-5:64"
      ])
    #expect(
      findings.first?.message.hasPrefix("'openSettings' is declared @available(iOSApplicationExtension, unavailable)")
        == true)
  }

  @Test func bundleThatReturnsBuilderProperties() throws {
    let bundle = """
      @main
      struct Widgets: WidgetBundle {
          var body: some Widget {
              if #available(iOS 18.0, *) {
                  return modern
              } else {
                  return classic
              }
          }
          @WidgetBundleBuilder var classic: some Widget { CountdownWidget() }
          @available(iOS 18.0, *)
          @WidgetBundleBuilder var modern: some Widget { CountdownWidget(); CountdownControl() }
      }
      """
    let widget = """
      struct CountdownWidget: Widget {
          var body: some WidgetConfiguration {
              StaticConfiguration(kind: "Countdown", provider: P()) { CountdownView(entry: $0) }
                  .supportedFamilies([.systemSmall])
          }
      }
      """
    // The body's list is not fully known, so no kind is reported missing from the code.
    #expect(
      try lint(countdown, files: [("Widgets/Bundle.swift", bundle), ("Widgets/Countdown.swift", widget)]).isEmpty)
  }

  @Test func singleWidgetMarkedMain() throws {
    let widget = """
      @main
      struct CountdownWidget: Widget {
          let kind: String = "Countdown"
          var body: some WidgetConfiguration {
              StaticConfiguration(kind: kind, provider: P()) { entry in
                  if #available(iOSApplicationExtension 17.0, *) {
                      CountdownView(entry: entry).containerBackground(for: .widget) {}
                  } else {
                      CountdownView(entry: entry)
                  }
              }
              .supportedFamilies([.systemSmall])
          }
      }
      """
    #expect(try lint(countdown, files: [("Widgets/Countdown.swift", widget)]).isEmpty)
    let drifted = countdown.replacingOccurrences(of: "Countdown,", with: "Countdown2,")
    let findings = try lint(drifted, files: [("Widgets/Countdown.swift", widget)])
    #expect(findings.map(\.ruleID) == ["manifest-drift", "manifest-drift"])
  }

  @Test func datesThatAreNotOffsetsFromNow() throws {
    let provider = """
      struct P: TimelineProvider {
          func getTimeline(in context: Context, completion: @escaping (Timeline<E>) -> Void) {
              let tomorrow = Calendar.current.startOfDay(for: Date()).addingTimeInterval(60)
              completion(Timeline(entries: [], policy: .after(tomorrow)))
              var next = Date().addingTimeInterval(60)
              next = Calendar.current.startOfDay(for: next)
              completion(Timeline(entries: [], policy: .after(next)))
              let soon = Calendar.current.date(byAdding: .minute, value: 1, to: midnight)!
              completion(Timeline(entries: [], policy: .after(soon)))
          }
      }
      """
    #expect(try lint(countdown, files: [("Widgets/Provider.swift", provider)]).isEmpty)
    let now = provider.replacingOccurrences(of: "to: midnight", with: "to: .now")
    #expect(
      try lint(countdown, files: [("Widgets/Provider.swift", now)]).map(\.ruleID) == ["refresh-interval-too-short"])
  }
}
