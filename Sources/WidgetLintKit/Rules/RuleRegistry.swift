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
    ComputedValueRule.self,
    SuppressionWithoutReasonRule.self,
    UnusedSuppressionRule.self,
  ]

  public static func rule(withID id: String) -> (any Rule.Type)? {
    all.first { $0.metadata.id.rawValue == id }
  }

  public static var ids: [String] { all.map { $0.metadata.id.rawValue } }
}
