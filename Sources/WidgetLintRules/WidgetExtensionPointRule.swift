import WidgetLintCore

/// `widget-extension-point`: a WidgetKit extension whose Info.plist declares the Today extension point.
public struct WidgetExtensionPointRule: ReadingRule {
  public static let problemKind = ReadingProblem.Kind.widgetExtensionPoint

  public static let metadata = RuleMetadata(
    id: "widget-extension-point",
    defaultSeverity: .error,
    summary: "A WidgetKit extension declares the Today extension point: its widgets never appear.",
    rationale: """
      The system finds an app extension's kind by the `NSExtensionPointIdentifier` in its Info.plist. A
      WidgetKit extension declares `com.apple.widgetkit-extension`. `com.apple.widget-extension` is the
      extension point of Today widgets (`NCWidgetProviding`, deprecated since iOS 14): an extension that
      declares it while its code is WidgetKit's (an `@main` `Widget` or `WidgetBundle`) builds and
      installs, but none of its widgets appears in the widget gallery. The mistake comes from upgrading an
      old Today extension to WidgetKit, or from copying its Info.plist; such an Info.plist often names an
      `NSExtensionPrincipalClass` too, which a WidgetKit extension must not have (its entry point is the
      `@main` type).

      widgetlint reports the extension point's value in the Info.plist the target's `INFOPLIST_FILE`
      names, and reads the target's code as widget code, so the other rules check its widgets. A Today
      extension whose code declares no WidgetKit widget is left alone.

      Fix: set `NSExtensionPointIdentifier` to `com.apple.widgetkit-extension` and remove
      `NSExtensionPrincipalClass` (and `NSExtensionMainStoryboard`).

      Sources: Apple, "Creating a widget extension"
      (https://developer.apple.com/documentation/widgetkit/creating-a-widget-extension); Apple,
      `NSExtensionPointIdentifier`
      (https://developer.apple.com/documentation/bundleresources/information-property-list/nsextension/nsextensionpointidentifier);
      Apple, `NCWidgetProviding` (https://developer.apple.com/documentation/notificationcenter/ncwidgetproviding),
      deprecated.
      """,
    examples: [
      .failing(
        "A WidgetKit extension with the Today extension point",
        "", files: WidgetExtensionPointRule.exampleFiles(point: "↓com.apple.widget-extension")),
      .passing(
        "The same extension with WidgetKit's extension point",
        "", files: WidgetExtensionPointRule.exampleFiles(point: "com.apple.widgetkit-extension")),
    ])

  /// A small Xcode app whose widget extension's Info.plist declares `point`.
  package static func exampleFiles(point: String) -> [(String, String)] {
    [
      (
        "Tides.xcodeproj/project.pbxproj",
        ExampleXcodeProject.projectFile(
          app: "Tides", appID: "com.example.tides", widget: "TidesWidget", widgetID: "com.example.tides.widget",
          synchronizedFolder: true)
      ),
      ("Tides/TidesApp.swift", "import SwiftUI\n"),
      ("TidesWidget/Info.plist", ExampleXcodeProject.infoPlist(extensionPoint: point)),
      (
        "TidesWidget/TideWidget.swift",
        """
        import SwiftUI
        import WidgetKit

        @main
        struct TideWidget: Widget {
          var body: some WidgetConfiguration {
            StaticConfiguration(kind: "NextTide", provider: TideProvider()) { entry in
              TideView(entry: entry)
                .containerBackground(.fill.tertiary, for: .widget)
            }
            .configurationDisplayName("Next tide")
            .description("When the next high tide is.")
            .supportedFamilies([.systemSmall])
          }
        }
        """
      ),
    ]
  }

  public init() {}
}
