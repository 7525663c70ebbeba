import WidgetLintCore

/// `missing-key`: a required key is absent.
public struct MissingKeyRule: ReadingRule {
  public static let problemKind = ReadingProblem.Kind.missingKey

  public static let metadata = RuleMetadata(
    id: "missing-key",
    defaultSeverity: .error,
    summary: "A required key is missing.",
    rationale: """
      Some keys have no sensible default: the app's and each target's `bundleIdentifier` (signing and
      installation depend on them), a target's `name` (the Xcode target, EAS `targetName`), a widget's
      `kind` (WidgetKit's identity for it) and its `families`. Without them the other rules cannot check
      the item, so the missing key is reported where the item starts.

      Source: widgetlint manifest v1 (docs/inputs.md, "The manifest").
      """,
    examples: [
      .failing(
        "A target without a bundle identifier",
        """
        app:
          bundleIdentifier: com.example.app
        targets:
          - ↓name: widgets
            widgets:
              - kind: Status
                displayName: Status
                description: The current status.
                families: [systemSmall]
        """),
      .passing(
        "Every required key present",
        """
        app:
          bundleIdentifier: com.example.app
        targets:
          - name: widgets
            bundleIdentifier: com.example.app.widgets
            widgets:
              - kind: Status
                displayName: Status
                description: The current status.
                families: [systemSmall]
        """),
    ])

  public init() {}
}
