/// Rules about the suppression directives themselves. Their findings are made when directives are
/// applied, after every other rule has run, so their `check` has nothing to do.
public protocol SuppressionRule: Rule {}

extension SuppressionRule {
  public func check(_ context: RuleContext) {}
}

/// `suppression-without-reason`: a suppression that does not say why.
public struct SuppressionWithoutReasonRule: SuppressionRule {
  public static let metadata = RuleMetadata(
    id: Suppressions.withoutReasonRule,
    defaultSeverity: .warning,
    summary: "A widgetlint-disable comment gives no reason after ' -- '.",
    rationale: """
      A suppression is a decision that a finding is acceptable here. Without the reason, the next person
      cannot tell a considered exception from a silenced bug, and cannot know when it stops applying.
      Write it after ` -- `: `# widgetlint-disable-next-line refresh-interval-too-short -- sports scores
      in the final minutes; budget measured`. The suppression still applies.

      Source: widgetlint suppression syntax (README, "Suppressing a finding").
      """,
    examples: [
      .failing(
        "A suppression with no reason",
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
                # widgetlint-disable-next-line refresh-interval-too-short
                refresh: 1m
        """),
      .passing(
        "The reason after ' -- '",
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
                # widgetlint-disable-next-line refresh-interval-too-short -- reloads come from the app during a match
                refresh: 1m
        """),
    ])

  public init() {}
}

/// `unused-suppression`: a suppression that suppresses nothing.
public struct UnusedSuppressionRule: SuppressionRule {
  public static let metadata = RuleMetadata(
    id: Suppressions.unusedRule,
    defaultSeverity: .warning,
    summary: "A widgetlint-disable comment suppresses nothing, names an unknown rule, or is misplaced.",
    rationale: """
      Suppressions outlive the findings they were written for: once the manifest is fixed, a stale
      `widgetlint-disable` comment would silently hide the next real problem on that line. widgetlint
      reports every directive (and every rule named in one) that matched no finding, names an unknown
      rule, names no rule, or is a `widgetlint-disable-file` outside the file's first comment block.

      Source: widgetlint suppression syntax (README, "Suppressing a finding").
      """,
    examples: [
      .failing(
        "The finding was fixed, the suppression stayed",
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
                # widgetlint-disable-next-line refresh-interval-too-short -- reloads come from the app during a match
                refresh: 15m
        """),
      .passing(
        "No suppression where nothing needs one",
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
                refresh: 15m
        """),
    ])

  public init() {}
}
