/// An exact edit that corrects a finding: replacements of byte ranges, made only where the answer is
/// certain (a misspelling with one close match, a value another part of the manifest states).
public struct Fix: Sendable {
  /// What the fix does, in a few words ("replace 'small' with 'systemSmall'").
  public var description: String
  public var replacements: [Replacement]

  public init(_ description: String, replacements: [Replacement]) {
    self.description = description
    self.replacements = replacements
  }

  public init(_ description: String, replacing span: SourceSpan, with text: String) {
    self.init(description, replacements: [Replacement(span, with: text)])
  }

  /// One range of one file and the text that takes its place (empty to delete, an empty range to insert).
  public struct Replacement: Sendable {
    public var span: SourceSpan
    public var text: String

    public init(_ span: SourceSpan, with text: String) {
      self.span = span
      self.text = text
    }

    public var file: String { span.file.path }
  }
}
