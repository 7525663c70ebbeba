/// A rule's id, as users write it in configurations, suppressions and baselines. Ids are a public
/// contract: never rename one. Each rule declares its own id beside its check
/// (`extension RuleID { static let … }` in the rule's file), so a misspelt id does not compile.
public struct RuleID: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
  public let rawValue: String

  public init(rawValue: String) { self.rawValue = rawValue }

  public init(_ rawValue: String) { self.rawValue = rawValue }

  public var description: String { rawValue }

  public static func < (lhs: RuleID, rhs: RuleID) -> Bool { lhs.rawValue < rhs.rawValue }
}
