import WidgetLintCore

/// Reads an Xcode project file (`project.pbxproj`, an old-style "OpenStep" property list) into a
/// `ConfigValue`, every key and value keeping its span and JSON Pointer like the XML property list reader.
///
/// The format: `{ key = value; … }` dictionaries, `( a, b, )` arrays with an optional trailing comma,
/// strings quoted with `"` or `'` (with backslash escapes) or unquoted (letters, digits and `_$/:.-`),
/// `<hex data>`, and `/* … */` and `// …` comments wherever white space may be. Every value is a string:
/// the format has no numbers or booleans. A quoted string's span includes its quotes.
///
/// One pass over the bytes with an explicit stack of open collections: reading takes time linear in the
/// size, whatever the input, and deep nesting cannot overflow the call stack. Malformed input stops
/// reading at the first structural error, returned as a positioned `invalid-value` observation.
public enum XcodeProjectReader {
  /// The rule of the observations the reader returns.
  public static let kind = ReadingProblem.Kind.invalidValue

  public static func read(
    _ source: SourceText, maxDepth: Int = YAMLParser.Limits().maxDepth
  ) -> (value: Located<ConfigValue>?, problems: [ReadingProblem]) {
    let (value, problems, _) = readCountingWork(source, maxDepth: maxDepth)
    return (value, problems)
  }

  /// As `read`, with the number of bytes the parser looked at, for tests of linear time.
  package static func readCountingWork(
    _ source: SourceText, maxDepth: Int = YAMLParser.Limits().maxDepth
  ) -> (value: Located<ConfigValue>?, problems: [ReadingProblem], work: Int) {
    let bytes = source.bytes
    if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
      return (nil, [problem(source, "the project file is UTF-16; widgetlint reads UTF-8 project files only", 0, 0)], 0)
    }
    if let offset = SourceText.firstInvalidUTF8Offset(bytes) {
      return (nil, [problem(source, "the project file is not valid UTF-8", offset, offset + 1)], 0)
    }
    var parser = XcodeProjectParser(source: source, maxDepth: maxDepth)
    switch parser.parse() {
    case .success(let value):
      return (value, [], parser.work)
    case .failure(let error):
      return (nil, [problem(source, error.message, error.start, error.end)], parser.work)
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
