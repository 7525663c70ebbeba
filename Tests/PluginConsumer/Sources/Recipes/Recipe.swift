/// A recipe, so that the target has something to compile besides the plugin's lint.
public struct Recipe: Sendable {
  public var title: String

  public init(title: String) { self.title = title }
}
