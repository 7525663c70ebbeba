/// What a reader or a frontend could not read, or could read only in part, at its position: data that
/// the rule owning the kind turns into a finding. Readers and frontends know problems, never rules.
public struct ReadingProblem: Sendable {
  /// What went wrong, as the rules tell problems apart.
  public enum Kind: String, Sendable, CaseIterable {
    /// The file is not well-formed YAML or JSON.
    case syntax
    /// A key set twice in one mapping.
    case duplicateKey
    /// A key the format does not define.
    case unknownKey
    /// A key the format requires is not there.
    case missingKey
    /// A value of the wrong type or form, or a file that cannot be read.
    case invalidValue
    /// A value the repository does not hold: computed, left to the builder, possibly overridden.
    case computedValue
    /// A path found only by a different letter case, as a Mac's default volume finds it.
    case pathCase
    /// A committed generated project that disagrees with the spec it was generated from.
    case staleGeneratedProject
    /// A WidgetKit extension whose Info.plist names another extension point (the Today widgets').
    case widgetExtensionPoint
  }

  public var kind: Kind
  public var message: String
  public var span: SourceSpan
  public var pointer: JSONPointer
  /// The widget kind or target name the problem concerns, when there is one.
  public var subject: String?
  public var related: [RelatedLocation]
  /// The edit that corrects it, when the reader knows one for certain (a duplicate entry removed).
  public var fix: Fix?

  public init(
    kind: Kind, message: String, span: SourceSpan, pointer: JSONPointer, subject: String? = nil,
    related: [RelatedLocation] = [], fix: Fix? = nil
  ) {
    self.kind = kind
    self.message = message
    self.span = span
    self.pointer = pointer
    self.subject = subject
    self.related = related
    self.fix = fix
  }
}
