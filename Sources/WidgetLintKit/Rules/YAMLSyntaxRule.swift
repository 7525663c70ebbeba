/// `yaml-syntax`: the file cannot be read as YAML or JSON.
public struct YAMLSyntaxRule: ReadingRule {
  public static let metadata = RuleMetadata(
    id: .yamlSyntax,
    defaultSeverity: .error,
    summary: "The manifest is not valid YAML or JSON, or exceeds a reading limit.",
    rationale: """
      widgetlint parses manifests with libyaml; JSON manifests go through the same parser. A syntax error
      stops reading at its position, so nothing after it is checked. The same rule reports input that is
      not UTF-8, a second YAML document in one file, nesting deeper than 200 levels, more than 1,000
      aliases, and an alias that refers to no anchor or to a node that contains it: limits that keep
      hostile input (such as the "billion laughs" alias bomb) from hanging a pre-commit hook.

      Source: YAML 1.1 / JSON syntax as libyaml reads it.
      """,
    examples: [
      .failing(
        "An unclosed flow sequence",
        """
        app:
          bundleIdentifier: com.example.app
        targets:
          - name: widgets
            bundleIdentifier: com.example.app.widgets
            widgets:
              - kind: Status
                families: [systemSmall, systemMedium
                displayName↓: Status
        """),
      .passing(
        "Balanced brackets",
        """
        app:
          bundleIdentifier: com.example.app
        targets:
          - name: widgets
            bundleIdentifier: com.example.app.widgets
            widgets:
              - kind: Status
                families: [systemSmall, systemMedium]
                displayName: Status
                description: The current status.
        """),
    ])

  public init() {}
}

extension RuleID {
  public static let yamlSyntax = RuleID("yaml-syntax")
}
