/// An entitlements dictionary. App Groups are typed; every entry is kept as a value for comparison.
public struct Entitlements: Sendable {
  public static let appGroupsKey = "com.apple.security.application-groups"

  public var appGroups: [Located<String>]?
  public var appGroupsSpan: SourceSpan?
  public var values: [String: PlainValue] = [:]
  public var span: SourceSpan
  public var pointer: JSONPointer

  public var appGroupNames: [String] { appGroups?.map(\.value) ?? [] }
}
