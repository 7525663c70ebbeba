/// A project read without a manifest, for telling the user what was recognised.
public struct ProjectSummary: Sendable {
  public var kind: String
  public var path: String
  public var filesRead: [String]

  public init(kind: String, path: String, filesRead: [String]) {
    self.kind = kind
    self.path = path
    self.filesRead = filesRead
  }
}
