/// A rule's id, as users write it in configurations, suppressions and baselines. Ids are a public
/// contract: never rename one. Readers and frontends cannot name one: they report `ReadingProblem`s, and
/// the rule that owns a problem's kind reports it under its id. Each rule's constant (`RuleID.pathCase`)
/// is generated in `RuleRegistry+Generated.swift` from the id its metadata names.
public struct RuleID: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible,
  ExpressibleByStringLiteral
{
  public let rawValue: String

  public init(rawValue: String) { self.rawValue = rawValue }

  public init(_ rawValue: String) { self.rawValue = rawValue }

  /// A rule writes its id as a literal in its metadata, where the registry's generator reads it.
  public init(stringLiteral rawValue: String) { self.rawValue = rawValue }

  public var description: String { rawValue }

  public static func < (lhs: RuleID, rhs: RuleID) -> Bool { lhs.rawValue < rhs.rawValue }
}
