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
      `if` or `switch` (a different URL per family, say) never apply together and are not reported.

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
                        Text("Second story").widgetURL(URL(string: "news://second"))
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
      let byType = Dictionary(grouping: uses, by: { "\($0.span.file.path)#\($0.enclosingType ?? "")" })
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

/// Uses recorded in source order, and for each new one the first earlier use that can apply together
/// with it: one not in a different branch of an `if` or `switch` around both (`URLUse.excludes`).
///
/// The uses' branch paths form a tree, so the answer is read off the O(depth) nodes on the new use's
/// path instead of comparing it with every earlier use: a `switch` of a thousand cases, each setting a
/// widgetURL, would otherwise cost half a million comparisons.
struct CompatibleUseIndex {
  private struct Node {
    var children: [WidgetCodeFacts.BranchStep: Int] = [:]
    /// The first use whose path ends here.
    var firstEnding: Int?
    /// The first use below this node under each of the first two constructs used here, in use order:
    /// the first under any construct but a given one is then always one of these two.
    var firstBelow: [(construct: Int, use: Int)] = []
  }

  private var nodes = [Node()]
  private var recorded = 0
  /// Nodes visited so far: the work done, which tests hold to a bound.
  private(set) var visits = 0

  /// The number (in recording order) of the first recorded use that can apply together with a use on
  /// `branches` (innermost first), or nil; then records that use as the next number.
  mutating func firstCompatible(recording branches: [WidgetCodeFacts.BranchStep]) -> Int? {
    let path = Array(branches.reversed())
    var first: Int?
    func consider(_ use: Int?) {
      if let use, use < (first ?? Int.max) { first = use }
    }
    var node = 0
    var depth = 0
    while true {
      visits += 1
      // Uses that stop at this prefix, or go on under another construct than this use's next one,
      // share no construct with it below here, so nothing excludes them.
      consider(nodes[node].firstEnding)
      let next = depth < path.count ? path[depth].construct : nil
      consider(nodes[node].firstBelow.first { $0.construct != next }?.use)
      // Those under the same construct and another branch are excluded; only the same branch goes on.
      guard depth < path.count, let child = nodes[node].children[path[depth]] else { break }
      node = child
      depth += 1
    }
    record(path)
    return first
  }

  private mutating func record(_ path: [WidgetCodeFacts.BranchStep]) {
    let use = recorded
    recorded += 1
    var node = 0
    for step in path {
      visits += 1
      if nodes[node].firstBelow.count < 2, !nodes[node].firstBelow.contains(where: { $0.construct == step.construct }) {
        nodes[node].firstBelow.append((step.construct, use))
      }
      if let child = nodes[node].children[step] {
        node = child
      } else {
        nodes.append(Node())
        nodes[node].children[step] = nodes.count - 1
        node = nodes.count - 1
      }
    }
    visits += 1
    if nodes[node].firstEnding == nil { nodes[node].firstEnding = use }
  }
}
