import Foundation
import WidgetLintCore

/// Reads an Apple property list (an `.entitlements` file, an `Info.plist`) into a `ConfigValue`.
///
/// XML property lists are read by a small tokenizer over the bytes, so every key and value keeps its
/// span: a `<key>` and a `<string>` span their text between the tags, a number, date or data value its
/// trimmed text, `<true/>` and `<false/>` their tag, and a collection runs from its opening tag to the
/// end of its closing tag. Binary property lists (`bplist00`) are decoded with Foundation; they have no
/// positions, so every span is the file's first byte. Malformed input never crashes: reading stops at
/// the first structural error, which is returned as an `invalid-value` observation at that byte.
public enum PropertyListReader {
  /// The rule of the observations the reader returns.
  public static let kind = ReadingProblem.Kind.invalidValue
  /// Collections nested deeper than this are not read (as for YAML manifests).
  public static let maxDepth = 200

  public static func read(_ source: SourceText) -> (value: Located<ConfigValue>?, problems: [ReadingProblem]) {
    let bytes = source.bytes
    if bytes.starts(with: Array("bplist".utf8)) {
      return BinaryPropertyListConverter(source: source).read()
    }
    if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
      return (nil, [problem(source, "the property list is UTF-16; widgetlint reads UTF-8 property lists only", 0, 0)])
    }
    if let offset = SourceText.firstInvalidUTF8Offset(bytes) {
      return (nil, [problem(source, "the property list is not valid UTF-8", offset, offset + 1)])
    }
    var parser = XMLPropertyListParser(source: source)
    do {
      let value = try parser.parse()
      return (value, parser.problems)
    } catch let error as PropertyListSyntaxError {
      return (nil, parser.problems + [problem(source, error.message, error.start, error.end)])
    } catch {
      return (nil, parser.problems + [problem(source, "\(error)", 0, 0)])
    }
  }

  package static func problem(_ source: SourceText, _ message: String, _ start: Int, _ end: Int) -> ReadingProblem {
    let clampedStart = min(max(start, 0), source.bytes.count)
    let clampedEnd = min(max(end, clampedStart), source.bytes.count)
    return ReadingProblem(
      kind: kind, message: message, span: SourceSpan(file: source, start: clampedStart, end: clampedEnd),
      pointer: .root)
  }
}

private struct PropertyListSyntaxError: Error {
  var message: String
  var start: Int
  var end: Int
}

/// Converts what `PropertyListSerialization` decodes from a binary property list.
private struct BinaryPropertyListConverter {
  let source: SourceText
  var span: SourceSpan { SourceSpan(file: source, start: 0, end: 0) }

  func read() -> (value: Located<ConfigValue>?, problems: [ReadingProblem]) {
    if let offset = Self.firstSetObject(in: source.bytes) {
      let message =
        "the binary property list holds a set, which no entitlements file or Info.plist holds; widgetlint does not read it"
      return (nil, [PropertyListReader.problem(source, message, offset, offset + 1)])
    }
    let decoded: Any
    var format = PropertyListSerialization.PropertyListFormat.binary
    do {
      decoded = try PropertyListSerialization.propertyList(from: Data(source.bytes), options: [], format: &format)
    } catch {
      return (nil, [PropertyListReader.problem(source, "the binary property list cannot be decoded", 0, 0)])
    }
    // Foundation falls back to the text formats when the binary one fails ("bplist00" alone reads as
    // an OpenStep string), so a file with the binary magic must have decoded as binary.
    guard format == .binary else {
      return (nil, [PropertyListReader.problem(source, "the binary property list cannot be decoded", 0, 0)])
    }
    var problems: [ReadingProblem] = []
    let value = convert(decoded, pointer: .root, depth: 0, problems: &problems)
    return problems.isEmpty ? (value, []) : (nil, problems)
  }

  /// The byte offset of the first set object (marker `0xCn`) the offset table lists, if any.
  ///
  /// Foundation on Linux crashes turning a decoded set into a Swift value, so a set must be found
  /// before it decodes. A trailer or table that does not hold together is left to Foundation, which
  /// reports it as undecodable.
  static func firstSetObject(in bytes: [UInt8]) -> Int? {
    let trailerSize = 32
    guard bytes.count >= 8 + trailerSize else { return nil }
    let trailer = bytes.count - trailerSize
    func bigEndian(at start: Int, width: Int) -> Int? {
      guard start >= 0, start + width <= bytes.count, width <= 7 || bytes[start] < 0x80 else { return nil }
      return bytes[start..<start + width].reduce(0) { $0 << 8 | Int($1) }
    }
    let offsetSize = Int(bytes[trailer + 6])
    guard (1...8).contains(offsetSize), let objectCount = bigEndian(at: trailer + 8, width: 8),
      let tableStart = bigEndian(at: trailer + 24, width: 8),
      objectCount <= (trailer - tableStart) / offsetSize, tableStart >= 8
    else { return nil }
    for index in 0..<objectCount {
      guard let offset = bigEndian(at: tableStart + index * offsetSize, width: offsetSize) else { return nil }
      if (8..<trailer).contains(offset), bytes[offset] >> 4 == 0xC { return offset }
    }
    return nil
  }

  func convert(_ object: Any, pointer: JSONPointer, depth: Int, problems: inout [ReadingProblem]) -> Located<
    ConfigValue
  > {
    Located(value(of: object, pointer: pointer, depth: depth, problems: &problems), span: span, pointer: pointer)
  }

  private func value(of object: Any, pointer: JSONPointer, depth: Int, problems: inout [ReadingProblem]) -> ConfigValue
  {
    if type(of: object) == Bool.self, let flag = object as? Bool { return .bool(flag) }
    switch object {
    case let text as String:
      return .string(text)
    case let number as NSNumber:
      return Self.value(of: number)
    case let date as Date:
      return .string(Self.dateText(date))
    case let data as Data:
      return .string(data.base64EncodedString())
    case let dictionary as [AnyHashable: Any]:
      guard depth < PropertyListReader.maxDepth else { return tooDeep(&problems) }
      let members = dictionary.map { (key: Self.keyText($0.key), value: $0.value) }.sorted { $0.key < $1.key }
      return .object(
        members.map { member in
          let childPointer = pointer.appending(member.key)
          return (
            key: Located(member.key, span: span, pointer: childPointer),
            value: convert(member.value, pointer: childPointer, depth: depth + 1, problems: &problems)
          )
        })
    case let array as [Any]:
      guard depth < PropertyListReader.maxDepth else { return tooDeep(&problems) }
      var items: [Located<ConfigValue>] = []
      items.reserveCapacity(array.count)
      for (index, item) in array.enumerated() {
        items.append(convert(item, pointer: pointer.appending(index), depth: depth + 1, problems: &problems))
      }
      return .array(items)
    default:
      return .string(Self.stableText(of: object))
    }
  }

  /// A text for an object a property list may hold that has no value of its own here (a keyed
  /// archive's UID): its type's name, since its description holds a memory address and would differ
  /// from one reading of the same bytes to the next.
  private static func stableText(of object: Any) -> String {
    if let number = object as? NSNumber { return number.stringValue }
    return String(describing: type(of: object))
  }

  private func tooDeep(_ problems: inout [ReadingProblem]) -> ConfigValue {
    if problems.isEmpty {
      problems.append(
        PropertyListReader.problem(
          source, "nesting deeper than \(PropertyListReader.maxDepth) levels; widgetlint stops reading here", 0, 0))
    }
    return .null
  }

  private static func keyText(_ key: AnyHashable) -> String {
    if let text = key.base as? String { return text }
    return stableText(of: key.base)
  }

  private static func value(of number: NSNumber) -> ConfigValue {
    switch String(cString: number.objCType) {
    case "c", "B": return .bool(number.boolValue)
    case "d", "f": return .number("\(number.doubleValue)")
    case "Q", "L", "I", "S", "C": return .number("\(number.uint64Value)")
    default: return .number("\(number.int64Value)")
    }
  }

  /// The text an XML property list writes for a date: ISO 8601 in UTC, to the second.
  private static func dateText(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.formatOptions = [.withInternetDateTime]
    return formatter.string(from: date)
  }
}

/// A recursive-descent reader of the XML property list format over bytes, with an explicit stack of
/// open collections (so deep nesting cannot overflow the call stack).
private struct XMLPropertyListParser {
  let source: SourceText
  let bytes: [UInt8]
  var index: Int
  var problems: [ReadingProblem] = []

  private struct Frame {
    enum Kind {
      case plist
      case array
      case dict
    }
    var kind: Kind
    var name: String
    var start: Int
    var pointer: JSONPointer
    var items: [Located<ConfigValue>] = []
    var members: [(key: Located<String>, value: Located<ConfigValue>)] = []
    var pendingKey: Located<String>?
    var value: Located<ConfigValue>?
  }

  private var stack: [Frame] = []
  private var root: Located<ConfigValue>?
  private var sawPlistElement = false

  init(source: SourceText) {
    self.source = source
    self.bytes = source.bytes
    self.index = source.byteOrderMarkLength
  }

  // MARK: Bytes

  private static let lessThan = UInt8(ascii: "<")
  private static let greaterThan = UInt8(ascii: ">")
  private static let ampersand = UInt8(ascii: "&")
  private static let slash = UInt8(ascii: "/")

  private func starts(with literal: StaticString, at offset: Int) -> Bool {
    let count = literal.utf8CodeUnitCount
    guard offset + count <= bytes.count else { return false }
    return literal.withUTF8Buffer { buffer in
      for position in 0..<count where bytes[offset + position] != buffer[position] { return false }
      return true
    }
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  private static func isNameByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."),
      UInt8(ascii: ":"), 0x80...:
      return true
    default:
      return false
    }
  }

  private func position(_ offset: Int) -> String {
    let position = source.position(atOffset: offset)
    return "line \(position.line), column \(position.column)"
  }

  private func fail(_ message: String, _ start: Int, _ end: Int? = nil) -> PropertyListSyntaxError {
    PropertyListSyntaxError(message: message, start: start, end: end ?? min(start + 1, bytes.count))
  }

  private func span(_ start: Int, _ end: Int) -> SourceSpan { SourceSpan(file: source, start: start, end: end) }

  // MARK: Markup that is not an element

  /// Skips `<!-- … -->`, `<?…?>` or `<!DOCTYPE …>` at `index`; false when none starts there.
  private mutating func skipMarkup() throws -> Bool {
    let start = index
    if starts(with: "<!--", at: index) {
      index += 4
      while index < bytes.count {
        if bytes[index] == UInt8(ascii: "-"), starts(with: "-->", at: index) {
          index += 3
          return true
        }
        index += 1
      }
      throw fail("unterminated comment: '<!--' has no '-->'", start, start + 4)
    }
    if starts(with: "<?", at: index) {
      index += 2
      while index < bytes.count {
        if bytes[index] == UInt8(ascii: "?"), starts(with: "?>", at: index) {
          index += 2
          return true
        }
        index += 1
      }
      throw fail("unterminated processing instruction: '<?' has no '?>'", start, start + 2)
    }
    if starts(with: "<!DOCTYPE", at: index) {
      index += 9
      var bracketDepth = 0
      var quote: UInt8?
      while index < bytes.count {
        let byte = bytes[index]
        index += 1
        if let open = quote {
          if byte == open { quote = nil }
        } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
          quote = byte
        } else if byte == UInt8(ascii: "[") {
          bracketDepth += 1
        } else if byte == UInt8(ascii: "]") {
          bracketDepth = max(0, bracketDepth - 1)
        } else if byte == Self.greaterThan, bracketDepth == 0 {
          return true
        }
      }
      throw fail("unterminated DOCTYPE declaration", start, start + 9)
    }
    return false
  }

  // MARK: Tags

  private struct Tag {
    var name: String
    var start: Int
    var end: Int
    var isClosing: Bool
    var isSelfClosing: Bool
  }

  /// Reads a start, end or empty-element tag at `index` (which holds `<`).
  private mutating func readTag() throws -> Tag {
    let start = index
    index += 1
    let isClosing = index < bytes.count && bytes[index] == Self.slash
    if isClosing { index += 1 }
    let nameStart = index
    while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
    guard index > nameStart else {
      throw fail("expected an element name after '<'", start, min(index + 1, bytes.count))
    }
    let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
    var quote: UInt8?
    var previous: UInt8 = 0
    while index < bytes.count {
      let byte = bytes[index]
      if let open = quote {
        if byte == open { quote = nil }
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        guard !isClosing else { throw fail("unexpected attribute in closing tag </\(name)>", index) }
        quote = byte
      } else if byte == Self.lessThan {
        throw fail("tag <\(isClosing ? "/" : "")\(name) is not closed with '>'", start, nameStart + name.utf8.count)
      } else if byte == Self.greaterThan {
        index += 1
        return Tag(
          name: name, start: start, end: index, isClosing: isClosing,
          isSelfClosing: !isClosing && previous == Self.slash)
      }
      previous = byte
      index += 1
    }
    throw fail("tag <\(isClosing ? "/" : "")\(name) is not closed with '>'", start, nameStart + name.utf8.count)
  }

  // MARK: Text

  /// Decodes the entity at `index` (which holds `&`) onto `buffer`.
  private mutating func readEntity(into buffer: inout [UInt8]) throws {
    let start = index
    var end = index + 1
    while end < bytes.count, end - start <= 12, bytes[end] != UInt8(ascii: ";"), bytes[end] != Self.lessThan,
      !Self.isSpace(bytes[end])
    {
      end += 1
    }
    guard end < bytes.count, bytes[end] == UInt8(ascii: ";") else {
      throw fail("'&' does not start an entity; write '&amp;' for an ampersand", start)
    }
    let name = String(decoding: bytes[(start + 1)..<end], as: UTF8.self)
    index = end + 1
    switch name {
    case "amp": buffer.append(Self.ampersand)
    case "lt": buffer.append(Self.lessThan)
    case "gt": buffer.append(Self.greaterThan)
    case "quot": buffer.append(UInt8(ascii: "\""))
    case "apos": buffer.append(UInt8(ascii: "'"))
    default:
      var code: UInt32?
      if name.hasPrefix("#x") || name.hasPrefix("#X") {
        let digits = name.dropFirst(2)
        if !digits.isEmpty, digits.allSatisfy(\.isHexDigit) { code = UInt32(digits, radix: 16) }
      } else if name.hasPrefix("#") {
        let digits = name.dropFirst()
        if !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) { code = UInt32(digits) }
      }
      guard let value = code, value != 0, let scalar = Unicode.Scalar(value) else {
        if name.hasPrefix("#") {
          throw fail("'&\(name);' is not a valid character reference", start, end + 1)
        }
        throw fail(
          "unknown entity '&\(name);'; property lists know &amp; &lt; &gt; &quot; &apos; and &#…;", start, end + 1)
      }
      buffer.append(contentsOf: Array(String(Character(scalar)).utf8))
    }
  }

  /// Reads the content of a text element (`<key>`, `<string>`, …) up to and including its end tag.
  /// Returns the decoded text and the byte range of the raw content.
  private mutating func readText(of open: Tag) throws -> (text: String, start: Int, end: Int, tagEnd: Int) {
    let contentStart = index
    var buffer: [UInt8] = []
    while index < bytes.count {
      var runEnd = index
      while runEnd < bytes.count {
        let byte = bytes[runEnd]
        if byte == Self.lessThan || byte == Self.ampersand || byte == 0x0D { break }
        runEnd += 1
      }
      if runEnd > index {
        buffer.append(contentsOf: bytes[index..<runEnd])
        index = runEnd
      }
      guard index < bytes.count else { break }
      let byte = bytes[index]
      if byte == 0x0D {
        // XML normalizes "\r\n" and a lone "\r" to "\n".
        buffer.append(0x0A)
        index += 1
        if index < bytes.count, bytes[index] == 0x0A { index += 1 }
      } else if byte == Self.ampersand {
        try readEntity(into: &buffer)
      } else if starts(with: "<![CDATA[", at: index) {
        let start = index
        index += 9
        var found = false
        while index < bytes.count {
          if bytes[index] == UInt8(ascii: "]"), starts(with: "]]>", at: index) {
            found = true
            break
          }
          buffer.append(bytes[index])
          index += 1
        }
        guard found else { throw fail("unterminated CDATA section: '<![CDATA[' has no ']]>'", start, start + 9) }
        index += 3
      } else if try skipMarkup() {
        continue
      } else {
        let contentEnd = index
        let tag = try readTag()
        guard tag.isClosing else {
          throw fail("unexpected <\(tag.name)> inside <\(open.name)>", tag.start, tag.end)
        }
        guard tag.name == open.name else {
          throw fail(
            "</\(tag.name)> does not close <\(open.name)> (opened at \(position(open.start)))", tag.start, tag.end)
        }
        return (String(decoding: buffer, as: UTF8.self), contentStart, contentEnd, tag.end)
      }
    }
    throw fail(
      "the property list ends inside <\(open.name)> (opened at \(position(open.start)))", bytes.count, bytes.count)
  }

  /// The byte range of `start..<end` without surrounding XML white space.
  private func trimmed(_ start: Int, _ end: Int) -> (start: Int, end: Int) {
    var low = start
    var high = end
    while low < high, Self.isSpace(bytes[low]) { low += 1 }
    while high > low, Self.isSpace(bytes[high - 1]) { high -= 1 }
    return (low, high)
  }

  // MARK: Structure

  /// The pointer of a value starting now, checking the enclosing collection accepts one.
  private func pointerForNextValue(_ tag: Tag) throws -> JSONPointer {
    guard let frame = stack.last else {
      if root != nil { throw fail("a second top-level value <\(tag.name)>", tag.start, tag.end) }
      return .root
    }
    switch frame.kind {
    case .plist:
      if frame.value != nil {
        throw fail("<plist> holds more than one value; the second is <\(tag.name)>", tag.start, tag.end)
      }
      return .root
    case .array:
      return frame.pointer.appending(frame.items.count)
    case .dict:
      guard let key = frame.pendingKey else {
        throw fail("expected <key> in <dict>, found <\(tag.name)>", tag.start, tag.end)
      }
      return frame.pointer.appending(key.value)
    }
  }

  private mutating func deliver(_ value: Located<ConfigValue>) {
    guard !stack.isEmpty else {
      root = value
      return
    }
    let last = stack.count - 1
    switch stack[last].kind {
    case .plist:
      stack[last].value = value
    case .array:
      stack[last].items.append(value)
    case .dict:
      if let key = stack[last].pendingKey {
        stack[last].members.append((key: key, value: value))
        stack[last].pendingKey = nil
      }
    }
  }

  private mutating func handleOpen(_ tag: Tag) throws {
    switch tag.name {
    case "plist":
      guard stack.isEmpty, root == nil, !sawPlistElement else {
        throw fail("<plist> may only be the document's root element", tag.start, tag.end)
      }
      sawPlistElement = true
      if tag.isSelfClosing {
        throw fail("<plist/> holds no value", tag.start, tag.end)
      }
      stack.append(Frame(kind: .plist, name: "plist", start: tag.start, pointer: .root))
    case "key":
      guard let frame = stack.last, frame.kind == .dict else {
        throw fail("<key> outside a <dict>", tag.start, tag.end)
      }
      if let pending = frame.pendingKey {
        throw fail("key '\(pending.value)' has no value before the next <key>", tag.start, tag.end)
      }
      let pointer = frame.pointer
      let key: Located<String>
      if tag.isSelfClosing {
        key = Located("", span: span(tag.start, tag.end), pointer: pointer.appending(""))
      } else {
        let text = try readText(of: tag)
        key = Located(text.text, span: span(text.start, text.end), pointer: pointer.appending(text.text))
      }
      stack[stack.count - 1].pendingKey = key
    case "array", "dict":
      let pointer = try pointerForNextValue(tag)
      if tag.isSelfClosing {
        let value: ConfigValue = tag.name == "array" ? .array([]) : .object([])
        deliver(Located(value, span: span(tag.start, tag.end), pointer: pointer))
        return
      }
      guard stack.count <= PropertyListReader.maxDepth else {
        throw fail(
          "nesting deeper than \(PropertyListReader.maxDepth) levels; widgetlint stops reading here", tag.start,
          tag.end)
      }
      stack.append(
        Frame(kind: tag.name == "array" ? .array : .dict, name: tag.name, start: tag.start, pointer: pointer))
    case "true", "false":
      let pointer = try pointerForNextValue(tag)
      var end = tag.end
      if !tag.isSelfClosing {
        let text = try readText(of: tag)
        guard trimmed(text.start, text.end).start == trimmed(text.start, text.end).end else {
          throw fail("<\(tag.name)> must be empty; write <\(tag.name)/>", text.start, text.end)
        }
        end = text.tagEnd
      }
      deliver(Located(.bool(tag.name == "true"), span: span(tag.start, end), pointer: pointer))
    case "string", "integer", "real", "date", "data":
      let pointer = try pointerForNextValue(tag)
      guard !tag.isSelfClosing else {
        if tag.name != "string" && tag.name != "data" {
          throw fail("<\(tag.name)/> holds no value", tag.start, tag.end)
        }
        deliver(Located(.string(""), span: span(tag.start, tag.end), pointer: pointer))
        return
      }
      let text = try readText(of: tag)
      deliver(
        Located(
          scalarValue(tag.name, text.text, text.start, text.end), span: valueSpan(tag.name, text), pointer: pointer))
    default:
      throw fail("unknown property list element <\(tag.name)>", tag.start, tag.end)
    }
  }

  private func valueSpan(_ name: String, _ text: (text: String, start: Int, end: Int, tagEnd: Int)) -> SourceSpan {
    guard name != "string" else { return span(text.start, text.end) }
    let range = trimmed(text.start, text.end)
    return span(range.start, range.end)
  }

  private mutating func scalarValue(_ name: String, _ text: String, _ start: Int, _ end: Int) -> ConfigValue {
    switch name {
    case "string":
      return .string(text)
    case "data":
      return .string(String(text.unicodeScalars.filter { !$0.properties.isWhitespace }.map(Character.init)))
    default:
      let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
      let range = trimmed(start, end)
      let valid: Bool
      switch name {
      case "integer": valid = Self.isInteger(value)
      case "real": valid = Self.isReal(value)
      default: valid = !value.isEmpty
      }
      if !valid {
        problems.append(
          PropertyListReader.problem(
            source, "'\(value)' is not a valid <\(name)>", range.start, max(range.end, range.start + 1)))
      }
      return name == "date" ? .string(value) : .number(value)
    }
  }

  static func isInteger(_ text: String) -> Bool {
    var body = Substring(text)
    if body.first == "-" || body.first == "+" { body = body.dropFirst() }
    if body.hasPrefix("0x") || body.hasPrefix("0X") {
      let digits = body.dropFirst(2)
      return !digits.isEmpty && digits.allSatisfy(\.isHexDigit)
    }
    return !body.isEmpty && body.allSatisfy { $0.isASCII && $0.isNumber }
  }

  static func isReal(_ text: String) -> Bool {
    switch text.lowercased() {
    case "nan", "inf", "+inf", "-inf", "infinity", "+infinity", "-infinity": return true
    default: return Double(text) != nil && text.allSatisfy { $0.isASCII && !$0.isWhitespace }
    }
  }

  private mutating func handleClose(_ tag: Tag) throws {
    guard let frame = stack.last else {
      throw fail("</\(tag.name)> closes nothing", tag.start, tag.end)
    }
    guard frame.name == tag.name else {
      throw fail(
        "</\(tag.name)> does not close <\(frame.name)> (opened at \(position(frame.start)))", tag.start, tag.end)
    }
    stack.removeLast()
    switch frame.kind {
    case .plist:
      guard let value = frame.value else { throw fail("<plist> holds no value", frame.start, tag.end) }
      root = value
    case .array:
      deliver(Located(.array(frame.items), span: span(frame.start, tag.end), pointer: frame.pointer))
    case .dict:
      if let key = frame.pendingKey {
        throw fail("key '\(key.value)' has no value", key.span.start, key.span.end)
      }
      deliver(Located(.object(frame.members), span: span(frame.start, tag.end), pointer: frame.pointer))
    }
  }

  mutating func parse() throws -> Located<ConfigValue>? {
    while index < bytes.count {
      let byte = bytes[index]
      if Self.isSpace(byte) {
        index += 1
        continue
      }
      guard byte == Self.lessThan else {
        let start = index
        var end = index
        while end < bytes.count, bytes[end] != Self.lessThan, !Self.isSpace(bytes[end]) { end += 1 }
        if stack.isEmpty && root == nil && !sawPlistElement {
          throw fail("not a property list: expected '<' or 'bplist00'", start, end)
        }
        throw fail("unexpected text outside a value element", start, end)
      }
      if try skipMarkup() { continue }
      if starts(with: "<!", at: index) {
        throw fail("unexpected markup '<!' outside a value element", index, index + 2)
      }
      if stack.isEmpty && root != nil {
        throw fail("unexpected content after the end of the property list", index, index + 1)
      }
      let tag = try readTag()
      if tag.isClosing {
        try handleClose(tag)
      } else {
        try handleOpen(tag)
      }
    }
    if let frame = stack.last {
      throw fail(
        "the property list ends inside <\(frame.name)> (opened at \(position(frame.start)))", bytes.count, bytes.count)
    }
    guard let root else {
      throw fail("the property list is empty", 0, 0)
    }
    return root
  }
}
