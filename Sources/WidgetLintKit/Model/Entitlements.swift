/// An entitlements dictionary. App Groups are typed; every entry is kept as a value for comparison.
public struct Entitlements: Sendable {
  public static let appGroupsKey = "com.apple.security.application-groups"

  public var appGroups: [Located<String>]?
  public var appGroupsSpan: SourceSpan?
  public var values: [String: PlainValue] = [:]
  /// Keys whose values a dynamic config computes: written, but not known.
  public var computedKeys: Set<String> = []
  /// The whole dictionary is computed (`entitlements: makeEntitlements()`): nothing in it is known.
  public var isComputed = false
  public var span: SourceSpan
  public var pointer: JSONPointer

  public var appGroupNames: [String] { appGroups?.map(\.value) ?? [] }
  /// The App Groups key is written, whatever its value (what @bacons/apple-targets tests before it
  /// copies the app's groups into a target).
  public var declaresAppGroups: Bool { isComputed || appGroupsSpan != nil }
  /// The App Groups are written but not known (a dynamic config computes them): nothing is compared
  /// with them.
  public var appGroupsAreUnknown: Bool { isComputed || (appGroups == nil && appGroupsSpan != nil) }
}
