import Foundation
import Testing

@testable import WidgetLintCore
@testable import WidgetLintEngine
@testable import WidgetLintFrontends
@testable import WidgetLintKit
@testable import WidgetLintModel
@testable import WidgetLintReaders
@testable import WidgetLintReports
@testable import WidgetLintRules

@Suite struct PropertyListReaderTests {
  static func read(_ text: String) -> (value: Located<ConfigValue>?, problems: [ReadingProblem]) {
    PropertyListReader.read(SourceText(path: "Test.plist", text: text))
  }

  /// "line:column-endLine:endColumn" of a span.
  static func position(_ span: SourceSpan) -> String {
    let range = span.range
    return "\(range.start.line):\(range.start.column)-\(range.end.line):\(range.end.column)"
  }

  static let entitlements = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \t<key>com.apple.security.application-groups</key>
    \t<array>
    \t\t<string>group.com.example.flutterCounter</string>
    \t</array>
    </dict>
    </plist>
    """

  @Test func entitlementsSpansAndPointers() throws {
    let result = Self.read(Self.entitlements)
    #expect(result.problems.isEmpty)
    let root = try #require(result.value)
    #expect(root.pointer == .root)
    #expect(Self.position(root.span) == "4:1-9:8")
    guard case .object(let members) = root.value else {
      Issue.record("not an object")
      return
    }
    #expect(members.count == 1)
    let key = members[0].key
    #expect(key.value == "com.apple.security.application-groups")
    #expect(Self.position(key.span) == "5:7-5:44")
    #expect(key.pointer.description == "/com.apple.security.application-groups")
    let groups = try #require(root["com.apple.security.application-groups"])
    #expect(Self.position(groups.span) == "6:2-8:10")
    let first = try #require(groups.value.array?.first?.stringValue)
    #expect(first.value == "group.com.example.flutterCounter")
    #expect(Self.position(first.span) == "7:11-7:43")
    #expect(first.pointer.description == "/com.apple.security.application-groups/0")
    #expect(first.span.file.text(in: first.span.range) == "group.com.example.flutterCounter")
  }

  @Test func pointersEscapeKeys() throws {
    let result = Self.read(
      "<plist><dict><key>a/b~c</key><array><string>x</string><string>y</string></array></dict></plist>")
    let root = try #require(result.value)
    let second = try #require(root["a/b~c"]?.value.array?[1])
    #expect(second.pointer.description == "/a~1b~0c/1")
    #expect(second.pointer == JSONPointer.root.appending("a/b~c").appending(1))
  }

  @Test func everyValueType() throws {
    let text = """
      <plist version="1.0">
      <dict>
        <key>yes</key><true/>
        <key>no</key><false/>
        <key>count</key><integer> 42 </integer>
        <key>negative</key><integer>-7</integer>
        <key>ratio</key><real>2.5</real>
        <key>when</key><date>2024-05-01T12:00:00Z</date>
        <key>blob</key><data>
          AAEC
          AwQ=
        </data>
        <key>empty</key><string/>
        <key>emptyToo</key><string></string>
        <key>list</key><array/>
        <key>map</key><dict/>
        <key>nested</key>
        <dict>
          <key>inner</key>
          <array><integer>1</integer><dict><key>k</key><string>v</string></dict></array>
        </dict>
      </dict>
      </plist>
      """
    let result = Self.read(text)
    #expect(result.problems.isEmpty)
    let root = try #require(result.value)
    #expect(
      root.plain
        == .object([
          "yes": .bool(true), "no": .bool(false), "count": .number("42"), "negative": .number("-7"),
          "ratio": .number("2.5"), "when": .string("2024-05-01T12:00:00Z"), "blob": .string("AAECAwQ="),
          "empty": .string(""), "emptyToo": .string(""), "list": .array([]), "map": .object([:]),
          "nested": .object(["inner": .array([.number("1"), .object(["k": .string("v")])])]),
        ]))
    #expect(Self.position(try #require(root["yes"]).span) == "3:17-3:24")
    #expect(Self.position(try #require(root["count"]).span) == "5:29-5:31")
    #expect(Self.position(try #require(root["blob"]).span) == "10:5-11:9")
    #expect(Self.position(try #require(root["empty"]).span) == "13:19-13:28")
    #expect(Self.position(try #require(root["emptyToo"]).span) == "14:30-14:30")
    #expect(Self.position(try #require(root["list"]).span) == "15:18-15:26")
    #expect(Self.position(try #require(root["nested"]).span) == "18:3-21:10")
    let inner = try #require(root.at("nested", "inner")?.value.array?[1]["k"])
    #expect(inner.pointer.description == "/nested/inner/1/k")
    #expect(Self.position(inner.span) == "20:58-20:59")
  }

  @Test func entitiesCommentsAndCDATA() throws {
    let text = """
      <?xml version="1.0"?>
      <!-- a comment with <dict> inside -->
      <plist version="1.0"><dict>
      <!-- <key>commented</key><string>out</string> -->
      <key>Tom &amp; Jerry</key><string>&lt;3 &quot;x&quot; &apos;y&apos; &#65;&#x42;&#x1F600; é</string>
      <key>raw</key><string><![CDATA[a <b> & c]]></string>
      <key>lines</key><string>one\r\ntwo</string>
      </dict></plist>
      """
    let result = Self.read(text)
    #expect(result.problems.isEmpty)
    let root = try #require(result.value)
    guard case .object(let members) = root.value else {
      Issue.record("not an object")
      return
    }
    #expect(members.map(\.key.value) == ["Tom & Jerry", "raw", "lines"])
    let quoted = try #require(root["Tom & Jerry"])
    #expect(quoted.value.string == "<3 \"x\" 'y' AB\u{1F600} é")
    // The span covers the raw text between the tags; columns count Unicode scalars.
    #expect(Self.position(quoted.span) == "5:35-5:91")
    #expect(root["raw"]?.value.string == "a <b> & c")
    #expect(root["lines"]?.value.string == "one\ntwo")
  }

  @Test func rootWithoutPlistElementAndByteOrderMark() throws {
    let source = SourceText(
      path: "Bare.plist", bytes: [0xEF, 0xBB, 0xBF] + Array("<dict><key>a</key><string>b</string></dict>".utf8))
    let result = PropertyListReader.read(source)
    #expect(result.problems.isEmpty)
    let value = try #require(result.value?["a"])
    #expect(Self.position(value.span) == "1:27-1:28")
  }

  @Test func binaryPropertyListRoundTrip() throws {
    let object: [String: Any] = [
      "com.apple.security.application-groups": ["group.com.example.a", "group.com.example.b"],
      "flag": true,
      "off": false,
      "count": 3,
      "ratio": 0.5,
      "date": Date(timeIntervalSince1970: 0),
      "data": Data([0, 1, 2]),
      "nested": ["inner": ["x": "y"]],
    ]
    let data = try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
    #expect(data.starts(with: Array("bplist00".utf8)))
    let result = PropertyListReader.read(SourceText(path: "Binary.entitlements", bytes: Array(data)))
    #expect(result.problems.isEmpty)
    let root = try #require(result.value)
    #expect(
      root.plain
        == .object([
          "com.apple.security.application-groups": .array([
            .string("group.com.example.a"), .string("group.com.example.b"),
          ]),
          "flag": .bool(true), "off": .bool(false), "count": .number("3"), "ratio": .number("0.5"),
          "date": .string("1970-01-01T00:00:00Z"), "data": .string("AAEC"),
          "nested": .object(["inner": .object(["x": .string("y")])]),
        ]))
    let second = try #require(root["com.apple.security.application-groups"]?.value.array?[1])
    #expect(second.pointer.description == "/com.apple.security.application-groups/1")
    #expect(second.span.start == 0 && second.span.end == 0)
    #expect(root.span.start == 0 && root.span.end == 0)
    guard case .object(let members) = root.value else {
      Issue.record("the root is not an object: \(root.value)")
      return
    }
    // Keys are sorted, so the order does not depend on hashing.
    #expect(members.map(\.key.value) == members.map(\.key.value).sorted())
    #expect(members.allSatisfy { $0.key.span.start == 0 && $0.key.span.end == 0 })
  }

  @Test func truncatedBinaryPropertyList() throws {
    let data = try PropertyListSerialization.data(fromPropertyList: ["a": "b"], format: .binary, options: 0)
    for length in [8, 12, data.count / 2, data.count - 1] {
      let result = PropertyListReader.read(SourceText(path: "x.plist", bytes: Array(data.prefix(length))))
      #expect(result.value == nil)
      #expect(result.problems.map(\.ruleID.rawValue) == ["invalid-value"])
    }
  }

  /// `value` as `width` big-endian bytes, as binary property lists write offsets and counts.
  static func bigEndian(_ value: Int, _ width: Int) -> [UInt8] {
    (0..<width).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
  }

  /// A binary property list of `depth` arrays, each holding the next (written by hand: Foundation's
  /// writer recurses).
  static func nestedBinaryPropertyList(depth: Int) -> [UInt8] {
    var bytes = Array("bplist00".utf8)
    var offsets: [Int] = []
    for index in 0..<depth {
      offsets.append(bytes.count)
      bytes += index == depth - 1 ? [0xA0] : [0xA1] + bigEndian(index + 1, 4)
    }
    let offsetTable = bytes.count
    for offset in offsets { bytes += bigEndian(offset, 4) }
    bytes += [0, 0, 0, 0, 0, 0, 4, 4] + bigEndian(depth, 8) + bigEndian(0, 8) + bigEndian(offsetTable, 8)
    return bytes
  }

  /// Foundation on Linux crashes bridging a decoded set, so a set is refused before decoding, at its
  /// marker byte, wherever it is.
  @Test func binaryPropertyListWithASet() throws {
    // An array holding a set of two strings: objects at 8 (array), 10 (set), 13 and 15 (strings).
    var bytes = Array("bplist00".utf8)
    bytes += [0xA1, 1, 0xC2, 2, 3, 0x51, 0x61, 0x51, 0x62]
    let offsetTable = bytes.count
    bytes += [8, 10, 13, 15]
    bytes += [0, 0, 0, 0, 0, 0, 1, 1] + Self.bigEndian(4, 8) + Self.bigEndian(0, 8) + Self.bigEndian(offsetTable, 8)
    let result = PropertyListReader.read(SourceText(path: "x.entitlements", bytes: bytes))
    #expect(result.value == nil)
    #expect(result.problems.map(\.ruleID.rawValue) == ["invalid-value"])
    #expect(result.problems.first?.message.contains("holds a set") == true)
    #expect(result.problems.map(\.span.start) == [10])
    // The same file with an array where the set was reads as two strings.
    bytes[10] = 0xA2
    let array = PropertyListReader.read(SourceText(path: "x.entitlements", bytes: bytes))
    #expect(array.problems.isEmpty)
    #expect(array.value?.plain == .array([.array([.string("a"), .string("b")])]))
  }

  @Test func deepBinaryPropertyList() throws {
    let shallow = PropertyListReader.read(SourceText(path: "x", bytes: Self.nestedBinaryPropertyList(depth: 3)))
    #expect(shallow.value?.plain == .array([.array([.array([])])]))
    for depth in [300, 100_000] {
      let deep = PropertyListReader.read(SourceText(path: "x", bytes: Self.nestedBinaryPropertyList(depth: depth)))
      #expect(deep.value == nil)
      #expect(deep.problems.count == 1)
    }
  }

  /// Each malformed input gives one `invalid-value` problem at "line:column" and no value.
  @Test(arguments: [
    ("<plist><dict><key>a</key><string>b</string>", "1:44", "ends inside <dict>"),
    ("<plist><dict><key>a</key><string>b", "1:35", "ends inside <string>"),
    ("<plist><array></dict></plist>", "1:15", "</dict> does not close <array>"),
    ("<plist><string>Tom & Jerry</string></plist>", "1:20", "'&' does not start an entity"),
    ("<plist><string>&nbsp;</string></plist>", "1:16", "unknown entity '&nbsp;'"),
    ("<plist><string>&#xD800;</string></plist>", "1:16", "not a valid character reference"),
    ("<plist><string>&#0;</string></plist>", "1:16", "not a valid character reference"),
    ("<plist><dict><key>a</key></dict></plist>", "1:19", "key 'a' has no value"),
    ("<plist><dict><string>b</string></dict></plist>", "1:14", "expected <key> in <dict>"),
    ("<plist><dict><key>a</key><key>b</key></dict></plist>", "1:26", "key 'a' has no value"),
    ("<plist><key>a</key></plist>", "1:8", "<key> outside a <dict>"),
    ("<plist><bool>yes</bool></plist>", "1:8", "unknown property list element <bool>"),
    ("<plist><string>a<b/></string></plist>", "1:17", "unexpected <b> inside <string>"),
    ("<plist><string>a</str></plist>", "1:17", "</str> does not close <string>"),
    ("<plist><string>a</string><string>b</string></plist>", "1:26", "more than one value"),
    ("<plist></plist>", "1:1", "<plist> holds no value"),
    ("<plist><dict/></plist><dict/>", "1:23", "after the end"),
    ("<plist><dict>oops<key>a</key></dict></plist>", "1:14", "unexpected text"),
    ("<plist><true>x</true></plist>", "1:14", "must be empty"),
    ("<plist><integer/></plist>", "1:8", "holds no value"),
    ("<plist><dict", "1:8", "is not closed with '>'"),
    ("<plist><!-- never closed", "1:8", "unterminated comment"),
    ("<?xml version=\"1.0\"", "1:1", "unterminated processing instruction"),
    ("", "1:1", "empty"),
    ("   \n", "1:1", "empty"),
    ("{ \"a\" = \"b\"; }", "1:1", "not a property list"),
    ("</plist>", "1:1", "closes nothing"),
    ("<plist><array><>", "1:15", "expected an element name"),
  ])
  func malformed(text: String, position: String, message: String) throws {
    let result = Self.read(text)
    #expect(result.value == nil, "\(text)")
    let problem = try #require(result.problems.first, "\(text)")
    #expect(result.problems.count == 1)
    #expect(problem.ruleID == .invalidValue)
    #expect(problem.pointer == .root)
    let start = problem.span.range.start
    #expect("\(start.line):\(start.column)" == position, "\(text): \(problem.message)")
    #expect(problem.message.contains(message), "\(problem.message)")
  }

  @Test func badNumbersAreReportedButKept() throws {
    let result = Self.read(
      "<plist><dict><key>n</key><integer>12x</integer><key>r</key><real>1.2.3</real></dict></plist>")
    #expect(result.value?["n"]?.plain == .number("12x"))
    #expect(result.problems.map(\.message) == ["'12x' is not a valid <integer>", "'1.2.3' is not a valid <real>"])
    #expect(Self.position(result.problems[0].span) == "1:35-1:38")
  }

  @Test func encodingProblems() {
    let utf16 = PropertyListReader.read(SourceText(path: "x.plist", bytes: [0xFF, 0xFE, 0x3C, 0x00]))
    #expect(utf16.value == nil)
    #expect(utf16.problems.first?.message.contains("UTF-16") == true)
    let latin1 = PropertyListReader.read(
      SourceText(path: "x.plist", bytes: Array("<plist><string>caf".utf8) + [0xE9] + Array("</string></plist>".utf8)))
    #expect(latin1.value == nil)
    #expect(latin1.problems.first?.span.start == 18)
  }

  @Test func deepNestingStopsWithAProblem() {
    let depth = 5_000
    let text =
      "<plist>" + String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth)
      + "</plist>"
    let result = Self.read(text)
    #expect(result.value == nil)
    #expect(result.problems.first?.message.contains("nesting deeper than 200") == true)
    let shallow = 150
    let ok = Self.read(String(repeating: "<array>", count: shallow) + String(repeating: "</array>", count: shallow))
    #expect(ok.problems.isEmpty)
    #expect(ok.value != nil)
  }

  /// Every prefix of a valid file (a truncated write) reads without crashing, to a value or a problem.
  @Test func everyPrefixIsHandled() {
    let bytes = Array(Self.entitlements.utf8)
    for length in 0...bytes.count {
      let result = PropertyListReader.read(SourceText(path: "x.plist", bytes: Array(bytes.prefix(length))))
      #expect((result.value == nil) != result.problems.isEmpty, "prefix \(length)")
      for problem in result.problems { #expect(problem.span.end <= length) }
    }
  }

  /// Random edits of a valid file never crash.
  @Test func mutationsDoNotCrash() {
    var generator = SystemRandomNumberGenerator()
    let bytes = Array(Self.entitlements.utf8)
    let alphabet = Array("<>/&;!?-[]\"'= \nabcdkeystringdict#x0".utf8)
    for _ in 0..<2_000 {
      var mutated = bytes
      for _ in 0..<Int.random(in: 1...4, using: &generator) {
        let position = Int.random(in: 0..<mutated.count, using: &generator)
        switch Int.random(in: 0..<3, using: &generator) {
        case 0: mutated[position] = alphabet.randomElement(using: &generator)!
        case 1: mutated.remove(at: position)
        default: mutated.insert(alphabet.randomElement(using: &generator)!, at: position)
        }
      }
      let result = PropertyListReader.read(SourceText(path: "x.plist", bytes: mutated))
      #expect(result.value != nil || !result.problems.isEmpty)
    }
  }

  @Test func oneMegabytePropertyListIsReadWhole() throws {
    var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n"
    var index = 0
    while text.utf8.count < 1_048_576 {
      text += "\t<key>key.\(index)</key>\n\t<array>\n\t\t<string>group.com.example.value\(index) &amp; more</string>\n"
      text += "\t\t<integer>\(index)</integer>\n\t\t<true/>\n\t</array>\n"
      index += 1
    }
    text += "</dict>\n</plist>\n"
    let source = SourceText(path: "Big.plist", text: text)
    let result = PropertyListReader.read(source)
    #expect(result.problems.isEmpty)
    let last = try #require(result.value?["key.\(index - 1)"]?.value.array?[0])
    #expect(last.value.string == "group.com.example.value\(index - 1) & more")
    #expect(last.pointer.description == "/key.\(index - 1)/0")
  }

  @Test func examplePropertyListsReadCleanly() throws {
    let files = [
      "examples/flutter-home-widget/ios/Runner/Runner.entitlements",
      "examples/flutter-home-widget/ios/Runner/Info.plist",
      "examples/flutter-home-widget/ios/CounterWidget/CounterWidget.entitlements",
      "examples/flutter-home-widget/ios/CounterWidget/Info.plist",
      "examples/broken-projects/flutter-app-group-mismatch/ios/Runner/Runner.entitlements",
      "examples/broken-projects/flutter-app-group-mismatch/ios/CounterWidget/CounterWidget.entitlements",
      "examples/broken-projects/flutter-widget-not-entitled/ios/CounterWidget/CounterWidget.entitlements",
    ]
    for file in files {
      let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: TestSupport.path(file))))
      let result = PropertyListReader.read(SourceText(path: file, bytes: bytes))
      #expect(result.problems.isEmpty, "\(file)")
      #expect(result.value != nil, "\(file)")
    }
    let widgetInfo = try Array(
      Data(
        contentsOf: URL(fileURLWithPath: TestSupport.path("examples/flutter-home-widget/ios/CounterWidget/Info.plist")))
    )
    let info = PropertyListReader.read(SourceText(path: "Info.plist", bytes: widgetInfo)).value
    #expect(
      info?.at("NSExtension", "NSExtensionPointIdentifier")?.value.string == "com.apple.widgetkit-extension")
    let notEntitled = try Array(
      Data(
        contentsOf: URL(
          fileURLWithPath: TestSupport.path(
            "examples/broken-projects/flutter-widget-not-entitled/ios/CounterWidget/CounterWidget.entitlements"))))
    let groups = PropertyListReader.read(SourceText(path: "x", bytes: notEntitled)).value?[
      "com.apple.security.application-groups"]
    #expect(groups?.value.array?.compactMap(\.value.string).contains("group.com.example.flutterCounter") != true)
  }
}
