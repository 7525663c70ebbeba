/// What libyaml accepts in a `.json` file but JSON (and `JSON.parse`, which Expo and EAS use) does
/// not: comments and trailing commas. Reported so a file that widgetlint reads is one EAS reads too.
public enum JSONStrictness {
  public static func problems(in source: SourceText) -> [Observation] {
    let bytes = source.bytes
    var problems: [Observation] = []
    var index = source.byteOrderMarkLength
    var inString = false
    var lastComma: Int?
    func report(_ message: String, _ start: Int, _ end: Int) {
      problems.append(
        Observation(
          ruleID: .yamlSyntax, message: message, span: SourceSpan(file: source, start: start, end: end),
          pointer: .root))
    }
    while index < bytes.count, problems.count < 20 {
      let byte = bytes[index]
      if inString {
        if byte == UInt8(ascii: "\\") {
          index += 2
          continue
        }
        if byte == UInt8(ascii: "\"") { inString = false }
        index += 1
        continue
      }
      switch byte {
      case UInt8(ascii: "\""):
        inString = true
        lastComma = nil
      case UInt8(ascii: ","):
        lastComma = index
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        if let comma = lastComma {
          report(
            "JSON does not allow a trailing comma before '\(Character(UnicodeScalar(byte)))'; remove it", comma,
            comma + 1)
        }
        lastComma = nil
      case UInt8(ascii: "/")
      where index + 1 < bytes.count && (bytes[index + 1] == UInt8(ascii: "/") || bytes[index + 1] == UInt8(ascii: "*")):
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
        continue
      // libyaml reads `#` after a space or at a line's start as a comment; JSON has none. Like the other
      // comments it is skipped, so a comma before it is still seen to trail.
      case UInt8(ascii: "#") where index == source.byteOrderMarkLength || Self.isSpace(bytes[index - 1]):
        var end = index + 1
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n"), bytes[end] != UInt8(ascii: "\r") { end += 1 }
        report("JSON does not allow comments; remove it (in YAML manifests, comments start with '#')", index, end)
        index = end
        continue
      case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
        break
      default:
        lastComma = nil
      }
      index += 1
    }
    return problems
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
  }
}
