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

/// The project's own names: a type it declares shadows the SDK's, widgets it declares through its own
/// protocols are widgets, and bundles it composes from other bundles' bodies list their widgets.
@Suite struct ProjectNamesTests {
  static func lint(_ manifest: String, _ files: [(String, String)], rule: String) throws -> [String] {
    try TestSupport.lint(manifest, files: files).filter { $0.ruleID == rule }
      .map { "\($0.file.split(separator: "/").last ?? "") \(TestSupport.position($0))" }
  }

  // MARK: A type of the project shadows the SDK's

  static let twoTargets = """
    app:
      bundleIdentifier: com.example.photos
    targets:
      - name: PhotoWidget
        bundleIdentifier: com.example.photos.widget
        sources: [PhotoWidget]
        widgets:
          - {kind: PhotoOfTheDay, displayName: Photo of the day, description: A photo a day., families: [systemSmall]}
      - name: GalleryWidget
        bundleIdentifier: com.example.photos.gallery
        sources: [GalleryWidget]
        widgets:
          - {kind: Gallery, displayName: Gallery, description: Recent photos., families: [systemMedium]}
    """

  /// The app's image loader, named like SwiftUI's: it reads the file the provider saved.
  static let ownAsyncImage = """
    import SwiftUI

    struct AsyncImage: View {
        let url: URL
        var body: some View {
            if let image = UIImage(contentsOfFile: url.path) {
                Image(uiImage: image).resizable()
            } else {
                Color.gray
            }
        }
    }
    """

  static let photoView = """
    import SwiftUI

    struct PhotoView: View {
        let url: URL
        var body: some View {
            AsyncImage(url: url)
        }
    }
    """

  @Test func aTypeTheTargetDeclaresShadowsTheSDKsName() throws {
    let files = [
      ("PhotoWidget/AsyncImage.swift", Self.ownAsyncImage),
      ("PhotoWidget/PhotoView.swift", Self.photoView),
      // The other target declares no AsyncImage: there the name is SwiftUI's.
      ("GalleryWidget/GalleryView.swift", Self.photoView),
    ]
    #expect(try Self.lint(Self.twoTargets, files, rule: "widget-unsupported-view") == ["GalleryView.swift 6:9-6:19"])
  }

  @Test func aTypeAliasShadowsTooButOtherViewsAreStillJudged() throws {
    let alias = """
      import SwiftUI

      typealias AsyncImage = CachedImage

      struct CachedImage: View {
          let url: URL
          var body: some View { Color.gray }
      }

      struct StripView: View {
          let urls: [URL]
          var body: some View {
              ScrollView(.horizontal) {
                  ForEach(urls, id: \\.self) { AsyncImage(url: $0) }
              }
          }
      }
      """
    #expect(
      try Self.lint(Self.twoTargets, [("PhotoWidget/Strip.swift", alias)], rule: "widget-unsupported-view") == [
        "Strip.swift 13:9-13:19"
      ])
  }

  @Test func aNestedTypeShadowsOnlyInsideTheTypeThatHoldsIt() throws {
    let gallery = """
      import SwiftUI

      enum Gallery {
          struct AsyncImage: View {
              let url: URL
              var body: some View { Color.gray }
          }

          struct Tile: View {
              let url: URL
              var body: some View { AsyncImage(url: url) }
          }
      }

      extension Gallery {
          static func cover(_ url: URL) -> some View { AsyncImage(url: url) }
      }

      struct Strip: View {
          let url: URL
          var body: some View { AsyncImage(url: url) }
      }
      """
    // `Gallery.AsyncImage` is what the name means in Gallery and its extension; in `Strip` it is SwiftUI's.
    #expect(
      try Self.lint(Self.twoTargets, [("GalleryWidget/Gallery.swift", gallery)], rule: "widget-unsupported-view") == [
        "Gallery.swift 21:27-21:37"
      ])
  }

  /// examples/expo-photo-frame: an Expo app whose widget target declares its own `AsyncImage`.
  @Test func thePhotoFrameExampleIsCleanAndItsOwnAsyncImageIsWhatKeepsItSo() throws {
    let root = TestSupport.path("examples/expo-photo-frame")
    let report = LintRun(discoversConfiguration: false).run(arguments: [root])
    #expect(report.inputErrors.isEmpty && report.projects.count == 1)
    #expect(report.findings.map { "\($0.ruleID) \($0.file): \($0.message)" } == [])
    // Without the target's own declaration, the name is SwiftUI's.
    let names = [
      "app.json", "package.json", "targets/widget/expo-target.config.json", "targets/widget/PhotoWidget.swift",
    ]
    let files = try names.map { name in
      (name, try String(contentsOfFile: root + "/" + name, encoding: .utf8))
    }
    let findings = try TestSupport.lint("", files: files).map {
      "\($0.ruleID) \($0.file.split(separator: "/").last ?? "") \(TestSupport.position($0))"
    }
    #expect(findings == ["widget-unsupported-view PhotoWidget.swift 35:9-35:19"])
  }

  // MARK: Widgets declared through the project's protocols

  /// Widgets of a protocol refining `Widget`, in a chain across files, composed into the `@main` bundle
  /// through another bundle's `body`, with a cycle of bundles.
  static let protocolFiles = [
    (
      "Protocols.swift",
      """
      import WidgetKit

      protocol AccessoryWidget: Widget {}
      protocol CalendarAccessory: AccessoryWidget {}
      protocol Looping: Circular {}
      protocol Circular: Looping {}
      """
    ),
    (
      "Bundles.swift",
      """
      import SwiftUI
      import WidgetKit

      @main
      struct AllWidgets: WidgetBundle {
          var body: some Widget {
              HomeWidget()
              AccessoryWidgets().body
          }
      }

      struct AccessoryWidgets: WidgetBundle {
          @WidgetBundleBuilder
          var body: some Widget {
              NextEventWidget()
              CalendarAccessories().body
          }
      }

      struct CalendarAccessories: WidgetBundle {
          var body: some Widget {
              DayWidget()
              AccessoryWidgets().body
          }
      }
      """
    ),
    (
      "Widgets.swift",
      """
      import SwiftUI
      import WidgetKit

      struct HomeWidget: Widget {
          var body: some WidgetConfiguration {
              StaticConfiguration(kind: "Home", provider: Provider()) { entry in
                  HomeView(entry: entry)
              }
              .supportedFamilies([.systemMedium])
          }
      }

      struct NextEventWidget: AccessoryWidget {
          var body: some WidgetConfiguration {
              StaticConfiguration(kind: "NextEvent", provider: Provider(), content: buildContentView)
                  .supportedFamilies([.accessoryRectangular])
          }

          func buildContentView(entry: Entry) -> some View {
              NextEventView(entry: entry)
          }
      }

      struct DayWidget: CalendarAccessory {
          var body: some WidgetConfiguration {
              StaticConfiguration(kind: "Day", provider: Provider(), content: Self.view(for:))
                  .supportedFamilies([.accessoryCircular])
          }

          static func view(for entry: Entry) -> some View {
              Text(entry.date, style: .date)
          }
      }

      struct Loop: Looping {
          var body: some WidgetConfiguration {
              StaticConfiguration(kind: "Loop", provider: Provider()) { _ in Text("") }
          }
      }

      struct HomeView: View {
          let entry: Entry
          var body: some View {
              Text(entry.date, style: .time).containerBackground(.fill.tertiary, for: .widget)
          }
      }

      struct NextEventView: View {
          let entry: Entry
          var body: some View {
              Text(entry.date, style: .relative)
          }
      }

      struct Entry {
          let date: Date
      }

      struct Provider {}
      """
    ),
  ]

  @Test func protocolRefinementsChainAcrossFilesAndNestedBundlesAreFollowed() throws {
    let facts = Self.protocolFiles.map { SwiftSourceScanner.scan(SourceText(path: $0.0, text: $0.1)) }
    let target = TargetCode(files: facts)
    #expect(target.mainBundle?.typeName == "AllWidgets")
    #expect(target.bundledWidgets.map(\.typeName) == ["HomeWidget", "NextEventWidget", "DayWidget"])
    #expect(target.bundleIsFullyKnown)
    // A protocol cycle (which Swift rejects) ends, and never reaches `Widget`.
    #expect(target.widgets.keys.sorted() == ["DayWidget", "HomeWidget", "NextEventWidget"])
    let next = try #require(target.widgets["NextEventWidget"])
    #expect(next.contentFunction == "buildContentView" && next.contentViews == [] && !next.contentIsUnknown)
    #expect(target.widgets["DayWidget"]?.contentFunction == "view")
    // The bundle entry is the whole `AccessoryWidgets().body`.
    let entry = try #require(target.bundles["AllWidgets"]?.blocks.first?.last)
    #expect(entry.typeName == "AccessoryWidgets")
    #expect(entry.span.range.start.line == 8 && entry.span.range.start.column == 9)
    #expect(entry.span.range.end.column == 32)
  }

  static let protocolManifest = """
    app:
      bundleIdentifier: com.example.agenda
    targets:
      - name: AgendaWidgets
        bundleIdentifier: com.example.agenda.widgets
        deploymentTarget: "17.0"
        sources: [AgendaWidgets]
        widgets:
          - {kind: Home, displayName: Agenda, description: Today's events., families: [systemMedium]}
          - {kind: NextEvent, displayName: Next event, description: The next event., families: [accessoryRectangular]}
          - {kind: Day, displayName: Day, description: The date., families: [accessoryCircular]}
    """

  static func protocolProject(replacing old: String = "", with new: String = "") -> [(String, String)] {
    Self.protocolFiles.map { ("AgendaWidgets/" + $0.0, $0.1.replacingOccurrences(of: old, with: new)) }
  }

  @Test func protocolWidgetsWithFunctionContentAreJudged() throws {
    #expect(
      try Self.lint(Self.protocolManifest, Self.protocolProject(), rule: "missing-container-background") == [
        "Widgets.swift 15:9-15:28", "Widgets.swift 26:9-26:28",
      ])
    // The view the function builds sets it: NextEventWidget is silent, DayWidget is still reported.
    let withBackground = Self.protocolProject(
      replacing: "Text(entry.date, style: .relative)",
      with: "Text(entry.date, style: .relative).containerBackground(.clear, for: .widget)")
    #expect(
      try Self.lint(Self.protocolManifest, withBackground, rule: "missing-container-background") == [
        "Widgets.swift 26:9-26:28"
      ])
    // Every per-widget rule sees them: the kinds agree with the manifest, and a kind missing from it is
    // reported at the protocol widget's kind.
    #expect(try Self.lint(Self.protocolManifest, Self.protocolProject(), rule: "manifest-drift") == [])
    let renamed = Self.protocolProject(replacing: "kind: \"Day\"", with: "kind: \"Today\"")
    #expect(
      try Self.lint(Self.protocolManifest, renamed, rule: "manifest-drift") == [
        "Widgets.swift 26:35-26:42", "widgets.yaml 11:16-11:19",
      ])
  }

  @Test func contentThatIsNotAFunctionOfTheTargetIsUnknown() throws {
    // A stored closure, and a function the target does not declare: silent, not "never sets".
    let stored = Self.protocolProject(replacing: "content: buildContentView", with: "content: makeContent")
      .map { ($0.0, $0.1.replacingOccurrences(of: "content: Self.view(for:)", with: "content: viewBuilder.view")) }
    #expect(try Self.lint(Self.protocolManifest, stored, rule: "missing-container-background") == [])
    // An initialiser is the view it constructs.
    let initialiser = Self.protocolProject(replacing: "content: buildContentView", with: "content: NextEventView.init")
    #expect(
      try Self.lint(Self.protocolManifest, initialiser, rule: "missing-container-background") == [
        "Widgets.swift 15:9-15:28", "Widgets.swift 26:9-26:28",
      ])
  }

  @Test func theViewsOfAContentFunctionGetTheWidgetsFamilies() throws {
    // A Link in a view built only by a systemSmall widget's content function.
    let small = Self.protocolProject(
      replacing: "Text(entry.date, style: .time).containerBackground(.fill.tertiary, for: .widget)",
      with: "Text(entry.date, style: .time)"
    ).map { file in
      (
        file.0,
        file.1.replacingOccurrences(
          of: ".supportedFamilies([.accessoryRectangular])", with: ".supportedFamilies([.systemSmall])"
        )
        .replacingOccurrences(
          of: "Text(entry.date, style: .relative)",
          with: "Link(destination: URL(string: \"agenda://next\")!) { Text(entry.date, style: .relative) }")
      )
    }
    #expect(small[2].1.contains("Link(destination:") && small[2].1.contains(".supportedFamilies([.systemSmall])"))
    #expect(try Self.lint(Self.protocolManifest, small, rule: "widget-link-in-small") == ["Widgets.swift 51:9-51:13"])
  }

  @Test func onlySwitchesOverFamiliesAreReadCaseByCase() throws {
    let code = """
      struct V: View {
          @Environment(\\.widgetFamily) var family
          var body: some View { content(for: family) }
          func content(for family: WidgetFamily) -> some View {
              switch family {
              case .systemSmall, WidgetFamily.systemMedium: Text("a")
              @unknown default: Text("b").containerBackground(.clear, for: .widget)
              }
          }
          var other: some View {
              switch mode {
              case .compact: Text("c")
              default: Text("d")
              }
          }
          var guarded: some View {
              switch family {
              case .systemSmall where isWide: Text("e")
              default: Text("f")
              }
          }
      }
      """
    let facts = SwiftSourceScanner.scan(SourceText(path: "V.swift", text: code)).code
    #expect(facts.familySwitches.count == 1)
    let familySwitch = try #require(facts.familySwitches.first)
    #expect(familySwitch.scopes == ["V", "content", "V.content"])
    #expect(familySwitch.cases.map(\.families) == [["systemSmall", "systemMedium"], []])
    #expect(familySwitch.cases.map(\.setsContainerBackground) == [false, true])
    #expect(familySwitch.cases.map { $0.span.range.start.line } == [6, 7])
    #expect(familySwitch.cases[0].calls == ["Text"])
    // Outside the cases, `content` calls nothing; `V` calls what its other members do.
    #expect(facts.callsOutsideFamilyCases["content"] == [])
    #expect(facts.callsOutsideFamilyCases["V"] == ["content", "Text"])
    #expect(!facts.containerBackgroundScopesOutsideFamilyCases.contains("V"))
    // A computed property is a scope, by its name and its type's.
    #expect(facts.declaredFunctions.isSuperset(of: ["other", "V.other", "guarded", "content", "V.content"]))
  }
}
