import WidgetLintCore

/// `duplicate-key`: a mapping key written twice.
public struct DuplicateKeyRule: ReadingRule {
  public static let problemKind = ReadingProblem.Kind.duplicateKey

  public static let metadata = RuleMetadata(
    id: "duplicate-key",
    defaultSeverity: .error,
    summary: "A key appears twice in one mapping.",
    rationale: """
      YAML requires mapping keys to be unique, but most parsers, and `JSON.parse`, silently keep the last
      value, so the first one is ignored without a word. widgetlint reads the manifest as those tools do
      (the later value wins) and reports the duplicate at the second key, with the first as a related
      location.

      Source: YAML 1.2, section 3.2.1.1 ("keys are unique"); ECMA-404 leaves it to the reader.
      """,
    fixable: """
      a key written twice with the same value: the second entry is removed, with its line.
      """,
    examples: [
      .failing(
        "families written twice",
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
                ↓families: [systemMedium]
        """),
      .passing(
        "Each key once",
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
                families: [systemSmall, systemMedium]
        """),
    ])

  public init() {}
}
