import WidgetLintCore

/// What libyaml accepts in a `.json` file but JSON (RFC 8259, and `JSON.parse`, through which the plugin's
/// `require` reads expo-target.config.json) does not. Reported so a file that widgetlint reads is one its
/// other readers read too. (Expo reads app.json as JSON5: see `JavaScriptConfigReader.readJSON5`.)
///
/// The file is walked by JSON's grammar. Comments and trailing commas, which hand-edited files pick up
/// most, are each reported and read past; anything else JSON does not allow (an unquoted key, a single-
/// quoted string, a missing comma) is reported where it starts, and the walk stops there, as `JSON.parse`
/// stops at its first error. The walk keeps its own stack, so deep nesting cannot exhaust the thread's.
public enum JSONStrictness {
  public static func problems(in source: SourceText) -> [ReadingProblem] {
    var walk = Walk(source: source)
    walk.run()
    return walk.problems
  }

  private struct Walk {
    let source: SourceText
    let bytes: [UInt8]
    var index: Int
    var problems: [ReadingProblem] = []
    /// The open objects and arrays, innermost last, each with the offset of its bracket.
    var open: [(isObject: Bool, offset: Int)] = []
    /// The comma just read, while nothing but space and comments follows it.
    var lastComma: Int?

    init(source: SourceText) {
      self.source = source
      self.bytes = source.bytes
      self.index = source.byteOrderMarkLength
    }

    /// What the grammar allows at `index`.
    enum Expected {
      case value
      /// After `[`: a value or the `]` of an empty array.
      case valueOrEnd
      /// After `{`: a key or the `}` of an empty object.
      case keyOrEnd
      case key
      case colon
      /// After a value inside an object or array.
      case commaOrEnd
      /// After the top-level value: nothing.
      case nothing
    }

    mutating func run() {
      var expected = Expected.value
      while problems.count < 20 {
        skipSpaceAndComments()
        guard index < bytes.count else {
          if let innermost = open.last {
            stop(
              "the file ends before this '\(innermost.isObject ? "{" : "[")' is closed", innermost.offset,
              innermost.offset + 1)
          }
          // An empty file is left to the manifest's own reading, which says what it lacks.
          return
        }
        let byte = bytes[index]
        switch expected {
        case .value, .valueOrEnd:
          if byte == UInt8(ascii: "]"), expected == .valueOrEnd || lastComma != nil, open.last?.isObject == false {
            reportTrailingComma(before: byte)
            expected = close()
          } else if readValue(&expected) == false {
            return
          }
        case .keyOrEnd, .key:
          if byte == UInt8(ascii: "}"), expected == .keyOrEnd || lastComma != nil {
            reportTrailingComma(before: byte)
            expected = close()
          } else if byte == UInt8(ascii: "\"") {
            lastComma = nil
            guard readString() else { return }
            expected = .colon
          } else {
            return stop(
              "JSON object keys are strings in double quotes; found \(describeToken())", index, tokenEnd())
          }
        case .colon:
          guard byte == UInt8(ascii: ":") else {
            return stop("expected ':' after the key; found \(describeToken())", index, tokenEnd())
          }
          index += 1
          expected = .value
        case .commaOrEnd:
          let isObject = open.last?.isObject ?? false
          if byte == UInt8(ascii: ",") {
            lastComma = index
            index += 1
            expected = isObject ? .key : .value
          } else if byte == UInt8(ascii: isObject ? "}" : "]") {
            expected = close()
          } else {
            return stop(
              "expected ',' or '\(isObject ? "}" : "]")'; found \(describeToken())", index, tokenEnd())
          }
        case .nothing:
          return stop("JSON allows one value in a file; found \(describeToken()) after it", index, tokenEnd())
        }
      }
    }

    /// Reads the value at `index`; false when it is not one JSON allows (the problem is reported).
    mutating func readValue(_ expected: inout Expected) -> Bool {
      lastComma = nil
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "{"):
        open.append((isObject: true, offset: index))
        index += 1
        expected = .keyOrEnd
        return true
      case UInt8(ascii: "["):
        open.append((isObject: false, offset: index))
        index += 1
        expected = .valueOrEnd
        return true
      case UInt8(ascii: "\""):
        guard readString() else { return false }
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        guard readNumber() else { return false }
      case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
        let end = tokenEnd()
        guard ["true", "false", "null"].contains(where: { $0.utf8.elementsEqual(bytes[index..<end]) }) else {
          stop("JSON allows only true, false and null unquoted; found \(describeToken())", index, end)
          return false
        }
        index = end
      case UInt8(ascii: "'"):
        stop("JSON strings are written in double quotes, not single ones", index, tokenEnd())
        return false
      default:
        stop("expected a value; found \(describeToken())", index, tokenEnd())
        return false
      }
      expected = open.isEmpty ? .nothing : .commaOrEnd
      return true
    }

    /// Reads the string starting at `index`, which is its opening quote.
    mutating func readString() -> Bool {
      let opening = index
      index += 1
      while index < bytes.count {
        switch bytes[index] {
        case UInt8(ascii: "\""):
          index += 1
          return true
        case UInt8(ascii: "\\"):
          let escape = index
          guard index + 1 < bytes.count else {
            stop("this string is never closed", opening, opening + 1)
            return false
          }
          let letter = bytes[index + 1]
          if letter == UInt8(ascii: "u") {
            let digits = bytes[min(index + 2, bytes.count)..<min(index + 6, bytes.count)]
            guard digits.count == 4, digits.allSatisfy(Self.isHexDigit) else {
              stop("'\\u' is followed by four hexadecimal digits in JSON", escape, escape + 2)
              return false
            }
            index += 6
          } else if Self.escapeLetters.contains(letter) {
            index += 2
          } else {
            stop("JSON has no escape '\\\(Character(UnicodeScalar(letter)))'", escape, escape + 2)
            return false
          }
        case 0..<0x20:
          stop(
            "JSON does not allow a control character (such as a tab or a line break) inside a string; write it as an escape such as '\\t' or '\\n'",
            index, index + 1)
          return false
        default:
          index += 1
        }
      }
      stop("this string is never closed", opening, opening + 1)
      return false
    }

    /// Reads a number: `-`, then `0` or digits not starting with `0`, then an optional fraction and exponent.
    mutating func readNumber() -> Bool {
      let start = index
      if bytes[index] == UInt8(ascii: "-") { index += 1 }
      let integer = index
      skipDigits()
      guard index > integer else {
        stop("expected digits after '-'", start, tokenEnd(from: start))
        return false
      }
      if bytes[integer] == UInt8(ascii: "0"), index - integer > 1 {
        stop("JSON numbers do not start with a zero; found \(describeToken(from: start))", start, index)
        return false
      }
      if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
        index += 1
        let fraction = index
        skipDigits()
        guard index > fraction else {
          stop("expected digits after the decimal point", start, tokenEnd(from: start))
          return false
        }
      }
      if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
        index += 1
        if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
        let exponent = index
        skipDigits()
        guard index > exponent else {
          stop("expected digits in the exponent", start, tokenEnd(from: start))
          return false
        }
      }
      // A number runs into nothing else: `12px` is not one.
      if index < bytes.count, !Self.endsToken(bytes[index]) {
        stop("expected a number; found \(describeToken(from: start))", start, tokenEnd(from: start))
        return false
      }
      return true
    }

    mutating func skipDigits() {
      while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
    }

    /// Closes the innermost object or array at `index`, which is its bracket.
    mutating func close() -> Expected {
      open.removeLast()
      index += 1
      lastComma = nil
      return open.isEmpty ? .nothing : .commaOrEnd
    }

    mutating func reportTrailingComma(before bracket: UInt8) {
      guard let comma = lastComma else { return }
      report(
        "JSON does not allow a trailing comma before '\(Character(UnicodeScalar(bracket)))'; remove it", comma,
        comma + 1)
    }

    /// Skips white space, and comments, which are reported.
    mutating func skipSpaceAndComments() {
      while index < bytes.count, problems.count < 20 {
        let byte = bytes[index]
        if Self.isSpace(byte) {
          index += 1
        } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count,
          bytes[index + 1] == UInt8(ascii: "/") || bytes[index + 1] == UInt8(ascii: "*")
        {
          var end = index + 2
          if bytes[index + 1] == UInt8(ascii: "/") {
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
          } else {
            while end + 1 < bytes.count, !(bytes[end] == UInt8(ascii: "*") && bytes[end + 1] == UInt8(ascii: "/")) {
              end += 1
            }
            end = min(end + 2, bytes.count)
          }
          report("JSON does not allow comments; remove it (in YAML manifests, comments start with '#')", index, end)
          index = end
        } else if byte == UInt8(ascii: "#"), index == source.byteOrderMarkLength || Self.isSpace(bytes[index - 1]) {
          // libyaml reads `#` after a space or at a line's start as a comment, so the file reads as
          // widgetlint means it; JSON has none.
          var end = index + 1
          while end < bytes.count, bytes[end] != UInt8(ascii: "\n"), bytes[end] != UInt8(ascii: "\r") { end += 1 }
          report("JSON does not allow comments; remove it (in YAML manifests, comments start with '#')", index, end)
          index = end
        } else {
          return
        }
      }
    }

    /// Where the token starting at `start` ends: at white space, JSON punctuation or the end.
    func tokenEnd(from start: Int? = nil) -> Int {
      var end = (start ?? index) + 1
      while end < bytes.count, !Self.endsToken(bytes[end]) { end += 1 }
      return min(end, bytes.count)
    }

    /// The token at `start` as a message names it: a string, or its first 40 bytes in quotes.
    func describeToken(from start: Int? = nil) -> String {
      let start = start ?? index
      if bytes[start] == UInt8(ascii: "\"") { return "a string" }
      let token = bytes[start..<min(tokenEnd(from: start), start + 40)]
      return "'\(String(decoding: token, as: UTF8.self))'"
    }

    mutating func report(_ message: String, _ start: Int, _ end: Int) {
      problems.append(
        ReadingProblem(
          kind: .syntax, message: message, span: SourceSpan(file: source, start: start, end: end),
          pointer: .root))
    }

    mutating func stop(_ message: String, _ start: Int, _ end: Int) {
      report(message, start, end)
      index = bytes.count
    }

    static func isSpace(_ byte: UInt8) -> Bool {
      byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
        || byte == UInt8(ascii: "\r")
    }

    /// What may follow a backslash in a JSON string, besides `u`.
    static let escapeLetters: Set<UInt8> = Set(#""\/bfnrt"#.utf8)
    static let punctuation: Set<UInt8> = Set("{}[],:\"".utf8)

    static func endsToken(_ byte: UInt8) -> Bool {
      isSpace(byte) || punctuation.contains(byte)
    }

    static func isHexDigit(_ byte: UInt8) -> Bool {
      (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
        || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }
  }
}
