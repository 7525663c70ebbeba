import WidgetLintCore
import WidgetLintModel

/// Edits of the object and array literals of a JSON, JSON5 or JavaScript config (an Expo app's
/// `app.json`, a target's `expo-target.config.js`), made from the spans a frontend kept where the literal
/// is written in place (`WrittenObject`, `WrittenArray`). New members and items take the file's quotes,
/// its key separator, the indentation of their siblings and its line breaks; only the bytes a fix needs
/// change, and nothing is written that the file does not already read as it means.
package struct ConfigLiteralEdits: LineLayout {
  package let source: SourceText
  private var bytes: [UInt8] { source.bytes }

  package init(_ source: SourceText) { self.source = source }

  // MARK: The fixes

  /// Adds the string `value` after the last of the array's string items `items` (on a line of its own,
  /// indented as that item, when it has one), or as the only item of an empty array.
  package func adding(_ value: String, toArray array: SourceSpan, items: [SourceSpan], quote: Character)
    -> [Fix.Replacement]?
  {
    guard isLiteral(array, open: "[", close: "]"), items.allSatisfy({ inside($0, array) }),
      let string = Self.quoted(value, quote)
    else { return nil }
    guard let last = items.last else { return intoEmpty(array, string) }
    guard zip(items, items.dropFirst()).allSatisfy({ $0.end <= $1.start }) else { return nil }
    if startsItsLine(last.start) { return onNextLine(indentation(ofLineAt: last.start) + string, after: last.end) }
    return [insertion(itemSeparator(items) + string, at: last.end)]
  }

  /// Adds `key` with an array of `values` as the object's last member: on a line of its own, indented
  /// as the last member, when that member has one; with the separator (`: `) its members are written with.
  package func adding(key: String, arrayOf values: [String], to object: WrittenObject) -> [Fix.Replacement]? {
    guard isLiteral(object.span, open: "{", close: "}"), let name = Self.quoted(key, object.quote) else { return nil }
    var strings: [String] = []
    for value in values {
      guard let string = Self.quoted(value, object.quote) else { return nil }
      strings.append(string)
    }
    guard let last = object.members.last else {
      return intoEmpty(object.span, name + ": [" + strings.joined(separator: ", ") + "]")
    }
    guard inside(last.key.span, object.span), inside(last.value, object.span) else { return nil }
    let member = name + separator(of: last) + "[" + strings.joined(separator: ", ") + "]"
    if startsItsLine(last.key.span.start) {
      return onNextLine(indentation(ofLineAt: last.key.span.start) + member, after: last.value.end)
    }
    return [insertion(", " + member, at: last.value.end)]
  }

  /// Wraps the value at `span`, a string literal, in an array: `"group.a"` becomes `["group.a"]`.
  package func wrappingInArray(_ span: SourceSpan) -> [Fix.Replacement]? {
    guard span.file === source, span.start < span.end, span.end <= bytes.count,
      [UInt8(ascii: "\""), UInt8(ascii: "'")].contains(bytes[span.start]), bytes[span.end - 1] == bytes[span.start]
    else { return nil }
    return [insertion("[", at: span.start), insertion("]", at: span.end)]
  }

  /// An object of `pairs` appended to the array after its last item, shaped as that item: its key
  /// order, on lines of their own indented as its members (or on one line as it is written), with its
  /// key separator. Into an empty array, one level deeper than the array, on lines of its own.
  package func appendingObject(_ pairs: [(key: String, value: PlainValue)], to array: WrittenArray)
    -> [Fix.Replacement]?
  {
    guard isLiteral(array.span, open: "[", close: "]"), array.items.allSatisfy({ inside($0, array.span) }) else {
      return nil
    }
    guard let lastIndex = array.items.indices.last else {
      // An empty list that ends its line opens on lines of its own; one inside a line stays on it.
      let rest = bytes[array.span.end..<lineEnd(of: array.span.end)]
      if !rest.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == UInt8(ascii: ",") }) {
        return oneLine(.object([:]), pairs, separator: ": ", quote: array.quote).flatMap { intoEmpty(array.span, $0) }
      }
      let outer = indentation(ofLineAt: array.span.start)
      guard
        let item = object(
          pairs, indentation: outer + unit, inner: outer + unit + unit, separator: ": ", quote: array.quote)
      else { return nil }
      return intoEmpty(array.span, item, multiline: true)
    }
    guard let last = array.objects[lastIndex], let first = last.members.first,
      last.span.start == array.items[lastIndex].start
    else { return nil }
    // The keys in the order the last entry writes them; the others after them.
    let order = last.members.map(\.key.value)
    let sorted = pairs.enumerated().sorted { lhs, rhs in
      let left = order.firstIndex(of: lhs.element.key) ?? order.count + lhs.offset
      let right = order.firstIndex(of: rhs.element.key) ?? order.count + rhs.offset
      return left < right
    }.map(\.element)
    let itemIndentation = indentation(ofLineAt: last.span.start)
    let separator = separator(of: first)
    let text: String?
    if startsItsLine(first.key.span.start) {
      let inner = indentation(ofLineAt: first.key.span.start)
      guard inner.hasPrefix(itemIndentation), inner.count > itemIndentation.count else { return nil }
      let step = String(inner.dropFirst(itemIndentation.count))
      text = object(
        sorted, indentation: itemIndentation, inner: inner, step: step, separator: separator, quote: last.quote)
    } else {
      text = oneLine(.object([:]), sorted, separator: separator, quote: last.quote)
    }
    guard let text else { return nil }
    if startsItsLine(last.span.start) { return onNextLine(itemIndentation + text, after: array.items[lastIndex].end) }
    return [insertion(", " + text, at: array.items[lastIndex].end)]
  }

  /// The value of `member` replaced by `value`: on lines of their own, as deep as the lines inside the
  /// value it replaces, where that value spans lines; on one line where it is on one.
  package func replacingValue(of member: WrittenObject.Member, with value: PlainValue, quote: Character)
    -> [Fix.Replacement]?
  {
    let span = member.value
    guard span.file === source, span.start < span.end, span.end <= bytes.count else { return nil }
    let separator = separator(of: member)
    let text: String?
    if bytes[span.start..<span.end].contains(where: { $0 == 0x0A || $0 == 0x0D }) {
      let outer = indentation(ofLineAt: member.key.span.start)
      var first = span.start + 1
      while first < span.end, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[first]) { first += 1 }
      let inner = indentation(ofLineAt: first)
      guard inner.hasPrefix(outer), inner.count > outer.count else { return nil }
      text = written(
        value, indentation: outer, step: String(inner.dropFirst(outer.count)), separator: separator, quote: quote)
    } else {
      text = oneLine(value, nil, separator: separator, quote: quote)
    }
    return text.map { [Fix.Replacement(span, with: $0)] }
  }

  // MARK: Writing values

  /// `text` as a string literal in `quote`, when it needs no escape there.
  static func quoted(_ text: String, _ quote: Character) -> String? {
    guard quote == "\"" || quote == "'" else { return nil }
    for scalar in text.unicodeScalars {
      if scalar == "\\" || scalar == "\"" || scalar == "'" || scalar == "`" || scalar.value < 0x20
        || scalar.value == 0x7F
        || scalar.value == 0x2028 || scalar.value == 0x2029
      {
        return nil
      }
    }
    return String(quote) + text + String(quote)
  }

  private static func isCollection(_ value: PlainValue) -> Bool {
    switch value {
    case .object, .array: return true
    default: return false
    }
  }

  /// A JSON number's text, as it reads in JSON and JavaScript alike.
  private static func isJSONNumber(_ text: String) -> Bool {
    let digits = text.utf8.drop { $0 == UInt8(ascii: "-") }
    guard let first = digits.first, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { return false }
    return text.utf8.allSatisfy { byte in
      (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        || [UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(
          byte)
    }
  }

  /// An object on lines of its own: `{`, each pair at `inner`, `}` at `indentation`. Nested objects open
  /// one `step` deeper; arrays of scalars stay on one line.
  private func object(
    _ pairs: [(key: String, value: PlainValue)], indentation: String, inner: String, step: String? = nil,
    separator: String, quote: Character
  ) -> String? {
    let step = step ?? String(inner.dropFirst(indentation.count))
    var lines: [String] = []
    for (key, value) in pairs {
      guard let name = Self.quoted(key, quote),
        let text = written(value, indentation: inner, step: step, separator: separator, quote: quote)
      else { return nil }
      lines.append(inner + name + separator + text)
    }
    return "{" + lineBreak + lines.joined(separator: "," + lineBreak) + lineBreak + indentation + "}"
  }

  private func written(_ value: PlainValue, indentation: String, step: String, separator: String, quote: Character)
    -> String?
  {
    switch value {
    case .object(let members) where !members.isEmpty:
      let pairs = members.sorted { $0.key < $1.key }.map { (key: $0.key, value: $0.value) }
      return object(
        pairs, indentation: indentation, inner: indentation + step, step: step, separator: separator, quote: quote)
    case .array(let items) where items.contains(where: Self.isCollection):
      var lines: [String] = []
      for item in items {
        guard let text = written(item, indentation: indentation + step, step: step, separator: separator, quote: quote)
        else { return nil }
        lines.append(indentation + step + text)
      }
      return "[" + lineBreak + lines.joined(separator: "," + lineBreak) + lineBreak + indentation + "]"
    default:
      return oneLine(value, nil, separator: separator, quote: quote)
    }
  }

  /// A value on one line (`pairs`, when given, are an object's in that order).
  private func oneLine(
    _ value: PlainValue, _ pairs: [(key: String, value: PlainValue)]?, separator: String, quote: Character
  ) -> String? {
    if let pairs {
      var parts: [String] = []
      for (key, member) in pairs {
        guard let name = Self.quoted(key, quote), let text = oneLine(member, nil, separator: separator, quote: quote)
        else { return nil }
        parts.append(name + separator + text)
      }
      return parts.isEmpty ? "{}" : "{ " + parts.joined(separator: ", ") + " }"
    }
    switch value {
    case .null: return "null"
    case .bool(let flag): return flag ? "true" : "false"
    case .number(let text): return Self.isJSONNumber(text) ? text : nil
    case .string(let text): return Self.quoted(text, quote)
    case .array(let items):
      var parts: [String] = []
      for item in items {
        guard let text = oneLine(item, nil, separator: separator, quote: quote) else { return nil }
        parts.append(text)
      }
      return "[" + parts.joined(separator: ", ") + "]"
    case .object(let members):
      return oneLine(
        value, members.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }, separator: separator, quote: quote)
    }
  }

  // MARK: The file's layout

  /// One level of indentation: that of the file's first indented line (two spaces when none is).
  var unit: String {
    var offset = 0
    while offset < bytes.count {
      var end = offset
      while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
      if end > offset, end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D {
        return String(decoding: bytes[offset..<end], as: UTF8.self)
      }
      while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
      offset = end + 1
    }
    return "  "
  }

  /// `line` (indented by the caller) as a line of its own after the line of the element that ends at
  /// `end`: past that element's comma and a `//` comment after it, when only those follow it on its line,
  /// so that the comment stays with its element, with a comma after the new line when the element has
  /// one (and one added after the element when it has none). Otherwise right after the element.
  private func onNextLine(_ line: String, after end: Int) -> [Fix.Replacement] {
    var offset = end
    func skipBlanks() { while offset < bytes.count, bytes[offset] == 0x20 || bytes[offset] == 0x09 { offset += 1 } }
    skipBlanks()
    var hasComma = false
    if offset < bytes.count, bytes[offset] == UInt8(ascii: ",") {
      hasComma = true
      offset += 1
      skipBlanks()
    }
    if offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "/"), bytes[offset + 1] == UInt8(ascii: "/") {
      offset = lineEnd(of: offset)
    }
    guard offset >= bytes.count || bytes[offset] == 0x0A || bytes[offset] == 0x0D else {
      return [insertion("," + lineBreak + line, at: end)]
    }
    if hasComma { return [insertion(lineBreak + line + ",", at: offset)] }
    // Without a comment, the blanks after the element stay at the end of its line.
    if offset == end || bytes[end..<offset].allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
      return [insertion("," + lineBreak + line, at: end)]
    }
    return [insertion(",", at: end), insertion(lineBreak + line, at: offset)]
  }

  /// What separates a member's key from its value (`: `), as the frontend found it: blanks and one colon.
  private func separator(of member: WrittenObject.Member) -> String {
    let text = String(decoding: bytes[member.key.span.end..<member.value.start], as: UTF8.self)
    return text.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) ? ": " : text
  }

  /// What separates the items of an array written on one line (`, `): that between its last two.
  private func itemSeparator(_ items: [SourceSpan]) -> String {
    guard items.count > 1 else { return ", " }
    let between = bytes[items[items.count - 2].end..<items[items.count - 1].start]
    let isSimple =
      between.filter { $0 == UInt8(ascii: ",") }.count == 1
      && between.allSatisfy { $0 == UInt8(ascii: ",") || $0 == 0x20 || $0 == 0x09 }
    return isSimple ? String(decoding: between, as: UTF8.self) : ", "
  }

  /// `text` as the only content of an empty literal: on one line between its brackets (`{ text }`, or
  /// `[text]`) when it is written on one line; otherwise on a line of its own after the opening bracket,
  /// one level deeper than that bracket's line (comments inside stay where they are). With `multiline`,
  /// an empty literal on one line opens too.
  private func intoEmpty(_ span: SourceSpan, _ text: String, multiline: Bool = false) -> [Fix.Replacement]? {
    let inner = bytes[(span.start + 1)..<(span.end - 1)]
    let isObject = bytes[span.start] == UInt8(ascii: "{")
    let breaksLine = inner.contains { $0 == 0x0A || $0 == 0x0D }
    if !breaksLine {
      guard inner.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else { return nil }
      if multiline {
        let outer = indentation(ofLineAt: span.start)
        return [
          Fix.Replacement(
            SourceSpan(file: source, start: span.start + 1, end: span.end - 1),
            with: lineBreak + outer + unit + text + lineBreak + outer)
        ]
      }
      return [
        Fix.Replacement(
          SourceSpan(file: source, start: span.start + 1, end: span.end - 1), with: isObject ? " " + text + " " : text)
      ]
    }
    // A comment inside is kept, after the new text; the text goes where the first line inside starts.
    var first = span.start + 1
    while first < span.end - 1, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[first]) { first += 1 }
    let deeper =
      first < span.end - 1 && startsItsLine(first)
      ? indentation(ofLineAt: first) : indentation(ofLineAt: span.start) + unit
    // Only white space and comments may be inside: an array with anything else is no empty one.
    if first < span.end - 1,
      !(bytes[first] == UInt8(ascii: "/") && first + 1 < span.end - 1
        && [UInt8(ascii: "/"), UInt8(ascii: "*")].contains(bytes[first + 1]))
    {
      return nil
    }
    return [insertion(lineBreak + deeper + text, at: span.start + 1)]
  }

  // MARK: Spans

  private func isLiteral(_ span: SourceSpan, open: Character, close: Character) -> Bool {
    span.file === source && span.start + 1 < span.end && span.end <= bytes.count
      && bytes[span.start] == open.asciiValue && bytes[span.end - 1] == close.asciiValue
  }

  private func inside(_ span: SourceSpan, _ outer: SourceSpan) -> Bool {
    span.file === source && span.start > outer.start && span.end < outer.end && span.start <= span.end
  }

  private func insertion(_ text: String, at offset: Int) -> Fix.Replacement {
    Fix.Replacement(SourceSpan(file: source, start: offset, end: offset), with: text)
  }
}
