/// Rules about the suppression directives themselves. Their findings are made when directives are
/// applied, after every other rule has run, so their `check` has nothing to do.
public protocol SuppressionRule: Rule {}

extension SuppressionRule {
  public func check(_ context: RuleContext) {}
}

extension SuppressionRule {
  /// The suppression rules' examples: a live-score widget refreshed every `refresh`, with the
  /// `suppression` comment above its refresh line.
  package static func liveScoreManifest(suppression: String?, refresh: String) -> String {
    """
    app:
      bundleIdentifier: com.example.scores
    targets:
      - name: widgets
        bundleIdentifier: com.example.scores.widgets
        widgets:
          - kind: LiveScore
            displayName: Live score
            description: The match in progress.
            families: [systemSmall]
    \(suppression.map { "        " + $0 + "\n" } ?? "")        refresh: \(refresh)
    """
  }
}
