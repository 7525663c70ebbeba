import WidgetLintCore
import WidgetLintModel

/// `unknown-widget-family`: a family that is not a WidgetFamily case.
public struct UnknownWidgetFamilyRule: Rule {
  public static let metadata = RuleMetadata(
    id: "unknown-widget-family",
    defaultSeverity: .error,
    summary: "A widget lists a family that is not a WidgetFamily case.",
    rationale: """
      `families` are the cases of WidgetKit's `WidgetFamily`: `systemSmall`, `systemMedium`, `systemLarge`,
      `systemExtraLarge`, `accessoryCircular`, `accessoryRectangular`, `accessoryInline` and
      `accessoryCorner`. Any other name does not compile in `.supportedFamilies([...])`, and a manifest that
      says `small` describes a widget that does not exist. The message suggests the case you most likely
      meant.

      Source: Apple, WidgetFamily (https://developer.apple.com/documentation/widgetkit/widgetfamily).
      """,
    fixable: """
      a short name (`small` becomes `systemSmall`), a case written with its type (`WidgetFamily.systemLarge`), or a misspelling one case is closest to (`accesoryCircular` becomes `accessoryCircular`), unless the widget lists that case already. In a manifest, and in the options of expo-widgets or Voltra where the family is a string literal of the app config.
      """,
    examples: [
      .failing(
        "A short name instead of the WidgetFamily case",
        """
        app:
          bundleIdentifier: com.example.weather
        targets:
          - name: WeatherWidgets
            bundleIdentifier: com.example.weather.widgets
            widgets:
              - kind: Forecast
                displayName: Forecast
                description: Today's forecast.
                families: [↓small, systemMedium]
        """),
      .passing(
        "WidgetFamily case names",
        """
        app:
          bundleIdentifier: com.example.weather
        targets:
          - name: WeatherWidgets
            bundleIdentifier: com.example.weather.widgets
            widgets:
              - kind: Forecast
                displayName: Forecast
                description: Today's forecast.
                families: [systemSmall, systemMedium]
        """),
    ])

  public init() {}

  /// Short names people write for families, mapped to the WidgetFamily case they mean.
  public static let familyAliases: [String: String] = [
    "small": "systemSmall", "medium": "systemMedium", "large": "systemLarge", "extralarge": "systemExtraLarge",
    "xl": "systemExtraLarge", "circular": "accessoryCircular", "rectangular": "accessoryRectangular",
    "inline": "accessoryInline", "corner": "accessoryCorner",
  ]

  public func check(_ context: RuleContext) {
    guard let manifest = context.manifest else { return }
    for target in manifest.targets {
      for widget in target.widgets {
        let families = widget.families
        for index in families.indices where !WidgetKitCatalog.isFamily(families[index].value) {
          let family = families[index]
          var message = "'\(family.value)' is not a WidgetFamily"
          if let suggestion = Self.suggestion(for: family.value) {
            message += "; did you mean '\(suggestion)'?"
          } else {
            message += " (families: \(WidgetKitCatalog.familyNames.joined(separator: ", ")))"
          }
          var fix: Fix?
          if let certain = Self.certainSuggestion(for: family.value),
            !widget.families.contains(where: { $0.value == certain }),
            let replacement = context.manifestEdits?.replacingScalar(at: family.span, old: family.value, with: certain)
          {
            fix = Fix("replace '\(family.value)' with '\(certain)'", replacements: [replacement])
          } else if target.widgetsDeclaredInConfig, let certain = Self.certainSuggestion(for: family.value),
            !widget.families.contains(where: { $0.value == certain }),
            let replacement = StringLiteralEdits.replacingContents(
              of: family.span, value: family.value, with: certain, in: .javaScript)
          {
            // A config plugin's option (expo-widgets, Voltra): the string literal in app.json or app.config.*.
            fix = Fix("replace '\(family.value)' with '\(certain)'", replacements: [replacement])
          }
          context.report(message, at: family, subject: widget.kind?.value, fix: fix)
        }
      }
    }
  }

  /// The family a fix may write: a case named with its type or a leading dot, a short name people write
  /// for it, or the one case a misspelling is closest to. Never a guess between two.
  package static func certainSuggestion(for written: String) -> String? {
    let name = withoutTypePrefix(written)
    if WidgetKitCatalog.isFamily(name) { return name }
    if let alias = Self.familyAliases[name.lowercased()] { return alias }
    return Suggestions.unambiguous(to: name, in: WidgetKitCatalog.familyNames)
  }

  package static func suggestion(for written: String) -> String? {
    let name = withoutTypePrefix(written)
    return certainSuggestion(for: written)
      ?? Suggestions.closest(to: name, in: WidgetKitCatalog.familyNames)
      // A short name misspelt (`smal`, `medum`) is far from every case's full name, but near the short one.
      ?? Suggestions.closest(to: name.lowercased(), in: familyAliasNames).flatMap { familyAliases[$0] }
  }

  private static let familyAliasNames = familyAliases.keys.sorted()

  private static func withoutTypePrefix(_ written: String) -> String {
    var name = written
    for prefix in ["WidgetFamily.", "."] where name.hasPrefix(prefix) { name.removeFirst(prefix.count) }
    return name
  }
}
