/// A rule: one type in its own file, with its metadata and its check. Rules read the project
/// model and report observations; they never format output.
public protocol Rule: Sendable {
  static var metadata: RuleMetadata { get }
  init()
  func check(_ context: RuleContext)
}
