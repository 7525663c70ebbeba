/// `missing-container-background`: a widget whose view never sets its container background.
public struct MissingContainerBackgroundRule: Rule {
  public static let metadata = RuleMetadata(
    id: .missingContainerBackground,
    defaultSeverity: .warning,
    summary: "A widget's view never calls containerBackground(for: .widget), so iOS 17 shows a placeholder.",
    rationale: """
      Since the iOS 17 SDK, a widget declares its background with `containerBackground(_:for: .widget)`,
      so that the system can remove it where backgrounds are not shown (StandBy, the vibrant Lock Screen
      rendering, the desktop on macOS). A widget built with Xcode 15 or later whose view never sets it is
      shown on iOS 17 and later with the message "Please adopt containerBackground API" over its content,
      in every family. Apps that add a lock-screen widget next to home-screen widgets that do set it are
      the usual case: the new widget's view was never given one.

      The rule follows each widget's code: its own type (the configuration's content closure), the view
      types it builds, the view modifiers and helpers of the project it calls
      (`func widgetBackground(…) -> some View` in an `extension View`, which calls `containerBackground`
      inside `if #available`, is the common shape), transitively. It reports a widget only when none of
      them reaches `containerBackground(_:for: .widget)` and everything reached is known. It stays silent
      for Live Activities (`ActivityConfiguration`), for a widget whose view uses a type or a
      background-named modifier that is not declared in the target's sources (a package may set the
      background), where the configuration calls `containerBackgroundRemovable(_:)`, and when the project
      says it builds with Xcode 14 or earlier.

      Sources: Apple, "Displaying the right widget background"
      (https://developer.apple.com/documentation/widgetkit/displaying-the-right-widget-background): "mark
      your background views as removable for every widget size", with `containerBackground(_:for:)`;
      Apple, `containerBackground(_:for:)`
      (https://developer.apple.com/documentation/swiftui/view/containerbackground(_:for:)), iOS 17.
      """,
    examples: [
      .failing(
        "A lock-screen widget whose view sets no container background",
        "",
        files: exampleFiles(
          view: """
            Text(entry.title)
            """, configuration: "↓StaticConfiguration")),
      .passing(
        "The background set through the project's own View extension",
        "",
        files: exampleFiles(
          view: """
            Text(entry.title)
                .widgetBackground(Color.black)
            """, configuration: "StaticConfiguration")),
    ])

  static func exampleFiles(view: String, configuration: String) -> [(String, String)] {
    let indentedView = view.split(separator: "\n", omittingEmptySubsequences: false)
      .map { "        " + $0 }.joined(separator: "\n")
    return [
      (
        "app.json",
        """
        {
          "expo": {
            "name": "Steps",
            "ios": { "bundleIdentifier": "com.example.steps" },
            "plugins": ["@bacons/apple-targets"]
          }
        }
        """
      ),
      ("targets/widget/expo-target.config.json", #"{ "type": "widget", "deploymentTarget": "17.0" }"#),
      (
        "targets/widget/StepsWidget.swift",
        """
        import SwiftUI
        import WidgetKit

        @main
        struct StepsWidgets: WidgetBundle {
            var body: some Widget { StepsWidget() }
        }

        struct StepsWidget: Widget {
            var body: some WidgetConfiguration {
                \(configuration)(kind: "Steps", provider: StepsProvider()) { entry in
                    StepsView(entry: entry)
                }
                .configurationDisplayName("Steps")
                .description("Today's steps.")
                .supportedFamilies([.accessoryRectangular])
            }
        }

        struct StepsView: View {
            let entry: StepsEntry
            var body: some View {
        \(indentedView)
            }
        }

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
      ),
    ]
  }

  /// SwiftUI, WidgetKit and Foundation types a widget's view commonly builds: known not to set the
  /// container background. Any other type not declared in the target's sources leaves the rule silent.
  static let frameworkTypes: Set<String> = [
    // SwiftUI and WidgetKit
    "AccessoryWidgetBackground", "AngularGradient", "Angle", "Animation", "AnyShape", "AnyView", "Button",
    "Canvas", "Capsule", "Circle", "Color", "ContainerRelativeShape", "Divider", "EdgeInsets", "Ellipse",
    "EllipticalGradient", "EmptyView", "Font", "ForEach", "Gauge", "GeometryReader", "Gradient", "Grid",
    "GridRow", "Group", "HStack", "Image", "Label", "LazyHGrid", "LazyHStack", "LazyVGrid", "LazyVStack",
    "LinearGradient", "Link", "LocalizedStringKey", "Path", "ProgressView", "RadialGradient", "Rectangle",
    "RoundedRectangle", "Section", "Spacer", "StaticConfiguration", "IntentConfiguration",
    "AppIntentConfiguration", "Text", "TimelineView", "Toggle", "UnevenRoundedRectangle", "UnitPoint",
    "VStack", "ViewThatFits", "ZStack",
    // Swift Charts
    "AreaMark", "BarMark", "Chart", "LineMark", "PointMark", "RectangleMark", "RuleMark", "SectorMark",
    // Foundation and UIKit values
    "AttributedString", "Bool", "Bundle", "Calendar", "CGFloat", "CGPoint", "CGRect", "CGSize", "Data",
    "Date", "DateComponents", "DateComponentsFormatter", "DateFormatter", "DateInterval", "Decimal",
    "Double", "Float", "ISO8601DateFormatter", "Int", "JSONDecoder", "JSONEncoder", "Locale",
    "LocalizedStringResource", "Measurement", "MeasurementFormatter", "NSAttributedString", "NumberFormatter",
    "RelativeDateTimeFormatter", "String", "TimeZone", "UIColor", "UIFont", "UIImage", "URL", "UUID",
    "UserDefaults",
  ]

  /// SwiftUI's own modifiers with "background" in their name: none sets the widget's container background.
  static let frameworkBackgroundModifiers: Set<String> = [
    "background", "backgroundStyle", "listRowBackground", "scrollContentBackground", "presentationBackground",
    "toolbarBackground",
  ]

  public init() {}

  /// Whether the code reachable from `widget` sets its container background: true, false, or nil when
  /// it reaches what is not known. From the widget type, the views its content closure builds and the
  /// project's functions it calls are followed (not its timeline provider); from there, every view type
  /// and function of the project they call.
  static func setsContainerBackground(_ widget: WidgetCodeFacts.Widget, in code: TargetCode) -> Bool? {
    if code.containerBackgroundScopes.contains(widget.typeName) { return true }
    var pending: [String] = []
    var visited: Set<String> = [widget.typeName]
    var reachesUnknown = false
    var found = false
    func reach(_ name: String) {
      if code.containerBackgroundScopes.contains(name) {
        found = true
      } else if code.declaredFunctions.contains(name) || code.viewReferences[name] != nil {
        if visited.insert(name).inserted { pending.append(name) }
      } else if code.declaredTypes.contains(name) {
        // The project's other types (entries, intents, models) hold no view of the widget.
        return
      } else if WidgetCodeReader.isCapitalized(name) {
        if !frameworkTypes.contains(name) { reachesUnknown = true }
      } else if name.lowercased().contains("background"), !frameworkBackgroundModifiers.contains(name) {
        reachesUnknown = true
      }
    }
    for view in widget.contentViews { reach(view) }
    for name in code.calls[widget.typeName] ?? [] where !WidgetCodeReader.isCapitalized(name) { reach(name) }
    while !found, let scope = pending.popLast() {
      for name in code.calls[scope] ?? [] { reach(name) }
    }
    if found { return true }
    return reachesUnknown ? nil : false
  }

  public func check(_ context: RuleContext) {
    // The API and the placeholder came with the iOS 17 SDK (Xcode 15).
    if let toolchain = context.project.toolchain, toolchain.xcode < OSVersion(15) { return }
    for (target, code) in context.targetsWithCode {
      let widgets =
        code.bundleIsFullyKnown
        ? code.bundledWidgets : code.widgets.values.sorted { $0.nameSpan.start < $1.nameSpan.start }
      for widget in widgets {
        guard let configuration = widget.configuration, configuration.name != "ActivityConfiguration",
          Self.setsContainerBackground(widget, in: code) == false
        else { continue }
        context.report(
          "widget '\(widget.typeName)' never sets containerBackground(for: .widget); built with Xcode 15 or later, "
            + "it shows \"Please adopt containerBackground API\" instead of its content on iOS 17 and later",
          inCodeOf: target, at: configuration.span, subject: widget.typeName)
      }
    }
  }
}

extension RuleID {
  public static let missingContainerBackground = RuleID("missing-container-background")
}
