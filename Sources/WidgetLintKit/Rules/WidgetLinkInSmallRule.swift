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

      Source: Apple, `widgetURL(_:)` and `Link` in widgets; facts sheet, Families ("`Link` does not work in
      systemSmall; only `widgetURL`").
      """,
    examples: [
      .failing(
        "A Link in a small-only widget",
        """
        app:
          bundleIdentifier: com.example.todo
        targets:
          - name: TodoWidget
            bundleIdentifier: com.example.todo.widget
            sources: [TodoWidget]
            widgets:
              - {kind: NextTask, displayName: Next task, description: Your next task., families: [systemSmall]}
        """,
        files: [
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
                        NextTaskView(entry: entry)
                    }
                    .supportedFamilies([.systemSmall])
                }
            }

            struct NextTaskView: View {
                let entry: Entry
                var body: some View {
                    Link(destination: URL(string: "todo://task/1")!) {
                        Text(entry.title)
                    }
                }
            }
            """
          )
        ]),
      .passing(
        "widgetURL in the small widget",
        """
        app:
          bundleIdentifier: com.example.todo
        targets:
          - name: TodoWidget
            bundleIdentifier: com.example.todo.widget
            sources: [TodoWidget]
            widgets:
              - {kind: NextTask, displayName: Next task, description: Your next task., families: [systemSmall]}
        """,
        files: [
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
                        NextTaskView(entry: entry)
                    }
                    .supportedFamilies([.systemSmall])
                }
            }

            struct NextTaskView: View {
                let entry: Entry
                var body: some View {
                    Text(entry.title).widgetURL(URL(string: "todo://task/1"))
                }
            }
            """
          )
        ]),
    ])

  public init() {}

  static let systemFamilies: Set<String> = ["systemSmall", "systemMedium", "systemLarge", "systemExtraLarge"]

  public func check(_ context: RuleContext) {
    for (target, code) in context.targetsWithCode {
      // The families each view type is shown in, over every widget whose tree includes it.
      var familiesByView: [String: Set<String>] = [:]
      for widget in code.widgets.values {
        let families = widget.families.map { Set($0.names.map(\.name)) } ?? Self.systemFamilies
        for view in code.viewTree(of: widget).union([widget.typeName]) {
          familiesByView[view, default: []].formUnion(families)
        }
      }
      for link in code.files.flatMap(\.code.urlUses) where link.isLink {
        guard let type = link.enclosingType, familiesByView[type] == ["systemSmall"] else { continue }
        context.report(
          "Link does nothing in a systemSmall widget, and '\(type)' is shown only in systemSmall; use .widgetURL(_:) for the tap",
          inCodeOf: target, at: link.span)
      }
    }
  }
}
