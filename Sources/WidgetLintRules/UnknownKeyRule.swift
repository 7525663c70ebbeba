import WidgetLintCore

/// `unknown-key`: a key manifest v1 does not define.
public struct UnknownKeyRule: ReadingRule {
  public static let problemKind = ReadingProblem.Kind.unknownKey

  public static let metadata = RuleMetadata(
    id: "unknown-key",
    defaultSeverity: .error,
    summary: "A key that manifest v1 does not define, usually a misspelling.",
    rationale: """
      A misspelt key is ignored by whatever reads the file, so the setting it meant to make silently does
      not happen: `familes:` leaves a widget with no families. The message suggests the closest key, or the
      manifest's name for a key known from elsewhere: SwiftUI's `widgetURL` and `supportedFamilies`
      (`url`, `families`), Xcode's `PRODUCT_BUNDLE_IDENTIFIER` and `bundleId` (`bundleIdentifier`).
      Entitlements may hold any key; EAS `appExtensions` entries are checked by `eas-extension-mismatch`,
      which applies EAS's own rules.

      Source: widgetlint manifest v1 (docs/inputs.md, "The manifest").
      """,
    fixable: """
      a misspelt key with one close manifest key, or a key known from elsewhere (`widgetURL`), that the
      mapping does not already have: the key is renamed.
      """,
    examples: [
      .failing(
        "A misspelt key",
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
                ↓widgetURL: example://status
        """),
      .passing(
        "The manifest's own key",
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
                url: example://status
        """),
    ])

  public init() {}
}
