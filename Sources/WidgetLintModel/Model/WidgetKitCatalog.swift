/// WidgetKit facts as data, shared by the rules that need them: WidgetFamily availability (Apple,
/// WidgetFamily), configuration types, identifier characters (Apple, CFBundleIdentifier).
public enum WidgetKitCatalog {
  public struct Family: Sendable {
    public var name: String
    /// The first iOS version with the family, nil where iOS never shows it.
    public var iOS: OSVersion?
    /// The first watchOS version with the family, nil where watchOS never shows it.
    public var watchOS: OSVersion?
    public var note: String?

    public func minimum(on platform: Manifest.Platform) -> OSVersion? {
      platform == .ios ? iOS : watchOS
    }
  }

  public static let families: [Family] = [
    Family(name: "systemSmall", iOS: OSVersion(14), watchOS: nil),
    Family(name: "systemMedium", iOS: OSVersion(14), watchOS: nil),
    Family(name: "systemLarge", iOS: OSVersion(14), watchOS: nil),
    Family(name: "systemExtraLarge", iOS: OSVersion(15), watchOS: nil, note: "shown on iPadOS only"),
    Family(name: "accessoryCircular", iOS: OSVersion(16), watchOS: OSVersion(9)),
    Family(name: "accessoryRectangular", iOS: OSVersion(16), watchOS: OSVersion(9)),
    Family(name: "accessoryInline", iOS: OSVersion(16), watchOS: OSVersion(9)),
    Family(name: "accessoryCorner", iOS: nil, watchOS: OSVersion(9)),
  ]

  public static let familyNames = families.map(\.name)

  public static func family(named name: String) -> Family? { familyIndex(of: name).map { families[$0] } }

  public static func isFamily(_ name: String) -> Bool { familyIndex(of: name) != nil }

  /// Rules ask this for every family of every widget. The eight names are told apart by length first:
  /// hashing each name, as a dictionary does, cost several times more.
  private static func familyIndex(of name: String) -> Int? {
    let length = name.utf8.count
    return families.firstIndex { $0.name.utf8.count == length && $0.name == name }
  }

  /// The configuration types, by the Swift type that declares them.
  public static let configurationsBySwiftType: [String: Manifest.WidgetConfigurationType] = [
    "StaticConfiguration": .static, "IntentConfiguration": .intent, "AppIntentConfiguration": .appIntent,
  ]

  /// Whether a character may appear in a bundle identifier or an App Group: letters, digits, '.' and
  /// '-' (Apple, CFBundleIdentifier).
  public static func isIdentifierCharacter(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x61...0x7A, 0x41...0x5A, 0x30...0x39, 0x2E, 0x2D: return true
    default: return false
    }
  }

  /// SwiftUI views that do not render in a widget: a widget is drawn once from a snapshot of its view,
  /// with no scrolling, text input, network loading, video, maps or web content (Apple, "Creating a
  /// widget extension").
  public static let viewsThatDoNotRender: Set<String> = [
    "AsyncImage", "ScrollView", "List", "TextField", "TextEditor", "SecureField", "VideoPlayer", "Map", "WKWebView",
    "WebView",
  ]

  /// The classic WidgetBundleBuilder block size, of Xcode 12's SDK: `buildBlock` overloads for 1 to 5
  /// widgets.
  public static let classicBundleBlockLimit = 5

  /// How many entries one `@WidgetBundleBuilder` block takes with an Xcode's SDK; nil for no fixed
  /// limit. Xcode 12's SDK had overloads up to 5 and later ones up to 10 (a ten-widget limit is reported
  /// with Xcode 15); the iOS 18 SDK (Xcode 16) takes a parameter pack, and Expo SDK 53 apps built with it
  /// ship 17 widgets in one block.
  public static func bundleBlockLimit(xcode: OSVersion) -> Int? {
    if xcode >= OSVersion(16) { return nil }
    if xcode >= OSVersion(13) { return 10 }
    return classicBundleBlockLimit
  }

  /// The first OS version with each configuration type.
  public static func minimum(of configuration: Manifest.WidgetConfigurationType, on platform: Manifest.Platform)
    -> OSVersion
  {
    switch (configuration, platform) {
    case (.static, .ios), (.intent, .ios): return OSVersion(14)
    case (.appIntent, .ios): return OSVersion(17)
    case (.static, .watchos), (.intent, .watchos): return OSVersion(9)
    case (.appIntent, .watchos): return OSVersion(10)
    }
  }
}
