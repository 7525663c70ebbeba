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

/// `missing-container-background`: a widget's view is followed to every place that may set it.
@Suite struct ContainerBackgroundTests {
  static let manifest = """
    app:
      bundleIdentifier: com.example.steps
    targets:
      - name: StepsWidgets
        bundleIdentifier: com.example.steps.widgets
        deploymentTarget: "17.0"
        sources: [StepsWidgets]
        widgets:
          - {kind: Steps, displayName: Steps, description: Today's steps., families: [systemSmall]}
          - {kind: StepsRing, displayName: Ring, description: Today's steps., families: [accessoryCircular]}
    """

  /// Two widgets: a home-screen one whose view is `homeView`, and a lock-screen one whose view is
  /// `lockView`; `extra` is appended to the file.
  static func swift(homeView: String, lockView: String, extra: String = "", configuration: String = "Static")
    -> String
  {
    """
    import SwiftUI
    import WidgetKit

    @main
    struct StepsWidgets: WidgetBundle {
        var body: some Widget {
            StepsWidget()
            StepsRingWidget()
        }
    }

    struct StepsWidget: Widget {
        var body: some WidgetConfiguration {
            StaticConfiguration(kind: "Steps", provider: StepsProvider()) { entry in
                StepsView(entry: entry)
            }
            .supportedFamilies([.systemSmall])
        }
    }

    struct StepsRingWidget: Widget {
        var body: some WidgetConfiguration {
            \(configuration)Configuration(kind: "StepsRing", provider: StepsProvider()) { entry in
                RingView(entry: entry)
            }
            .supportedFamilies([.accessoryCircular])
        }
    }

    struct StepsView: View {
        let entry: StepsEntry
        var body: some View {
            \(homeView)
        }
    }

    struct RingView: View {
        let entry: StepsEntry
        var body: some View {
            \(lockView)
        }
    }

    struct StepsProvider {}
    struct StepsEntry {}
    \(extra)
    """
  }

  func findings(_ swift: String, configuration: LintConfiguration = LintConfiguration()) throws -> [String] {
    try TestSupport.lint(Self.manifest, files: [("StepsWidgets/Widgets.swift", swift)], configuration: configuration)
      .filter { $0.ruleID == "missing-container-background" }
      .map { "\(TestSupport.position($0)) \($0.message)" }
  }

  @Test func theLockScreenWidgetWithoutABackgroundIsReported() throws {
    let code = Self.swift(
      homeView: "Text(\"Steps\").containerBackground(.fill.tertiary, for: .widget)",
      lockView: "Gauge(value: 0.5) { Text(\"Steps\") }")
    #expect(
      try findings(code) == [
        "23:9-23:28 widget 'StepsRingWidget' never sets containerBackground(for: .widget); built with Xcode 15 or "
          + "later, it shows \"Please adopt containerBackground API\" instead of its content on iOS 17 and later"
      ])
  }

  @Test func wrappersOfTheProjectAreFollowed() throws {
    // An `extension View` function calling it on `self`, inside `if #available`.
    let viewExtension = """
      extension View {
          func widgetBackground(_ color: Color) -> some View {
              if #available(iOSApplicationExtension 17.0, *) {
                  return containerBackground(color, for: .widget)
              } else {
                  return background(color)
              }
          }
      }
      """
    #expect(
      try findings(
        Self.swift(
          homeView: "Text(\"Steps\").widgetBackground(.black)", lockView: "Text(\"1\").widgetBackground(.clear)",
          extra: viewExtension)) == [])
    // A ViewModifier applied through a function, and a view that wraps another view.
    let modifier = """
      struct StepsBackground: ViewModifier {
          func body(content: Content) -> some View { content.containerBackground(for: .widget) { Color.black } }
      }
      extension View {
          func stepsBackground() -> some View { modifier(StepsBackground()) }
      }
      struct Card<Content: View>: View {
          @ViewBuilder let content: Content
          var body: some View { content.stepsBackground() }
      }
      """
    #expect(
      try findings(
        Self.swift(homeView: "Card { Text(\"Steps\") }", lockView: "Text(\"1\").stepsBackground()", extra: modifier))
        == [])
  }

  /// A computed property that returns a `String` shows no view, whatever it builds to compute it: a
  /// formatter from a package does not leave the widget unknown.
  static let formattedSubtitle = """
    extension RingView {
        var subtitle: String {
            let formatter = PackageStepFormatter()
            return formatter.string(for: 1200) ?? ""
        }
        func caption() -> String? { PackageStepFormatter().string(for: 1) }
    }
    """

  @Test func aComputedStringPropertyDoesNotSilenceIt() throws {
    let home = "Text(\"Steps\").containerBackground(.fill.tertiary, for: .widget)"
    let code = Self.swift(
      homeView: home, lockView: "Text(subtitle + (caption() ?? \"\"))", extra: Self.formattedSubtitle)
    #expect(try findings(code).map { String($0.prefix(10)) } == ["23:9-23:28"])
  }

  /// The clean twin: the same view with its background set.
  @Test func aComputedStringPropertyBesideTheBackgroundIsClean() throws {
    let home = "Text(\"Steps\").containerBackground(.fill.tertiary, for: .widget)"
    let lock = "Text(subtitle + (caption() ?? \"\")).containerBackground(.clear, for: .widget)"
    #expect(try findings(Self.swift(homeView: home, lockView: lock, extra: Self.formattedSubtitle)) == [])
  }

  /// A view with a stored property of a UIKit type that it never shows; `body` is the view given.
  static func labelledRing(body: String) -> String {
    """
    struct LabelledRing: View {
        let entry: StepsEntry
        let labels = [UILabel()]
        var body: some View {
            \(body)
        }
    }
    """
  }

  /// A stored property's value counts only where the view shows it: an unused `[UILabel()]`, a type
  /// the rule cannot follow, does not silence it.
  @Test func aStoredPropertyTheViewNeverShowsDoesNotSilenceIt() throws {
    let home = "Text(\"Steps\").containerBackground(.fill.tertiary, for: .widget)"
    let extra = Self.labelledRing(body: "Gauge(value: 0.5) { Text(\"Steps\") }")
    #expect(
      try findings(Self.swift(homeView: home, lockView: "LabelledRing(entry: entry)", extra: extra)) == [
        "23:9-23:28 widget 'StepsRingWidget' never sets containerBackground(for: .widget); built with Xcode 15 or "
          + "later, it shows \"Please adopt containerBackground API\" instead of its content on iOS 17 and later"
      ])
  }

  /// The clean twin: the same view, with its background set.
  @Test func aStoredPropertyTheViewNeverShowsBesideTheBackgroundIsClean() throws {
    let home = "Text(\"Steps\").containerBackground(.fill.tertiary, for: .widget)"
    let extra = Self.labelledRing(
      body: "Gauge(value: 0.5) { Text(\"Steps\") }.containerBackground(.clear, for: .widget)")
    #expect(try findings(Self.swift(homeView: home, lockView: "LabelledRing(entry: entry)", extra: extra)) == [])
  }

  /// A stored property the view shows is followed: to a view of the project that sets the background,
  /// or to one of a package, which leaves the rule silent.
  @Test func aStoredPropertyTheViewShowsIsFollowed() throws {
    let home = "Text(\"Steps\").containerBackground(.fill.tertiary, for: .widget)"
    let framed = """
      struct FramedRing: View {
          let entry: StepsEntry
          let frame = RingFrame()
          var body: some View { frame }
      }
      struct RingFrame: View {
          var body: some View { Text("1").containerBackground(.clear, for: .widget) }
      }
      """
    #expect(try findings(Self.swift(homeView: home, lockView: "FramedRing(entry: entry)", extra: framed)) == [])
    let packaged = """
      struct PackagedRing: View {
          let entry: StepsEntry
          let ring = PackageRing()
          var body: some View { VStack { self.ring } }
      }
      """
    #expect(try findings(Self.swift(homeView: home, lockView: "PackagedRing(entry: entry)", extra: packaged)) == [])
    // Unused, the same property leaves the view known.
    let unused = packaged.replacingOccurrences(of: "VStack { self.ring }", with: "Text(\"1\")")
    #expect(try findings(Self.swift(homeView: home, lockView: "PackagedRing(entry: entry)", extra: unused)).count == 1)
  }

  @Test func commentsAndStringsDoNotCount() throws {
    let code = Self.swift(
      homeView: "Text(\"Steps\").containerBackground(.fill.tertiary, for: .widget)",
      lockView: "Text(\".containerBackground(for: .widget)\") // .containerBackground(for: .widget)")
    #expect(try findings(code).count == 1)
  }

  @Test func whatIsNotKnownLeavesItSilent() throws {
    let home = "Text(\"Steps\").containerBackground(.fill.tertiary, for: .widget)"
    // A view from a package, and a background modifier the target does not declare.
    #expect(try findings(Self.swift(homeView: home, lockView: "PackageRing(entry: entry)")) == [])
    #expect(try findings(Self.swift(homeView: home, lockView: "Text(\"1\").sharedWidgetBackground()")) == [])
    // Built with Xcode 14: the API and the placeholder do not exist yet.
    var xcode14 = LintConfiguration()
    xcode14.xcodeVersion = OSVersion(14, 3)
    #expect(try findings(Self.swift(homeView: home, lockView: "Text(\"1\")"), configuration: xcode14) == [])
    var xcode15 = LintConfiguration()
    xcode15.xcodeVersion = OSVersion(15)
    #expect(try findings(Self.swift(homeView: home, lockView: "Text(\"1\")"), configuration: xcode15).count == 1)
    // A background marked nonremovable on the configuration is the widget's own decision.
    let removable = Self.swift(homeView: home, lockView: "Text(\"1\")").replacingOccurrences(
      of: "        .supportedFamilies([.accessoryCircular])",
      with: "        .supportedFamilies([.accessoryCircular])\n        .containerBackgroundRemovable(false)")
    #expect(removable.contains(".containerBackgroundRemovable(false)"))
    #expect(try findings(removable) == [])
    // Live Activities have no container background.
    #expect(try findings(Self.swift(homeView: home, lockView: "Text(\"1\")", configuration: "Activity")) == [])
  }

  /// The lock-screen widget's view is `CardView`, whose `body` a protocol extension of the project
  /// supplies; `cardBody` is that body.
  static func protocolBody(_ cardBody: String) -> String {
    swift(
      homeView: "Text(\"Steps\").containerBackground(.fill.tertiary, for: .widget)",
      lockView: "CardView(title: \"Steps\")",
      extra: """
        protocol StepsCard: View {
            var title: String { get }
        }
        extension StepsCard {
            var body: some View {
                \(cardBody)
            }
        }
        struct CardView: StepsCard {
            let title: String
        }
        """)
  }

  @Test func aBodyFromAProtocolExtensionIsJudged() throws {
    #expect(
      try findings(Self.protocolBody("Text(title)")) == [
        "23:9-23:28 widget 'StepsRingWidget' never sets containerBackground(for: .widget); built with Xcode 15 or "
          + "later, it shows \"Please adopt containerBackground API\" instead of its content on iOS 17 and later"
      ])
  }

  /// The clean twin: the protocol extension's body sets the background.
  @Test func aBodyFromAProtocolExtensionThatSetsTheBackgroundIsClean() throws {
    #expect(try findings(Self.protocolBody("Text(title).containerBackground(for: .widget) { Color.black }")) == [])
    // What the extension's body uses that is not known leaves the rule silent, as in the view's own body.
    #expect(try findings(Self.protocolBody("PackageCard(title: title)")) == [])
  }

  /// A view whose `body` comes from a protocol of another package (not read) shows what is not known.
  @Test func aBodyFromAnotherPackagesProtocolLeavesItSilent() throws {
    let code = Self.swift(
      homeView: "Text(\"Steps\").containerBackground(.fill.tertiary, for: .widget)",
      lockView: "CardView(title: \"Steps\")",
      extra: "struct CardView: PackageCard {\n    let title: String\n}\n")
    #expect(try findings(code) == [])
    // The broken twin: the same view with a body of its own that sets no background.
    let ownBody = code.replacingOccurrences(
      of: "    let title: String\n}", with: "    let title: String\n    var body: some View { Text(title) }\n}")
    #expect(ownBody != code)
    #expect(try findings(ownBody).count == 1)
  }

  /// `AccessoryWidgetBackground` is a view placed behind the content, not the container background:
  /// alone it leaves the placeholder.
  @Test func anAccessoryWidgetBackgroundInAStackIsNotTheContainerBackground() throws {
    let lockView = "ZStack { AccessoryWidgetBackground(); Text(\"Steps\") }"
    #expect(
      try findings(
        Self.swift(homeView: "Text(\"Steps\").containerBackground(.fill.tertiary, for: .widget)", lockView: lockView))
        == [
          "23:9-23:28 widget 'StepsRingWidget' never sets containerBackground(for: .widget); built with Xcode 15 "
            + "or later, it shows \"Please adopt containerBackground API\" instead of its content on iOS 17 and later"
        ])
  }

  /// The clean twin: the same view given as the container background.
  @Test func anAccessoryWidgetBackgroundAsTheContainerBackgroundIsClean() throws {
    let lockView = "Text(\"Steps\").containerBackground(for: .widget) { AccessoryWidgetBackground() }"
    #expect(
      try findings(
        Self.swift(homeView: "Text(\"Steps\").containerBackground(.fill.tertiary, for: .widget)", lockView: lockView))
        == [])
  }
}

/// `missing-container-background` per branch: a view that switches on the widget's family and sets the
/// background in some cases only shows the placeholder in the families of the others.
@Suite struct ContainerBackgroundBranchTests {
  static let manifest = """
    app:
      bundleIdentifier: com.example.agenda
    targets:
      - name: Agenda
        bundleIdentifier: com.example.agenda.widgets
        deploymentTarget: "17.0"
        sources: [Agenda]
        widgets:
          - {kind: Agenda, displayName: Agenda, description: Next events., families: [systemSmall, accessoryRectangular, accessoryCircular]}
    """

  /// One widget whose content is `content` (a view of the file), with `families`; the file ends with
  /// `views`.
  static func swift(
    views: String, content: String = "AgendaView(entry: entry)",
    families: String = ".systemSmall, .accessoryRectangular, .accessoryCircular"
  ) -> String {
    """
    import SwiftUI
    import WidgetKit

    @main
    struct AgendaWidget: Widget {
        var body: some WidgetConfiguration {
            StaticConfiguration(kind: "Agenda", provider: AgendaProvider()) { entry in
                \(content)
            }
            .supportedFamilies([\(families)])
        }
    }

    struct AgendaProvider {}
    struct AgendaEntry { let title: String }

    \(views)
    """
  }

  /// A view whose `default:` sets the background and whose lock-screen cases do not (lines 17 to 30).
  static let agendaView = """
    struct AgendaView: View {
        @Environment(\\.widgetFamily) var family
        let entry: AgendaEntry
        var body: some View {
            switch family {
            case .accessoryRectangular:
                Text(entry.title)
            case .accessoryCircular, .accessoryInline:
                Image(systemName: "calendar")
            default:
                Text(entry.title).containerBackground(.fill.tertiary, for: .widget)
            }
        }
    }
    """

  func findings(_ swift: String) throws -> [String] {
    try TestSupport.lint(Self.manifest, files: [("Agenda/Agenda.swift", swift)])
      .filter { $0.ruleID == "missing-container-background" }
      .map { "\(TestSupport.position($0)) \($0.message)" }
  }

  static func message(
    _ label: String, widgets: String = "widget 'AgendaWidget' shows", their: String = "its", _ families: String
  )
    -> String
  {
    "'\(label)' never sets containerBackground(for: .widget), while other cases of this family switch do; built "
      + "with Xcode 15 or later, \(widgets) \"Please adopt containerBackground API\" instead of \(their) content in "
      + "\(families) on iOS 17 and later"
  }

  @Test func eachCaseWithoutABackgroundIsReportedForTheFamiliesThatReachIt() throws {
    // accessoryInline is listed but not supported: only accessoryCircular reaches the second case.
    #expect(
      try findings(Self.swift(views: Self.agendaView)) == [
        "22:9-22:36 " + Self.message("case .accessoryRectangular", "accessoryRectangular"),
        "24:9-24:51 " + Self.message("case .accessoryCircular, .accessoryInline", "accessoryCircular"),
      ])
    // A case no supported family reaches is not reported.
    #expect(
      try findings(Self.swift(views: Self.agendaView, families: ".systemSmall, .accessoryRectangular")) == [
        "22:9-22:36 " + Self.message("case .accessoryRectangular", "accessoryRectangular")
      ])
  }

  @Test func aDefaultWithoutABackgroundNamesTheFamiliesNoCaseLists() throws {
    let view = """
      struct AgendaView: View {
          @Environment(\\.widgetFamily) var family
          let entry: AgendaEntry
          var body: some View {
              switch family {
              case .accessoryRectangular:
                  Text(entry.title).containerBackground(for: .widget) { Color.clear }
              default:
                  Text(entry.title)
              }
          }
      }
      """
    #expect(
      try findings(Self.swift(views: view)) == [
        "24:9-24:17 " + Self.message("default", "systemSmall, accessoryCircular")
      ])
  }

  @Test func aBackgroundOutsideTheSwitchCoversEveryCase() throws {
    // Set around the switch in the same view, or by a view that wraps it.
    let around = Self.agendaView.replacingOccurrences(
      of: "        }\n    }\n}", with: "        }\n        .containerBackground(.clear, for: .widget)\n    }\n}")
    #expect(around.contains("        .containerBackground(.clear, for: .widget)\n"))
    #expect(try findings(Self.swift(views: around)) == [])
    let card = """
      struct Card<Content: View>: View {
          @ViewBuilder let content: Content
          var body: some View { content.containerBackground(.clear, for: .widget) }
      }
      """
    #expect(
      try findings(Self.swift(views: Self.agendaView + "\n" + card, content: "Card { AgendaView(entry: entry) }")) == []
    )
  }

  @Test func whatIsNotKnownLeavesACaseSilent() throws {
    // A view from a package in one case, a computed property that sets it in the other.
    let view =
      Self.agendaView.replacingOccurrences(of: "Text(entry.title)\n        case", with: "PackageBadge()\n        case")
      .replacingOccurrences(of: "Image(systemName: \"calendar\")", with: "ring")
        + """

        extension AgendaView {
            var ring: some View {
                Image(systemName: "calendar").containerBackground(.clear, for: .widget)
            }
        }
        """
    #expect(view.contains("PackageBadge()") && view.contains("            ring\n"))
    #expect(try findings(Self.swift(views: view)) == [])
    // Families the code computes: which families reach which case is not known.
    #expect(try findings(Self.swift(views: Self.agendaView, families: "AgendaFamilies.all")) == [])
  }

  @Test func noCaseWithABackgroundIsTheWholeWidgetsFinding() throws {
    let view = Self.agendaView.replacingOccurrences(
      of: "Text(entry.title).containerBackground(.fill.tertiary, for: .widget)", with: "Text(entry.title)")
    #expect(
      try findings(Self.swift(views: view)) == [
        "7:9-7:28 widget 'AgendaWidget' never sets containerBackground(for: .widget); built with Xcode 15 or later, it "
          + "shows \"Please adopt containerBackground API\" instead of its content on iOS 17 and later"
      ])
  }

  @Test func aCaseTwoWidgetsShowIsReportedOnceForBoth() throws {
    let second = """

      struct NextWidget: Widget {
          var body: some WidgetConfiguration {
              StaticConfiguration(kind: "Next", provider: AgendaProvider()) { entry in
                  AgendaView(entry: entry)
              }
              .supportedFamilies([.accessoryRectangular, .accessoryInline])
          }
      }
      """
    let code = Self.swift(views: Self.agendaView + second).replacingOccurrences(of: "@main\n", with: "")
      .replacingOccurrences(
        of: "struct AgendaProvider {}",
        with:
          "@main\nstruct AgendaWidgets: WidgetBundle {\n    var body: some Widget { AgendaWidget(); NextWidget() }\n}\nstruct AgendaProvider {}"
      )
    #expect(
      try findings(code) == [
        "25:9-25:36 "
          + Self.message(
            "case .accessoryRectangular", widgets: "widgets 'AgendaWidget', 'NextWidget' show", their: "their",
            "accessoryRectangular"),
        "27:9-27:51 "
          + Self.message(
            "case .accessoryCircular, .accessoryInline", widgets: "widgets 'AgendaWidget', 'NextWidget' show",
            their: "their", "accessoryCircular, accessoryInline"),
      ])
  }
}
