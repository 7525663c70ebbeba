/// `unused-suppression`: a suppression that suppresses nothing.
public struct UnusedSuppressionRule: SuppressionRule {
  public static let metadata = RuleMetadata(
    id: "unused-suppression",
    defaultSeverity: .warning,
    summary: "A widgetlint-disable comment suppresses nothing, names an unknown rule, or is misplaced.",
    rationale: """
      Suppressions outlive the findings they were written for: once the manifest or the code is fixed, a
      stale `widgetlint-disable` comment would silently hide the next real problem on that line. widgetlint
      reports every directive (and every rule named in one) that matched no finding, names an unknown
      rule, names no rule, or is a `widgetlint-disable-file` outside the file's first comment block; in a
      manifest or in any other file it reads that has comments (Swift, JavaScript and TypeScript, Dart,
      xcconfig, XcodeGen's YAML).

      Source: widgetlint suppression syntax (docs/usage.md, "Suppressing a finding").
      """,
    fixable: """
      the comment is removed (with its line when it is alone on it), or only the unused rule name when the comment still suppresses another; a misspelt rule id near one rule is corrected instead, and an id near none is left as written; in manifests only, as every fix.
      """,
    examples: [
      .failing(
        "The finding was fixed, the suppression stayed",
        liveScoreManifest(
          suppression:
            "# widgetlint-disable-next-line ↓refresh-interval-too-short -- reloads come from the app during a match",
          refresh: "15m")),
      .passing("No suppression where nothing needs one", liveScoreManifest(suppression: nil, refresh: "15m")),
    ])

  public init() {}
}
