import WidgetLintCore

/// Fixes that add to a manifest's structure (an EAS entry, a key in one), written in the shape of what is
/// already there: the siblings' indentation and separators, YAML block or flow, or JSON.
extension ManifestEdits {
  /// A value to write: a scalar's text, or a copy of a mapping or list written elsewhere in the file.
  public enum NewValue {
    case scalar(String)
    case copy(SourceSpan)
  }

  /// The node at a pointer (the last of duplicate keys, as readers keep it), when it is written there:
  /// an alias's or a merged key's value belongs to its anchor, which other places share.
  public func node(at pointer: JSONPointer) -> YAMLDocument.NodeID? {
    guard let document, var node = document.root else { return nil }
    for token in pointer.tokens {
      switch document.nodes[node].content {
      case .mapping(let pairs):
        guard let value = pairs.last(where: { document.scalarText($0.key) == token })?.value else { return nil }
        node = value
      case .sequence(let items):
        guard let index = Int(token), items.indices.contains(index) else { return nil }
        node = items[index]
      case .scalar, .alias:
        return nil
      }
    }
    if case .alias = document.nodes[node].content { return nil }
    return node
  }

  /// The text of the node at `pointer`, from its start to its last character.
  public func contentSpan(ofNodeAt pointer: JSONPointer) -> SourceSpan? {
    guard let document, let id = node(at: pointer) else { return nil }
    return SourceSpan(file: source, start: document.nodes[id].start, end: contentEnd(ofNode: id, in: document))
  }

  /// What separates a key from its value in a mapping's first pair (": ", ":"), for new pairs beside it.
  private func keySeparator(_ pairs: [(key: YAMLDocument.NodeID, value: YAMLDocument.NodeID)], _ document: YAMLDocument)
    -> String?
  {
    guard let first = pairs.first else { return nil }
    let keyEnd = document.nodes[first.key].end
    let valueStart = document.nodes[first.value].start
    guard keyEnd <= valueStart, valueStart - keyEnd <= 8 else { return nil }
    let separator = String(decoding: source.bytes[keyEnd..<valueStart], as: UTF8.self)
    // Exactly one colon among spaces, and in YAML a space after it, since `key:value` is one plain
    // scalar: a key written without a value (`{"name", …}`, or `name:` at the end of its line, which YAML
    // reads as a null value) has none to copy.
    guard separator.filter({ $0 != " " }) == ":" else { return nil }
    return isJSON || separator.hasSuffix(" ") ? separator : nil
  }

  /// `key: value` lines at `indentation` (the first line's indentation written by the caller), or on
  /// one line when `indentation` is nil; nil when a copied value does not fit on one line.
  private func pairs(
    _ pairs: [(key: String, value: NewValue)], separator: String, indentation: String?
  ) -> [String]? {
    var lines: [String] = []
    for pair in pairs {
      let key = isJSON ? Self.doubleQuoted(pair.key) : pair.key
      switch pair.value {
      case .scalar(let text):
        lines.append(key + separator + text)
      case .copy(let span):
        guard span.file === source, span.start < source.bytes.count else { return nil }
        let first = source.bytes[span.start]
        let isFlowValue = isJSON || first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
        guard let indentation else {
          guard isFlowValue, let text = oneLine(span) else { return nil }
          lines.append(key + separator + text)
          continue
        }
        if isFlowValue {
          lines.append(key + separator + reindented(span, to: indentation))
        } else {
          // A block mapping or list goes on the lines below its key, two spaces deeper.
          let nested = indentation + "  "
          lines.append(key + ":" + lineBreak + nested + reindented(span, to: nested))
        }
      }
    }
    return lines
  }

  /// A flow collection or JSON value written on one line: its lines joined, without their indentation,
  /// by a space (none inside brackets). A line break between tokens means a space there, so this reads
  /// the same; a YAML comment, which would swallow the rest, gives nil.
  private func oneLine(_ span: SourceSpan) -> String? {
    let lines = reindented(span, to: "").split(omittingEmptySubsequences: false, whereSeparator: Self.isLineBreak)
    guard isJSON || !lines.contains(where: { $0.contains("#") }) else { return nil }
    var text = ""
    for line in lines.map({ $0.trimmingPrefix { $0 == " " || $0 == "\t" } }) {
      let tight = text.last.map { "[{".contains($0) } ?? true || line.first.map { "]}".contains($0) } ?? true
      text += (tight ? "" : " ") + line
    }
    return text
  }

  /// A mapping of `pairs` appended to the list at `pointer` after its last item, shaped like that item:
  /// a block item (`- key: value` lines), a flow item on one line, or a JSON object on lines of its own.
  /// Nil where the list has no item to copy the shape of.
  public func appendingItem(_ newPairs: [(key: String, value: NewValue)], toListAt pointer: JSONPointer)
    -> Fix.Replacement?
  {
    guard let document, let list = node(at: pointer), case .sequence(let items) = document.nodes[list].content,
      let last = items.last, case .mapping(let lastPairs) = document.nodes[last].content,
      let separator = keySeparator(lastPairs, document), let firstKey = lastPairs.first?.key
    else { return nil }
    let lastStart = document.nodes[last].start
    let lastEnd = contentEnd(ofNode: last, in: document)
    if isFlow(list, in: document) {
      guard isFlow(last, in: document) else { return nil }
      if lineStart(of: lastStart) == lineStart(of: lastEnd) {
        guard let body = pairs(newPairs, separator: separator, indentation: nil) else { return nil }
        return inserting(", {" + body.joined(separator: ", ") + "}", at: lastEnd)
      }
      let outer = indentation(ofLineAt: lastStart)
      let inner = indentation(ofLineAt: document.nodes[firstKey].start)
      guard let body = pairs(newPairs, separator: separator, indentation: inner) else { return nil }
      let members = body.map { inner + $0 }.joined(separator: "," + lineBreak)
      return inserting("," + lineBreak + outer + "{" + lineBreak + members + lineBreak + outer + "}", at: lastEnd)
    }
    // A block item: "- " and its first key on one line, the other keys under the first.
    let prefix = source.bytes[lineStart(of: lastStart)..<lastStart]
    guard !isFlow(last, in: document), prefix.contains(UInt8(ascii: "-")),
      prefix.allSatisfy({ Self.isBlank($0) || $0 == UInt8(ascii: "-") })
    else { return nil }
    let keyIndentation = String(repeating: " ", count: prefix.count)
    guard let body = pairs(newPairs, separator: separator, indentation: keyIndentation) else {
      return nil
    }
    let text = body.enumerated().map { ($0 == 0 ? String(decoding: prefix, as: UTF8.self) : keyIndentation) + $1 }
    return inserting(lineBreak + text.joined(separator: lineBreak), at: lineEnd(of: lastEnd))
  }

  /// A pair added at the end of the mapping at `pointer`, beside its other keys.
  public func appendingPair(_ key: String, _ value: NewValue, toMappingAt pointer: JSONPointer) -> Fix.Replacement? {
    guard let document, let mapping = node(at: pointer), case .mapping(let existing) = document.nodes[mapping].content,
      let separator = keySeparator(existing, document), let firstKey = existing.first?.key
    else { return nil }
    let end =
      existing.last.map { contentEnd(ofNode: $0.value, in: document) } ?? contentEnd(ofNode: mapping, in: document)
    let keyStart = document.nodes[firstKey].start
    if isFlow(mapping, in: document) {
      if lineStart(of: document.nodes[mapping].start) == lineStart(of: end) {
        guard let body = pairs([(key, value)], separator: separator, indentation: nil) else { return nil }
        return inserting(", " + body[0], at: end)
      }
      let inner = indentation(ofLineAt: keyStart)
      guard let body = pairs([(key, value)], separator: separator, indentation: inner) else { return nil }
      return inserting("," + lineBreak + inner + body[0], at: end)
    }
    let prefix = source.bytes[lineStart(of: keyStart)..<keyStart]
    guard prefix.allSatisfy({ Self.isBlank($0) || $0 == UInt8(ascii: "-") }) else { return nil }
    let keyIndentation = String(repeating: " ", count: prefix.count)
    guard let body = pairs([(key, value)], separator: separator, indentation: keyIndentation) else {
      return nil
    }
    return inserting(lineBreak + keyIndentation + body[0], at: lineEnd(of: end))
  }
}
