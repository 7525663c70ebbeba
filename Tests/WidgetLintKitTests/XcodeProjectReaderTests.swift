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

/// The reader of Xcode's project file format (old-style "OpenStep" property lists).
@Suite struct XcodeProjectReaderTests {
  func read(_ text: String) -> (value: Located<ConfigValue>?, problems: [ReadingProblem], source: SourceText) {
    let source = SourceText(path: "project.pbxproj", text: text)
    let (value, problems) = XcodeProjectReader.read(source)
    return (value, problems, source)
  }

  func text(_ value: Located<ConfigValue>, _ source: SourceText) -> String {
    String(decoding: source.bytes[value.span.start..<value.span.end], as: UTF8.self)
  }

  /// "line:column" where a problem starts.
  func position(_ problem: ReadingProblem) -> String {
    let position = problem.span.file.position(atOffset: problem.span.start)
    return "\(position.line):\(position.column)"
  }

  @Test func readsEveryConstructWithSpansAndPointers() throws {
    let (value, problems, source) = read(
      """
      // !$*UTF8*$!
      {
      \tarchiveVersion = 1;
      \tobjects = {
      \t\tAB12 /* Widget.swift */ = {isa = PBXFileReference; path = "My Widget.swift"; sourceTree = "<group>"; };
      \t\tCD34 = {isa = XCBuildConfiguration; buildSettings = {
      \t\t\tPRODUCT_BUNDLE_IDENTIFIER = com.example.app.widget;
      \t\t\tLD_RUNPATH_SEARCH_PATHS = ("$(inherited)", "@executable_path/Frameworks", );
      \t\t\t"CODE_SIGN_IDENTITY[sdk=iphoneos*]" = 'iPhone Developer';
      \t\t\tEMPTY = ();
      \t\t\tDATA = <0fbd 77>;
      \t\t}; name = Debug; };
      \t};
      \trootObject = CD34;
      }

      """)
    #expect(problems.isEmpty)
    let root = try #require(value)
    #expect(root.at("archiveVersion")?.value.string == "1")
    let file = try #require(root.at("objects", "AB12"))
    #expect(file["path"]?.value.string == "My Widget.swift")
    #expect(text(try #require(file["path"]), source) == "\"My Widget.swift\"")
    #expect(file["sourceTree"]?.value.string == "<group>")
    let id = try #require(root.at("objects", "CD34", "buildSettings", "PRODUCT_BUNDLE_IDENTIFIER"))
    #expect(id.value.string == "com.example.app.widget")
    #expect(text(id, source) == "com.example.app.widget")
    #expect(id.pointer.description == "/objects/CD34/buildSettings/PRODUCT_BUNDLE_IDENTIFIER")
    let position = source.position(atOffset: id.span.start)
    #expect((position.line, position.column) == (7, 32))
    let paths = try #require(root.at("objects", "CD34", "buildSettings", "LD_RUNPATH_SEARCH_PATHS")?.array)
    #expect(paths.map { $0.value.string } == ["$(inherited)", "@executable_path/Frameworks"])
    #expect(paths[1].pointer.description == "/objects/CD34/buildSettings/LD_RUNPATH_SEARCH_PATHS/1")
    let settings = try #require(root.at("objects", "CD34", "buildSettings"))
    #expect(settings["CODE_SIGN_IDENTITY[sdk=iphoneos*]"]?.value.string == "iPhone Developer")
    #expect(settings["EMPTY"]?.array?.isEmpty == true)
    #expect(settings["DATA"]?.value.string == "0fbd77")
    // A key keeps its own span: the quoted key with its quotes.
    guard case .object(let members) = settings.value else {
      Issue.record("not an object")
      return
    }
    #expect(
      String(decoding: source.bytes[members[2].key.span.start..<members[2].key.span.end], as: UTF8.self)
        == "\"CODE_SIGN_IDENTITY[sdk=iphoneos*]\"")
    #expect(text(settings, source).hasPrefix("{") && text(settings, source).hasSuffix("}"))
  }

  @Test func commentsMayStandWhereverWhiteSpaceMay() throws {
    let (value, problems, _) = read(
      "/*a*/{/*b*/key/*c*/=/*d*/value/*e*/;// line\n list = (/**/a/* , */,//x\nb/*)*/)/**/;}/* end */\n// last")
    #expect(problems.isEmpty)
    let root = try #require(value)
    #expect(root["key"]?.value.string == "value")
    #expect(root["list"]?.array?.map { $0.value.string } == ["a", "b"])
  }

  @Test func unquotedStringsKeepSlashesThatDoNotStartComments() throws {
    let (value, problems, _) = read(
      "{ path = System/Library/Frameworks/WidgetKit.framework; dir = a/b//c\n; end = x/y/*z*/; }")
    #expect(problems.isEmpty)
    #expect(value?["path"]?.value.string == "System/Library/Frameworks/WidgetKit.framework")
    // `//` and `/*` start comments even right after a string, as `/` alone does not.
    #expect(value?["dir"]?.value.string == "a/b")
    #expect(value?["end"]?.value.string == "x/y")
  }

  @Test func escapesInQuotedStrings() throws {
    let (value, problems, _) = read(
      #"{ a = "say \"hi\"\n\tback\\slash"; b = 'it\'s'; c = "\U00e9t\U00E9 \101"; d = "/* not a comment */"; }"#)
    #expect(problems.isEmpty)
    #expect(value?["a"]?.value.string == "say \"hi\"\n\tback\\slash")
    #expect(value?["b"]?.value.string == "it's")
    #expect(value?["c"]?.value.string == "été A")
    #expect(value?["d"]?.value.string == "/* not a comment */")
  }

  @Test(arguments: [
    ("{ a = b; ", "1:10", "ends inside the '{' opened at line 1, column 1"),
    ("{ a = b }", "1:9", "expected ';' after the value of 'a'"),
    ("{ a b; }", "1:5", "expected '=' after the key 'a'"),
    ("{ a = ; }", "1:7", "expected a value"),
    ("{\n  a = \"unterminated;\n}", "2:7", "unterminated string"),
    ("{ a = (x y); }", "1:10", "expected ',' or ')'"),
    ("{ a = b; } }", "1:12", "after the end of the project's value"),
    ("{ /* open", "1:3", "unterminated comment"),
    ("", "1:1", "the project file is empty"),
    ("{ a = \"\\U\"; }", "1:8", "'\\U' must be followed"),
    ("{ a = <0g>; }", "1:9", "not a hexadecimal digit"),
    ("{ a = {; }", "1:8", "expected a key or '}'"),
  ])
  func malformedInputGivesAPositionedInvalidValue(input: String, at expected: String, message: String) {
    let (value, problems, _) = read(input)
    #expect(value == nil)
    #expect(problems.count == 1)
    #expect(problems.first?.ruleID == .invalidValue)
    #expect(problems.first.map(position) == expected, "\(input)")
    #expect(problems.first?.message.contains(message) == true, "\(problems.first?.message ?? "")")
  }

  @Test func invalidUTF8AndUTF16AreRefused() {
    let invalid = XcodeProjectReader.read(
      SourceText(path: "p", bytes: Array("{ a = ".utf8) + [0xFF] + Array(" ; }".utf8)))
    #expect(invalid.value == nil && invalid.problems.first?.span.start == 6)
    let wide = XcodeProjectReader.read(SourceText(path: "p", bytes: [0xFF, 0xFE, 0x7B, 0x00]))
    #expect(wide.value == nil && wide.problems.first?.message.contains("UTF-16") == true)
  }

  @Test func nestingIsLimited() {
    let deep = String(repeating: "(", count: 10_000) + String(repeating: ")", count: 10_000)
    let (value, problems, _) = read(deep)
    #expect(value == nil)
    #expect(problems.first?.message.contains("nesting deeper than 200 levels") == true)
    #expect(problems.first?.span.start == 200)
    let allowed = String(repeating: "(", count: 200) + String(repeating: ")", count: 200)
    #expect(read(allowed).problems.isEmpty)
  }

  /// A generated project of about 5 MB, in Xcode's layout: the reader looks at each byte a bounded number
  /// of times (counted, not timed), and so do hostile shapes of the same size.
  @Test func readingIsLinearInTheSize() throws {
    var parts = ["// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tobjects = {\n"]
    var size = 0
    var index = 0
    while size < 5_000_000 {
      let id = String(format: "%024X", index)
      let part = """
        \t\t\(id) /* File\(index).swift in Sources */ = {isa = PBXBuildFile; fileRef = \(id) /* File\(index).swift */; };
        \t\t\(id)B /* Debug */ = {
        \t\t\tisa = XCBuildConfiguration;
        \t\t\tbuildSettings = {
        \t\t\t\tPRODUCT_BUNDLE_IDENTIFIER = "com.example.app.widget\(index)";
        \t\t\t\tLD_RUNPATH_SEARCH_PATHS = ("$(inherited)", "@executable_path/Frameworks", );
        \t\t\t};
        \t\t\tname = Debug;
        \t\t};

        """
      parts.append(part)
      size += part.utf8.count
      index += 1
    }
    parts.append("\t};\n\trootObject = 0;\n}\n")
    let text = parts.joined()
    let source = SourceText(path: "project.pbxproj", text: text)
    let (value, problems, work) = XcodeProjectReader.readCountingWork(source)
    #expect(problems.isEmpty)
    guard case .object(let objects) = value?["objects"]?.value else {
      Issue.record("no objects")
      return
    }
    #expect(objects.count == 2 * index)
    #expect(work <= 2 * source.bytes.count, "\(work) steps for \(source.bytes.count) bytes")
    // Hostile shapes: a comment opener repeated, unterminated quotes, deep nesting, long tokens.
    let hostileSize = 1_000_000
    for hostile in [
      "{" + String(repeating: "/*", count: hostileSize / 2),
      "{ a = " + String(repeating: "\"\\", count: hostileSize / 2),
      String(repeating: "(", count: hostileSize),
      "{ a = " + String(repeating: "x", count: hostileSize) + " }",
      "{" + String(repeating: "a = b; ", count: hostileSize / 7),
    ] {
      let hostileSource = SourceText(path: "p", text: hostile)
      let result = XcodeProjectReader.readCountingWork(hostileSource)
      #expect(result.work <= 3 * hostileSource.bytes.count + 10, "\(result.work) for \(hostile.prefix(12))")
    }
  }
}
