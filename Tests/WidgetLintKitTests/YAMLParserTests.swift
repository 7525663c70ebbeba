import Testing

@testable import WidgetLintCore
@testable import WidgetLintEngine
@testable import WidgetLintFrontends
@testable import WidgetLintKit
@testable import WidgetLintModel
@testable import WidgetLintReaders
@testable import WidgetLintReports
@testable import WidgetLintRules

@Suite struct YAMLParserTests {
  func parse(_ text: String, limits: YAMLParser.Limits = .init()) -> (YAMLDocument, [ReadingProblem]) {
    YAMLParser(limits: limits).parse(SourceText(path: "t.yaml", text: text))
  }

  func range(_ document: YAMLDocument, _ id: Int) -> String {
    let range = document.span(of: id).range
    return "\(range.start.line):\(range.start.column)-\(range.end.line):\(range.end.column)"
  }

  /// The node id of the value at a path of keys.
  func value(_ document: YAMLDocument, _ keys: String...) -> Int? {
    var node = document.root
    for key in keys {
      guard let current = node, case .mapping(let pairs) = document.content(of: current) else { return nil }
      node = pairs.first { document.scalarText($0.key) == key }?.value
    }
    return node
  }

  @Test func scalarsKeepExactRanges() throws {
    let (document, problems) = parse("app:\n  bundleIdentifier: com.example.app\n  name: 'Quoted'\n")
    #expect(problems.isEmpty)
    let id = try #require(value(document, "app", "bundleIdentifier"))
    #expect(range(document, id) == "2:21-2:36")
    #expect(document.span(of: id).start == 25)
    #expect(document.span(of: id).end == 40)
    let quoted = try #require(value(document, "app", "name"))
    #expect(range(document, quoted) == "3:9-3:17")
    #expect(document.scalarText(quoted) == "Quoted")
  }

  @Test func collectionsSpanTheirContent() throws {
    let (document, _) = parse("families: [systemSmall, systemMedium]\n")
    let id = try #require(value(document, "families"))
    #expect(range(document, id) == "1:11-1:38")
  }

  @Test func columnsCountCharactersNotBytes() throws {
    let (document, problems) = parse("name: \"Café ☕️\"\nkind: Wétter\n")
    #expect(problems.isEmpty)
    let kind = try #require(value(document, "kind"))
    #expect(range(document, kind) == "2:7-2:13")
    // "é", "☕" and its variation selector take 2, 3 and 3 bytes: offsets differ from columns.
    #expect(document.span(of: kind).start == 27)
  }

  @Test func crlfLineEndingsCountAsOneBreak() throws {
    let (document, _) = parse("app:\r\n  bundleIdentifier: x.y\r\n  deploymentTarget: \"16.0\"\r\n")
    let id = try #require(value(document, "app", "deploymentTarget"))
    #expect(range(document, id) == "3:21-3:27")
  }

  @Test func byteOrderMarkIsNotAColumn() throws {
    let text = "\u{FEFF}version: 1\nkind: A\n"
    let (document, problems) = parse(text)
    #expect(problems.isEmpty)
    let version = try #require(value(document, "version"))
    #expect(range(document, version) == "1:10-1:11")
    #expect(document.span(of: version).start == 12)
  }

  @Test func jsonParsesWithPositions() throws {
    let (document, problems) = parse("{\n  \"app\": {\"bundleIdentifier\": \"com.x\"}\n}\n")
    #expect(problems.isEmpty)
    let id = try #require(value(document, "app", "bundleIdentifier"))
    #expect(range(document, id) == "2:31-2:38")
  }

  @Test func duplicateKeysAreReportedAtTheSecondKey() throws {
    let (_, problems) = parse("app:\n  a: 1\n  b: 2\n  a: 3\n")
    let problem = try #require(problems.first)
    #expect(problems.count == 1)
    #expect(problem.ruleID == .duplicateKey)
    #expect(problem.pointer.description == "/app/a")
    let range = problem.span.range
    #expect("\(range.start.line):\(range.start.column)-\(range.end.line):\(range.end.column)" == "4:3-4:4")
    #expect(problem.related.first?.span.range.start.line == 2)
  }

  @Test func aliasesAreReferencesNotCopies() throws {
    var text = "base: &b [systemSmall, systemMedium, systemLarge]\nlist:\n"
    for _ in 0..<500 { text += "  - *b\n" }
    let (document, problems) = parse(text)
    #expect(problems.isEmpty)
    // 1 root + 2 keys + anchor sequence with 3 items + list + 500 alias nodes.
    #expect(document.nodes.count == 1 + 2 + 4 + 1 + 500)
    let list = try #require(value(document, "list"))
    guard case .sequence(let items) = document.content(of: list) else {
      Issue.record("list is not a sequence")
      return
    }
    let base = try #require(value(document, "base"))
    #expect(items.allSatisfy { document.resolve($0) == base })
  }

  @Test func aliasBombStopsAtTheAliasLimit() {
    var text = "a: &a [x, x, x, x, x, x, x, x, x]\n"
    for level in 1..<12 {
      let previous = level == 1 ? "a" : "l\(level - 1)"
      text += "l\(level): &l\(level) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ", ") + "]\n"
    }
    let (_, problems) = parse(text, limits: YAMLParser.Limits(maxDepth: 200, maxAliases: 50))
    #expect(problems.map(\.ruleID.rawValue) == ["yaml-syntax"])
    #expect(problems.first?.message.contains("more than 50 aliases") == true)
  }

  @Test func deepNestingIsAFindingNotACrash() {
    let depth = 100_000
    let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    let (document, problems) = parse(text)
    #expect(problems.map(\.ruleID.rawValue) == ["yaml-syntax"])
    #expect(problems.first?.message.contains("nesting deeper than 200") == true)
    #expect(problems.first?.span.range.start.column == 201)
    #expect(document.root == nil)
  }

  @Test func unknownAndRecursiveAliasesAreReported() {
    let (_, unknown) = parse("a: *missing\n")
    #expect(unknown.map(\.ruleID.rawValue) == ["yaml-syntax"])
    #expect(unknown.first?.message.contains("no anchor &missing") == true)
    let (_, recursive) = parse("a: &loop [*loop]\n")
    #expect(recursive.first?.message.contains("contains it") == true)
  }

  @Test func syntaxErrorsHaveAPosition() throws {
    let (_, problems) = parse("app:\n  families: [systemSmall\n  kind: x\n")
    let problem = try #require(problems.first)
    #expect(problem.ruleID == .yamlSyntax)
    #expect(problem.span.range.start.line == 3)
    #expect(problem.message.contains("flow sequence"))
  }

  /// libyaml finds an unclosed quote at the end of the stream (or of the document); it is reported at the
  /// quote that opens the string.
  @Test func anUnclosedQuoteIsReportedAtItsOpeningQuote() throws {
    for (text, quote) in [("app:\n  name: \"abc\n  x: 1\n", "\""), ("app:\n  name: 'abc\n---\nx: 1\n", "'")] {
      let (_, problems) = parse(text)
      let problem = try #require(problems.first)
      #expect(problems.count == 1)
      #expect(problem.ruleID == .yamlSyntax)
      let range = problem.span.range
      #expect([range.start.line, range.start.column, range.end.line, range.end.column] == [2, 9, 2, 10], "\(text)")
      #expect(problem.message == "unclosed quote: the string opened here with \(quote) has no closing \(quote)")
    }
    // A bad escape inside a quoted string is still reported where it is.
    let (_, escape) = parse("app:\n  name: \"a\\qb\"\n")
    let start = try #require(escape.first?.span.range.start)
    #expect([start.line, start.column] == [2, 11])
    #expect(escape.first?.message.hasPrefix("unclosed quote") == false)
  }

  @Test func secondDocumentIsReported() throws {
    let (_, problems) = parse("app: {}\n---\napp: {}\n")
    let problem = try #require(problems.first)
    #expect(problem.ruleID == .yamlSyntax)
    #expect(problem.span.range.start.line == 2)
  }

  /// Every node, tag and problem of a parse, as text, to compare two parses of one input.
  func transcript(_ text: String, concurrentParseSize: Int) -> [String] {
    let parser = YAMLParser(limits: .init(), concurrentParseSize: concurrentParseSize)
    let (document, problems) = parser.parse(SourceText(path: "t.yaml", text: text))
    var lines = document.nodes.enumerated().map { id, node in
      let content: String
      switch node.content {
      case .scalar(let text, let style): content = "scalar \(style) \(text)"
      case .sequence(let items): content = "sequence \(items)"
      case .mapping(let pairs): content = "mapping \(pairs.map { "\($0.key):\($0.value)" })"
      case .alias(let target): content = "alias \(target)"
      }
      return "\(id) \(node.start)-\(node.end) \(content) \(document.tags[id] ?? "")"
    }
    lines.append("root \(document.root.map(String.init) ?? "none")")
    lines += problems.map { "\($0.ruleID) \($0.span.start)-\($0.span.end) \($0.pointer) \($0.message)" }
    return lines
  }

  /// A manifest-like document of about 300 kB with anchors, tags, merges, quoting, block scalars and
  /// non-ASCII text, followed by `tail`.
  func largeDocument(tail: String = "") -> String {
    var text = "base: &base {platform: iOS, note: \"größe ✓\"}\ntargets:\n"
    for index in 0..<1_500 {
      text += """
          - name: Target\(index)
            <<: *base
            tag: !!str \(index)
            quoted: 'it''s \(index)'
            block: |
              line one \(index)
              line two
            widgets: [{kind: K\(index), families: [systemSmall, systemMedium]}]

        """
    }
    return text + tail
  }

  @Test func largeInputsParsedOnTwoThreadsGiveTheSameDocument() {
    for tail in [
      "", "extra: [unclosed\n", "---\nsecond: document\n", "late: *nowhere\n",
      "targets2:\n  - a: 1\n    a: 2\n",
    ] {
      let text = largeDocument(tail: tail)
      #expect(text.utf8.count > 250_000)
      let together = transcript(text, concurrentParseSize: .max)
      let apart = transcript(text, concurrentParseSize: 0)
      #expect(together.count > 15_000)
      #expect(together == apart, "tail \(tail)")
    }
  }

  /// The builder, and with it a linter's prefetch, gets the first events after a few hundred, on either
  /// path: a full first batch had held back the first target of a 100-target manifest for 2 ms.
  @Test(arguments: [false, true]) func batchesStartSmallAndGrowToTheFullSize(concurrently: Bool) {
    let text = largeDocument(tail: "")
    let source = SourceText(path: "t.yaml", text: text)
    var sizes: [Int] = []
    var lastFlags: [Bool] = []
    source.bytes.withUnsafeBufferPointer { buffer in
      guard let reader = YAMLEventReader(source: source, input: buffer) else {
        Issue.record("libyaml did not start a reader")
        return
      }
      reader.forEachBatch(concurrently: concurrently) { batch in
        sizes.append(batch.events.count)
        lastFlags.append(batch.isLast)
        return true
      }
    }
    #expect(Array(sizes.prefix(6)) == [256, 512, 1024, 2048, 4096, 4096])
    #expect(sizes.count > 8)
    #expect(sizes.allSatisfy { $0 <= BatchSizes.full })
    #expect(lastFlags == Array(repeating: false, count: sizes.count - 1) + [true])
  }

  @Test func readingThatStopsEarlyStopsTheParsingThread() {
    // The builder gives up on the first event while libyaml, on its own thread, is batches ahead.
    let text =
      String(repeating: "[", count: 300) + String(repeating: "0, ", count: 200_000) + String(repeating: "]", count: 300)
    let parser = YAMLParser(limits: .init(), concurrentParseSize: 0)
    let (document, problems) = parser.parse(SourceText(path: "t.yaml", text: text))
    #expect(problems.map(\.ruleID.rawValue) == ["yaml-syntax"])
    #expect(problems.first?.span.range.start.column == 201)
    #expect(document.root == nil)
  }

  @Test func invalidUTF8IsReportedAtTheByte() throws {
    var bytes = Array("app:\n  name: ok\n  kind: ".utf8)
    bytes += [0xFF, 0x41, 0x0A]
    let (_, problems) = YAMLParser().parse(SourceText(path: "t.yaml", bytes: bytes))
    let problem = try #require(problems.first)
    #expect(problem.message.contains("not valid UTF-8"))
    #expect(problem.span.range.start.line == 3)
    #expect(problem.span.range.start.column == 9)
  }

  @Test func scalarTypesFollowTheCoreSchema() {
    #expect(ScalarValue(text: "16.0", style: .plain, tag: nil) == .float(16))
    #expect(ScalarValue(text: "16.0", style: .doubleQuoted, tag: nil) == .string("16.0"))
    #expect(ScalarValue(text: "1", style: .plain, tag: nil) == .int(1))
    #expect(ScalarValue(text: "~", style: .plain, tag: nil) == .null)
    #expect(ScalarValue(text: "no", style: .plain, tag: nil) == .string("no"))
    #expect(ScalarValue.isYAML11Boolean("no"))
    #expect(ScalarValue(text: "1h30m", style: .plain, tag: nil) == .string("1h30m"))
    #expect(ScalarValue(text: "99999999999999999999999", style: .plain, tag: nil) == .float(1e23))
    #expect(ScalarValue(text: "12", style: .plain, tag: "tag:yaml.org,2002:str") == .string("12"))
  }

  /// A pointer's text escapes `~` and `/` (RFC 6901) and its tokens do not; a stable path names list
  /// items by their kind or name, and keeps the tokens the document has no node for.
  @Test func pointersAndStablePaths() throws {
    let pointer = JSONPointer.root.appending("targets").appending(1).appending("a/b~c")
    #expect(pointer.description == "/targets/1/a~1b~0c")
    #expect(pointer.tokens == ["targets", "1", "a/b~c"])
    #expect(JSONPointer.root.description == "")
    #expect(JSONPointer.root.tokens.isEmpty)
    #expect(JSONPointer(parsing: pointer.description) == pointer)
    let (document, _) = parse("targets:\n  - name: First\n  - name: Second\n    widgets: [{kind: Clock}]\n")
    var paths = StablePaths(document: document)
    #expect(
      paths.path(for: JSONPointer(["targets", "1", "widgets", "0", "families"]))
        == "/targets/[Second]/widgets/[Clock]/families")
    #expect(paths.path(for: JSONPointer(["targets", "7", "name"])) == "/targets/7/name")
    #expect(paths.path(for: .root) == "")
    // A configuration's pointer can be as deep as its file is long: walked without recursion.
    let deep = try #require(JSONPointer(parsing: String(repeating: "/a", count: 100_000)))
    #expect(deep.tokens.count == 100_000)
    #expect(deep.description.utf8.count == 200_000)
    #expect(deep.appending("b").hasPrefix(deep))
  }
}

/// What libyaml accepts in a `.json` file but JSON does not.
struct JSONStrictnessTests {
  static func problems(_ text: String) -> [String] {
    JSONStrictness.problems(in: SourceText(path: "widgets.json", text: text)).map { problem in
      let start = problem.span.range.start
      return "\(start.line):\(start.column) \(problem.message)"
    }
  }

  /// A `#` line is a YAML comment to libyaml: JSON has no comments, and the comma before one still trails
  /// (found by the manifest fuzzer: a --fix that removed such a comment left a file JSON cannot read).
  @Test func hashCommentsAreReportedAndDoNotHideATrailingComma() {
    let text = "{\n  \"app\": {\"bundleIdentifier\": \"com.example.app\"},\n# widgetlint-disable-file\n}\n"
    #expect(
      Self.problems(text) == [
        "3:1 JSON does not allow comments; remove it (in YAML manifests, comments start with '#')",
        "2:49 JSON does not allow a trailing comma before '}'; remove it",
      ])
    // Inside a string, or glued to a value as libyaml's plain scalars allow, `#` is no comment.
    #expect(Self.problems("{\"app\": \"a#b\"}\n").isEmpty)
  }

  /// An unquoted key is YAML to libyaml but not JSON; its stray quote used to flip the old scan's idea of
  /// what was inside a string, hiding a trailing comma that a --fix then uncovered (found by the manifest
  /// fuzzer).
  @Test func anUnquotedKeyIsReportedWhereItStarts() {
    let text = "{\n  \"targets\": [{\"name\": \"Widget\",\n   bundleI`entifier\": \"x\"}],\n}\n"
    #expect(Self.problems(text) == ["3:4 JSON object keys are strings in double quotes; found 'bundleI`entifier'"])
  }

  /// Each thing JSON does not allow is reported at its first byte, with what was found.
  @Test func whatJSONDoesNotAllowIsReportedWhereItStarts() {
    let cases: [(String, String)] = [
      ("{\"a\": 'x'}", "1:7 JSON strings are written in double quotes, not single ones"),
      ("{\"a\": 01}", "1:7 JSON numbers do not start with a zero; found '01'"),
      ("{\"a\": 1.}", "1:7 expected digits after the decimal point"),
      ("{\"a\": -}", "1:7 expected digits after '-'"),
      ("{\"a\": 2e}", "1:7 expected digits in the exponent"),
      ("{\"a\": 12px}", "1:7 expected a number; found '12px'"),
      ("{\"a\": yes}", "1:7 expected a value; found 'yes'"),
      ("{\"a\": nul}", "1:7 JSON allows only true, false and null unquoted; found 'nul'"),
      ("{\"a\" 1}", "1:6 expected ':' after the key; found '1'"),
      ("{\"a\": 1 \"b\": 2}", "1:9 expected ',' or '}'; found a string"),
      ("[1 2]", "1:4 expected ',' or ']'; found '2'"),
      ("{\"a\": 1]", "1:8 expected ',' or '}'; found ']'"),
      ("{\"a\": 1}\n{}", "2:1 JSON allows one value in a file; found '{' after it"),
      ("{\"a\": [1, 2}", "1:12 expected ',' or ']'; found '}'"),
      ("{\n  \"a\": [1,\n", "2:8 the file ends before this '[' is closed"),
      ("{\"a\": \"b", "1:7 this string is never closed"),
      ("{\"a\": \"b\\", "1:7 this string is never closed"),
      ("{\"a\": \"\\x41\"}", "1:8 JSON has no escape '\\x'"),
      ("{\"a\": \"\\u41\"}", "1:8 '\\u' is followed by four hexadecimal digits in JSON"),
      (
        "{\"a\": \"one\ttwo\"}",
        "1:11 JSON does not allow a control character (such as a tab or a line break) inside a string; write it as an escape such as '\\t' or '\\n'"
      ),
      ("{\"a\": [1,]}", "1:9 JSON does not allow a trailing comma before ']'; remove it"),
      ("{,}", "1:2 JSON object keys are strings in double quotes; found ','"),
      ("[,]", "1:2 expected a value; found ','"),
    ]
    for (text, expected) in cases {
      #expect(Self.problems(text) == [expected], "\(text)")
    }
  }

  /// Comments and trailing commas are read past, so each is reported; the first other problem ends the walk.
  @Test func commentsAndTrailingCommasAreEachReported() {
    let text = "{\n  // the app\n  \"a\": [1, 2,],\n  /* old */ \"b\": {\"c\": true,},\n  \"d\": x, \"e\": 'y'\n}\n"
    #expect(
      Self.problems(text) == [
        "2:3 JSON does not allow comments; remove it (in YAML manifests, comments start with '#')",
        "3:13 JSON does not allow a trailing comma before ']'; remove it",
        "4:3 JSON does not allow comments; remove it (in YAML manifests, comments start with '#')",
        "4:28 JSON does not allow a trailing comma before '}'; remove it",
        "5:8 expected a value; found 'x'",
      ])
  }

  /// Everything JSON allows passes: every kind of value, escapes, numbers, nesting, a byte order mark,
  /// and text that is not ASCII.
  @Test func validJSONHasNoProblems() {
    let text = """
      \u{FEFF}{
        "app": {"name": "Caf\\u00e9 ☕", "path": "a\\/b\\\\c\\"d\\n", "empty": {}, "none": [], "ok": true},
        "numbers": [0, -0, 12, -3.25, 1e9, 2E-3, 4.5e+6],
        "flags": [false, null, [[[]]]],
        "#": "a#b"
      }

      """
    #expect(Self.problems(text).isEmpty)
    #expect(Self.problems("").isEmpty)
    #expect(Self.problems("  \n").isEmpty)
  }

  /// Deep nesting is walked with the walk's own stack, not the thread's.
  @Test func deepNestingEndsWithAProblemNotACrash() {
    let text = String(repeating: "[", count: 200_000)
    #expect(Self.problems(text) == ["1:200000 the file ends before this '[' is closed"])
  }
}
