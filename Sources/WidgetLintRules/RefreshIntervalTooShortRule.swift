import WidgetLintModel

/// `refresh-interval-too-short`: a reload interval or entry spacing below WidgetKit's floor.
public struct RefreshIntervalTooShortRule: Rule {
  public static let metadata = RuleMetadata(
    id: "refresh-interval-too-short",
    defaultSeverity: .warning,
    summary: "A widget asks to reload, or spaces its timeline entries, more often than WidgetKit allows.",
    rationale: """
      WidgetKit budgets reloads: a frequently viewed widget typically gets 40–70 reloads a day (roughly
      every 15–60 minutes), WidgetKit imposes a minimum time between reloads, and Apple asks for timeline
      entries at least about 5 minutes apart. A `.after(date)` policy sooner than that is not honoured: the
      widget simply shows stale data while the budget drains. For `atEnd`, `interval` is the spacing of the
      timeline's entries.
      In Swift code only the reload date counts: `.after(date)`, or `.atEnd`, which reloads after the last
      entry. Entries are not reloads: 60 entries a minute apart ending `.atEnd` reload once an hour.

      Reloads the app requests while in the foreground, or from an app intent, do not count against the
      budget; use `never` and `WidgetCenter.shared.reloadTimelines(ofKind:)` for data that changes on the
      user's action.

      Source: Apple, "Keeping a widget up to date" (https://developer.apple.com/documentation/widgetkit/keeping-a-widget-up-to-date).
      """,
    options: [
      RuleOption(
        name: "minimum", kind: .duration, defaultValue: 300,
        summary: "The shortest interval or entry spacing allowed (WidgetKit's documented floor is 5 minutes).")
    ],
    examples: [
      .failing(
        "Reloading every minute",
        """
        app:
          bundleIdentifier: com.example.stocks
        targets:
          - name: StocksWidget
            bundleIdentifier: com.example.stocks.widget
            widgets:
              - kind: Ticker
                displayName: Ticker
                description: Your watchlist.
                families: [systemSmall]
                refresh: ↓1m
        """),
      .passing(
        "Reloading every 15 minutes",
        """
        app:
          bundleIdentifier: com.example.stocks
        targets:
          - name: StocksWidget
            bundleIdentifier: com.example.stocks.widget
            widgets:
              - kind: Ticker
                displayName: Ticker
                description: Your watchlist.
                families: [systemSmall]
                refresh: {policy: after, interval: 15m}
        """),
    ])

  public init() {}

  public func check(_ context: RuleContext) {
    guard let manifest = context.manifest else { return }
    let minimum = context.option("minimum")
    for target in manifest.targets {
      for widget in target.widgets {
        guard let seconds = widget.refresh?.interval?.value, seconds < minimum,
          let refresh = widget.refresh, let interval = refresh.interval
        else { continue }
        let what =
          refresh.policy.value == .atEnd
          ? "timeline entries \(Duration.describe(interval.value)) apart are"
          : "a reload every \(Duration.describe(interval.value)) is"
        context.report(
          "\(what) below the \(Duration.describe(minimum)) minimum; WidgetKit will not refresh that often and the widget's daily reload budget drains",
          at: interval, subject: widget.kind?.value)
      }
    }
    for (target, code) in context.targetsWithCode {
      for policy in code.files.flatMap(\.code.policies) {
        guard let seconds = policy.seconds, seconds < minimum, policy.kind != .never else { continue }
        let what: String
        switch (policy.kind, seconds) {
        case (.atEnd, 0): what = "this timeline's only entry is dated now, so it asks to reload at once, which is"
        case (_, 0): what = "this timeline asks to reload at once, which is"
        case (.atEnd, _):
          what =
            "this timeline's last entry is \(Duration.describe(seconds)) from now, so it asks to reload then, which is"
        default: what = "this timeline asks to reload after \(Duration.describe(seconds)),"
        }
        // The interval is the author's to choose, so no fix; the message shows the shape of one.
        context.report(
          "\(what) below the \(Duration.describe(minimum)) minimum; WidgetKit will not refresh that often and the widget's daily reload budget drains; ask for a later date, such as .after(Date().addingTimeInterval(\(max(minimum, 15 * 60) / 60) * 60)), or .never and reload from the app when its data changes",
          inCodeOf: target, at: policy.span)
      }
    }
  }
}
