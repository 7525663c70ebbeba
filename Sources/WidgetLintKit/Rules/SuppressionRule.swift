/// Rules about the suppression directives themselves. Their findings are made when directives are
/// applied, after every other rule has run, so their `check` has nothing to do.
public protocol SuppressionRule: Rule {}

extension SuppressionRule {
  public func check(_ context: RuleContext) {}
}
