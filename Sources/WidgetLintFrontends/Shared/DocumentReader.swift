import WidgetLintCore
import WidgetLintModel

/// Typed access to a `YAMLDocument` for decoders: each accessor either returns a located value or
/// records why it could not (wrong type, unknown key, missing key) as an observation.
public struct DocumentReader {

  public let document: YAMLDocument
  public private(set) var observations: [ReadingProblem] = []

  /// How many nodes aliases may add to what is read, over the whole document: `<<` merges and aliased
  /// entitlement values are followed as copies, and a thousand aliases of one large anchor must not turn
  /// a small file into millions of entries and findings.
  public private(set) var expansionBudget: Int
  /// Keys of merged entries already reported as unknown: a merged anchor's key is reported once, not
  /// once per mapping that merges it.
  private var reportedMergedKeys: Set<YAMLDocument.NodeID> = []
  /// Words people write for a key under another name (`widgetURL` for `url`), by the word: suggested,
  /// and renamed by a fix, where the mapping allows the key and spelling alone would not find it.
  package var synonyms: [String: String] = [:]

  public init(document: YAMLDocument) {
    self.document = document
    expansionBudget = 100_000 + 4 * document.nodes.count
  }

  /// Takes `cost` from the expansion budget; false (and a finding, the first time) when it is spent.
  package mutating func spendExpansion(_ cost: Int, at id: YAMLDocument.NodeID, pointer: JSONPointer) -> Bool {
    guard expansionBudget >= cost else {
      if expansionBudget >= 0 {
        report(
          .invalidValue,
          "aliases and '<<' merges here expand the document far beyond its size; widgetlint stops following them",
          at: span(id), pointer: pointer)
        expansionBudget = -1
      }
      return false
    }
    expansionBudget -= cost
    return true
  }

  public var source: SourceText { document.source }

  /// Takes over the observations of a reader that read part of the same document.
  package mutating func append(_ others: [ReadingProblem]) { observations += others }

  public func span(_ id: YAMLDocument.NodeID) -> SourceSpan { document.span(of: id) }

  /// One key of a mapping, with the key's own node and the value's.
  public struct Entry {
    public var key: String
    public var keyNode: YAMLDocument.NodeID
    public var valueNode: YAMLDocument.NodeID
    public var pointer: JSONPointer
  }

  public struct Mapping {
    public var node: YAMLDocument.NodeID
    public var pointer: JSONPointer
    public var entries: [Entry]
    public var span: SourceSpan

    public subscript(key: String) -> Entry? { entries.last { DocumentReader.isSameKey($0.key, key) } }
  }

  /// Key equality, lengths first: keys are short, and most that differ differ in length, which String's
  /// `==` learns only after a Unicode-aware comparison. A manifest's widgets look up keys ten times each.
  static func isSameKey(_ lhs: String, _ rhs: String) -> Bool {
    lhs.utf8.count == rhs.utf8.count && lhs == rhs
  }

  public mutating func report(
    _ rule: ReadingProblem.Kind, _ message: String, at span: SourceSpan, pointer: JSONPointer, subject: String? = nil,
    related: [RelatedLocation] = [], fix: Fix? = nil
  ) {
    observations.append(
      ReadingProblem(
        kind: rule, message: message, span: span, pointer: pointer, subject: subject, related: related, fix: fix))
  }

  /// A short description of what a node holds, for "expected X, found Y" messages.
  public func describe(_ id: YAMLDocument.NodeID) -> String {
    switch document.content(of: id) {
    case .mapping: return "a mapping"
    case .sequence: return "a list"
    case .alias: return "an alias"
    case .scalar(let text, let style):
      let value = ScalarValue(text: text, style: style, tag: document.tag(of: id))
      if case .string = value {
        return "'\(text.count > 40 ? String(text.prefix(40)) + "…" : text)'"
      }
      return "\(value.typeName) (\(text.isEmpty ? "empty" : text))"
    }
  }

  /// Reads a mapping, reporting keys outside `allowedKeys` (nil allows any). `<<` merge keys are
  /// followed: merged entries come first so the mapping's own keys override them.
  public mutating func mapping(
    _ id: YAMLDocument.NodeID, pointer: JSONPointer, what: @autoclosure () -> String, allowedKeys: [String]?
  ) -> Mapping? {
    let resolved = document.resolve(id)
    guard case .mapping(let pairs) = document.nodes[resolved].content else {
      report(
        .invalidValue, "\(what()) must be a mapping, found \(describe(id))", at: span(id), pointer: pointer)
      return nil
    }
    var entries: [Entry] = []
    entries.reserveCapacity(pairs.count)
    var merged: [Entry] = []
    for pair in pairs {
      guard case .scalar(let key, let style) = document.content(of: pair.key) else {
        report(
          .invalidValue, "keys in \(what()) must be strings, found \(describe(pair.key))",
          at: span(pair.key), pointer: pointer)
        continue
      }
      if key == "<<" && style == .plain {
        merged += mergeEntries(pair.value, pointer: pointer)
        continue
      }
      entries.append(Entry(key: key, keyNode: pair.key, valueNode: pair.value, pointer: pointer.appending(key)))
    }
    let all = merged.isEmpty ? entries : merged + entries
    // The mapping's keys, made the first time a rename must not make a duplicate.
    var keys: Set<String>?
    if let allowedKeys {
      for (index, entry) in all.enumerated() where !allowedKeys.contains(where: { Self.isSameKey($0, entry.key) }) {
        if index < merged.count {
          guard reportedMergedKeys.insert(entry.keyNode).inserted else { continue }
        }
        var message = "unknown key '\(entry.key)' in \(what())"
        let suggestion =
          synonyms[entry.key].flatMap { allowedKeys.contains($0) ? Suggestion(text: $0, isUnambiguous: true) : nil }
          ?? Suggestions.suggestion(for: entry.key, in: allowedKeys)
        if let suggestion {
          message += "; did you mean '\(suggestion.text)'?"
        } else {
          message += " (known keys: \(allowedKeys.joined(separator: ", ")))"
        }
        // A merged key belongs to its anchor, which other mappings share; a rename onto a key the
        // mapping already has would make a duplicate.
        var fix: Fix?
        if index >= merged.count, let suggestion, suggestion.isUnambiguous {
          if keys == nil { keys = Set(all.map(\.key)) }
          if keys?.contains(suggestion.text) == false,
            let replacement = ManifestEdits(source: source).replacingScalar(
              at: span(entry.keyNode), old: entry.key, with: suggestion.text)
          {
            fix = Fix("rename '\(entry.key)' to '\(suggestion.text)'", replacements: [replacement])
          }
        }
        report(.unknownKey, message, at: span(entry.keyNode), pointer: entry.pointer, fix: fix)
      }
    }
    return Mapping(node: resolved, pointer: pointer, entries: all, span: span(id))
  }

  private mutating func mergeEntries(_ id: YAMLDocument.NodeID, pointer: JSONPointer) -> [Entry] {
    let sources: [YAMLDocument.NodeID]
    switch document.content(of: id) {
    case .mapping: sources = [id]
    case .sequence(let items): sources = items.reversed()
    default:
      report(
        .invalidValue, "a '<<' merge key takes a mapping or a list of mappings, found \(describe(id))",
        at: span(id), pointer: pointer)
      return []
    }
    var result: [Entry] = []
    for source in sources {
      guard case .mapping(let pairs) = document.content(of: source) else {
        report(
          .invalidValue, "a '<<' merge key takes mappings, found \(describe(source))", at: span(source),
          pointer: pointer)
        continue
      }
      guard spendExpansion(pairs.count, at: source, pointer: pointer) else { break }
      for pair in pairs {
        guard let key = document.scalarText(pair.key), key != "<<" else { continue }
        result.append(Entry(key: key, keyNode: pair.key, valueNode: pair.value, pointer: pointer.appending(key)))
      }
    }
    return result
  }

  /// A required key: reports `missing-key` at the mapping when it is absent.
  public mutating func require(
    _ key: String, in mapping: Mapping, what: @autoclosure () -> String, subject: String? = nil
  ) -> Entry? {
    if let entry = mapping[key] { return entry }
    report(
      .missingKey, "\(what()) is missing the required key '\(key)'", at: headSpan(of: mapping),
      pointer: mapping.pointer, subject: subject)
    return nil
  }

  /// The first line of a mapping (up to the end of its first key), so a finding does not underline
  /// a whole block.
  public func headSpan(of mapping: Mapping) -> SourceSpan {
    let whole = span(mapping.node)
    guard let first = mapping.entries.first(where: { document.nodes[$0.keyNode].start >= whole.start }) else {
      return whole
    }
    return SourceSpan(file: source, start: whole.start, end: document.nodes[first.keyNode].end)
  }

  /// A scalar that must be a string. Plain scalars YAML reads as numbers, booleans or null are
  /// rejected with a hint to quote them, because other tools would read them as such.
  public mutating func string(_ entry: Entry, what: @autoclosure () -> String? = nil) -> Located<String>? {
    string(entry.valueNode, pointer: entry.pointer, what: what() ?? "'\(entry.key)'")
  }

  public mutating func string(
    _ id: YAMLDocument.NodeID, pointer: JSONPointer, what: @autoclosure () -> String
  ) -> Located<String>? {
    let tag = document.tag(of: id)
    guard case .scalar(let text, let style) = document.content(of: id) else {
      report(.invalidValue, "\(what()) must be a string, found \(describe(id))", at: span(id), pointer: pointer)
      return nil
    }
    let value = ScalarValue(text: text, style: style, tag: tag)
    guard case .string = value else {
      let hint = value == .null ? "" : "; quote it (\"\(text)\") if it is meant as text"
      report(
        .invalidValue,
        "\(what()) must be a string, found \(value.typeName)\(value == .null ? "" : " (\(text))")\(hint)",
        at: span(id), pointer: pointer)
      return nil
    }
    if style == .plain && tag == nil && ScalarValue.isYAML11Boolean(text) {
      report(
        .invalidValue,
        "\(what()) is '\(text)', which YAML 1.1 tools read as a boolean; quote it (\"\(text)\")",
        at: span(id), pointer: pointer, fix: quotingFix(id, text))
      return nil
    }
    return Located(text, span: span(id), pointer: pointer)
  }

  /// Quotes a plain scalar that must be a string, keeping its text: the string widgetlint read, which
  /// every YAML and JSON reader then reads too.
  package func quotingFix(_ id: YAMLDocument.NodeID, _ text: String) -> Fix? {
    ManifestEdits(source: source).quotingPlainScalar(at: span(id), text: text).map {
      Fix("quote \(text) as \($0.text)", replacements: [$0])
    }
  }

  /// A scalar's text whatever YAML would type it as: for words such as `off` that mean themselves.
  public mutating func word(_ entry: Entry) -> Located<String>? {
    guard case .scalar(let text, _) = document.content(of: entry.valueNode) else {
      report(
        .invalidValue, "'\(entry.key)' must be a word, found \(describe(entry.valueNode))",
        at: span(entry.valueNode), pointer: entry.pointer)
      return nil
    }
    return Located(text, span: span(entry.valueNode), pointer: entry.pointer)
  }

  /// A list of strings; a single scalar is reported, not silently wrapped.
  public mutating func stringList(_ entry: Entry, what: @autoclosure () -> String? = nil) -> [Located<String>]? {
    func label() -> String { what() ?? "'\(entry.key)'" }
    guard case .sequence(let items) = document.content(of: entry.valueNode) else {
      var message = "\(label()) must be a list, found \(describe(entry.valueNode))"
      if let text = document.scalarText(entry.valueNode), !text.isEmpty { message += "; write [\(text)]" }
      report(.invalidValue, message, at: span(entry.valueNode), pointer: entry.pointer)
      return nil
    }
    var result: [Located<String>] = []
    for (index, item) in items.enumerated() {
      if let value = string(item, pointer: entry.pointer.appending(index), what: "each item of \(label())") {
        result.append(value)
      }
    }
    return result
  }

  /// The items of a list, or nil (reported) when the node is not one.
  public mutating func sequence(_ entry: Entry, what: @autoclosure () -> String) -> [YAMLDocument.NodeID]? {
    guard case .sequence(let items) = document.content(of: entry.valueNode) else {
      report(
        .invalidValue, "\(what()) must be a list, found \(describe(entry.valueNode))",
        at: span(entry.valueNode), pointer: entry.pointer)
      return nil
    }
    return items
  }

  /// One of a fixed set of words.
  public mutating func choice<T: RawRepresentable & CaseIterable>(_ entry: Entry, as type: T.Type) -> Located<T>?
  where T.RawValue == String {
    guard let text = string(entry) else { return nil }
    if let value = T(rawValue: text.value) { return text.map { _ in value } }
    let allowed = T.allCases.map(\.rawValue)
    var message = "'\(entry.key)' must be one of \(allowed.joined(separator: ", ")); found '\(text.value)'"
    if let suggestion = Suggestions.closest(to: text.value, in: allowed) {
      message += "; did you mean '\(suggestion)'?"
    }
    report(.invalidValue, message, at: text.span, pointer: entry.pointer)
    return nil
  }

  /// A value converted to a plain JSON-like value, within a node budget so that aliases that fan
  /// out (an "alias bomb") cannot make the conversion explode.
  /// `plainValue` for one of many values (an entitlement), within at most 10,000 nodes and charged to
  /// the document's expansion budget, so that aliases of one large value cannot multiply the work.
  package mutating func budgetedPlainValue(_ id: YAMLDocument.NodeID) -> PlainValue? {
    let allowance = max(0, min(10_000, expansionBudget))
    var budget = allowance
    let value = plainValue(id, budget: &budget)
    expansionBudget -= allowance - max(budget, 0)
    return value
  }

  public func plainValue(_ id: YAMLDocument.NodeID, budget: inout Int) -> PlainValue? {
    budget -= 1
    guard budget >= 0 else { return nil }
    switch document.content(of: id) {
    case .scalar(let text, let style):
      switch ScalarValue(text: text, style: style, tag: document.tag(of: id)) {
      case .null: return .null
      case .bool(let flag): return .bool(flag)
      case .int, .float: return .number(text)
      case .string(let string): return .string(string)
      }
    case .sequence(let items):
      var values: [PlainValue] = []
      for item in items {
        guard let value = plainValue(item, budget: &budget) else { return nil }
        values.append(value)
      }
      return .array(values)
    case .mapping(let pairs):
      var members: [String: PlainValue] = [:]
      for pair in pairs {
        guard let key = document.scalarText(pair.key), let value = plainValue(pair.value, budget: &budget) else {
          return nil
        }
        members[key] = value
      }
      return .object(members)
    case .alias:
      return nil
    }
  }
}
