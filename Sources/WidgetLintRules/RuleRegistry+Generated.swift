// Generated from the rule types in this folder by RulePageTests; do not edit. After adding a rule, run
// `WIDGETLINT_UPDATE_RULE_PAGES=1 swift test --filter RulePageTests` (see CONTRIBUTING.md).

/// Every rule's id, named after its rule type; each rule's file documents its own.
extension RuleID {
  public static let appGroupFormat = RuleID("app-group-format")
  public static let appGroupMismatch = RuleID("app-group-mismatch")
  public static let availability = RuleID("availability")
  public static let bundleIDPrefix = RuleID("bundle-id-prefix")
  public static let computedValue = RuleID("computed-value")
  public static let duplicateBundleID = RuleID("duplicate-bundle-id")
  public static let duplicateKey = RuleID("duplicate-key")
  public static let duplicateWidgetKind = RuleID("duplicate-widget-kind")
  public static let easExtensionMismatch = RuleID("eas-extension-mismatch")
  public static let extensionUnavailableAPI = RuleID("extension-unavailable-api")
  public static let invalidValue = RuleID("invalid-value")
  public static let manifestDrift = RuleID("manifest-drift")
  public static let missingContainerBackground = RuleID("missing-container-background")
  public static let missingDisplayName = RuleID("missing-display-name")
  public static let missingKey = RuleID("missing-key")
  public static let multipleWidgetURL = RuleID("multiple-widget-url")
  public static let pathCase = RuleID("path-case")
  public static let refreshIntervalTooShort = RuleID("refresh-interval-too-short")
  public static let staleGeneratedProject = RuleID("stale-generated-project")
  public static let suppressionWithoutReason = RuleID("suppression-without-reason")
  public static let unknownKey = RuleID("unknown-key")
  public static let unknownWidgetFamily = RuleID("unknown-widget-family")
  public static let unknownWidgetKind = RuleID("unknown-widget-kind")
  public static let unusedSuppression = RuleID("unused-suppression")
  public static let widgetExtensionPoint = RuleID("widget-extension-point")
  public static let widgetKindLimit = RuleID("widget-kind-limit")
  public static let widgetLinkInSmall = RuleID("widget-link-in-small")
  public static let widgetRuntime = RuleID("widget-runtime")
  public static let widgetUnsupportedView = RuleID("widget-unsupported-view")
  public static let widgetURLScheme = RuleID("widget-url-scheme")
  public static let yamlSyntax = RuleID("yaml-syntax")
}

extension RuleRegistry {
  /// Every rule, in the order of their ids.
  public static let all: [any Rule.Type] = [
    AppGroupFormatRule.self,
    AppGroupMismatchRule.self,
    AvailabilityRule.self,
    BundleIDPrefixRule.self,
    ComputedValueRule.self,
    DuplicateBundleIDRule.self,
    DuplicateKeyRule.self,
    DuplicateWidgetKindRule.self,
    EASExtensionMismatchRule.self,
    ExtensionUnavailableAPIRule.self,
    InvalidValueRule.self,
    ManifestDriftRule.self,
    MissingContainerBackgroundRule.self,
    MissingDisplayNameRule.self,
    MissingKeyRule.self,
    MultipleWidgetURLRule.self,
    PathCaseRule.self,
    RefreshIntervalTooShortRule.self,
    StaleGeneratedProjectRule.self,
    SuppressionWithoutReasonRule.self,
    UnknownKeyRule.self,
    UnknownWidgetFamilyRule.self,
    UnknownWidgetKindRule.self,
    UnusedSuppressionRule.self,
    WidgetExtensionPointRule.self,
    WidgetKindLimitRule.self,
    WidgetLinkInSmallRule.self,
    WidgetRuntimeRule.self,
    WidgetUnsupportedViewRule.self,
    WidgetURLSchemeRule.self,
    YAMLSyntaxRule.self,
  ]
}
