import WidgetLintCore
import WidgetLintModel

/// Every rule, in one place. Ids are a public contract: never rename one.
public enum RuleRegistry {
  public static let all: [any Rule.Type] = [
    YAMLSyntaxRule.self,
    DuplicateKeyRule.self,
    UnknownKeyRule.self,
    InvalidValueRule.self,
    MissingKeyRule.self,
    WidgetKindLimitRule.self,
    DuplicateWidgetKindRule.self,
    UnknownWidgetFamilyRule.self,
    AvailabilityRule.self,
    RefreshIntervalTooShortRule.self,
    AppGroupMismatchRule.self,
    AppGroupFormatRule.self,
    BundleIDPrefixRule.self,
    DuplicateBundleIDRule.self,
    EASExtensionMismatchRule.self,
    WidgetURLSchemeRule.self,
    MissingDisplayNameRule.self,
    ExtensionUnavailableAPIRule.self,
    ManifestDriftRule.self,
    WidgetUnsupportedViewRule.self,
    WidgetLinkInSmallRule.self,
    MissingContainerBackgroundRule.self,
    MultipleWidgetURLRule.self,
    UnknownWidgetKindRule.self,
    WidgetRuntimeRule.self,
    ComputedValueRule.self,
    PathCaseRule.self,
    StaleGeneratedProjectRule.self,
    WidgetExtensionPointRule.self,
    SuppressionWithoutReasonRule.self,
    UnusedSuppressionRule.self,
  ]

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
