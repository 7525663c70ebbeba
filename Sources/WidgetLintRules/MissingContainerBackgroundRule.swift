import WidgetLintModel

/// `missing-container-background`: a widget whose view never sets its container background.
public struct MissingContainerBackgroundRule: Rule {
  public static let metadata = RuleMetadata(
    id: "missing-container-background",
    defaultSeverity: .warning,
    summary: "A widget's view never calls containerBackground(for: .widget), so iOS 17 shows a placeholder.",
    rationale: """
      Since the iOS 17 SDK, a widget declares its background with `containerBackground(_:for: .widget)`,
      so that the system can remove it where backgrounds are not shown (StandBy, the vibrant Lock Screen
      rendering, the desktop on macOS). A widget built with Xcode 15 or later whose view never sets it is
      shown on iOS 17 and later with the message "Please adopt containerBackground API" over its content,
      in every family. Apps that add a lock-screen widget next to home-screen widgets that do set it are
      the usual case: the new widget's view was never given one.

      The rule follows each widget's code: its own type (the configuration's content closure, or the
      function `content:` names, as in `content: buildContentView`), the view types it builds, the view
      modifiers, helpers and computed properties of the project it uses
      (`func widgetBackground(…) -> some View` in an `extension View`, which calls `containerBackground`
      inside `if #available`, is the common shape), transitively. Widgets declared through the project's
      own protocols (`struct NextEventWidget: AccessoryWidget`, with `protocol AccessoryWidget: Widget`)
      and bundles composed from other bundles' bodies (`AccessoryWidgets().body`) are followed too. It
      reports a widget only when none of them reaches `containerBackground(_:for: .widget)` and
      everything reached is known. A function or computed property declared to return a value that is
      not a view (a formatter's `String`, a `Date`, a number) is not followed: nothing it builds is shown.
      A stored property's initial value is followed where the view uses the property, as a computed
      property is: one the view never shows (`let labels = [UILabel()]`) neither sets the background nor
      leaves the widget unknown.

      A view that switches on the family (`switch family { case .accessoryRectangular: …; default: … }`)
      and sets the background in some cases only shows the placeholder in the families of the others:
      when nothing outside the switch sets it, each case that never does is reported at its label, with
      the widget's supported families that reach it.

      It stays silent for Live Activities (`ActivityConfiguration`), for a widget whose view uses a type
      or a background-named modifier that is not declared in the target's sources (a package may set the
      background), for content that is neither a closure nor a function of the target, where the
      configuration calls `containerBackgroundRemovable(_:)`, and when the project says it builds with
      Xcode 14 or earlier. Cases are not judged when the widget's families are computed. A view whose
      `body` a protocol extension of the project supplies (`struct EntryView: EntryCard`, with
      `extension EntryCard { var body: some View { … } }`) is judged by that body; one with no `body` in
      the target that conforms to a protocol of another package, which may supply it, leaves it silent.

      `AccessoryWidgetBackground` is a view like any other, not the container background: in a `ZStack`
      behind the content, as Apple's example places it, the widget still shows the placeholder;
      `.containerBackground(for: .widget) { AccessoryWidgetBackground() }` sets it. What the rule cannot
      judge from the code: whether the system draws that view at all (only in the accessoryCircular,
      accessoryCorner and accessoryRectangular families; elsewhere it is an empty view), and how the widget
      looks where the system removes its background.

      Sources: Apple, "Displaying the right widget background"
      (https://developer.apple.com/documentation/widgetkit/displaying-the-right-widget-background): "mark
      your background views as removable for every widget size", with `containerBackground(_:for:)`;
      Apple, `containerBackground(_:for:)`
      (https://developer.apple.com/documentation/swiftui/view/containerbackground(_:for:)), iOS 17;
      Apple, `AccessoryWidgetBackground`
      (https://developer.apple.com/documentation/widgetkit/accessorywidgetbackground): "Place the view in a
      ZStack behind your widget's content", shown only in accessoryCircular, accessoryCorner and
      accessoryRectangular widgets.
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
      .failing(
        "A family switch whose Lock Screen case sets no background",
        "",
        files: exampleFiles(
          view: """
            switch family {
            ↓case .accessoryRectangular:
                Text(entry.title)
            default:
                Text(entry.title).widgetBackground(Color.black)
            }
            """, configuration: "StaticConfiguration", families: ".systemSmall, .accessoryRectangular")),
    ])

  package static func exampleFiles(
    view: String, configuration: String, families: String = ".accessoryRectangular"
  ) -> [(String, String)] {
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
                .supportedFamilies([\(families)])
            }
        }

        struct StepsView: View {
            @Environment(\\.widgetFamily) var family
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
  package static let frameworkTypes: Set<String> = [
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

  /// The system's protocols and raw types that give a conforming type no `body`: models, entries,
  /// intents and enums of the project that name only these (and the project's own protocols) show no view.
  package static let protocolsWithoutBody: Set<String> = [
    "AppEntity", "AppEnum", "AppIntent", "AppIntentTimelineProvider", "CaseIterable", "Codable", "Comparable",
    "CustomStringConvertible", "Decodable", "Double", "Encodable", "EntityQuery", "Equatable", "Error",
    "Hashable", "Identifiable", "Int", "IntentTimelineProvider", "NSObject", "ObservableObject",
    "RawRepresentable", "Sendable", "String", "TimelineEntry", "TimelineProvider", "Widget", "WidgetBundle",
    "WidgetConfigurationIntent",
  ]

  /// SwiftUI's own modifiers with "background" in their name: none sets the widget's container background.
  package static let frameworkBackgroundModifiers: Set<String> = [
    "background", "backgroundStyle", "listRowBackground", "scrollContentBackground", "presentationBackground",
    "toolbarBackground",
  ]

  public init() {}

  /// Whether the code reachable from `widget` sets its container background: true, false, or nil when
  /// it reaches what is not known. From the widget type, the views its content closure builds, the
  /// function its `content:` names and the project's functions it calls are followed (not its timeline
  /// provider); from there, every view type, function and computed property of the project they use.
  package static func setsContainerBackground(_ widget: WidgetCodeFacts.Widget, in code: TargetCode) -> Bool? {
    var search = BackgroundSearch(code: code, outsideFamilyCases: false)
    return search.run(from: widget)
  }

  /// A walk of the code a widget's view reaches, looking for `containerBackground(_:for: .widget)`.
  package struct BackgroundSearch {
    package let code: TargetCode
    /// Whether the scopes holding a family switch count their code outside the switches' cases only.
    package let outsideFamilyCases: Bool
    private(set) var visited: Set<String> = []
    private var pending: [String] = []
    private var found = false
    private var reachesUnknown = false

    package init(code: TargetCode, outsideFamilyCases: Bool) {
      self.code = code
      self.outsideFamilyCases = outsideFamilyCases
    }

    private func isCut(_ scope: String) -> Bool {
      outsideFamilyCases && code.callsOutsideFamilyCases[scope] != nil
    }

    private func sets(_ scope: String) -> Bool {
      isCut(scope)
        ? code.containerBackgroundScopesOutsideFamilyCases.contains(scope)
        : code.containerBackgroundScopes.contains(scope)
    }

    private func calls(of scope: String) -> Set<String> {
      (isCut(scope) ? code.callsOutsideFamilyCases[scope] : code.calls[scope]) ?? []
    }

    private func references(of scope: String) -> Set<String> {
      (isCut(scope) ? code.referencesOutsideFamilyCases[scope] : code.references[scope]) ?? []
    }

    /// A name the code calls: a scope of the project to follow, a framework type or modifier, or
    /// something unknown.
    package mutating func reach(_ name: String) {
      if sets(name) {
        found = true
      } else if returnsNoView(name) {
        // A formatter's `String`, a `Date`: what it builds is never shown.
        return
      } else if code.declaredFunctions.contains(name) || code.viewReferences[name] != nil {
        if visited.insert(name).inserted { pending.append(name) }
        followBodyProviders(of: name)
      } else if code.declaredTypes.contains(name) {
        // The project's other types (entries, intents, models) hold no view of the widget, unless a
        // protocol extension of the project gives them a `body`, or one of another package may.
        followBodyProviders(of: name)
        if mayTakeItsBodyFromAnotherPackage(name) { reachesUnknown = true }
      } else if WidgetCodeFacts.isTypeName(name) {
        if !frameworkTypes.contains(name) { reachesUnknown = true }
      } else if name.lowercased().contains("background"), !frameworkBackgroundModifiers.contains(name) {
        reachesUnknown = true
      }
    }

    /// Whether a type of the project with no `body` of its own or from the project's protocols
    /// conforms to a protocol of another package, which is not read and may supply one.
    private func mayTakeItsBodyFromAnotherPackage(_ type: String) -> Bool {
      code.bodyProviders(of: type).isEmpty
        && (code.conformances[type] ?? []).contains { name in
          code.typeDeclarations[name] == nil && !MissingContainerBackgroundRule.protocolsWithoutBody.contains(name)
        }
    }

    /// The code of the protocol extensions that supply a type's `body` (`struct EntryView: EntryCard`,
    /// `extension EntryCard { var body: some View { … } }`): the view the type shows.
    private mutating func followBodyProviders(of type: String) {
      for provider in code.bodyProviders(of: type) {
        if sets(provider) {
          found = true
        } else if visited.insert(provider).inserted {
          pending.append(provider)
        }
      }
    }

    /// Whether every function and computed property of that name is declared to return a value that
    /// is not a view.
    private func returnsNoView(_ scope: String) -> Bool {
      guard let types = code.resultTypes[scope], !types.isEmpty else { return false }
      return types.allSatisfy(WidgetCodeFacts.valueTypes.contains)
    }

    /// A name the code uses without calling it: followed when it is a function or computed property of
    /// the project; any other name is a value.
    package mutating func refer(_ name: String) {
      if code.declaredFunctions.contains(name) { reach(name) }
    }

    package mutating func noteUnknown() { reachesUnknown = true }

    /// Follows what is pending; true as soon as a scope sets the background, else false, or nil when
    /// something unknown was reached.
    package mutating func run() -> Bool? {
      while !found, let scope = pending.popLast() {
        for name in calls(of: scope) { reach(name) }
        for name in references(of: scope) { refer(name) }
      }
      if found { return true }
      return reachesUnknown ? nil : false
    }

    /// From a widget: its type's own code, the views its content closure builds, the function its
    /// `content:` names.
    package mutating func run(from widget: WidgetCodeFacts.Widget) -> Bool? {
      if sets(widget.typeName) { return true }
      visited.insert(widget.typeName)
      for view in widget.contentViews { reach(view) }
      for name in calls(of: widget.typeName) where !WidgetCodeFacts.isTypeName(name) { reach(name) }
      for name in references(of: widget.typeName) { refer(name) }
      if widget.contentIsUnknown { noteUnknown() }
      if let function = widget.contentFunction {
        // The widget's own method first (each widget of a protocol may implement it), then any of the name.
        let qualified = "\(widget.typeName).\(function)"
        if code.declaredFunctions.contains(qualified) {
          reach(qualified)
        } else if code.declaredFunctions.contains(function) {
          reach(function)
        } else {
          noteUnknown()
        }
      }
      return run()
    }

    /// From a family-switch case's own code.
    package mutating func run(from familyCase: WidgetCodeFacts.FamilyCase) -> Bool? {
      if familyCase.setsContainerBackground { return true }
      for name in familyCase.calls { reach(name) }
      for name in familyCase.references { refer(name) }
      return run()
    }
  }

  /// A family-switch case that never sets the background while another case of its switch does, and
  /// the widgets and families that reach it.
  package struct BranchWithoutBackground {
    package var familyCase: WidgetCodeFacts.FamilyCase
    package var widgets: [String] = []
    package var families: [String] = []
  }

  /// The family-switch cases without a background that `widget` shows, when its view sets the
  /// background nowhere but in family-switch cases: each with the widget's families that reach it.
  /// Nothing when the widget's families are not known.
  package static func branchesWithoutBackground(of widget: WidgetCodeFacts.Widget, in code: TargetCode)
    -> [(familyCase: WidgetCodeFacts.FamilyCase, families: [String])]
  {
    guard !code.familySwitches.isEmpty, !widget.familiesAreComputed, let supported = widget.families?.names.map(\.name)
    else { return [] }
    // Outside the cases, the view must be known not to set it: else the cases are not the only place.
    var outside = BackgroundSearch(code: code, outsideFamilyCases: true)
    guard outside.run(from: widget) == false else { return [] }
    var result: [(WidgetCodeFacts.FamilyCase, [String])] = []
    for familySwitch in code.familySwitches where familySwitch.scopes.contains(where: outside.visited.contains) {
      let sets = familySwitch.cases.map { familyCase -> Bool? in
        var search = BackgroundSearch(code: code, outsideFamilyCases: false)
        return search.run(from: familyCase)
      }
      guard sets.contains(true) else { continue }
      let listed = Set(familySwitch.cases.flatMap(\.families))
      var earlier: Set<String> = []
      for (familyCase, caseSets) in zip(familySwitch.cases, sets) {
        // The first case listing a family is the one it takes; `default` takes those no case lists.
        let reaching =
          familyCase.isDefault
          ? supported.filter { !listed.contains($0) }
          : familyCase.families.filter { supported.contains($0) && !earlier.contains($0) }
        earlier.formUnion(familyCase.families)
        if caseSets == false, !reaching.isEmpty { result.append((familyCase, reaching)) }
      }
    }
    return result
  }

  public func check(_ context: RuleContext) {
    // The API and the placeholder came with the iOS 17 SDK (Xcode 15).
    if let toolchain = context.project.buildToolchain, toolchain.xcode < OSVersion(15) { return }
    for (target, code) in context.targetsWithCode {
      let widgets =
        code.bundleIsFullyKnown
        ? code.bundledWidgets : code.widgets.values.sorted { $0.nameSpan.start < $1.nameSpan.start }
      // A case shown by several widgets is reported once, for all of them.
      var branches: [BranchWithoutBackground] = []
      var branchIndex: [Int: Int] = [:]
      for widget in widgets {
        guard let configuration = widget.configuration, !widget.isLiveActivity,
          let sets = Self.setsContainerBackground(widget, in: code)
        else { continue }
        guard sets else {
          context.report(
            "widget '\(widget.typeName)' never sets containerBackground(for: .widget); built with Xcode 15 or later, "
              + "it shows \"Please adopt containerBackground API\" instead of its content on iOS 17 and later",
            inCodeOf: target, at: configuration.span, subject: widget.typeName)
          continue
        }
        for (familyCase, families) in Self.branchesWithoutBackground(of: widget, in: code) {
          let key = familyCase.span.start
          let index = branchIndex[key] ?? branches.count
          if index == branches.count {
            branchIndex[key] = index
            branches.append(BranchWithoutBackground(familyCase: familyCase))
          }
          branches[index].widgets.append(widget.typeName)
          for family in families where !branches[index].families.contains(family) {
            branches[index].families.append(family)
          }
        }
      }
      for branch in branches.sorted(by: { $0.familyCase.span.start < $1.familyCase.span.start }) {
        let label =
          branch.familyCase.isDefault
          ? "default" : "case " + branch.familyCase.families.map { "." + $0 }.joined(separator: ", ")
        let widgetNames = branch.widgets.map { "'\($0)'" }.joined(separator: ", ")
        context.report(
          "'\(label)' never sets containerBackground(for: .widget), while other cases of this family switch do; "
            + "built with Xcode 15 or later, \(branch.widgets.count == 1 ? "widget" : "widgets") \(widgetNames) "
            + "\(branch.widgets.count == 1 ? "shows" : "show") \"Please adopt containerBackground API\" instead of "
            + "\(branch.widgets.count == 1 ? "its" : "their") content in \(branch.families.joined(separator: ", ")) "
            + "on iOS 17 and later",
          inCodeOf: target, at: branch.familyCase.span, subject: branch.widgets.joined(separator: ", "))
      }
    }
  }
}
