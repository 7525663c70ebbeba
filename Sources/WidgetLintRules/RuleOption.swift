import WidgetLintModel

public struct RuleOption: Sendable {
  public enum Kind: String, Sendable {
    case integer, duration
  }

  public var name: String
  public var kind: Kind
  public var defaultValue: Int
  public var summary: String

  public init(name: String, kind: Kind, defaultValue: Int, summary: String) {
    self.name = name
    self.kind = kind
    self.defaultValue = defaultValue
    self.summary = summary
  }

  public var defaultDescription: String {
    kind == .duration ? Duration.describe(defaultValue) : String(defaultValue)
  }
}
