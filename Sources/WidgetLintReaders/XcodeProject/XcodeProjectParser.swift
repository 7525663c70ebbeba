import WidgetLintCore

/// The byte-level parser behind `XcodeProjectReader`: one pass, an explicit stack of open collections,
/// and a count of the bytes it looked at (`work`), which is at most a small multiple of the input's size.
package struct XcodeProjectParser {
  package let source: SourceText
  package let bytes: [UInt8]
  package let maxDepth: Int
  package var index: Int
  /// Bytes looked at, plus one per step of the main loop.
  private(set) var work = 0

  private struct Frame {
    var isDictionary: Bool
    var start: Int
    var pointer: JSONPointer
    var members: [(key: Located<String>, value: Located<ConfigValue>)] = []
    var items: [Located<ConfigValue>] = []
    var key: Located<String>?
    var sawEquals = false
    var needsSeparator = false
  }

  private var stack: [Frame] = []
  private var root: Located<ConfigValue>?

  package init(source: SourceText, maxDepth: Int) {
    self.source = source
    self.bytes = source.bytes
    self.maxDepth = maxDepth
    self.index = source.byteOrderMarkLength
  }

  // MARK: Bytes

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0B || byte == 0x0C
  }

  /// The characters an unquoted string may hold, as CoreFoundation's OpenStep reader accepts them.
  package static func isUnquotedByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "/"),
      UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "-"):
      return true
    default:
      return false
    }
  }

  private func fail(_ message: String, _ start: Int, _ end: Int? = nil) -> XcodeProjectSyntaxError {
    XcodeProjectSyntaxError(message: message, start: start, end: end ?? min(start + 1, bytes.count))
  }

  private func position(_ offset: Int) -> String {
    let position = source.position(atOffset: offset)
    return "line \(position.line), column \(position.column)"
  }

  private func describe(_ byte: UInt8) -> String {
    byte >= 0x21 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : String(format: "byte 0x%02X", byte)
  }

  private func span(_ start: Int, _ end: Int) -> SourceSpan { SourceSpan(file: source, start: start, end: end) }

  /// Skips white space and comments.
  private mutating func skipTrivia() throws {
    while index < bytes.count {
      work += 1
      let byte = bytes[index]
      if Self.isSpace(byte) {
        index += 1
      } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
        let start = index
        index += 2
        while true {
          guard index + 1 < bytes.count else {
            throw fail("unterminated comment: '/*' has no '*/'", start, start + 2)
          }
          work += 1
          if bytes[index] == UInt8(ascii: "*"), bytes[index + 1] == UInt8(ascii: "/") {
            index += 2
            break
          }
          index += 1
        }
      } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
        while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D {
          work += 1
          index += 1
        }
      } else {
        return
      }
    }
  }

  // MARK: Strings

  /// An unquoted string at `index`; a comment (`/*` or `//`) ends it, as white space would.
  private mutating func readUnquoted() -> (text: String, start: Int, end: Int) {
    let start = index
    while index < bytes.count, Self.isUnquotedByte(bytes[index]) {
      if bytes[index] == UInt8(ascii: "/"), index + 1 < bytes.count,
        bytes[index + 1] == UInt8(ascii: "*") || bytes[index + 1] == UInt8(ascii: "/")
      {
        break
      }
      work += 1
      index += 1
    }
    return (String(decoding: bytes[start..<index], as: UTF8.self), start, index)
  }

  /// A `"…"` or `'…'` string at `index`; the span includes the quotes.
  private mutating func readQuoted() throws -> (text: String, start: Int, end: Int) {
    let start = index
    let quote = bytes[index]
    index += 1
    var buffer: [UInt8] = []
    var runStart = index
    while index < bytes.count {
      work += 1
      let byte = bytes[index]
      if byte == quote {
        buffer.append(contentsOf: bytes[runStart..<index])
        index += 1
        return (String(decoding: buffer, as: UTF8.self), start, index)
      }
      guard byte == UInt8(ascii: "\\") else {
        index += 1
        continue
      }
      buffer.append(contentsOf: bytes[runStart..<index])
      let escapeStart = index
      let end: Int?
      do {
        end = try XcodeProjectStringEscapes.decode(bytes, at: escapeStart, into: &buffer)
      } catch {
        throw fail(error.message, error.start, error.end)
      }
      guard let end else { break }
      // The digits of `\U` and of octal escapes are bytes looked at too.
      work += max(0, end - escapeStart - 2)
      index = end
      runStart = index
    }
    throw fail("unterminated string: the \(quote == UInt8(ascii: "'") ? "'" : "\"") has no closing quote", start)
  }

  /// `<hex digits>` data, read as the text of its digits.
  private mutating func readData() throws -> (text: String, start: Int, end: Int) {
    let start = index
    index += 1
    var digits: [UInt8] = []
    while index < bytes.count {
      work += 1
      let byte = bytes[index]
      index += 1
      if byte == UInt8(ascii: ">") { return (String(decoding: digits, as: UTF8.self), start, index) }
      if Self.isSpace(byte) { continue }
      guard EscapeDecoder.hexValue(byte) != nil else {
        throw fail("\(describe(byte)) is not a hexadecimal digit in <data>", index - 1)
      }
      digits.append(byte)
    }
    throw fail("unterminated data: '<' has no '>'", start)
  }

  /// A string token (quoted or unquoted) at `index`, or nil when none starts there.
  private mutating func readString() throws -> (text: String, start: Int, end: Int)? {
    let byte = bytes[index]
    if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") { return try readQuoted() }
    if Self.isUnquotedByte(byte) { return readUnquoted() }
    return nil
  }

  // MARK: Structure

  /// Starts the value at `index`: a scalar is returned, a collection is opened on the stack.
  private mutating func beginValue(_ pointer: JSONPointer) throws -> Located<ConfigValue>? {
    let byte = bytes[index]
    if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "(") {
      guard stack.count < maxDepth else {
        throw fail("nesting deeper than \(maxDepth) levels; widgetlint stops reading here", index)
      }
      stack.append(Frame(isDictionary: byte == UInt8(ascii: "{"), start: index, pointer: pointer))
      index += 1
      return nil
    }
    if byte == UInt8(ascii: "<") {
      let data = try readData()
      return Located(.string(data.text), span: span(data.start, data.end), pointer: pointer)
    }
    guard let string = try readString() else {
      throw fail("expected a value (a string, '{' or '('), found \(describe(byte))", index)
    }
    return Located(.string(string.text), span: span(string.start, string.end), pointer: pointer)
  }

  private mutating func deliver(_ value: Located<ConfigValue>) {
    guard !stack.isEmpty else {
      root = value
      return
    }
    let last = stack.count - 1
    if stack[last].isDictionary {
      if let key = stack[last].key { stack[last].members.append((key: key, value: value)) }
      stack[last].key = nil
      stack[last].sawEquals = false
    } else {
      stack[last].items.append(value)
    }
    stack[last].needsSeparator = true
  }

  private mutating func close() {
    let frame = stack.removeLast()
    index += 1
    let value: ConfigValue = frame.isDictionary ? .object(frame.members) : .array(frame.items)
    deliver(Located(value, span: span(frame.start, index), pointer: frame.pointer))
  }

  package mutating func parse() -> Result<Located<ConfigValue>, XcodeProjectSyntaxError> {
    do {
      return .success(try parseValue())
    } catch let error as XcodeProjectSyntaxError {
      return .failure(error)
    } catch {
      return .failure(fail("\(error)", 0, 0))
    }
  }

  private mutating func parseValue() throws -> Located<ConfigValue> {
    try skipTrivia()
    guard index < bytes.count else { throw fail("the project file is empty", 0, 0) }
    if let scalar = try beginValue(.root) { deliver(scalar) }
    // The open collection is read in place (`stack[last]`), never copied: a copy would share its
    // members, and the next append would copy them all, making a long dictionary quadratic.
    while !stack.isEmpty {
      let last = stack.count - 1
      try skipTrivia()
      guard index < bytes.count else {
        let opening = stack[last].isDictionary ? "{" : "("
        throw fail(
          "the project file ends inside the '\(opening)' opened at \(position(stack[last].start))", bytes.count,
          bytes.count)
      }
      work += 1
      let byte = bytes[index]
      if stack[last].isDictionary {
        if stack[last].needsSeparator {
          guard byte == UInt8(ascii: ";") else {
            let key = stack[last].members.last?.key.value ?? ""
            throw fail("expected ';' after the value of '\(key)', found \(describe(byte))", index)
          }
          index += 1
          stack[last].needsSeparator = false
        } else if let key = stack[last].key {
          if stack[last].sawEquals {
            // The value is where its key is.
            if let scalar = try beginValue(key.pointer) { deliver(scalar) }
          } else {
            guard byte == UInt8(ascii: "=") else {
              throw fail("expected '=' after the key '\(key.value)', found \(describe(byte))", index)
            }
            index += 1
            stack[last].sawEquals = true
          }
        } else if byte == UInt8(ascii: "}") {
          close()
        } else if let key = try readString() {
          stack[last].key = Located(
            key.text, span: span(key.start, key.end), pointer: stack[last].pointer.appending(key.text))
        } else {
          throw fail("expected a key or '}', found \(describe(byte))", index)
        }
      } else if byte == UInt8(ascii: ")") {
        close()
      } else if stack[last].needsSeparator {
        guard byte == UInt8(ascii: ",") else {
          throw fail("expected ',' or ')' after an array item, found \(describe(byte))", index)
        }
        index += 1
        stack[last].needsSeparator = false
      } else if let scalar = try beginValue(stack[last].pointer.appending(stack[last].items.count)) {
        deliver(scalar)
      }
    }
    try skipTrivia()
    if index < bytes.count {
      throw fail("unexpected \(describe(bytes[index])) after the end of the project's value", index)
    }
    guard let root else { throw fail("the project file holds no value", 0, 0) }
    return root
  }
}
