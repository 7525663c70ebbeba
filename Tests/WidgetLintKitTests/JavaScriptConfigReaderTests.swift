import Testing

@testable import WidgetLintCore
@testable import WidgetLintEngine
@testable import WidgetLintFrontends
@testable import WidgetLintKit
@testable import WidgetLintModel
@testable import WidgetLintReaders
@testable import WidgetLintReports
@testable import WidgetLintRules

@Suite struct JavaScriptConfigReaderTests {
  func read(_ text: String) -> (value: Located<ConfigValue>?, problems: [ReadingProblem]) {
    JavaScriptConfigReader.read(SourceText(path: "targets/widget/expo-target.config.js", text: text))
  }

  /// The value read, with no problems.
  func value(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> Located<ConfigValue>? {
    let (value, problems) = read(text)
    #expect(problems.isEmpty, "\(problems.map(\.message))", sourceLocation: sourceLocation)
    return value
  }

  /// A compact rendering: strings quoted, computed parts as `<text>`, objects in source order.
  func render(_ value: Located<ConfigValue>?) -> String {
    guard let value else { return "nil" }
    switch value.value {
    case .string(let text): return "\"\(text)\""
    case .number(let text): return text
    case .bool(let flag): return flag ? "true" : "false"
    case .null: return "null"
    case .computed(let text): return "<\(text)>"
    case .array(let items): return "[" + items.map { render($0) }.joined(separator: ", ") + "]"
    case .object(let members):
      return "{" + members.map { "\($0.key.value): \(render($0.value))" }.joined(separator: ", ") + "}"
    }
  }

  /// "line:column-endLine:endColumn" of a span.
  func position(_ span: SourceSpan?) -> String {
    guard let range = span?.range else { return "nil" }
    return "\(range.start.line):\(range.start.column)-\(range.end.line):\(range.end.column)"
  }

  func problem(_ text: String) -> (message: String, position: String)? {
    let (value, problems) = read(text)
    #expect(value == nil)
    #expect(problems.count <= 1)
    guard let first = problems.first else { return nil }
    #expect(first.ruleID == .invalidValue)
    #expect(first.pointer == .root)
    return (first.message, position(first.span))
  }

  // MARK: Export forms

  @Test func moduleExportsObject() {
    let root = value(
      """
      module.exports = {
        type: "widget",
        name: 'ExpoWidget',
        deploymentTarget: "17.0",
      };
      """)
    #expect(render(root) == #"{type: "widget", name: "ExpoWidget", deploymentTarget: "17.0"}"#)
    #expect(position(root?.span) == "1:18-5:2")
    #expect(root?.pointer == .root)
  }

  @Test func fileThatOpensWithAParenthesizedStatement() {
    // Whether `module.exports` starts a statement depends on the token before the `(` that opens the
    // file, which is no token (found by fuzzing: the reader indexed before its first token).
    let root = value(
      """
      ("use strict")
      module.exports = { type: "widget" };
      """)
    #expect(render(root) == #"{type: "widget"}"#)
  }

  @Test func arrowFunctionReturningAParenthesizedObject() {
    let root = value(
      """
      /** @type {import('@bacons/apple-targets/app.plugin').ConfigFunction} */
      module.exports = (config) => ({
        type: "widget",
        icon: "https://github.com/expo.png",
        entitlements: { /* Add entitlements */ },
      });
      """)
    #expect(render(root) == #"{type: "widget", icon: "https://github.com/expo.png", entitlements: {}}"#)
    #expect(position(root?["type"]?.span) == "3:9-3:17")
    #expect(position(root?.span) == "2:31-6:2")
  }

  @Test func arrowFunctionWithoutParenthesesReturningFromABlock() {
    let root = value(
      """
      module.exports = config => {
        const groups = config.ios.entitlements["com.apple.security.application-groups"];
        return {
          type: "widget",
          entitlements: { "com.apple.security.application-groups": groups },
        };
      };
      """)
    // A constant resolves to its initializer: what is not known stays computed where it is written.
    let groups = root?.at("entitlements", "com.apple.security.application-groups")
    #expect(
      render(root)
        == #"{type: "widget", entitlements: {com.apple.security.application-groups: "#
        + #"<config.ios.entitlements["com.apple.security.application-groups"]>}}"#)
    #expect(position(groups?.span) == "2:18-2:82")
    #expect(groups?.pointer.description == "/entitlements/com.apple.security.application-groups")
  }

  @Test func functionExpression() {
    let root = value(
      """
      module.exports = function (config) {
        const name = "Widget";
        if (config.name) {
          console.log("building " + config.name);
        }
        return {
          type: "widget",
          name: name,
          colors: [1, 2].map(function (n) { return n; }),
        };
      };
      """)
    #expect(render(root) == #"{type: "widget", name: "Widget", colors: <[1, 2].map(function (n) { return n; })>}"#)
    #expect(position(root?["name"]?.span) == "2:16-2:24")
  }

  @Test func exportDefaultObjectAndFunction() {
    #expect(render(value(#"export default { type: "widget", name: "A" };"#)) == #"{type: "widget", name: "A"}"#)
    let function = value(
      """
      // @ts-check
      export default (config) => ({ type: "share" })
      """)
    #expect(render(function) == #"{type: "share"}"#)
    #expect(position(function?["type"]?.span) == "2:37-2:44")
    #expect(render(value("export default function (config) { return { type: 'clip' } }")) == #"{type: "clip"}"#)
  }

  @Test func topLevelConstantResolved() {
    let root = value(
      """
      const config = {
        type: "widget",
        name: "Resolved",
      };

      module.exports = config;
      """)
    #expect(render(root) == #"{type: "widget", name: "Resolved"}"#)
    #expect(position(root?.span) == "1:16-4:2")
    #expect(position(root?["name"]?.span) == "3:9-3:19")
  }

  @Test func constantChangedAfterItsDeclarationIsComputed() {
    let root = value(
      """
      const config = { type: "widget" };
      config.name = process.env.WIDGET_NAME;
      module.exports = config;
      """)
    #expect(render(root) == "<config>")
    #expect(position(root?.span) == "3:18-3:24")
  }

  @Test func functionDeclarationAndLocalConstantResolved() {
    let root = value(
      """
      function widget(config) {
        const result = { type: "widget", name: "Local" };
        return result;
      }
      module.exports = widget;
      """)
    #expect(render(root) == #"{type: "widget", name: "Local"}"#)
  }

  @Test func constantResolvedThroughAnArrow() {
    let root = value(
      """
      const base = { type: "widget" };
      module.exports = () => base;
      """)
    #expect(render(root) == #"{type: "widget"}"#)
  }

  @Test func parameterShadowsATopLevelConstant() {
    #expect(render(value("const config = { type: 'widget' };\nmodule.exports = (config) => config;")) == "<config>")
  }

  // MARK: Computed values

  @Test func nonLiteralValuesAreComputed() {
    let root = value(
      """
      module.exports = (config) => ({
        type: "widget",
        bundleIdentifier: config.ios.bundleIdentifier + ".widget",
        name: process.env.WIDGET_NAME,
        displayName: `${config.name} Widget`,
        deploymentTarget: config.ios.deploymentTarget ? "17.0" : "16.4",
        icon: require("path").join(__dirname, "icon.png"),
        appleTeamId: config.ios.appleTeamId,
        frameworks,
        ...shared,
        colors: { accent: "#FF0000", ...palette },
        images: [...logos, "a.png"],
        entitlements: {
          "com.apple.security.application-groups": config.ios.entitlements["com.apple.security.application-groups"],
        },
      });
      """)
    #expect(
      render(root)
        == "{type: \"widget\", bundleIdentifier: <config.ios.bundleIdentifier + \".widget\">, "
        + "name: <process.env.WIDGET_NAME>, displayName: <`${config.name} Widget`>, "
        + "deploymentTarget: <config.ios.deploymentTarget ? \"17.0\" : \"16.4\">, "
        + "icon: <require(\"path\").join(__dirname, \"icon.png\")>, appleTeamId: <config.ios.appleTeamId>, "
        + "frameworks: <frameworks>, ...: <shared>, colors: {accent: \"#FF0000\", ...: <palette>}, "
        + "images: <[...logos, \"a.png\"]>, "
        + "entitlements: {com.apple.security.application-groups: "
        + "<config.ios.entitlements[\"com.apple.security.application-groups\"]>}}")
    #expect(root?["bundleIdentifier"]?.value.isComputed == true)
    #expect(position(root?["bundleIdentifier"]?.span) == "3:21-3:60")
    #expect(root?["bundleIdentifier"]?.pointer.description == "/bundleIdentifier")
    #expect(position(root?["frameworks"]?.span) == "9:3-9:13")
    #expect(position(root?["..."]?.span) == "10:6-10:12")
    #expect(root?["..."]?.pointer.description == "/...")
    #expect(root?.at("colors", "...")?.pointer.description == "/colors/...")
  }

  @Test func stringsJoinAndArraysIndex() {
    let root = value(
      """
      const groups = ["group.a", "group.b"];
      module.exports = {
        id: "com.example" + "." + "app",
        first: groups[1],
        past: groups[2] ?? "none",
        mixed: "v" + 2,
      };
      """)
    #expect(render(root) == "{id: \"com.example.app\", first: \"group.b\", past: \"none\", mixed: <\"v\" + 2>}")
  }

  @Test func literalsOperatedOnAreComputed() {
    let root = value(
      """
      module.exports = {
        a: "x" + 1,
        b: { c: 1 }.c,
        c: ["x"].concat(["y"]),
        d: 1 * 60,
        e: !true,
        f: "a".toUpperCase(),
        g: String.raw`x`,
        h: new Date(),
        i: /group\\./.source,
        j: () => "x",
        k(config) { return 1 },
        get l() { return "x" },
        async *m() {},
        [key]: "value",
        ["literal key"]: "value",
      };
      """)
    #expect(
      render(root)
        == "{a: <\"x\" + 1>, b: <{ c: 1 }.c>, c: <[\"x\"].concat([\"y\"])>, d: <1 * 60>, e: <!true>, "
        + "f: <\"a\".toUpperCase()>, g: <String.raw`x`>, h: <new Date()>, i: </group\\./.source>, "
        + "j: <() => \"x\">, k: <k(config) { return 1 }>, l: <get l() { return \"x\" }>, m: <async *m() {}>, "
        + "...: <\"value\">, "
        + "literal key: \"value\"}")
  }

  @Test func exportsThatNeedRunningAreComputed() {
    #expect(render(value("module.exports = process.env.CI ? { type: 'widget' } : { type: 'clip' };")).hasPrefix("<"))
    #expect(render(value("module.exports = require('./shared.js');")) == "<require('./shared.js')>")
    #expect(render(value("exports.type = 'widget';\nexports.name = 'A';")) == "<exports.type = 'widget'>")
    #expect(
      render(value("if (process.env.CI) module.exports = { type: 'clip' };")) == "<module.exports = { type: 'clip' }>")
    #expect(render(value("module.exports = { type: 'a' };\nmodule.exports.name = 'B';")) == "<{ type: 'a' }>")
    let conditional = value(
      """
      module.exports = (config) => {
        if (config.ios.bundleIdentifier) {
          return { type: "widget" };
        }
        return { type: "clip" };
      };
      """)
    #expect(conditional?.value.isComputed == true)
    #expect(position(conditional?.span) == "1:18-6:2")
    #expect(render(value("module.exports = async (config) => ({ type: 'widget' });")).hasPrefix("<async"))
    #expect(render(value("module.exports = (config) => (extra) => ({ type: 'widget' });")).hasPrefix("<(extra)"))
  }

  // MARK: Literals, positions and pointers

  @Test func literalKinds() {
    let root = value(
      """
      module.exports = {
        'single': 'it\\'s',
        "double": "say \\"hi\\"",
        template: `plain
      two lines`,
        escapes: "\\x41\\u0042\\u{1F600}\\uD83D\\uDE00\\n\\t",
        int: 17,
        float: -1.5e3,
        hex: 0xFF,
        yes: true,
        no: false,
        nothing: null,
        missing: undefined,
        1: "numeric key",
        list: [1, , "two", [], {},],
      }
      """)
    #expect(
      render(root)
        == "{single: \"it's\", double: \"say \"hi\"\", template: \"plain\ntwo lines\", "
        + "escapes: \"AB😀😀\n\t\", int: 17, float: -1.5e3, hex: 0xFF, yes: true, no: false, nothing: null, "
        + "missing: null, 1: \"numeric key\", list: [1, null, \"two\", [], {}]}")
    #expect(position(root?.at("list")?.value.array?[1].span) == "15:13-15:13")
  }

  @Test func exactPositionsAndPointers() {
    let text = """
      // Widget target for the home screen.
      /** @type {import('@bacons/apple-targets/app.plugin').ConfigFunction} */
      module.exports = (config) => ({
        type: "widget",
        name: "ExpoWidget",
        entitlements: {
          "com.apple.security.application-groups": [
            "group.com.example.expowidgets",
          ],
        },
      });
      """
    let root = value(text)
    let groups = root?.at("entitlements", "com.apple.security.application-groups")
    let group = groups?.value.array?.first
    #expect(group?.value.string == "group.com.example.expowidgets")
    #expect(position(group?.span) == "8:7-8:38")
    #expect(group?.pointer.description == "/entitlements/com.apple.security.application-groups/0")
    #expect(groups?.pointer.description == "/entitlements/com.apple.security.application-groups")
    #expect(position(groups?.span) == "7:46-9:6")
    guard case .object(let members)? = root?.at("entitlements")?.value else {
      Issue.record("entitlements is not an object")
      return
    }
    #expect(position(members.first?.key.span) == "7:5-7:44")
    #expect(members.first?.key.pointer.description == "/entitlements/com.apple.security.application-groups")
    #expect(position(root?["name"]?.span) == "5:9-5:21")
  }

  @Test func columnsCountUnicodeScalars() {
    let root = value("module.exports = { name: \"Café ☕️\", type: \"widget\" };")
    #expect(root?["name"]?.value.string == "Café ☕️")
    #expect(position(root?["type"]?.span) == "1:43-1:51")
  }

  @Test func crlfLineEndingsAndByteOrderMark() {
    let root = JavaScriptConfigReader.read(
      SourceText(path: "c.js", bytes: [0xEF, 0xBB, 0xBF] + Array("module.exports = {\r\n  type: 'widget',\r\n}".utf8)))
    #expect(root.problems.isEmpty)
    #expect(position(root.value?["type"]?.span) == "2:9-2:17")
  }

  @Test func lastDuplicateKeyWins() {
    let root = value("module.exports = { type: 'clip', type: 'widget' }")
    #expect(root?["type"]?.value.string == "widget")
  }

  @Test func parenthesizedValues() {
    let root = value("module.exports = ({ name: (\"Paren\"), list: ([1]), sum: (1, 2), env: (process.env.X) });")
    #expect(render(root) == "{name: \"Paren\", list: [1], sum: <(1, 2)>, env: <(process.env.X)>}")
    #expect(position(root?["name"]?.span) == "1:28-1:35")
  }

  @Test func keywordsAsPropertyNames() {
    let root = value("module.exports = { default: 1, function: 'f', get: 2, set, async: true, static: null }")
    #expect(render(root) == "{default: 1, function: \"f\", get: 2, set: <set>, async: true, static: null}")
  }

  // MARK: Things that must not confuse it

  @Test func stringsAndCommentsThatLookLikeCode() {
    let root = value(
      """
      // module.exports = { type: "clip" };
      /* module.exports = { type: "share" }; */
      const url = "https://example.com/a}b"; // not a comment: }
      module.exports = {
        type: "widget", // module.exports = {}
        icon: "https://github.com/expo.png", /* } */
        name: 'Brace } and // slashes /* not a comment */',
        displayName: `back\\`tick } ${"}"} and ${ `nested ${ "}" }` }`,
        pattern: /["'`}]+/g,
        note: "module.exports = 1",
      };
      """)
    #expect(
      render(root)
        == "{type: \"widget\", icon: \"https://github.com/expo.png\", "
        + "name: \"Brace } and // slashes /* not a comment */\", "
        + "displayName: \"back`tick } } and nested }\", pattern: </[\"'`}]+/g>, "
        + "note: \"module.exports = 1\"}")
  }

  @Test func automaticSemicolonInsertion() {
    let root = value(
      """
      const colors = { accent: "#4630EB" }
      module.exports = {
        type: "widget"
      }
      console.log("loaded")
      """)
    #expect(render(root) == #"{type: "widget"}"#)
    #expect(render(value("module.exports = {\n  type: 'widget'\n}\n.type")) == "<{\n  type: 'widget'\n}\n.type>")
  }

  // MARK: Problems

  @Test func malformedInputGivesAProblem() {
    #expect(problem("module.exports = { type: \"widget\"")?.position == "1:18-1:19")
    #expect(problem("module.exports = { type: \"widget\"")?.message == "'{' is never closed")
    #expect(problem("module.exports = { type \"widget\" }")?.position == "1:25-1:33")
    #expect(problem("module.exports = {\n  name: \"Unterminated,\n}")?.position == "2:9-2:23")
    #expect(problem("module.exports = {\n  name: \"Unterminated,\n}")?.message == "unterminated string")
    #expect(problem("module.exports = { type: 'widget' ]")?.message.contains("does not close the '{' at 1:18") == true)
    #expect(problem("module.exports = }")?.message == "'}' closes nothing")
    #expect(problem("module.exports = { a: 1,, }")?.position == "1:25-1:26")
    #expect(problem("module.exports = [1 2]")?.message == "unexpected '2' after '1'; expected an operator or ','")
    #expect(problem("module.exports =")?.message == "expected a value, found the end of the file")
    #expect(problem("module.exports = { a: }")?.position == "1:23-1:24")
    #expect(problem("/* never closed\nmodule.exports = {}")?.position == "1:1-1:3")
    #expect(problem("module.exports = `open")?.message == "unterminated template literal")
    #expect(problem("module.exports = { a: 1 } \u{1}")?.message == "unexpected character U+1")
    #expect(problem("module.exports = { a: '\\u{110000}' }")?.message == "invalid escape sequence")
    #expect(problem("module.exports = { a: 12abc }")?.message == "invalid number")
    #expect(
      problem("module.exports = { type: \"a\" \"b\" }")?.message
        == "unexpected '\"b\"' after '\"a\"'; expected an operator or ','")
    #expect(problem("module.exports = { type: 'widget' } 'x'")?.position == "1:37-1:40")
  }

  @Test func missingExportGivesAProblem() {
    let found = problem("const config = { type: 'widget' };\n")
    #expect(found?.message.hasPrefix("no 'module.exports = …' or 'export default …' found") == true)
    #expect(found?.position == "1:1-1:1")
    #expect(problem("")?.position == "1:1-1:1")
    #expect(problem("// module.exports = { type: 'widget' }")?.position == "1:1-1:1")
  }

  @Test func functionThatReturnsNothing() {
    #expect(problem("module.exports = (config) => {\n  config.type = 'widget';\n};")?.position == "1:30-1:31")
    #expect(problem("module.exports = function () {\n  return\n  { type: 'widget' };\n};")?.position == "2:3-2:9")
  }

  @Test func deepNestingStopsWithAProblem() {
    for open in ["{", "[", "("] {
      let text = "module.exports = " + String(repeating: open, count: 10_000)
      let found = problem(text)
      #expect(found?.message == "nesting deeper than 200 levels; widgetlint stops reading here")
      #expect(found?.position == "1:218-1:219")
    }
    let balanced = "module.exports = " + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
    #expect(problem(balanced)?.message.hasPrefix("nesting deeper than 200 levels") == true)
    let atTheLimit =
      "module.exports = { a: " + String(repeating: "[", count: 199) + String(repeating: "]", count: 199) + " }"
    #expect(read(atTheLimit).problems.isEmpty)
    let objects =
      "module.exports = (config) => " + String(repeating: "({a: [", count: 66) + "config"
      + String(repeating: "]})", count: 66)
    #expect(render(read(objects).value).hasPrefix("{a: [{a: [{a: ["))
    let templates = "module.exports = " + String(repeating: "`${", count: 10_000)
    #expect(problem(templates)?.message.hasPrefix("template literals nested deeper than 200 levels") == true)
    let arrows = "module.exports = " + String(repeating: "(", count: 150) + String(repeating: ")", count: 150)
    #expect(problem(arrows) != nil)
  }

  @Test func hostileBytesNeverCrash() {
    let inputs: [[UInt8]] = [
      [0xFF, 0xFE, 0x00], Array("module.exports = { a: '\u{0}' }".utf8), [0x5C], [0x60, 0x5C], [0x27, 0x5C],
      Array("module.exports = { a: '\\".utf8), Array("module.exports = /".utf8), [0xC3],
      Array("module.exports = 0x".utf8),
      Array("module.exports = { [".utf8), Array("module.exports = { ...".utf8), Array("module.exports = { a() ".utf8),
      Array("module.exports = function".utf8), Array("module.exports = () =>".utf8), Array("export default".utf8),
      Array("module.exports = { get a".utf8), Array("#!/usr/bin/env node\nmodule.exports = {}".utf8),
    ]
    for bytes in inputs {
      let result = JavaScriptConfigReader.read(SourceText(path: "x.js", bytes: bytes))
      #expect(result.value != nil || !result.problems.isEmpty)
    }
  }
}

extension JavaScriptConfigReaderTests {
  /// Each `export` used to ask whether the one before it starts a statement, recursively: a long run
  /// was quadratic and, at a few hundred thousand, overflowed the stack.
  @Test func aLongRunOfExportKeywordsIsReadInOnePass() {
    let text = String(repeating: "export ", count: 300_000) + "default { type: 'widget' }\n"
    #expect(render(value(text)) == "{type: \"widget\"}")
  }
}
