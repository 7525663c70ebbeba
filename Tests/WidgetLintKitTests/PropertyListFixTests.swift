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

/// `--fix` in an app's `.entitlements` property lists: each broken project below fixed, on a copy, to the
/// files of its `fixed/` folder byte for byte, and linted clean of the finding.
@Suite struct PropertyListFixTests {
  /// The broken projects whose findings `--fix` corrects, and the rule of those findings.
  static let projects = [
    ("xcode-app-groups-string", "invalid-value"),
    ("xcode-widget-group-not-entitled", "app-group-mismatch"),
    ("xcode-widget-without-app-groups", "app-group-mismatch"),
  ]

  /// The files of a project's `fixed/` folder, by their path in the project.
  static func fixedFiles(of root: String) -> [String] {
    let fixed = root + "/fixed"
    let enumerator = FileManager.default.enumerator(atPath: fixed)
    var files: [String] = []
    while let path = enumerator?.nextObject() as? String {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: fixed + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue {
        files.append(path)
      }
    }
    return files.sorted()
  }

  @Test(arguments: projects)
  func projectIsFixedToItsFixedFiles(name: String, rule: String) throws {
    try Self.expectFixedToItsFixedFiles(name: name, rule: rule)
  }

  /// `--fix` on a copy of the broken project leaves exactly the files of its `fixed/` folder changed,
  /// byte for byte, and nothing to report; a second `--fix` changes nothing.
  static func expectFixedToItsFixedFiles(name: String, rule: String) throws {
    let original = TestSupport.path("examples/broken-projects/\(name)")
    let directory = try TestSupport.directory(with: [])
    defer { try? FileManager.default.removeItem(at: directory) }
    let root = directory.appendingPathComponent(name).path
    try FileManager.default.copyItem(atPath: original, toPath: root)
    let fixed = Self.fixedFiles(of: original)
    try #require(!fixed.isEmpty, "\(name) has no fixed/ folder")

    let before = LintRun(discoversConfiguration: false).run(arguments: [root]).findings
    #expect(before.contains { $0.ruleID == rule && $0.fix != nil }, "\(name) has no fixable \(rule) finding")

    let outcome = try FixTests.fix([root])
    #expect(outcome.appliedFixes > 0)
    #expect(outcome.unreadableFixes.isEmpty)
    #expect(Set(outcome.changes.map(\.path)) == Set(fixed.map { root + "/" + $0 }))
    for file in fixed {
      let expected = try Data(contentsOf: URL(fileURLWithPath: original + "/fixed/" + file))
      #expect(try Data(contentsOf: URL(fileURLWithPath: root + "/" + file)) == expected, "\(name): \(file)")
    }
    #expect(outcome.report?.findings.map(\.message) == [])
    #expect(LintRun(discoversConfiguration: false).run(arguments: [root]).findings.map(\.message) == [])
    let again = try FixTests.fix([root])
    #expect(again.changes.isEmpty && again.appliedFixes == 0, "a second --fix changed \(name)")
  }

  /// The Dart code's group, missing from the one widget extension that reads none other, is added to the
  /// entitlements file that signs it: the fixed file is the clean example's, byte for byte.
  @Test func aDartGroupMissingFromTheWidgetIsAddedToItsEntitlements() throws {
    let example = TestSupport.path("examples/flutter-home-widget")
    let directory = try TestSupport.directory(with: [])
    defer { try? FileManager.default.removeItem(at: directory) }
    let root = directory.appendingPathComponent("app").path
    try FileManager.default.copyItem(atPath: example, toPath: root)
    let file = "/ios/CounterWidget/CounterWidget.entitlements"
    let clean = try String(contentsOfFile: example + file, encoding: .utf8)
    let element = "\t\t<string>group.com.example.flutterCounter</string>\n"
    try #require(clean.contains(element))
    try clean.replacingOccurrences(of: element, with: "").write(toFile: root + file, atomically: true, encoding: .utf8)

    let before = LintRun(discoversConfiguration: false).run(arguments: [root]).findings
    let dart = try #require(before.first { $0.file.hasSuffix("lib/main.dart") })
    #expect(dart.ruleID == "app-group-mismatch")
    #expect(dart.fix?.replacements.map(\.file) == [root + file])

    let outcome = try FixTests.fix([root])
    #expect(outcome.changes.map(\.path) == [root + file])
    #expect(try String(contentsOfFile: root + file, encoding: .utf8) == clean)
    #expect(LintRun(discoversConfiguration: false).run(arguments: [root]).findings.map(\.message) == [])
  }

  @Test func dryRunPrintsTheEntitlementsDiffAndWritesNothing() throws {
    let root = "examples/broken-projects/xcode-widget-without-app-groups"
    let file = TestSupport.path(root + "/HarborWidgets/HarborWidgets.entitlements")
    let before = try Data(contentsOf: URL(fileURLWithPath: file))
    let result = try TestSupport.run(["--fix", "--dry-run", root])
    #expect(result.status == 1)
    #expect(
      result.stdout == """
        --- a/\(root)/HarborWidgets/HarborWidgets.entitlements
        +++ b/\(root)/HarborWidgets/HarborWidgets.entitlements
        @@ -4,5 +4,9 @@
         <dict>
         \t<key>com.apple.developer.weatherkit</key>
         \t<true/>
        +\t<key>com.apple.security.application-groups</key>
        +\t<array>
        +\t\t<string>group.com.example.harbor</string>
        +\t</array>
         </dict>
         </plist>

        """)
    #expect(result.stderr.hasPrefix("widgetlint: would fix 1 problem in 1 file\n"))
    // What is left is linted with the fixed text: nothing.
    #expect(!result.stderr.contains("error:"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)

    let wrapped = try TestSupport.run(["--fix", "--dry-run", "examples/broken-projects/xcode-app-groups-string"])
    #expect(wrapped.status == 1)
    #expect(
      wrapped.stdout.hasSuffix(
        """
        @@ -3,6 +3,8 @@
         <plist version="1.0">
         <dict>
         \t<key>com.apple.security.application-groups</key>
        -\t<string>group.com.example.harbor</string>
        +\t<array>
        +\t\t<string>group.com.example.harbor</string>
        +\t</array>
         </dict>
         </plist>

        """))
  }

  @Test func reportsCarryTheEntitlementsReplacements() throws {
    let root = "examples/broken-projects/xcode-widget-group-not-entitled"
    let report = LintRun(discoversConfiguration: false).run(arguments: [TestSupport.path(root)])
    let json = try TestSupport.json(JSONReporter().render(report))
    let diagnostics = try #require(json["diagnostics"] as? [[String: Any]])
    let fix = try #require(diagnostics.compactMap { $0["fix"] as? [String: Any] }.first)
    #expect(
      fix["description"] as? String
        == "add 'group.com.example.harbor.berths' to the App Groups of target 'HarborWidgetsExtension'")
    let replacement = try #require((fix["replacements"] as? [[String: Any]])?.first)
    #expect((replacement["file"] as? String)?.hasSuffix(root + "/HarborWidgets/HarborWidgets.entitlements") == true)
    #expect(replacement["line"] as? Int == 7 && replacement["column"] as? Int == 44)
    #expect(replacement["endLine"] as? Int == 7 && replacement["endColumn"] as? Int == 44)
    #expect(replacement["text"] as? String == "\n\t\t<string>group.com.example.harbor.berths</string>")

    let sarif = SARIFReporter(rules: RuleRegistry.all.map { $0.metadata }, rootDirectory: TestSupport.packageRoot.path)
    let log = try TestSupport.json(sarif.render(report))
    let result = try #require(((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])?.first)
    let change = try #require(
      ((result["fixes"] as? [[String: Any]])?.first?["artifactChanges"] as? [[String: Any]])?.first)
    #expect(
      change["artifactLocation"] as? [String: String]
        == ["uri": root + "/HarborWidgets/HarborWidgets.entitlements", "uriBaseId": "%SRCROOT%"])
    let inserted = try #require((change["replacements"] as? [[String: Any]])?.first)
    #expect(
      inserted["deletedRegion"] as? [String: Int] == ["startLine": 7, "startColumn": 44, "endLine": 7, "endColumn": 44])
    #expect(
      (inserted["insertedContent"] as? [String: String])?["text"]
        == "\n\t\t<string>group.com.example.harbor.berths</string>")
  }

  // MARK: The edits

  static func entitlements(_ text: String) throws -> Entitlements {
    let source = SourceText(path: "Widget.entitlements", text: text)
    let value = try #require(PropertyListReader.read(source).value)
    var entitlements = try #require(ConfigValues.entitlements(value))
    entitlements.isSigningFile = true
    return entitlements
  }

  /// The text with the fix that adds `group` made, checked to read back with the group.
  static func adding(_ group: String, to text: String) throws -> String? {
    let entitlements = try Self.entitlements(text)
    guard let fix = AppGroupMismatchRule.addingGroup(group, to: entitlements, of: "W") else { return nil }
    let fixed = FixApplier.apply(fix.replacements, to: Array(text.utf8))
    let read = try Self.entitlements(String(decoding: fixed, as: UTF8.self))
    #expect(read.appGroupNames == (entitlements.appGroupNames + [group]))
    return String(decoding: fixed, as: UTF8.self)
  }

  @Test func newElementsTakeTheFilesIndentationAndLineBreaks() throws {
    let spaces = "<plist version=\"1.0\">\r\n  <dict>\r\n    <key>a</key>\r\n    <true/>\r\n  </dict>\r\n</plist>\r\n"
    #expect(
      try Self.adding("group.b", to: spaces)
        == "<plist version=\"1.0\">\r\n  <dict>\r\n    <key>a</key>\r\n    <true/>\r\n"
        + "    <key>com.apple.security.application-groups</key>\r\n    <array>\r\n      <string>group.b</string>\r\n"
        + "    </array>\r\n  </dict>\r\n</plist>\r\n")
    let array =
      "<plist><dict>\n  <key>com.apple.security.application-groups</key>\n  <array>\n    <string>group.a</string>\n  </array>\n</dict></plist>\n"
    #expect(
      try Self.adding("group.b", to: array)
        == "<plist><dict>\n  <key>com.apple.security.application-groups</key>\n  <array>\n    <string>group.a</string>\n"
        + "    <string>group.b</string>\n  </array>\n</dict></plist>\n")
    // On one line, the new element is written on it too.
    let oneLine =
      "<plist><dict><key>com.apple.security.application-groups</key><array><string>a</string></array></dict></plist>"
    #expect(
      try Self.adding("b&c", to: oneLine)
        == "<plist><dict><key>com.apple.security.application-groups</key><array><string>a</string><string>b&amp;c</string></array></dict></plist>"
    )
  }

  @Test func emptyCollectionsOpen() throws {
    // Xcode writes an entitlements file without entitlements as `<dict/>`.
    #expect(
      try Self.adding("group.a", to: "<plist version=\"1.0\">\n<dict/>\n</plist>\n")
        == "<plist version=\"1.0\">\n<dict>\n\t<key>com.apple.security.application-groups</key>\n\t<array>\n"
        + "\t\t<string>group.a</string>\n\t</array>\n</dict>\n</plist>\n")
    #expect(
      try Self.adding(
        "group.a",
        to: "<plist>\n<dict>\n\t<key>com.apple.security.application-groups</key>\n\t<array/>\n</dict>\n</plist>\n")
        == "<plist>\n<dict>\n\t<key>com.apple.security.application-groups</key>\n\t<array>\n\t\t<string>group.a</string>\n"
        + "\t</array>\n</dict>\n</plist>\n")
    #expect(
      try Self.adding(
        "group.a",
        to:
          "<plist>\n<dict>\n\t<key>com.apple.security.application-groups</key>\n\t<array>\n\t</array>\n</dict>\n</plist>\n"
      )
        == "<plist>\n<dict>\n\t<key>com.apple.security.application-groups</key>\n\t<array>\n\t\t<string>group.a</string>\n"
        + "\t</array>\n</dict>\n</plist>\n")
  }

  @Test func noEditOutsideAnXMLEntitlementsFileTheProjectSigns() throws {
    let text = "<plist><dict><key>a</key><true/></dict></plist>"
    var entitlements = try Self.entitlements(text)
    entitlements.isSigningFile = false
    #expect(AppGroupMismatchRule.addingGroup("group.a", to: entitlements, of: "W") == nil)
    let info = SourceText(path: "Info.plist", text: text)
    let value = try #require(PropertyListReader.read(info).value)
    var plist = try #require(ConfigValues.entitlements(value))
    plist.isSigningFile = true
    #expect(PropertyListEdits(plist) == nil)
    let yaml = Entitlements(
      span: SourceSpan(file: SourceText(path: "widgets.yaml", text: "a: b"), start: 0, end: 4), pointer: .root)
    #expect(PropertyListEdits(yaml) == nil)
  }

  /// A fix that would leave a property list the reader rejects is not made, and is reported.
  @Test func aFixThatBreaksTheFileIsNotMade() {
    let original = Array("<plist><dict><key>a</key><true/></dict></plist>".utf8)
    let broken = Array("<plist><dict><key>a</key><true/></dict></plist>".utf8.dropLast(8))
    #expect(FixApplier.readingProblem(afterFixing: "W.entitlements", from: original, to: original) == nil)
    #expect(FixApplier.readingProblem(afterFixing: "W.entitlements", from: original, to: broken) != nil)
    #expect(FixApplier.readingProblem(afterFixing: "widgets.yaml", from: original, to: broken) == nil)
  }
}
