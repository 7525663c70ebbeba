/// `invalid-value`: a value of the wrong type or outside its allowed set.
public struct InvalidValueRule: ReadingRule {
  public static let metadata = RuleMetadata(
    id: .invalidValue,
    defaultSeverity: .error,
    summary: "A value has the wrong type, or is not one of the values its key allows.",
    rationale: """
      Each manifest key takes one kind of value: `families` a list of strings, `refresh` a policy or a
      duration, `configuration` one of `static`, `intent`, `appIntent`. Versions must be quoted strings
      ("16.0"): unquoted, YAML reads `16.10` as the number 16.1. Plain words that YAML 1.1 tools read as
      booleans (`no`, `on`, `yes`) must be quoted where a string is meant. A `sources` entry that matches
      no file is reported here too.

      Source: widgetlint manifest v1 (README, "The manifest"); YAML 1.1 boolean type.
      """,
    fixable: """
      an unquoted version (`16.0` becomes `"16.0"`) and a YAML 1.1 boolean word where a string is wanted (`no` becomes `"no"`): the value is quoted and keeps its text. No manifest key takes a boolean, so no word is turned into `true` or `false`.
      """,
    examples: [
      .failing(
        "A configuration that does not exist",
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
                configuration: ↓dynamic
                families: [systemSmall]
        """),
      .failing(
        "An unquoted version",
        """
        app:
          bundleIdentifier: com.example.app
          deploymentTarget: ↓16.0
        targets: []
        """),
      .passing(
        "Values of the right kind",
        """
        app:
          bundleIdentifier: com.example.app
          deploymentTarget: "16.0"
        targets:
          - name: widgets
            bundleIdentifier: com.example.app.widgets
            widgets:
              - kind: Status
                displayName: Status
                description: The current status.
                configuration: intent
                families: [systemSmall]
                refresh: 30m
        """),
    ])

  public init() {}
}

extension RuleID {
  public static let invalidValue = RuleID("invalid-value")
}
