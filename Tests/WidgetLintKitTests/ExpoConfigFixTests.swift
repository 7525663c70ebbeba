import Foundation
import Testing
import WidgetLintFuzzing

@testable import WidgetLintCore
@testable import WidgetLintEngine
@testable import WidgetLintFrontends
@testable import WidgetLintKit
@testable import WidgetLintModel
@testable import WidgetLintReaders
@testable import WidgetLintReports
@testable import WidgetLintRules

/// `--fix` in an Expo app's configs (`app.json`, `expo-target.config.js`/`.json`): each broken project
/// below fixed, on a copy, to the files of its `fixed/` folder byte for byte, and linted clean; the edits
/// themselves; and no fix where the value is computed, borrowed or may be changed later.
@Suite struct ExpoConfigFixTests {
  static let projects = [
    ("expo-widget-group-not-entitled", "app-group-mismatch"),
    ("expo-app-group-not-entitled", "app-group-mismatch"),
    ("expo-app-groups-string", "invalid-value"),
    ("expo-eas-missing-extension", "eas-extension-mismatch"),
  ]

  @Test(arguments: projects)
  func projectIsFixedToItsFixedFiles(name: String, rule: String) throws {
    try PropertyListFixTests.checkFixedFiles(of: name, rule: rule)
  }

  // MARK: Dry runs

  /// `--fix --dry-run` on a broken project: its exit status, the diff it prints, and no file changed.
  static func dryRun(_ name: String) throws -> String {
    let root = "examples/broken-projects/\(name)"
    let files = PropertyListFixTests.fixedFiles(of: TestSupport.path(root))
    let before = try files.map { try Data(contentsOf: URL(fileURLWithPath: TestSupport.path(root + "/" + $0))) }
    let result = try TestSupport.run(["--fix", "--dry-run", root])
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("widgetlint: would fix 1 problem in 1 file\n"))
    #expect(!result.stderr.contains("error:"))
    let after = try files.map { try Data(contentsOf: URL(fileURLWithPath: TestSupport.path(root + "/" + $0))) }
    #expect(after == before)
    return result.stdout
  }

  @Test func dryRunAddsTheGroupToATargetsArray() throws {
    let root = "examples/broken-projects/expo-widget-group-not-entitled"
    #expect(
      try Self.dryRun("expo-widget-group-not-entitled") == """
        --- a/\(root)/targets/widget/expo-target.config.js
        +++ b/\(root)/targets/widget/expo-target.config.js
        @@ -8,6 +8,7 @@
             // Copied from the share extension's config when the widget was added.
             "com.apple.security.application-groups": [
               "group.com.example.expowidgets.share",
        +      "group.com.example.expowidgets",
             ],
           },
           colors: {

        """)
  }

  @Test func dryRunAddsTheKeyToTheAppsEntitlements() throws {
    let root = "examples/broken-projects/expo-app-group-not-entitled"
    #expect(
      try Self.dryRun("expo-app-group-not-entitled") == """
        --- a/\(root)/app.json
        +++ b/\(root)/app.json
        @@ -12,7 +12,8 @@
               "bundleIdentifier": "com.example.expowidgets",
               "appleTeamId": "XXXXXXXXXX",
               "entitlements": {
        -        "aps-environment": "development"
        +        "aps-environment": "development",
        +        "com.apple.security.application-groups": ["group.com.example.expowidgets"]
               }
             },
             "plugins": [

        """)
  }

  @Test func dryRunWrapsAStringGroupInAnArray() throws {
    let root = "examples/broken-projects/expo-app-groups-string"
    #expect(
      try Self.dryRun("expo-app-groups-string") == """
        --- a/\(root)/app.json
        +++ b/\(root)/app.json
        @@ -12,7 +12,7 @@
               "bundleIdentifier": "com.example.expowidgets",
               "appleTeamId": "XXXXXXXXXX",
               "entitlements": {
        -        "com.apple.security.application-groups": "group.com.example.expowidgets"
        +        "com.apple.security.application-groups": ["group.com.example.expowidgets"]
               }
             },
             "plugins": [

        """)
  }

  @Test func dryRunAppendsTheMissingEASEntry() throws {
    let root = "examples/broken-projects/expo-eas-missing-extension"
    #expect(
      try Self.dryRun("expo-eas-missing-extension") == """
        --- a/\(root)/app.json
        +++ b/\(root)/app.json
        @@ -32,6 +32,13 @@
                           "entitlements": {
                             "com.apple.security.application-groups": ["group.com.example.expowidgets"]
                           }
        +                },
        +                {
        +                  "targetName": "widget",
        +                  "bundleIdentifier": "com.example.expowidgets.widget",
        +                  "entitlements": {
        +                    "com.apple.security.application-groups": ["group.com.example.expowidgets"]
        +                  }
                         }
                       ]
                     }

        """)
  }

  // MARK: Reports

  /// The first fix of a broken project's JSON report and SARIF log, each checked: the JSON report against
  /// its schema, the SARIF replacement against the JSON one.
  static func reportedFix(_ name: String) throws -> (
    description: String, replacements: [(file: String, start: String, end: String, text: String)]
  ) {
    let root = "examples/broken-projects/\(name)"
    let report = LintRun(discoversConfiguration: false).run(arguments: [TestSupport.path(root)])
    let text = JSONReporter().render(report)
    #expect(ReportSchema.v1.problems(of: try JSONSerialization.jsonObject(with: Data(text.utf8))) == [])
    let json = try TestSupport.json(text)
    let diagnostics = try #require(json["diagnostics"] as? [[String: Any]])
    let fix = try #require(diagnostics.compactMap { $0["fix"] as? [String: Any] }.first)
    let replacements = try #require(fix["replacements"] as? [[String: Any]])
    let reported = try replacements.map { replacement in
      let file = try #require(replacement["file"] as? String)
      let line = try #require(replacement["line"] as? Int)
      let column = try #require(replacement["column"] as? Int)
      let endLine = try #require(replacement["endLine"] as? Int)
      let endColumn = try #require(replacement["endColumn"] as? Int)
      return (
        file: file.components(separatedBy: root + "/").last ?? file,
        start: "\(line):\(column)", end: "\(endLine):\(endColumn)", text: try #require(replacement["text"] as? String)
      )
    }

    let sarif = SARIFReporter(rules: RuleRegistry.all.map { $0.metadata }, rootDirectory: TestSupport.packageRoot.path)
    let log = try TestSupport.json(sarif.render(report))
    let results = try #require((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
    let result = try #require(results.first { $0["fixes"] != nil })
    let change = try #require(
      ((result["fixes"] as? [[String: Any]])?.first?["artifactChanges"] as? [[String: Any]])?.first)
    let location = try #require(change["artifactLocation"] as? [String: String])
    #expect(location["uriBaseId"] == "%SRCROOT%")
    #expect(location["uri"].map { $0.hasPrefix(root + "/") } == true)
    let sarifReplacements = try #require(change["replacements"] as? [[String: Any]])
    #expect(sarifReplacements.count == reported.count)
    for (sarifReplacement, replacement) in zip(sarifReplacements, reported) {
      let region = try #require(sarifReplacement["deletedRegion"] as? [String: Int])
      let start = "\(region["startLine"] ?? 0):\(region["startColumn"] ?? 0)"
      let end = "\(region["endLine"] ?? 0):\(region["endColumn"] ?? 0)"
      #expect(start == replacement.start && end == replacement.end)
      #expect((sarifReplacement["insertedContent"] as? [String: String])?["text"] == replacement.text)
      #expect(location["uri"] == root + "/" + replacement.file)
    }
    return (try #require(fix["description"] as? String), reported)
  }

  @Test func reportsCarryTheConfigReplacements() throws {
    let widget = try Self.reportedFix("expo-widget-group-not-entitled")
    #expect(widget.description == "add 'group.com.example.expowidgets' to the App Groups of target 'widget'")
    #expect(widget.replacements.map(\.file) == ["targets/widget/expo-target.config.js"])
    #expect(widget.replacements.map(\.start) == ["10:45"] && widget.replacements.map(\.end) == ["10:45"])
    // After the element's comma, with one of its own, as the file ends each element.
    #expect(widget.replacements.map(\.text) == ["\n      \"group.com.example.expowidgets\","])

    let app = try Self.reportedFix("expo-app-group-not-entitled")
    #expect(app.description == "add 'group.com.example.expowidgets' to the App Groups of the app")
    #expect(app.replacements.map(\.file) == ["app.json"])
    #expect(app.replacements.map(\.start) == ["15:41"] && app.replacements.map(\.end) == ["15:41"])
    #expect(
      app.replacements.map(\.text)
        == [",\n        \"com.apple.security.application-groups\": [\"group.com.example.expowidgets\"]"])

    let string = try Self.reportedFix("expo-app-groups-string")
    #expect(string.description == "write the App Group inside an array")
    #expect(string.replacements.map(\.start) == ["15:50", "15:81"])
    #expect(string.replacements.map(\.end) == ["15:50", "15:81"])
    #expect(string.replacements.map(\.text) == ["[", "]"])

    let eas = try Self.reportedFix("expo-eas-missing-extension")
    #expect(eas.description == "add an appExtensions entry for target 'widget'")
    #expect(eas.replacements.map(\.file) == ["app.json"])
    #expect(eas.replacements.map(\.start) == ["35:18"] && eas.replacements.map(\.end) == ["35:18"])
    let indent = String(repeating: " ", count: 16)
    #expect(
      eas.replacements.map(\.text) == [
        ",\n\(indent){\n\(indent)  \"targetName\": \"widget\",\n\(indent)  \"bundleIdentifier\": \"com.example.expowidgets.widget\",\n"
          + "\(indent)  \"entitlements\": {\n\(indent)    \"com.apple.security.application-groups\": [\"group.com.example.expowidgets\"]\n"
          + "\(indent)  }\n\(indent)}"
      ])
  }

  // MARK: The edits

  /// The config `text` read as the Expo frontend reads it, and the object at `keys` as written there.
  static func written(_ text: String, path: String = "expo-target.config.js", at keys: String...) throws -> (
    WrittenObject?, Located<ConfigValue>
  ) {
    let source = SourceText(path: path, text: text)
    let root =
      path.hasSuffix(".js")
      ? try #require(JavaScriptConfigReader.read(source).value)
      : try #require(JavaScriptConfigReader.readJSON5(source).value)
    var value = root
    for key in keys { value = try #require(value[key]) }
    return (ConfigValues.writtenObject(value, in: source, root: root), value)
  }

  static func applying(_ replacements: [Fix.Replacement]?, to text: String) throws -> String {
    let replacements = try #require(replacements)
    return String(decoding: FixApplier.apply(replacements, to: Array(text.utf8)), as: UTF8.self)
  }

  static let key = Entitlements.appGroupsKey

  @Test func aKeyIsAddedInTheObjectsStyle() throws {
    // Single quotes, as the file writes its strings; on a line of its own, as the last member.
    let quoted =
      "module.exports = {\n  type: 'widget',\n  entitlements: {\n    'aps-environment': 'production',\n  },\n};\n"
    let object = try #require(try Self.written(quoted, at: "entitlements").0)
    #expect(object.quote == "'")
    #expect(
      try Self.applying(
        ConfigLiteralEdits(object.span.file).adding(key: Self.key, arrayOf: ["group.a"], to: object), to: quoted)
        == "module.exports = {\n  type: 'widget',\n  entitlements: {\n    'aps-environment': 'production',\n"
        + "    '\(Self.key)': ['group.a'],\n  },\n};\n")
    // On one line, it stays on one line, with the separator written there.
    let oneLine = "{ \"expo\": { \"ios\": { \"entitlements\": { \"a\":true } } } }"
    let inline = try #require(try Self.written(oneLine, path: "app.json", at: "expo", "ios", "entitlements").0)
    #expect(
      try Self.applying(
        ConfigLiteralEdits(inline.span.file).adding(key: Self.key, arrayOf: ["group.a"], to: inline), to: oneLine)
        == "{ \"expo\": { \"ios\": { \"entitlements\": { \"a\":true, \"\(Self.key)\":[\"group.a\"] } } } }")
  }

  @Test func emptyObjectsAndArraysOpen() throws {
    let empty = "{\"expo\": {\"ios\": {\"entitlements\": {}}}}\n"
    let object = try #require(try Self.written(empty, path: "app.json", at: "expo", "ios", "entitlements").0)
    #expect(
      try Self.applying(
        ConfigLiteralEdits(object.span.file).adding(key: Self.key, arrayOf: ["group.a"], to: object), to: empty)
        == "{\"expo\": {\"ios\": {\"entitlements\": { \"\(Self.key)\": [\"group.a\"] }}}}\n")
    // An object holding only a comment: the key goes on the line after the brace, the comment stays.
    let commented = "module.exports = {\r\n  entitlements: {\r\n    // none yet\r\n  },\r\n};\r\n"
    let withComment = try #require(try Self.written(commented, at: "entitlements").0)
    #expect(
      try Self.applying(
        ConfigLiteralEdits(withComment.span.file).adding(key: Self.key, arrayOf: ["group.a"], to: withComment),
        to: commented)
        == "module.exports = {\r\n  entitlements: {\r\n    \"\(Self.key)\": [\"group.a\"]\r\n    // none yet\r\n  },\r\n};\r\n"
    )
    // An empty array takes the group; a one-line array keeps its separator.
    let arrays = "{\"a\": [], \"b\": [\"x\",\"y\"]}"
    let (written, value) = try Self.written(arrays, path: "app.json")
    let object2 = try #require(written)
    let edits = ConfigLiteralEdits(object2.span.file)
    let a = try #require(value["a"])
    #expect(
      try Self.applying(edits.adding("g", toArray: a.span, items: [], quote: "\""), to: arrays)
        == "{\"a\": [\"g\"], \"b\": [\"x\",\"y\"]}")
    let b = try #require(value["b"])
    #expect(
      try Self.applying(edits.adding("g", toArray: b.span, items: (b.array ?? []).map(\.span), quote: "\""), to: arrays)
        == "{\"a\": [], \"b\": [\"x\",\"y\",\"g\"]}")
  }

  @Test func aCommentStaysWithItsElement() throws {
    let text =
      "module.exports = {\n  entitlements: {\n    'k': [\n      'group.a', // the first\n      'group.b' // the second\n    ],\n  },\n};\n"
    let (written, value) = try Self.written(text, at: "entitlements")
    let object = try #require(written)
    let array = try #require(value["k"])
    // After the comment, with a comma added after the element that had none.
    #expect(
      try Self.applying(
        ConfigLiteralEdits(object.span.file).adding(
          "group.c", toArray: array.span, items: (array.array ?? []).map(\.span), quote: object.quote), to: text)
        == "module.exports = {\n  entitlements: {\n    'k': [\n      'group.a', // the first\n      'group.b', // the second\n"
        + "      'group.c'\n    ],\n  },\n};\n")
  }

  @Test func anEntrysEntitlementsTakeTheTargetsInTheirLayout() throws {
    let text =
      "{\"list\": [\n  {\n    \"targetName\": \"B\",\n    \"entitlements\": {\n      \"k\": [\"a\"]\n    }\n  }\n]}\n"
    let source = SourceText(path: "app.json", text: text)
    let root = try #require(JavaScriptConfigReader.readJSON5(source).value)
    let list = try #require(root["list"])
    let array = try #require(ConfigValues.writtenArray(list, in: source, root: root))
    let entry = try #require(array.objects.first ?? nil)
    let member = try #require(entry.member("entitlements"))
    let value = PlainValue.object(["k": .array([.string("a"), .string("b")]), "j": .bool(true)])
    #expect(
      try Self.applying(ConfigLiteralEdits(source).replacingValue(of: member, with: value, quote: "\""), to: text)
        == "{\"list\": [\n  {\n    \"targetName\": \"B\",\n    \"entitlements\": {\n      \"j\": true,\n      \"k\": [\"a\", \"b\"]\n    }\n  }\n]}\n"
    )
  }

  @Test func nothingIsWrittenThatNeedsAnEscape() {
    #expect(ConfigLiteralEdits.quoted("group.a", "\"") == "\"group.a\"")
    #expect(ConfigLiteralEdits.quoted("group.\"a", "\"") == nil)
    #expect(ConfigLiteralEdits.quoted("group.a\\b", "'") == nil)
    #expect(ConfigLiteralEdits.quoted("group.a\nb", "'") == nil)
  }

  @Test func anEASEntryIsAppendedShapedAsTheLastOne() throws {
    let oneLine = "{\"list\": [{\"bundleIdentifier\": \"a.b\", \"targetName\": \"B\"}]}"
    let source = SourceText(path: "app.json", text: oneLine)
    let root = try #require(JavaScriptConfigReader.readJSON5(source).value)
    let list = try #require(root["list"])
    let array = try #require(ConfigValues.writtenArray(list, in: source, root: root))
    let pairs: [(key: String, value: PlainValue)] = [
      ("targetName", .string("C")), ("bundleIdentifier", .string("a.c")),
      ("entitlements", .object([Self.key: .array([.string("group.a")])])),
    ]
    let edit = try #require(ConfigLiteralEdits(source).appendingObject(pairs, to: array))
    #expect(
      try Self.applying(edit, to: oneLine)
        == "{\"list\": [{\"bundleIdentifier\": \"a.b\", \"targetName\": \"B\"}, { \"bundleIdentifier\": \"a.c\", \"targetName\": \"C\", \"entitlements\": { \"\(Self.key)\": [\"group.a\"] } }]}"
    )
    // Into an empty array: on lines of their own, one level deeper, in the file's indentation.
    let empty = "{\n\t\"list\": []\n}\n"
    let emptySource = SourceText(path: "app.json", text: empty)
    let emptyRoot = try #require(JavaScriptConfigReader.readJSON5(emptySource).value)
    let emptyList = try #require(emptyRoot["list"])
    let emptyArray = try #require(ConfigValues.writtenArray(emptyList, in: emptySource, root: emptyRoot))
    let first = try #require(ConfigLiteralEdits(emptySource).appendingObject(Array(pairs.prefix(2)), to: emptyArray))
    #expect(
      try Self.applying(first, to: empty)
        == "{\n\t\"list\": [\n\t\t{\n\t\t\t\"targetName\": \"C\",\n\t\t\t\"bundleIdentifier\": \"a.c\"\n\t\t}\n\t]\n}\n"
    )
  }

  // MARK: No fix where the value is not written in place

  /// The fixes an app with a widget that reads `group.com.example.app` gets, with `config` as its
  /// widget's `expo-target.config.js` and `app` as its `app.json` (plus `extra` files).
  static func fixes(config: String, app: String? = nil, extra: [(path: String, contents: String)] = []) throws
    -> [Finding]
  {
    let appJSON =
      app ?? """
        {
          "expo": {
            "ios": {
              "bundleIdentifier": "com.example.app",
              "entitlements": { "com.apple.security.application-groups": ["group.com.example.app"] }
            },
            "plugins": ["@bacons/apple-targets"]
          }
        }
        """
    let swift = """
      import SwiftUI
      import WidgetKit

      let store = UserDefaults(suiteName: "group.com.example.app")
      """
    let directory = try TestSupport.directory(
      with: [
        ("app.json", appJSON), ("targets/widget/expo-target.config.js", config), ("targets/widget/Store.swift", swift),
      ] + extra)
    defer { try? FileManager.default.removeItem(at: directory) }
    return LintRun(discoversConfiguration: false).run(arguments: [directory.path]).findings
      .filter { $0.ruleID == "app-group-mismatch" && $0.message.contains("the code reads") }
  }

  @Test func aGroupWrittenInPlaceIsAddedAndNoOtherIs() throws {
    let inPlace = try Self.fixes(
      config: "module.exports = {\n  type: \"widget\",\n  entitlements: { \"\(Self.key)\": [] },\n};\n")
    #expect(inPlace.count == 1 && inPlace.first?.fix != nil)
    // A variable, a spread, and the app's own value passed in: no fix; the message still says what to do.
    let variable = try Self.fixes(
      config:
        "const groups = [];\nmodule.exports = {\n  type: \"widget\",\n  entitlements: { \"\(Self.key)\": groups },\n};\n"
    )
    let spread = try Self.fixes(
      config:
        "const shared = { \"\(Self.key)\": [] };\nmodule.exports = {\n  type: \"widget\",\n  entitlements: { ...shared },\n};\n"
    )
    let borrowed = try Self.fixes(
      config:
        "module.exports = (config) => ({\n  type: \"widget\",\n  entitlements: { \"\(Self.key)\": config.ios.entitlements[\"\(Self.key)\"].slice(1) },\n});\n"
    )
    for findings in [variable, spread] {
      #expect(findings.count == 1)
      #expect(findings.first?.fix == nil)
      #expect(findings.first?.message.hasSuffix("add it to the target's App Groups, as the app has it") == true)
    }
    // A value computed at run time is not known: nothing is compared with it.
    #expect(borrowed.isEmpty)
  }

  @Test func aDynamicAppConfigGetsNoFix() throws {
    let app = """
      {
        "expo": {
          "ios": { "bundleIdentifier": "com.example.app", "entitlements": { "aps-environment": "production" } },
          "plugins": ["@bacons/apple-targets"]
        }
      }
      """
    let script = """
      import { ExtensionStorage } from "@bacons/apple-targets";
      export const storage = new ExtensionStorage("group.com.example.app");
      """
    let config =
      "module.exports = {\n  type: \"widget\",\n  entitlements: { \"\(Self.key)\": [\"group.com.example.app\"] },\n};\n"
    func appFindings(_ extra: [(path: String, contents: String)]) throws -> [Finding] {
      let swift = "let store = UserDefaults(suiteName: \"group.com.example.app\")\n"
      let directory = try TestSupport.directory(
        with: [
          ("app.json", app), ("targets/widget/expo-target.config.js", config), ("targets/widget/Store.swift", swift),
          ("src/widget.ts", script), ("index.js", "import \"./src/widget\";\n"),
          ("package.json", "{\"name\": \"a\", \"main\": \"index.js\"}"),
        ] + extra)
      defer { try? FileManager.default.removeItem(at: directory) }
      return LintRun(discoversConfiguration: false).run(arguments: [directory.path]).findings
        .filter { $0.message.contains("but the app is not entitled") }
    }
    let fixed = try appFindings([])
    #expect(fixed.count == 1 && fixed.first?.fix?.replacements.first?.file.hasSuffix("app.json") == true)
    // An app.config.js takes app.json as its `config` and may change anything: app.json is not edited.
    let dynamic = try appFindings([("app.config.js", "module.exports = ({ config }) => config;\n")])
    #expect(dynamic.count == 1 && dynamic.first?.fix == nil)
    #expect(dynamic.first?.message.hasSuffix("add it to the app's App Groups, as the widget extension has it") == true)
  }

  /// A fix that would leave a config the reader rejects is not made, and is reported.
  @Test func aFixThatBreaksAConfigIsNotMade() {
    let json = Array("{\"a\": 1}".utf8)
    let js = Array("module.exports = { a: 1 };".utf8)
    #expect(FixApplier.readingProblem(afterFixing: "app.json", from: json, to: json) == nil)
    #expect(FixApplier.readingProblem(afterFixing: "app.json", from: json, to: Array(json.dropLast())) != nil)
    #expect(FixApplier.readingProblem(afterFixing: "t/expo-target.config.js", from: js, to: js) == nil)
    #expect(
      FixApplier.readingProblem(afterFixing: "t/expo-target.config.js", from: js, to: Array(js.dropLast(3))) != nil)
    #expect(
      FixApplier.readingProblem(afterFixing: "t/expo-target.config.json", from: json, to: Array("{\"a\": 1,}".utf8))
        != nil)
  }
}
