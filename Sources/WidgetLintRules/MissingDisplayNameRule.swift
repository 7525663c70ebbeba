/// `missing-display-name`: a widget without a gallery name or description.
public struct MissingDisplayNameRule: Rule {
  public static let metadata = RuleMetadata(
    id: "missing-display-name",
    defaultSeverity: .warning,
    summary: "A widget has no displayName or no description for the widget gallery.",
    rationale: """
      The widget gallery shows each widget with the name and description its configuration sets through
      `.configurationDisplayName(_:)` and `.description(_:)`. Without them the gallery shows the app's
      name and nothing else, and a user choosing between several widgets cannot tell them apart.

      Source: Apple, WidgetConfiguration `configurationDisplayName(_:)` and `description(_:)`.
      """,
    examples: [
      .failing(
        "No description",
        """
        app:
          bundleIdentifier: com.example.habits
        targets:
          - name: HabitWidget
            bundleIdentifier: com.example.habits.widget
            widgets:
              - kind: ↓Streak
                displayName: Streak
                families: [systemSmall]
        """),
      .passing(
        "Name and description",
        """
        app:
          bundleIdentifier: com.example.habits
        targets:
          - name: HabitWidget
            bundleIdentifier: com.example.habits.widget
            widgets:
              - kind: Streak
                displayName: Streak
                description: Days in a row you kept your habit.
                families: [systemSmall]
        """),
    ])

  public init() {}

  public func check(_ context: RuleContext) {
    guard let manifest = context.manifest else { return }
    for target in manifest.targets {
      for widget in target.widgets where widget.displayName == nil || widget.description == nil {
        let name = widget.kind.map { "widget '\($0.value)'" } ?? "this widget"
        let missing = [
          widget.displayName == nil ? "displayName" : nil, widget.description == nil ? "description" : nil,
        ].compactMap { $0 }
        context.report(
          "\(name) has no \(missing.joined(separator: " and ")); the widget gallery shows it without a name or explanation",
          at: widget.anchorSpan, pointer: widget.pointer, subject: widget.kind?.value)
      }
    }
  }
}
