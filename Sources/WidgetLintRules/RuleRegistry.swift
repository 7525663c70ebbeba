import WidgetLintCore

/// Every rule, in one place. `all` and the `RuleID` constants are generated from the rule types in this
/// folder (`RuleRegistry+Generated.swift`): `WIDGETLINT_UPDATE_RULE_PAGES=1 swift test --filter
/// RulePageTests` rewrites them, and the test fails when they drift. Ids are a public contract: never
/// rename one.
public enum RuleRegistry {
  public static func rule(withID id: String) -> (any Rule.Type)? {
    byID[id]
  }

  public static let ids: [String] = all.map { $0.metadata.id.rawValue }

  /// The reading rule that reports problems of a kind; every kind has exactly one (a test holds it).
  public static func readingRule(reporting kind: ReadingProblem.Kind) -> (any ReadingRule.Type)? {
    all.lazy.compactMap { $0 as? any ReadingRule.Type }.first { $0.problemKind == kind }
  }

  /// Each rule's severity when the configuration gives none, looked up once per finding.
  public static func defaultSeverity(of id: RuleID) -> Severity? {
    defaultSeverities[id]
  }

  // A rule's metadata is a large value (its page's text); these are read once, not per lookup.
  private static let byID = Dictionary(uniqueKeysWithValues: all.map { ($0.metadata.id.rawValue, $0) })
  private static let defaultSeverities = Dictionary(
    uniqueKeysWithValues: all.map { ($0.metadata.id, $0.metadata.defaultSeverity) })
}
