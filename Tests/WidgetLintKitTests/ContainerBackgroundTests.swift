import Foundation
import Testing

@testable import WidgetLintKit

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
}
