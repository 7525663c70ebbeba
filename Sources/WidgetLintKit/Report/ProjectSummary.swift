/// A project read without a manifest, for telling the user what was recognised.
public struct ProjectSummary: Sendable {
  public var kind: String
  public var path: String
  public var filesRead: [String]
  /// Something to say about the project in its one line ("no widget target …").
  public var note: String?
  /// The build variants it was linted in, when more than one.
  public var variants: [String] = []

  public init(kind: String, path: String, filesRead: [String]) {
    self.kind = kind
    self.path = path
    self.filesRead = filesRead
  }
}
