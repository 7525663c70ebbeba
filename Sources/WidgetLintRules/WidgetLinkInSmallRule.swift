import WidgetLintModel

/// `widget-link-in-small`: a `Link` in a view only the small family shows.
public struct WidgetLinkInSmallRule: Rule {
  public static let metadata = RuleMetadata(
    id: "widget-link-in-small",
    defaultSeverity: .warning,
    summary: "A Link is used in a view shown only in systemSmall, where Links do not work.",
    rationale: """
      A systemSmall widget is a single tap target: `Link` does nothing there, and only `widgetURL(_:)`
      decides what a tap opens. Links work in systemMedium and larger. The rule follows each widget's view
      tree through the view types its configuration builds, and reports a `Link` in a view used only by
      widgets whose `.supportedFamilies` is `[.systemSmall]`.

      Recent iOS versions: some shipped apps put several `Link`s in a small widget (DuckDuckGo's small
      quick-actions widget has three), which raised the question whether small widgets honour `Link` from
      some iOS version on. Apple's documentation does not say so for any version: "Linking to specific app
      scenes from your widget or Live Activity"
      (https://developer.apple.com/documentation/widgetkit/linking-to-specific-app-scenes-from-your-widget-or-live-activity)
      still describes `widgetURL(_:)` for every widget and `Link` for the larger families. The rule therefore
      does not depend on the deployment target; it is a warning, so a team that has verified the behaviour
      on the iOS versions it supports can turn it off.

      Sources: Apple, WWDC20 "Meet WidgetKit" and an Apple engineer on the Apple Developer Forums
      (developer.apple.com/forums/thread/650246): "You may annotate an entire widget using the widgetURL
      modifier API, and in systemMedium and systemLarge you may use the Link API"; Apple, `widgetURL(_:)`
      (https://developer.apple.com/documentation/swiftui/view/widgeturl(_:)).
      """,
    examples: [
      .failing(
        "A Link in a small-only widget", exampleManifest,
        files: exampleFiles(
          viewBody: """
            ↓Link(destination: URL(string: "todo://task/1")!) {
                Text(entry.title)
            }
            """)),
      .passing(
        "widgetURL in the small widget", exampleManifest,
        files: exampleFiles(viewBody: #"Text(entry.title).widgetURL(URL(string: "todo://task/1"))"#)),
    ])

  package static let exampleManifest = """
    app:
      bundleIdentifier: com.example.todo
    targets:
      - name: TodoWidget
        bundleIdentifier: com.example.todo.widget
        sources: [TodoWidget]
        widgets:
          - {kind: NextTask, displayName: Next task, description: Your next task., families: [systemSmall]}
    """

  /// A small-only widget whose view's body is `viewBody`.
  package static func exampleFiles(viewBody: String) -> [(String, String)] {
    let indentedBody = viewBody.split(separator: "\n", omittingEmptySubsequences: false)
      .map { "        " + $0 }.joined(separator: "\n")
    return [
      (
        "TodoWidget/NextTask.swift",
        """
        import SwiftUI
        import WidgetKit

        @main
        struct TodoWidgets: WidgetBundle {
            var body: some Widget { NextTaskWidget() }
        }

        struct NextTaskWidget: Widget {
            var body: some WidgetConfiguration {
                StaticConfiguration(kind: "NextTask", provider: Provider()) { entry in
                    NextTaskView(entry: entry).widgetBackground()
                }
                .supportedFamilies([.systemSmall])
            }
        }

        struct NextTaskView: View {
            let entry: Entry
            var body: some View {
        \(indentedBody)
            }
        }

        extension View {
            @ViewBuilder func widgetBackground() -> some View {
                if #available(iOS 17.0, *) { containerBackground(.fill.tertiary, for: .widget) } else { self }
            }
        }
        """
      )
    ]
  }

  public init() {}

  package static let systemFamilies: Set<String> = ["systemSmall", "systemMedium", "systemLarge", "systemExtraLarge"]

  /// The families each view type is shown in: those of every widget whose view tree includes it, or
  /// that is it. Families flow from each widget's content views along the view references until nothing
  /// grows; a view is visited again only when its set grows, so shared views cost the number of
  /// families, not the number of widgets that show them.
  package static func familiesByView(_ code: TargetCode) -> [String: Set<String>] {
    var reached: [String: Set<String>] = [:]
    var pending: [String] = []
    func give(_ families: Set<String>, to view: String) {
      guard !(reached[view]?.isSuperset(of: families) ?? false) else { return }
      reached[view, default: []].formUnion(families)
      pending.append(view)
    }
    var result: [String: Set<String>] = [:]
    for widget in code.widgets.values {
      let families = widget.families.map { Set($0.names.map(\.name)) } ?? Self.systemFamilies
      for view in code.contentViews(of: widget) { give(families, to: view) }
      // The widget type itself is shown, but what it refers to is reached only through its content views.
      result[widget.typeName, default: []].formUnion(families)
    }
    while let view = pending.popLast() {
      let families = reached[view] ?? []
      for next in code.viewReferences[view] ?? [] { give(families, to: next) }
    }
    return result.merging(reached) { $0.union($1) }
  }

  public func check(_ context: RuleContext) {
    for (target, code) in context.targetsWithCode {
      let links = code.files.flatMap(\.code.urlUses).filter(\.isLink)
      guard !links.isEmpty else { continue }
      let familiesByView = Self.familiesByView(code)
      for link in links {
        guard let type = link.enclosingType, familiesByView[type] == ["systemSmall"] else { continue }
        context.report(
          "Link does nothing in a systemSmall widget, and '\(type)' is shown only in systemSmall; use .widgetURL(_:) for the tap",
          inCodeOf: target, at: link.span)
      }
    }
  }
}
