import WidgetLintCore

/// An entitlements dictionary. App Groups are typed; every entry is kept as a value for comparison.
public struct Entitlements: Sendable {
  public static let appGroupsKey = "com.apple.security.application-groups"

  public var appGroups: [Located<String>]?
  public var appGroupsSpan: SourceSpan?
  /// The parts of the App Groups value that are not what Apple documents, an array of strings (a lone
  /// `<string>`, a number in the array), each with what it is. With any, `appGroups` is nil: not known.
  public var wronglyTypedAppGroups: [Located<String>] = []
  public var values: [String: PlainValue] = [:]
  /// Keys whose values a dynamic config computes: written, but not known.
  public var computedKeys: Set<String> = []
  /// The whole dictionary is computed (`entitlements: makeEntitlements()`): nothing in it is known.
  public var isComputed = false
  /// The file that holds them is named but could not be read (missing, malformed, not a dictionary):
  /// nothing in it is known. `span` is where the file is named.
  public var isUnreadable = false
  /// Read from the one property list file the project signs the target with (`CODE_SIGN_ENTITLEMENTS`,
  /// the one `*.entitlements` file of an Expo target's folder): the file holds exactly what the target is
  /// entitled to, so a fix may edit it there. `span` is then its top-level value.
  public var isSigningFile = false
  /// The object literal of a JSON or JavaScript config (an Expo app's `ios.entitlements`, a target's
  /// `entitlements`) that holds these entitlements as written, where editing it changes them: a fix may
  /// edit it there. Nil where any part is computed, borrowed or may be changed later.
  public var written: WrittenObject?
  /// The target is built for macOS (`SDKROOT = macosx`), where an App Group may also be
  /// `<TeamID>.name`, written `$(TeamIdentifierPrefix)name`, besides `group.name`.
  public var isForMacOS = false
  public var span: SourceSpan
  public var pointer: JSONPointer

  public var appGroupNames: [String] { appGroups?.map(\.value) ?? [] }

  /// Whether `name` names an App Group on the platform these entitlements sign for: `group.name`
  /// everywhere; on macOS also `<TeamID>.name` (a ten-character team identifier) or a name that starts
  /// with a build-setting reference (`$(TeamIdentifierPrefix)name`). Any other text given to
  /// `UserDefaults(suiteName:)` is a defaults domain in the app's own container, not a shared one.
  public static func isAppGroupName(_ name: String, onMacOS: Bool) -> Bool {
    if name.hasPrefix("group.") { return true }
    guard onMacOS else { return false }
    if name.hasPrefix("$(") || name.hasPrefix("${") { return true }
    let parts = name.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    guard parts.count == 2, !parts[1].isEmpty else { return false }
    let team = parts[0].unicodeScalars
    return team.count == 10
      && team.allSatisfy { ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
  }
  /// The App Groups key is written, whatever its value (what @bacons/apple-targets tests before it
  /// copies the app's groups into a target).
  public var declaresAppGroups: Bool { isComputed || isUnreadable || appGroupsSpan != nil }
  /// The App Groups are written but not known (a dynamic config computes them, their value is not an
  /// array of strings, their file could not be read): nothing is compared with them.
  public var appGroupsAreUnknown: Bool {
    isComputed || isUnreadable || (appGroups == nil && appGroupsSpan != nil)
  }

  package init(
    appGroups: [Located<String>]? = nil, appGroupsSpan: SourceSpan? = nil,
    wronglyTypedAppGroups: [Located<String>] = [], values: [String: PlainValue] = [:], computedKeys: Set<String> = [],
    isComputed: Bool = false, isUnreadable: Bool = false, span: SourceSpan, pointer: JSONPointer
  ) {
    self.appGroups = appGroups
    self.appGroupsSpan = appGroupsSpan
    self.wronglyTypedAppGroups = wronglyTypedAppGroups
    self.values = values
    self.computedKeys = computedKeys
    self.isComputed = isComputed
    self.isUnreadable = isUnreadable
    self.span = span
    self.pointer = pointer
  }
}
