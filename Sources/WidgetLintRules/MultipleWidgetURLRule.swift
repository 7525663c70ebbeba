import WidgetLintCore

/// `multiple-widget-url`: two `widgetURL`s that apply to one view.
public struct MultipleWidgetURLRule: Rule {
  public static let metadata = RuleMetadata(
    id: "multiple-widget-url",
    defaultSeverity: .warning,
    summary: "One view sets widgetURL more than once; only one of them takes effect.",
    rationale: """
      `widgetURL(_:)` sets the URL for a tap anywhere on the widget. A view hierarchy should set it once:
      with several, SwiftUI keeps one of them and the others are silently ignored, so taps open a different
      place than the code suggests. Use `Link` for separate tap targets in medium and larger widgets.

      The rule compares the `widgetURL` calls in one view type's code; calls in different branches of one
      `if` or `switch` (a different URL per family, say) never apply together and are not reported, nor
      are calls in separate presentations of a Live Activity: the lock-screen view, and the Dynamic
      Island's expanded regions, compact and minimal views, each shown alone. Calls in different members
      of a view (`accessoryCircularView` and `accessoryRectangularView`, which `body` picks per family)
      are each compared within their member only. Only the modifier on a view
      counts: an enum case `.widgetURL(…)`, a `case let .widgetURL(url)` pattern, or a function named
      `widgetURL(for:)` (`Links.widgetURL(for:)`, `Self.widgetURL(…)`) is not it.

      Source: Apple, `widgetURL(_:)`: "Widgets support one widgetURL modifier in their view hierarchy. If multiple
      views have widgetURL modifiers, the behavior is undefined."
      """,
    examples: [
      .failing(
        "Two widgetURL calls in one view",
        """
        app:
          bundleIdentifier: com.example.news
        targets:
          - name: NewsWidget
            bundleIdentifier: com.example.news.widget
            sources: [NewsWidget]
            widgets:
              - {kind: Headlines, displayName: Headlines, description: Top stories., families: [systemMedium]}
        """,
        files: [
          (
            "NewsWidget/HeadlinesView.swift",
            """
            import SwiftUI

            struct HeadlinesView: View {
                var body: some View {
                    VStack {
                        Text("Top story").widgetURL(URL(string: "news://top"))
                        Text("Second story").↓widgetURL(URL(string: "news://second"))
                    }
                }
            }
            """
          )
        ]),
      .passing(
        "One widgetURL per branch",
        """
        app:
          bundleIdentifier: com.example.news
        targets:
          - name: NewsWidget
            bundleIdentifier: com.example.news.widget
            sources: [NewsWidget]
            widgets:
              - {kind: Headlines, displayName: Headlines, description: Top stories., families: [systemSmall, systemMedium]}
        """,
        files: [
          (
            "NewsWidget/HeadlinesView.swift",
            """
            import SwiftUI
            import WidgetKit

            struct HeadlinesView: View {
                @Environment(\\.widgetFamily) var family
                var body: some View {
                    switch family {
                    case .systemSmall:
                        Text("Top story").widgetURL(URL(string: "news://top"))
                    default:
                        Text("All stories").widgetURL(URL(string: "news://all"))
                    }
                }
            }
            """
          )
        ]),
    ])

  public init() {}

  public func check(_ context: RuleContext) {
    for (target, code) in context.targetsWithCode {
      let uses = code.files.flatMap(\.code.urlUses).filter { !$0.isLink && $0.enclosingType != nil }
      // Uses in different members of a type (a computed property per family, say) are alternatives `body`
      // chooses between: each member is compared on its own.
      let byType = Dictionary(
        grouping: uses, by: { "\($0.span.file.path)#\($0.enclosingType ?? "")#\($0.member.map(String.init) ?? "")" })
      for (_, group) in byType.sorted(by: { $0.key < $1.key }) {
        let ordered = group.sorted { $0.span.start < $1.span.start }
        var earlierUses = CompatibleUseIndex()
        for use in ordered {
          guard let earlier = earlierUses.firstCompatible(recording: use.branches) else { continue }
          context.report(
            "'\(use.enclosingType ?? "")' sets widgetURL again; only one widgetURL takes effect, so taps may not open what this one says",
            inCodeOf: target, at: use.span,
            related: [RelatedLocation("widgetURL first set here", at: ordered[earlier].span)])
        }
      }
    }
  }
}
