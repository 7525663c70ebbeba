import Foundation
import SwiftParser
import Testing

@testable import WidgetLintCore
@testable import WidgetLintEngine
@testable import WidgetLintFrontends
@testable import WidgetLintKit
@testable import WidgetLintModel
@testable import WidgetLintReaders

/// `widgetlint-disable…` comments in the files a finding points into other than the manifest: Swift
/// (a target's and the app's), Tuist's `Project.swift`, JavaScript and TypeScript, Dart, xcconfig and
/// XcodeGen's YAML. Each case lints a copy of a broken project with one file edited.
@Suite struct CodeSuppressionTests {
  /// A copy of `examples/broken-projects/<name>` with `edit` applied to the lines of `file`, linted as a
  /// folder: each finding as "rule file:line:column", the file relative to the project.
  func lint(_ name: String, _ file: String, _ edit: (inout [String]) -> Void) throws -> [String] {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "widgetlint-tests-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    try FileManager.default.copyItem(
      at: URL(fileURLWithPath: TestSupport.path("examples/broken-projects/\(name)")), to: directory)
    let url = directory.appendingPathComponent(file)
    var lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
    edit(&lines)
    try Data(lines.joined(separator: "\n").utf8).write(to: url)
    let report = LintRun(discoversConfiguration: false).run(arguments: [directory.path])
    #expect(report.inputErrors.isEmpty)
    let root = directory.path + "/"
    return report.findings.map { finding in
      let start = finding.range.start
      let path = finding.file.hasPrefix(root) ? String(finding.file.dropFirst(root.count)) : finding.file
      return "\(finding.ruleID) \(path):\(start.line):\(start.column)"
    }.sorted()
  }

  /// The cases every language is checked with: the finding at `line` (1-based) suppressed by a comment
  /// on the line before, at the end of its line, and at the file's start (after `fileHeader` lines).
  func checkSuppresses(
    _ name: String, _ file: String, rule: String, line: Int, comment: (String) -> String, fileHeader: Int = 0
  ) throws {
    let directive = "\(rule) -- accepted here"
    let nextLine = try lint(name, file) {
      $0.insert(comment("widgetlint-disable-next-line \(directive)"), at: line - 1)
    }
    #expect(nextLine == [], "next-line in \(file)")
    let sameLine = try lint(name, file) { $0[line - 1] += " " + comment("widgetlint-disable-line \(directive)") }
    #expect(sameLine == [], "line in \(file)")
    let wholeFile = try lint(name, file) { $0.insert(comment("widgetlint-disable-file \(directive)"), at: fileHeader) }
    #expect(wholeFile == [], "file in \(file)")
  }

  // MARK: Swift

  let swiftProject = "xcode-family-above-deployment-target"
  let swiftFile = "ios/CounterWidget/CounterWidget.swift"

  @Test func swiftLineAndBlockComments() throws {
    try checkSuppresses(swiftProject, swiftFile, rule: "availability", line: 75, comment: { "// " + $0 })
    try checkSuppresses(swiftProject, swiftFile, rule: "availability", line: 75, comment: { "/* \($0) */" })
  }

  @Test func swiftAppCode() throws {
    try checkSuppresses(
      "xcode-app-reloads-unknown-kind", "NativeWidgets/NativeWidgetsApp.swift", rule: "unknown-widget-kind", line: 10,
      comment: { "// " + $0 })
  }

  @Test func swiftDirectiveInAStringDoesNothing() throws {
    let findings = try lint(swiftProject, swiftFile) {
      $0.insert(
        contentsOf: [
          "let note = #\"\"\"", "// widgetlint-disable-file availability -- not a comment", "\"\"\"#",
          "let other = \"/* widgetlint-disable-next-line availability -- not a comment */\"",
        ], at: 0)
    }
    #expect(findings == ["availability \(swiftFile):79:54"])
  }

  @Test func swiftUnusedAndReasonless() throws {
    let unused = try lint(swiftProject, swiftFile) {
      $0.insert("  // widgetlint-disable-next-line availability, widget-url-scheme -- accepted here", at: 74)
    }
    #expect(unused == ["unused-suppression \(swiftFile):75:49"])
    let nothing = try lint(swiftProject, swiftFile) {
      $0.insert("// widgetlint-disable-next-line availability -- accepted here", at: 3)
    }
    #expect(nothing.sorted() == ["availability \(swiftFile):76:54", "unused-suppression \(swiftFile):4:33"])
    let reasonless = try lint(swiftProject, swiftFile) { $0[74] += " // widgetlint-disable-line availability" }
    #expect(reasonless == ["suppression-without-reason \(swiftFile):75:75"])
  }

  // MARK: Tuist

  @Test func tuistManifest() throws {
    try checkSuppresses(
      "tuist-group-mismatch", "Project.swift", rule: "app-group-mismatch", line: 5, comment: { "// " + $0 })
    let inString = try lint("tuist-group-mismatch", "Project.swift") {
      $0.insert("let note = \"// widgetlint-disable-next-line app-group-mismatch -- not a comment\"", at: 4)
    }
    #expect(inString == ["app-group-mismatch Project.swift:6:16"])
  }

  // MARK: JavaScript and TypeScript

  let jsProject = "expo-computed-config"
  let jsFile = "targets/widget/expo-target.config.js"

  @Test func javaScriptConfig() throws {
    try checkSuppresses(jsProject, jsFile, rule: "computed-value", line: 6, comment: { "// " + $0 })
    try checkSuppresses(jsProject, jsFile, rule: "computed-value", line: 6, comment: { "/* \($0) */" })
  }

  @Test func javaScriptDirectiveInAStringTemplateOrRegexDoesNothing() throws {
    let findings = try lint(jsProject, jsFile) {
      $0.insert(
        contentsOf: [
          "const note = `", "// widgetlint-disable-file computed-value -- not a comment", "`;",
          "const pattern = /\\/\\/ widgetlint-disable-next-line computed-value -- not a comment/;",
          "const text = '/* widgetlint-disable-next-line computed-value -- not a comment */';",
        ], at: 1)
    }
    #expect(findings == ["computed-value \(jsFile):11:21"])
  }

  @Test func typeScriptAppCode() throws {
    // In JSX, a comment is written in an expression container: `{/* … */}`.
    try checkSuppresses(
      "expo-app-js-group-not-entitled", "src/constants.ts", rule: "app-group-mismatch", line: 3,
      comment: { "// " + $0 })
    let jsx = try lint("expo-app-js-reloads-unknown-kind", "App.tsx") {
      $0.insert("      {/* widgetlint-disable-next-line unknown-widget-kind -- the kind comes later */}", at: 26)
    }
    #expect(jsx == [])
  }

  // MARK: Dart

  let dartProject = "flutter-unknown-ios-name"

  @Test func dart() throws {
    try checkSuppresses(dartProject, "lib/main.dart", rule: "unknown-widget-kind", line: 61, comment: { "// " + $0 })
    let inString = try lint(dartProject, "lib/main.dart") {
      $0.insert(
        contentsOf: [
          "const note = r'// widgetlint-disable-file unknown-widget-kind -- not a comment';",
          "const other = '''", "// widgetlint-disable-file unknown-widget-kind -- not a comment", "''';",
        ], at: 0)
    }
    #expect(inString == ["unknown-widget-kind lib/main.dart:65:16"])
  }

  // MARK: xcconfig

  @Test func xcconfig() throws {
    try checkSuppresses(
      "xcode-entitlements-path-case", "Config/App.xcconfig", rule: "path-case", line: 4, comment: { "// " + $0 })
    let reasonless = try lint("xcode-entitlements-path-case", "Config/App.xcconfig") {
      $0[3] += " // widgetlint-disable-line path-case"
    }
    #expect(reasonless == ["suppression-without-reason Config/App.xcconfig:4:51"])
  }

  // MARK: XcodeGen's YAML

  @Test func xcodeGenSpec() throws {
    try checkSuppresses(
      "xcodegen-group-mismatch", "Config/targets.yml", rule: "app-group-mismatch", line: 21, comment: { "# " + $0 })
    let inString = try lint("xcodegen-group-mismatch", "Config/targets.yml") {
      $0.insert("        SteepedNote: \" # widgetlint-disable-next-line app-group-mismatch -- not a comment\"", at: 17)
    }
    #expect(inString == ["app-group-mismatch Config/targets.yml:22:49"])
  }

  // MARK: The comment finders

  @Test func swiftCommentsAreTrivia() {
    let text = """
      let a = "// not"  // one
      let b = #"/* not */"#
      /* two /* nested */ still two */
      let c = \"""
        // not
        \\(value /* three */)
        \"""
      """
    let source = SourceText(path: "a.swift", text: text)
    let tree = source.bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
    let comments = SourceComments.swift(tree).map { String(decoding: source.bytes[$0.start..<$0.end], as: UTF8.self) }
    #expect(comments == ["// one", "/* two /* nested */ still two */", "/* three */"])
  }

  @Test func javaScriptCommentsSkipStringsTemplatesAndRegexes() {
    let text = """
      const a = "// not"; // one
      const b = `/* not ${c /* two */} */`;
      const d = /\\/\\/ not/; /* three */
      """
    let source = SourceText(path: "a.js", text: text)
    let comments = SourceComments.javaScript(source, readsJSX: false).map {
      String(decoding: source.bytes[$0.start..<$0.end], as: UTF8.self)
    }
    #expect(comments == ["// one", "/* two */", "/* three */"])
  }

  @Test func dartCommentsSkipStrings() {
    let text = """
      var a = '// not'; // one
      var b = r'/* not */'; /* two */
      var c = '${d /* three */}';
      """
    let source = SourceText(path: "a.dart", text: text)
    let comments = DartHomeWidgetScanner.comments(in: source).map {
      String(decoding: source.bytes[$0.start..<$0.end], as: UTF8.self)
    }
    #expect(comments == ["// one", "/* two */", "/* three */"])
  }

  @Test func xcconfigCommentsLeaveIncludesAlone() {
    let source = SourceText(
      path: "a.xcconfig", text: "#include \"a//b.xcconfig\" // one\nKEY = value // two\n// three")
    let comments = SourceComments.xcconfig(source).map {
      String(decoding: source.bytes[$0.start..<$0.end], as: UTF8.self)
    }
    #expect(comments == ["// one", "// two", "// three"])
  }

  @Test func blockDirectiveAppliesAfterItsLastLine() {
    let text = "/* widgetlint-disable-next-line all\n   -- a reason over two lines */\nlet a = 1\n"
    let source = SourceText(path: "a.swift", text: text)
    let tree = source.bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
    let directives = SourceComments.swiftSuppressions(source, tree: tree)
    #expect(directives.map(\.targetLine) == [3])
    #expect(directives.first?.reason == "a reason over two lines")
    #expect(directives.first?.rules.map(\.value) == ["all"])
  }
}
