import WidgetLintCore
import WidgetLintModel

/// `duplicate-widget-kind`: two widgets with the same `kind`.
public struct DuplicateWidgetKindRule: Rule {
  public static let metadata = RuleMetadata(
    id: "duplicate-widget-kind",
    defaultSeverity: .error,
    summary: "Two widgets in the app share a kind string.",
    rationale: """
      WidgetKit identifies a widget by its `kind` string: it keys timelines, reloads
      (`WidgetCenter.shared.reloadTimelines(ofKind:)`) and the widgets a user has placed by it. Every kind
      must be unique within the app, across all of its widget extensions; two widgets with one kind
      replace each other in the gallery and reload together.

      Source: Apple, StaticConfiguration `kind` (https://developer.apple.com/documentation/widgetkit/staticconfiguration): "a string that
      identifies the widget"; WidgetCenter reloads by kind (https://developer.apple.com/documentation/widgetkit/widgetcenter).
      """,
    examples: [
      .failing(
        "The same kind in two targets",
        """
        app:
          bundleIdentifier: com.example.news
        targets:
          - name: Headlines
            bundleIdentifier: com.example.news.headlines
            widgets:
              - {kind: NewsWidget, displayName: Headlines, description: Top stories., families: [systemMedium]}
          - name: Local
            bundleIdentifier: com.example.news.local
            widgets:
              - {kind: ↓NewsWidget, displayName: Local news, description: Stories near you., families: [systemMedium]}
        """),
      .passing(
        "One kind per widget",
        """
        app:
          bundleIdentifier: com.example.news
        targets:
          - name: Headlines
            bundleIdentifier: com.example.news.headlines
            widgets:
              - {kind: HeadlinesWidget, displayName: Headlines, description: Top stories., families: [systemMedium]}
              - {kind: LocalNewsWidget, displayName: Local news, description: Stories near you., families: [systemMedium]}
        """),
    ])

  public init() {}

  public func check(_ context: RuleContext) {
    guard let manifest = context.manifest else { return }
    // Sized once and holding references: with thousands of widgets this table is a large allocation.
    var firstByKind = FirstOccurrences<String, Manifest.Widget>(
      expectedCount: manifest.targets.reduce(0) { $0 + $1.widgets.count })
    for target in manifest.targets {
      for widget in target.widgets {
        guard let kindText = widget.kind?.value else { continue }
        if let first = firstByKind.earlier(than: widget, for: kindText)?.kind, let kind = widget.kind {
          context.report(
            "widget kind '\(kind.value)' is used twice; WidgetKit identifies widgets by kind, so each must be unique in the app",
            at: kind, subject: kind.value, related: [RelatedLocation("'\(kind.value)' first used here", at: first.span)]
          )
        }
      }
    }
  }
}
