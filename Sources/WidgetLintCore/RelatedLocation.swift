/// A second place that explains a finding ("App Group declared here").
public struct RelatedLocation: Sendable {
  public var message: String
  public var span: SourceSpan

  public init(_ message: String, at span: SourceSpan) {
    self.message = message
    self.span = span
  }
}
