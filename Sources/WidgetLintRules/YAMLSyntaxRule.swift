import WidgetLintCore

/// `yaml-syntax`: the file cannot be read as YAML or JSON.
public struct YAMLSyntaxRule: ReadingRule {
  public static let problemKind = ReadingProblem.Kind.syntax

  public static let metadata = RuleMetadata(
    id: "yaml-syntax",
    defaultSeverity: .error,
    summary: "The manifest is not valid YAML or JSON, or exceeds a reading limit.",
    rationale: """
      widgetlint parses manifests with libyaml; JSON manifests go through the same parser. A syntax error
      stops reading at its position, so nothing after it is checked. The same rule reports input that is
      not UTF-8, a second YAML document in one file, nesting deeper than 200 levels, more than 1,000
      aliases, and an alias that refers to no anchor or to a node that contains it: limits that keep
      hostile input (such as the "billion laughs" alias bomb) from hanging a pre-commit hook.

      A `.json` manifest, and a target's expo-target.config.json (which @bacons/apple-targets loads with
      `require`, that is `JSON.parse`), is also held to JSON's own grammar: libyaml accepts comments,
      trailing commas, unquoted keys and single-quoted strings, and JSON does not. Every comment and
      trailing comma is reported; any other departure from JSON is reported where it starts, and nothing
      after it is held to JSON's grammar. An Expo app's app.json and app.config.json are different:
      Expo reads them as JSON5, which allows all of these, so widgetlint does too.

      Sources: YAML 1.1 as libyaml reads it; JSON as RFC 8259 defines it
      (https://www.rfc-editor.org/rfc/rfc8259); @expo/config's getStaticConfig, which reads the static
      app config with `JsonFile.read(path, { json5: true })` (github.com/expo/expo,
      packages/@expo/config/src/getConfig.ts).
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
