import WidgetLintCore
import WidgetLintModel

/// Edits of an XML `.entitlements` property list, made from the exact spans the reader keeps: new
/// elements take the file's indentation and line breaks, and only the bytes a fix needs change. A
/// binary property list, or any other file the entitlements were read from (a manifest, `app.json`, a
/// Tuist or XcodeGen dictionary), gets none.
package struct PropertyListEdits: LineLayout {
  package let source: SourceText
  /// The top-level `<dict>`, from its opening tag to the end of its closing tag.
  private let dictionary: SourceSpan
  private var bytes: [UInt8] { source.bytes }

  /// Edits of the file entitlements were read from; nil unless it is an XML `.entitlements` property
  /// list whose top-level value is a `<dict>`.
  package init?(_ entitlements: Entitlements) {
    let span = entitlements.span
    let bytes = span.file.bytes
    guard span.file.path.lowercased().hasSuffix(".entitlements"), !bytes.starts(with: Array("bplist".utf8)),
      span.start + 2 < span.end, span.end <= bytes.count,
      Self.starts(bytes, with: "<dict", at: span.start), bytes[span.end - 1] == UInt8(ascii: ">")
    else { return nil }
    self.source = span.file
    self.dictionary = span
  }

  /// The text of an XML `<string>` holding `value`.
  package static func stringElement(_ value: String) -> String { "<string>\(escaped(value))</string>" }

  /// `text` with the characters XML gives a meaning escaped.
  static func escaped(_ text: String) -> String {
    var escaped = ""
    for character in text {
      switch character {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      default: escaped.append(character)
      }
    }
    return escaped
  }

  // MARK: The fixes

  /// Adds `value` to the array `array` (whose `<string>` elements' texts are `items`), after its last
  /// element and indented as it is; into an empty array, one level deeper than the array.
  package func adding(_ value: String, toArray array: SourceSpan, items: [SourceSpan]) -> [Fix.Replacement]? {
    guard contains(array), items.allSatisfy(contains), Self.starts(bytes, with: "<array", at: array.start) else {
      return nil
    }
    let element = Self.stringElement(value)
    if let last = items.max(by: { $0.start < $1.start }) {
      guard let bounds = stringElementBounds(last) else { return nil }
      let text = indentation(at: bounds.start).map { lineBreak + $0 + element } ?? element
      return [insertion(text, at: bounds.end)]
    }
    let isEmptyElement = bytes[array.end - 2] == UInt8(ascii: "/")
    if isEmptyElement {
      guard let outer = indentation(at: array.start) else {
        return [Fix.Replacement(span(array.start, array.end), with: "<array>\(element)</array>")]
      }
      return [
        Fix.Replacement(
          span(array.start, array.end),
          with: "<array>\(lineBreak)\(outer)\(unit)\(element)\(lineBreak)\(outer)</array>")
      ]
    }
    guard let close = closingTagStart(of: array, named: "array") else { return nil }
    guard let inner = indentation(at: close) else { return [insertion(element, at: close)] }
    let indent = (indentation(at: array.start) ?? inner) + unit
    return [insertion(indent + element + lineBreak, at: close - inner.utf8.count)]
  }

  /// Adds `key` with a one-element array holding `value` as the top-level dictionary's last entry,
  /// indented as its first.
  package func adding(key: String, arrayWith value: String) -> [Fix.Replacement]? {
    let keyElement = "<key>\(Self.escaped(key))</key>"
    let element = Self.stringElement(value)
    if bytes[dictionary.end - 2] == UInt8(ascii: "/") {
      // `<dict/>`, as Xcode writes entitlements without any: it opens, and holds the key.
      let whole = span(dictionary.start, dictionary.end)
      guard let outer = indentation(at: dictionary.start) else {
        return [Fix.Replacement(whole, with: "<dict>\(keyElement)<array>\(element)</array></dict>")]
      }
      let inner = outer + unit
      let lines = [
        "<dict>", inner + keyElement, inner + "<array>", inner + unit + element, inner + "</array>", outer + "</dict>",
      ]
      return [Fix.Replacement(whole, with: lines.joined(separator: lineBreak))]
    }
    guard let close = closingTagStart(of: dictionary, named: "dict") else { return nil }
    guard let outer = indentation(at: close) else {
      return [insertion("\(keyElement)<array>\(element)</array>", at: close)]
    }
    var first = openingTagEnd(of: dictionary)
    while first < close, Self.isSpace(bytes[first]) { first += 1 }
    let sibling = (first < close ? indentation(at: first) : nil) ?? (indentation(at: dictionary.start) ?? "") + unit
    let text = [
      sibling + keyElement, sibling + "<array>", sibling + unit + element, sibling + "</array>",
    ].map { $0 + lineBreak }.joined()
    return [insertion(text, at: close - outer.utf8.count)]
  }

  /// Wraps the `<string>` whose text is `string` in an array: the element moves one level in, between
  /// `<array>` and `</array>` lines indented as it was.
  package func wrappingInArray(_ string: SourceSpan) -> [Fix.Replacement]? {
    guard contains(string), let bounds = stringElementBounds(string) else { return nil }
    guard let indent = indentation(at: bounds.start) else {
      return [insertion("<array>", at: bounds.start), insertion("</array>", at: bounds.end)]
    }
    return [
      insertion("<array>\(lineBreak)\(indent)\(unit)", at: bounds.start),
      insertion("\(lineBreak)\(indent)</array>", at: bounds.end),
    ]
  }

  // MARK: The file's layout

  /// One level of indentation: how much deeper the top-level dictionary's first entry is than the
  /// dictionary (a tab, as Xcode writes, when that cannot be seen).
  var unit: String {
    var first = openingTagEnd(of: dictionary)
    while first < dictionary.end, Self.isSpace(bytes[first]) { first += 1 }
    let outer = indentation(at: dictionary.start) ?? ""
    guard let inner = indentation(at: first), inner.hasPrefix(outer), inner.count > outer.count else { return "\t" }
    return String(inner.dropFirst(outer.count))
  }

  // MARK: Elements

  /// Where a `<string>` element whose text is `text` starts and ends (`<string/>` is its own text).
  private func stringElementBounds(_ text: SourceSpan) -> (start: Int, end: Int)? {
    if Self.starts(bytes, with: "<string", at: text.start), text.end >= text.start + 9,
      bytes[text.end - 2] == UInt8(ascii: "/"), bytes[text.end - 1] == UInt8(ascii: ">")
    {
      return (text.start, text.end)
    }
    guard text.start > dictionary.start, bytes[text.start - 1] == UInt8(ascii: ">"),
      let open = bytes[dictionary.start..<(text.start - 1)].lastIndex(of: UInt8(ascii: "<")),
      Self.starts(bytes, with: "<string", at: open), Self.starts(bytes, with: "</string", at: text.end),
      let close = bytes[text.end..<dictionary.end].firstIndex(of: UInt8(ascii: ">"))
    else { return nil }
    return (open, close + 1)
  }

  /// Where the closing tag of a collection spanning `span` starts.
  private func closingTagStart(of span: SourceSpan, named name: String) -> Int? {
    guard let start = bytes[span.start..<span.end].lastIndex(of: UInt8(ascii: "<")), start > span.start,
      Self.starts(bytes, with: "</" + name, at: start)
    else { return nil }
    return start
  }

  private func openingTagEnd(of span: SourceSpan) -> Int {
    (bytes[span.start..<span.end].firstIndex(of: UInt8(ascii: ">")) ?? span.start) + 1
  }

  private func contains(_ span: SourceSpan) -> Bool {
    span.file === source && span.start >= dictionary.start && span.end <= dictionary.end
  }

  private func span(_ start: Int, _ end: Int) -> SourceSpan { SourceSpan(file: source, start: start, end: end) }

  private func insertion(_ text: String, at offset: Int) -> Fix.Replacement {
    Fix.Replacement(span(offset, offset), with: text)
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  private static func starts(_ bytes: [UInt8], with literal: String, at offset: Int) -> Bool {
    let prefix = Array(literal.utf8)
    guard offset >= 0, offset + prefix.count <= bytes.count else { return false }
    return bytes[offset..<(offset + prefix.count)].elementsEqual(prefix)
  }
}
