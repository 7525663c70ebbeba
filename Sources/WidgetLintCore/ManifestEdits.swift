/// Builds the replacements of fixes in a YAML or JSON manifest so that everything around them keeps its
/// bytes: a replaced scalar keeps its quotes, a new line takes the file's line break and its siblings'
/// indentation, and a removed entry takes its whole lines with it.
public struct ManifestEdits: LineLayout, Sendable {
  public let source: SourceText
  /// JSON (or a YAML file written in flow style): every new string is double-quoted, keys too.
  public let isJSON: Bool
  /// The parsed manifest, for fixes that add to its structure.
  public let document: YAMLDocument?

  public init(source: SourceText, document: YAMLDocument? = nil) {
    self.source = source
    self.document = document
    let bytes = source.bytes
    var first = source.byteOrderMarkLength
    while first < bytes.count, Self.isBlank(bytes[first]) || Self.isLineBreak(bytes[first]) { first += 1 }
    isJSON = source.path.hasSuffix(".json") || (first < bytes.count && bytes[first] == UInt8(ascii: "{"))
  }

  /// YAML's line breaks: LF, CR LF, and a CR on its own.
  package static func isLineBreak(_ character: Character) -> Bool {
    character == "\n" || character == "\r\n" || character == "\r"
  }

  public func text(_ span: SourceSpan) -> String {
    String(decoding: source.bytes[span.start..<min(span.end, source.bytes.count)], as: UTF8.self)
  }

  private func span(_ start: Int, _ end: Int) -> SourceSpan { SourceSpan(file: source, start: start, end: end) }

  package enum Quoting { case plain, single, double }

  /// How the scalar at `span` is written, when it is written as `value` without escapes (a block scalar, an
  /// escaped or folded string, or text that is not this value gets no fix: it would not be exact).
  package func quoting(ofScalarAt span: SourceSpan, value: String) -> Quoting? {
    guard span.file === source, span.end <= source.bytes.count else { return nil }
    let written = text(span)
    if written == value, !isJSON || !(written.first.map { "\"'{[".contains($0) } ?? true) {
      return .plain
    }
    if written == "'" + value.replacingOccurrences(of: "'", with: "''") + "'", !isJSON { return .single }
    if written == "\"" + value + "\"", !value.contains("\\"), !value.contains("\"") { return .double }
    return nil
  }

  /// `value` as a scalar written the way `quoting` says; a plain scalar becomes quoted when it would not
  /// read back as this string.
  package func scalar(_ value: String, _ quoting: Quoting) -> String {
    switch quoting {
    case .single: return "'" + value.replacingOccurrences(of: "'", with: "''") + "'"
    case .double: return Self.doubleQuoted(value)
    case .plain: return isJSON ? Self.doubleQuoted(value) : Self.yamlString(value)
    }
  }

  /// A new string in this file: plain where YAML reads it back as itself, double-quoted otherwise and in JSON.
  public func newScalar(_ value: String) -> String { scalar(value, .plain) }

  /// `value` double-quoted, as both JSON and YAML read it back.
  package static func doubleQuoted(_ value: String) -> String {
    var result = "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case _ where mustBeEscaped(scalar): result += "\\u" + String(String(scalar.value, radix: 16).leftPadded(to: 4))
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  /// What YAML refuses in a file (control characters, DEL, the C1 controls, U+FEFF, U+FFFE and U+FFFF)
  /// or folds as a line break inside quotes (NEL, U+2028, U+2029); a manifest in JSON is read by the
  /// YAML parser too.
  private static func mustBeEscaped(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF: return true
    default: return false
    }
  }

  /// Replaces the scalar `old` at `span` with `new`, in the same quoting.
  public func replacingScalar(at span: SourceSpan, old: String, with new: String) -> Fix.Replacement? {
    guard let quoting = quoting(ofScalarAt: span, value: old) else { return nil }
    return Fix.Replacement(span, with: scalar(new, quoting))
  }

  /// Quotes the plain scalar at `span` (a version YAML reads as a number), keeping its text.
  public func quotingPlainScalar(at span: SourceSpan, text value: String) -> Fix.Replacement? {
    guard quoting(ofScalarAt: span, value: value) == .plain, !value.isEmpty else { return nil }
    return Fix.Replacement(span, with: Self.doubleQuoted(value))
  }

  /// The end of a scalar's or flow collection's text, without the blanks and line breaks after it.
  public func contentEnd(of span: SourceSpan) -> Int {
    var end = min(span.end, source.bytes.count)
    while end > span.start, Self.isBlank(source.bytes[end - 1]) || Self.isLineBreak(source.bytes[end - 1]) {
      end -= 1
    }
    return end
  }

  /// The end of a node's last character. A block collection's span runs on to the next token, over the
  /// blank and comment lines after it, so its end is its last child's.
  public func contentEnd(ofNode id: YAMLDocument.NodeID, in document: YAMLDocument) -> Int {
    switch document.nodes[id].content {
    case .mapping(let pairs) where !isFlow(id, in: document) && !pairs.isEmpty:
      return contentEnd(ofNode: pairs[pairs.count - 1].value, in: document)
    case .sequence(let items) where !isFlow(id, in: document) && !items.isEmpty:
      return contentEnd(ofNode: items[items.count - 1], in: document)
    default:
      return contentEnd(of: document.span(of: id))
    }
  }

  /// Whether a collection is written in flow style (`{…}`, `[…]`, and all of JSON).
  /// A node's span starts at its tag or anchor when it has them (`!!str [a]`, `&base {…}`): they are
  /// skipped, with the white space and comments after them, to reach its bracket.
  package func isFlow(_ id: YAMLDocument.NodeID, in document: YAMLDocument) -> Bool {
    let bytes = source.bytes
    var offset = document.nodes[id].start
    while offset < bytes.count, [UInt8(ascii: "!"), UInt8(ascii: "&"), UInt8(ascii: "#")].contains(bytes[offset]) {
      let isComment = bytes[offset] == UInt8(ascii: "#")
      while offset < bytes.count, !Self.isLineBreak(bytes[offset]), isComment || !Self.isBlank(bytes[offset]) {
        offset += 1
      }
      while offset < bytes.count, Self.isBlank(bytes[offset]) || Self.isLineBreak(bytes[offset]) { offset += 1 }
    }
    return offset < bytes.count && (bytes[offset] == UInt8(ascii: "{") || bytes[offset] == UInt8(ascii: "["))
  }

  /// Whether only blanks, or blanks and a comment, follow `offset` on its line.
  package func endsItsLine(_ offset: Int, allowingComment: Bool) -> Bool {
    let rest = source.bytes[offset..<lineEnd(of: offset)].drop(while: Self.isBlank)
    return rest.isEmpty || (allowingComment && rest.first == UInt8(ascii: "#"))
  }

  /// Removes `start..<end` with the whole lines it covers when nothing else is on them (a comment after
  /// it goes too when `withTrailingComment`); otherwise only the range and the blanks before it.
  public func removing(from start: Int, to end: Int, withTrailingComment: Bool = false) -> Fix.Replacement {
    if startsItsLine(start), endsItsLine(end, allowingComment: withTrailingComment) {
      return Fix.Replacement(span(lineStart(of: start), pastLineBreak(lineEnd(of: end))), with: "")
    }
    var from = start
    while from > 0, Self.isBlank(source.bytes[from - 1]) { from -= 1 }
    return Fix.Replacement(span(from, end), with: "")
  }

  /// The text of `span`, its later lines moved from the indentation of the line it starts on to `indentation`.
  public func reindented(_ span: SourceSpan, to indentation: String) -> String {
    let own = self.indentation(ofLineAt: span.start)
    let lines = text(span).split(omittingEmptySubsequences: false, whereSeparator: Self.isLineBreak)
    return lines.enumerated().map { index, line in
      guard index > 0 else { return String(line) }
      let trimmed = line.hasPrefix(own) ? line.dropFirst(own.count) : line.drop { $0 == " " || $0 == "\t" }
      return indentation + trimmed
    }.joined(separator: lineBreak)
  }

  /// An insertion of `text` at `offset`.
  public func inserting(_ text: String, at offset: Int) -> Fix.Replacement {
    Fix.Replacement(span(offset, offset), with: text)
  }

  /// A YAML scalar: plain when it is safe, double-quoted otherwise.
  package static func yamlString(_ text: String) -> String {
    let plain =
      !text.isEmpty && text.allSatisfy { $0.isLetter || $0.isNumber || " ._-/".contains($0) }
      && !text.hasPrefix(" ") && !text.hasSuffix(" ") && text.first?.isNumber != true
      && ScalarValue(text: text, style: .plain, tag: nil) == .string(text) && !ScalarValue.isYAML11Boolean(text)
    return plain ? text : doubleQuoted(text)
  }
}
