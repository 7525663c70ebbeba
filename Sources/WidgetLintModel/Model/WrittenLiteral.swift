import WidgetLintCore

/// An object literal of a JSON, JSON5 or JavaScript project file (`app.json`, `expo-target.config.js`)
/// written in place: every member is a key, a colon and a value that is written right there, in source
/// order, with no spread, shorthand, method, or value borrowed from a variable, an argument or another
/// file among them. A frontend makes one only where what the file says is what the build sees, so a fix
/// may edit it there.
public struct WrittenObject: Sendable {
  public struct Member: Sendable {
    public var key: Located<String>
    /// The value's text, from its first to its last character.
    public var value: SourceSpan

    package init(key: Located<String>, value: SourceSpan) {
      self.key = key
      self.value = value
    }
  }

  /// From the `{` to past the `}`.
  public var span: SourceSpan
  public var members: [Member]
  /// The quote the file writes its strings with (`"` in JSON), for new strings.
  public var quote: Character

  package init(span: SourceSpan, members: [Member], quote: Character) {
    self.span = span
    self.members = members
    self.quote = quote
  }

  /// The member named `key`, the last one as JavaScript and JSON5 keep.
  public func member(_ key: String) -> Member? { members.last { $0.key.value == key } }
}

/// An array literal written in place, as `WrittenObject` is: its items in source order, within it.
public struct WrittenArray: Sendable {
  /// From the `[` to past the `]`.
  public var span: SourceSpan
  /// Each item's text.
  public var items: [SourceSpan]
  /// The items that are object literals written in place, by index (nil for the others).
  public var objects: [WrittenObject?]
  public var quote: Character

  package init(span: SourceSpan, items: [SourceSpan], objects: [WrittenObject?], quote: Character) {
    self.span = span
    self.items = items
    self.objects = objects
    self.quote = quote
  }
}
