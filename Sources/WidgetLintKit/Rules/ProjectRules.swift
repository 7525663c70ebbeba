/// `computed-value`: a value in a JavaScript target config that is computed, so not checked.
public struct ComputedValueRule: ReadingRule {
  public static let metadata = RuleMetadata(
    id: "computed-value",
    defaultSeverity: .note,
    summary: "A value in expo-target.config.js is computed when Expo prebuilds, so widgetlint cannot check it.",
    rationale: """
      `expo-target.config.js` may be a function of the Expo config, and its values may be computed
      (`config.ios.bundleIdentifier + ".widget"`, `process.env.GROUP`). widgetlint reads the file as data and
      never executes it: a linter must not run code from a pull request. Such a value is reported as a note,
      so you know it was not checked; write it as a literal to have it checked.

      Source: @bacons/apple-targets, `expo-target.config.js` (facts sheet, EAS and @bacons/apple-targets).
      """,
    examples: [
      .failing(
        "A YAML manifest cannot hold a computed value, so this rule has no manifest example; see examples/broken-projects/expo-computed-config",
        """
        app:
          bundleIdentifier: com.example.app
        targets:
          - name: widgets
            bundleIdentifier: com.example.app.widgets
            sources: [widget]
            widgets:
              - {kind: Status, displayName: Status, description: The status., families: [systemSmall]}
        """),
      .passing(
        "Literal values are checked",
        """
        app:
          bundleIdentifier: com.example.app
        targets:
          - name: widgets
            bundleIdentifier: com.example.app.widgets
            widgets:
              - {kind: Status, displayName: Status, description: The status., families: [systemSmall]}
        """),
    ])

  public init() {}
}
