/// `suppression-without-reason`: a suppression that does not say why.
public struct SuppressionWithoutReasonRule: SuppressionRule {
  public static let metadata = RuleMetadata(
    id: "suppression-without-reason",
    defaultSeverity: .warning,
    summary: "A widgetlint-disable comment gives no reason after ' -- '.",
    rationale: """
      A suppression is a decision that a finding is acceptable here. Without the reason, the next person
      cannot tell a considered exception from a silenced bug, and cannot know when it stops applying.
      Write it after ` -- `: `# widgetlint-disable-next-line refresh-interval-too-short -- sports scores
      in the final minutes; budget measured` (in Swift, JavaScript, TypeScript, Dart and xcconfig files,
      `// widgetlint-disable-line availability -- behind an iOS 17 check`). The suppression still applies.

      Source: widgetlint suppression syntax (docs/usage.md, "Suppressing a finding").
      """,
    examples: [
      .failing(
        "A suppression with no reason",
        liveScoreManifest(
          suppression: "↓# widgetlint-disable-next-line refresh-interval-too-short", refresh: "1m")),
      .passing(
        "The reason after ' -- '",
        liveScoreManifest(
          suppression:
            "# widgetlint-disable-next-line refresh-interval-too-short -- reloads come from the app during a match",
          refresh: "1m")),
    ])

  public init() {}
}
