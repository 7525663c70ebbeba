import WidgetLintCore

/// Manifest v1: the widget extensions an app ships, as written in `widgets.yaml` / `widgets.json`.
/// Every value keeps where it was written so rules can point at it.
public struct Manifest: Sendable {
  public var version: Located<Int>?
  public var app: App?
  public var targets: [Target] = []
  public var eas: EAS?
  public var rootSpan: SourceSpan
  /// Where the manifest came from. Only a written manifest lists widgets to compare with the code and
  /// means iOS 14.0 when it names no deployment target; the others assume nothing they were not told.
  public enum Origin: String, Sendable {
    case manifest, sources, expo, xcode
  }

  public var origin: Origin = .manifest
  /// A config plugin widgetlint does not read makes targets of its own (another plugin's target folders):
  /// a name that is no known target's may be one of them, and is unknown rather than missing.
  public var hasUnreadTargets = false
  /// True for the manifest `--sources` makes up from a folder of Swift.
  public var isSynthesized: Bool {
    get { origin == .sources }
    set { origin = newValue ? .sources : .manifest }
  }

  // Each `span` below is the first line of the item (its head), where findings about the whole item point.
  public struct App: Sendable {
    /// The app's display name, as people call it.
    public var name: Located<String>?
    /// The Xcode version the app builds with ("16.2"), which decides the SDK's rules.
    public var xcodeVersion: Located<OSVersion>?
    public var bundleIdentifier: Located<String>?
    public var deploymentTarget: Located<OSVersion>?
    /// A deployment target was written but is not a version: the target's OS is then unknown, not
    /// the default.
    public var hasUnreadableDeploymentTarget = false
    public var urlSchemes: [Located<String>] = []
    public var urlSchemesSpan: SourceSpan?
    public var entitlements: Entitlements?
    public var span: SourceSpan
    public var pointer: JSONPointer

    package init(
      name: Located<String>? = nil, xcodeVersion: Located<OSVersion>? = nil, bundleIdentifier: Located<String>? = nil,
      deploymentTarget: Located<OSVersion>? = nil, hasUnreadableDeploymentTarget: Bool = false,
      urlSchemes: [Located<String>] = [], urlSchemesSpan: SourceSpan? = nil, entitlements: Entitlements? = nil,
      span: SourceSpan, pointer: JSONPointer
    ) {
      self.name = name
      self.xcodeVersion = xcodeVersion
      self.bundleIdentifier = bundleIdentifier
      self.deploymentTarget = deploymentTarget
      self.hasUnreadableDeploymentTarget = hasUnreadableDeploymentTarget
      self.urlSchemes = urlSchemes
      self.urlSchemesSpan = urlSchemesSpan
      self.entitlements = entitlements
      self.span = span
      self.pointer = pointer
    }
  }

  public enum Platform: String, Sendable, CaseIterable {
    case ios, watchos

    public var displayName: String { self == .ios ? "iOS" : "watchOS" }
  }

  /// An immutable class, not a struct: rules loop over thousands of targets and widgets, and copying a
  /// struct this wide retains every field. A frontend fills in a `Draft` and makes the target from it;
  /// the target keeps the draft whole, moved in, rather than copying it field by field (a retain and a
  /// release of each field's text, file and pointer).
  public final class Target: Sendable {
    @usableFromInline let fields: Draft

    @inlinable public var name: Located<String>? { fields.name }
    @inlinable public var bundleIdentifier: Located<String>? { fields.bundleIdentifier }
    @inlinable public var deploymentTarget: Located<OSVersion>? { fields.deploymentTarget }
    /// A deployment target was written but is not a version (see `App.hasUnreadableDeploymentTarget`).
    @inlinable public var hasUnreadableDeploymentTarget: Bool { fields.hasUnreadableDeploymentTarget }
    @inlinable public var platform: Located<Platform>? { fields.platform }
    @inlinable public var entitlements: Entitlements? { fields.entitlements }
    @inlinable public var sources: [Located<String>] { fields.sources }
    @inlinable public var widgets: [Widget] { fields.widgets }
    @inlinable public var widgetsSpan: SourceSpan? { fields.widgetsSpan }
    /// The widgets are the list a config plugin generates the extension's Swift from (expo-widgets,
    /// Voltra): every widget the target ships, by its kind, though no Swift of it is read.
    @inlinable public var widgetsDeclaredInConfig: Bool { fields.widgetsDeclaredInConfig }
    @inlinable public var span: SourceSpan { fields.span }
    @inlinable public var pointer: JSONPointer { fields.pointer }
    /// The app that embeds the target when it is not the manifest's app: the watch app that carries a
    /// watchOS extension, which the iPhone app carries in turn. Its bundle identifier prefixes the
    /// target's, and its App Groups are the ones the target shares. Nil for the app's own extensions.
    @inlinable public var host: App? { fields.host }

    /// A target while a frontend reads it.
    public struct Draft: Sendable {
      public var name: Located<String>?
      public var bundleIdentifier: Located<String>?
      public var deploymentTarget: Located<OSVersion>?
      public var hasUnreadableDeploymentTarget = false
      public var platform: Located<Platform>?
      public var entitlements: Entitlements?
      public var sources: [Located<String>] = []
      public var widgets: [Widget] = []
      public var widgetsSpan: SourceSpan?
      public var widgetsDeclaredInConfig = false
      public var span: SourceSpan
      public var pointer: JSONPointer
      public var host: App?

      public init(span: SourceSpan, pointer: JSONPointer) {
        self.span = span
        self.pointer = pointer
      }
    }

    public init(_ draft: consuming Draft) {
      fields = draft
    }

    public var resolvedPlatform: Platform { platform?.value ?? .ios }
  }

  /// Which WidgetKit configuration a widget's `body` returns, as the manifest's `configuration` names it.
  public enum WidgetConfigurationType: String, Sendable, CaseIterable {
    case `static`, intent, appIntent

    public var swiftName: String {
      switch self {
      case .static: return "StaticConfiguration"
      case .intent: return "IntentConfiguration"
      case .appIntent: return "AppIntentConfiguration"
      }
    }
  }

  /// An immutable class for the reason `Target` is one, keeping its draft whole as `Target` does.
  public final class Widget: Sendable {
    @usableFromInline let fields: Draft

    @inlinable public var kind: Located<String>? { fields.kind }
    @inlinable public var displayName: Located<String>? { fields.displayName }
    @inlinable public var description: Located<String>? { fields.description }
    @inlinable public var configuration: Located<WidgetConfigurationType>? { fields.configuration }
    @inlinable public var families: [Located<String>] { fields.families }
    @inlinable public var refresh: Refresh? { fields.refresh }
    @inlinable public var appGroup: Located<String>? { fields.appGroup }
    @inlinable public var url: Located<String>? { fields.url }
    @inlinable public var span: SourceSpan { fields.span }
    @inlinable public var pointer: JSONPointer { fields.pointer }

    /// A widget while a frontend reads it.
    public struct Draft: Sendable {
      public var kind: Located<String>?
      public var displayName: Located<String>?
      public var description: Located<String>?
      public var configuration: Located<WidgetConfigurationType>?
      public var families: [Located<String>] = []
      public var refresh: Refresh?
      public var appGroup: Located<String>?
      public var url: Located<String>?
      public var span: SourceSpan
      public var pointer: JSONPointer

      public init(span: SourceSpan, pointer: JSONPointer) {
        self.span = span
        self.pointer = pointer
      }
    }

    public init(_ draft: consuming Draft) {
      fields = draft
    }

    /// Where a finding about the widget as a whole points: its kind, or the widget's first line.
    public var anchorSpan: SourceSpan { kind?.span ?? span }
  }

  public enum RefreshPolicy: String, Sendable, CaseIterable {
    case atEnd, after, never
  }

  public struct Refresh: Sendable {
    public var policy: Located<RefreshPolicy>
    /// Seconds: the reload interval for `after`, the spacing of timeline entries for `atEnd`.
    public var interval: Located<Int>?

    package init(policy: Located<RefreshPolicy>, interval: Located<Int>? = nil) {
      self.policy = policy
      self.interval = interval
    }
  }

  public struct EAS: Sendable {
    /// nil when the `eas` section does not list `appExtensions`.
    public var appExtensions: [AppExtension]?
    public var appExtensionsSpan: SourceSpan?
    /// The `appExtensions` array literal of an Expo app's static config, where it is what EAS reads: a
    /// fix may add an entry there. Nil elsewhere.
    public var written: WrittenArray?
    public var span: SourceSpan

    package init(appExtensions: [AppExtension]? = nil, appExtensionsSpan: SourceSpan? = nil, span: SourceSpan) {
      self.appExtensions = appExtensions
      self.appExtensionsSpan = appExtensionsSpan
      self.span = span
    }
  }

  /// An entry of EAS's `appExtensions`, read leniently: EAS's own checks are a rule's job.
  public struct AppExtension: Sendable {
    /// The keys EAS reads in an entry.
    public static let keys = ["targetName", "bundleIdentifier", "parentBundleIdentifier", "entitlements"]

    public var targetName: Located<String>?
    public var bundleIdentifier: Located<String>?
    public var parentBundleIdentifier: Located<String>?
    public var entitlements: Entitlements?
    public var unknownKeys: [Located<String>] = []
    /// It names no target read, and a plugin widgetlint does not read may make the one it names.
    public var targetMayBeUnread = false
    public var span: SourceSpan
    public var pointer: JSONPointer

    package init(
      targetName: Located<String>? = nil, bundleIdentifier: Located<String>? = nil,
      parentBundleIdentifier: Located<String>? = nil, entitlements: Entitlements? = nil,
      unknownKeys: [Located<String>] = [], span: SourceSpan, pointer: JSONPointer
    ) {
      self.targetName = targetName
      self.bundleIdentifier = bundleIdentifier
      self.parentBundleIdentifier = parentBundleIdentifier
      self.entitlements = entitlements
      self.unknownKeys = unknownKeys
      self.span = span
      self.pointer = pointer
    }
  }

  package init(
    version: Located<Int>? = nil, app: App? = nil, targets: [Target] = [], eas: EAS? = nil, rootSpan: SourceSpan,
    origin: Origin = .manifest
  ) {
    self.version = version
    self.app = app
    self.targets = targets
    self.eas = eas
    self.rootSpan = rootSpan
    self.origin = origin
  }
}

/// A JSON-like value, for comparing entitlements written in two places.
public indirect enum PlainValue: Hashable, Sendable {
  case null
  case bool(Bool)
  case number(String)
  case string(String)
  case array([PlainValue])
  case object([String: PlainValue])

  /// Arrays of strings compare as sets: entitlement arrays are unordered.
  public var normalized: PlainValue {
    switch self {
    case .array(let items):
      guard items.count > 1 else { return .array(items.map(\.normalized)) }
      return .array(Set(items.map(\.normalized)).sorted(by: PlainValue.precedes))
    case .object(let members):
      return .object(members.mapValues(\.normalized))
    default:
      return self
    }
  }

  /// A total order in which equal values sit together, so a set's members sort the same way whatever
  /// order they were written or hashed in. It compares in place: no text is made per value.
  package static func precedes(_ left: PlainValue, _ right: PlainValue) -> Bool {
    switch (left, right) {
    case (.bool(let a), .bool(let b)): return !a && b
    case (.number(let a), .number(let b)), (.string(let a), .string(let b)): return a < b
    case (.array(let a), .array(let b)):
      return a.lexicographicallyPrecedes(b, by: precedes)
    case (.object(let a), .object(let b)):
      let aKeys = a.keys.sorted()
      let bKeys = b.keys.sorted()
      guard aKeys == bKeys else { return aKeys.lexicographicallyPrecedes(bKeys) }
      for key in aKeys where a[key] != b[key] { return precedes(a[key]!, b[key]!) }
      return false
    default: return left.rank < right.rank
    }
  }

  private var rank: Int {
    switch self {
    case .null: 0
    case .bool: 1
    case .number: 2
    case .string: 3
    case .array: 4
    case .object: 5
    }
  }
}
