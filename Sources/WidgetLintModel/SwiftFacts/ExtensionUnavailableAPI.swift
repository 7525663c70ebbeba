import WidgetLintCore

/// APIs the compiler rejects in app extensions (`APPLICATION_EXTENSION_API_ONLY = YES`), kept as
/// data: each entry says how it is written in Swift, what to do instead, and where the fact comes from.
public struct ExtensionUnavailableAPI: Sendable {
  public enum Pattern: Sendable {
    /// `Receiver.member`, e.g. `UIApplication.shared`.
    case staticMember(receiver: String, member: String)
    /// `x.member` on any receiver but `self`/`super`: the names are distinctive enough.
    case member(String)
    /// `UIApplication.shared.member` (or `sharedApplication()`): names too common to match on any receiver.
    case sharedApplicationMember(String)
    /// A type name in an inheritance clause or expression.
    case typeName(String)
  }

  public var symbol: String
  public var pattern: Pattern
  public var advice: String
  public var source: String

  package init(symbol: String, pattern: Pattern, advice: String, source: String) {
    self.symbol = symbol
    self.pattern = pattern
    self.advice = advice
    self.source = source
  }
}

extension ExtensionUnavailableAPI {
  package static let uiApplicationHeader = "UIKit, UIApplication.h (NS_EXTENSION_UNAVAILABLE_IOS)"
  package static let reachableOnlyThroughShared =
    "UIKit, UIApplication.h: reachable only through sharedApplication, which is NS_EXTENSION_UNAVAILABLE_IOS"
  package static let alternateIconsHeader =
    "UIKit, UIApplication.h: \"Extensions may not have alternate icons\" (NS_EXTENSION_UNAVAILABLE_IOS)"

  /// The table. Order matters only for messages: the first matching entry names the use.
  public static let all: [ExtensionUnavailableAPI] = [
    ExtensionUnavailableAPI(
      symbol: "UIApplication.shared.open(_:options:completionHandler:)",
      pattern: .sharedApplicationMember("open"),
      advice: "a widget opens its app through .widgetURL(_:) or a Link; an App Intent can use OpenURLIntent",
      source: uiApplicationHeader),
    ExtensionUnavailableAPI(
      symbol: "UIApplication.shared.openURL(_:)",
      pattern: .sharedApplicationMember("openURL"),
      advice: "a widget opens its app through .widgetURL(_:) or a Link",
      source: uiApplicationHeader),
    ExtensionUnavailableAPI(
      symbol: "UIApplication.shared.applicationIconBadgeNumber",
      pattern: .sharedApplicationMember("applicationIconBadgeNumber"),
      advice: "set the badge from the app or through UNUserNotificationCenter.setBadgeCount(_:)",
      source: reachableOnlyThroughShared),
    ExtensionUnavailableAPI(
      symbol: "UIApplication.shared.registerForRemoteNotifications()",
      pattern: .sharedApplicationMember("registerForRemoteNotifications"),
      advice: "register for remote notifications in the app",
      source: reachableOnlyThroughShared),
    ExtensionUnavailableAPI(
      symbol: "UIApplication.shared.beginBackgroundTask",
      pattern: .sharedApplicationMember("beginBackgroundTask"),
      advice: "do the work in the timeline provider's completion, or in the app",
      source: reachableOnlyThroughShared),
    ExtensionUnavailableAPI(
      symbol: "UIApplication.shared",
      pattern: .staticMember(receiver: "UIApplication", member: "shared"),
      advice:
        "extensions have no UIApplication: open the app with .widgetURL(_:) or a Link, and share data through the App Group",
      source: uiApplicationHeader),
    ExtensionUnavailableAPI(
      symbol: "UIApplication.sharedApplication",
      pattern: .member("sharedApplication"),
      advice: "extensions have no UIApplication: open the app with .widgetURL(_:) or a Link",
      source: uiApplicationHeader),
    ExtensionUnavailableAPI(
      symbol: "setAlternateIconName(_:completionHandler:)",
      pattern: .member("setAlternateIconName"),
      advice: "change the icon from the app",
      source: alternateIconsHeader),
    ExtensionUnavailableAPI(
      symbol: "alternateIconName",
      pattern: .member("alternateIconName"),
      advice: "read the icon name in the app and share it through the App Group",
      source: alternateIconsHeader),
    ExtensionUnavailableAPI(
      symbol: "supportsAlternateIcons",
      pattern: .member("supportsAlternateIcons"),
      advice: "read it in the app and share it through the App Group",
      source: alternateIconsHeader),
    ExtensionUnavailableAPI(
      symbol: "beginIgnoringInteractionEvents()",
      pattern: .member("beginIgnoringInteractionEvents"),
      advice: "widgets have no event handling to suspend; remove the call",
      source: uiApplicationHeader),
    ExtensionUnavailableAPI(
      symbol: "endIgnoringInteractionEvents()",
      pattern: .member("endIgnoringInteractionEvents"),
      advice: "widgets have no event handling to suspend; remove the call",
      source: uiApplicationHeader),
    ExtensionUnavailableAPI(
      symbol: "ForegroundContinuableIntent",
      pattern: .typeName("ForegroundContinuableIntent"),
      advice: "an intent run from a widget cannot continue in the foreground; use openAppWhenRun or OpenURLIntent",
      source: "AppIntents: ForegroundContinuableIntent is @available(iOSApplicationExtension, unavailable)"),
  ]
}

extension ExtensionUnavailableAPI {
  /// The identifier a use of this API must contain as a token: the member or type name, or
  /// `UIApplication`/`sharedApplication` for members reached through the shared application (whose own
  /// names, like `open`, are too common to rule a file out).
  package var requiredIdentifiers: [String] {
    switch pattern {
    case .staticMember(let receiver, _): return [receiver]
    case .member(let name): return [name]
    case .sharedApplicationMember: return ["UIApplication", "sharedApplication"]
    case .typeName(let name): return [name]
    }
  }

  private static let requiredIdentifierNeedles = ByteSearch.NeedleSet(
    Array(Set(all.flatMap(\.requiredIdentifiers))).sorted().map { Array($0.utf8) })

  /// False when no API of the table can be used in a Swift file: none of the identifiers a use needs
  /// occurs anywhere in its bytes (Swift identifiers are written out, never escaped). True says only
  /// that the syntax tree has to be asked.
  package static func mayBeUsed(in bytes: [UInt8]) -> Bool {
    requiredIdentifierNeedles.anyOccurs(in: bytes)
  }
}
