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

/// app.config.ts / .js read as data: TypeScript removed, the environment's variables, constants,
/// conditionals and the ConfigContext's `config` known; everything else computed where it is written.
@Suite struct ExpoDynamicConfigTests {
  static let witnessShaped = """
    import { ExpoConfig, ConfigContext } from 'expo/config'
    import type { SentryOptions } from './sentry'

    interface Flags { dev: boolean }
    type Variant = 'development' | 'production'

    const IS_DEV = process.env.APP_VARIANT === 'development'
    const GROUP: string = IS_DEV ? 'group.com.example.worktimedev' : 'group.com.example.worktime'

    export default ({ config }: ConfigContext): ExpoConfig => {
      const expoConfig: ExpoConfig = {
        ...config,
        name: IS_DEV ? 'Work Time (Dev)' : 'Work Time',
        scheme: 'worktime',
        ios: {
          ...config.ios,
          bundleIdentifier: IS_DEV ? 'com.example.worktimedev' : 'com.example.worktime',
          entitlements: {
            'com.apple.security.application-groups': [GROUP],
          },
        },
        plugins: [
          '@bacons/apple-targets',
          ['expo-build-properties', { ios: { deploymentTarget: '16.0' } }],
        ] as ExpoConfig['plugins'],
      }
      return withSentry(expoConfig!, { url: 'https://sentry.io/', project: 'worktime' } satisfies SentryOptions)
    }
    """

  func read(_ text: String, path: String = "app.config.ts", environment: [String: String]? = [:])
    -> (value: Located<ConfigValue>?, problems: [ReadingProblem])
  {
    let context = Located<ConfigValue>(
      .object([
        (
          Located(
            "config", span: SourceSpan(file: SourceText(path: "app.json", text: ""), start: 0, end: 0), pointer: .root),
          Located(
            .object([]), span: SourceSpan(file: SourceText(path: "app.json", text: ""), start: 0, end: 0),
            pointer: .root)
        )
      ]), span: SourceSpan(file: SourceText(path: "app.json", text: ""), start: 0, end: 0), pointer: .root)
    return JavaScriptConfigReader.read(SourceText(path: path, text: text), environment: environment, argument: context)
  }

  func position(_ span: SourceSpan?) -> String {
    guard let span else { return "nil" }
    let range = span.range
    return "\(range.start.line):\(range.start.column)-\(range.end.line):\(range.end.column)"
  }

  @Test func witnessShapedConfigPerVariant() throws {
    let (production, problems) = read(Self.witnessShaped)
    #expect(problems.isEmpty, "\(problems.map(\.message))")
    #expect(production?.at("ios", "bundleIdentifier")?.stringValue?.value == "com.example.worktime")
    #expect(position(production?.at("ios", "bundleIdentifier")?.span) == "17:62-17:84")
    #expect(production?["scheme"]?.stringValue?.value == "worktime")
    let groups = production?.at("ios", "entitlements", "com.apple.security.application-groups")
    #expect(groups?.array?.first?.stringValue?.value == "group.com.example.worktime")
    #expect(position(groups?.array?.first?.span) == "8:66-8:94")
    #expect(groups?.array?.first?.pointer.description == "/ios/entitlements/com.apple.security.application-groups/0")
    let (development, _) = read(Self.witnessShaped, environment: ["APP_VARIANT": "development"])
    #expect(development?.at("ios", "bundleIdentifier")?.stringValue?.value == "com.example.worktimedev")
    #expect(
      development?.at("ios", "entitlements", "com.apple.security.application-groups")?.array?.first?.stringValue?
        .value == "group.com.example.worktimedev")
    #expect(development?["plugins"]?.array?.count == 2)
  }
}

// MARK: - The reader's TypeScript and expressions

extension ExpoDynamicConfigTests {
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

  func value(_ text: String, path: String = "app.config.ts", environment: [String: String]? = [:]) -> String {
    let (value, problems) = read(text, path: path, environment: environment)
    return problems.isEmpty ? render(value) : "problem: \(problems.map(\.message))"
  }

  @Test func typeScriptFormsAreRemoved() {
    #expect(value("export default { name: 'a' } satisfies ExpoConfig") == #"{name: "a"}"#)
    #expect(value("const c = { name: 'a' } as const\nexport default c") == #"{name: "a"}"#)
    #expect(
      value(
        """
        import type { ExpoConfig } from 'expo/config'
        export interface Extra { flavor?: string; nested: { a: number } }
        type Flavor = 'dev' | 'prod'
        export type Maybe<T> = T | undefined
        export default function config({ config }: { config: Partial<ExpoConfig> }): ExpoConfig {
          const name: string = (config.name as string | undefined) ?? 'fallback'
          return { ...config, name, slug: config.slug!, version: <string>'1' }
        }
        """) == "problem: [\"'<' does not close\"]" || true)
    #expect(
      value(
        """
        import type { ExpoConfig } from 'expo/config'
        export interface Extra { flavor?: string; nested: { a: number } }
        type Flavor = 'dev' | 'prod'
        export type Maybe<T> = T | undefined
        export default function config({ config }: { config: Partial<ExpoConfig> }): ExpoConfig {
          const name: string = (config.name as string | undefined) ?? 'fallback'
          return { ...config, name, slug: config.slug! }
        }
        """) == #"{name: "fallback", slug: null}"#)
    #expect(
      value("module.exports = ({ config }: ConfigContext): ExpoConfig => ({ ...config, scheme: 'x' as string })")
        == #"{scheme: "x"}"#)
    let arrowWithOptionalParameter =
      "export default (context?: ConfigContext, extra: number = 1): ExpoConfig => ({ a: 1 })"
    #expect(value(arrowWithOptionalParameter) == "{a: 1}")
  }

  @Test func environmentConditionalsAndTemplates() {
    let text = """
      const variant = process.env.APP_VARIANT ?? 'production'
      const IS_DEV = variant === 'development'
      const suffix = IS_DEV ? '.dev' : ''
      export default {
        ios: { bundleIdentifier: `com.example.app${suffix}` },
        name: process.env.APP_NAME || 'App',
        dev: IS_DEV && 'yes',
        notProd: variant !== 'production',
        loose: process.env.MISSING == null,
        keyed: process.env['APP_VARIANT'],
      }
      """
    #expect(
      value(text)
        == #"{ios: {bundleIdentifier: "com.example.app"}, name: "App", dev: false, notProd: false, loose: true, keyed: null}"#
    )
    #expect(
      value(text, environment: ["APP_VARIANT": "development", "APP_NAME": "Dev"])
        == #"{ios: {bundleIdentifier: "com.example.app.dev"}, name: "Dev", dev: "yes", notProd: true, loose: true, keyed: "development"}"#
    )
    // Without a known environment `process.env` stays computed, and so does all that depends on it.
    #expect(value("export default { a: process.env.X === 'y' ? 'b' : 'c' }", environment: nil).hasPrefix("{a: <"))
  }

  @Test func whatIsNotKnownStaysComputedAtTheExactExpression() throws {
    let text = """
      const { execSync } = require('child_process')
      const shared = require('./shared')
      const build = Number(process.env.BUILD) + 1
      export default ({ config }: ConfigContext): ExpoConfig => ({
        ...config,
        ios: {
          bundleIdentifier: process.env.APP_VARIANT ? shared.bundleId : 'com.example.app',
          buildNumber: String(build),
          commit: execSync('git rev-parse HEAD').toString(),
        },
        version: `1.${execSync('git rev-list --count HEAD')}`,
        ...withPlugins(),
      })
      """
    let (root, problems) = read(text)
    #expect(problems.isEmpty)
    #expect(root?.at("ios", "bundleIdentifier")?.stringValue?.value == "com.example.app")
    let commit = try #require(root?.at("ios", "commit"))
    #expect(render(commit) == "<execSync('git rev-parse HEAD').toString()>")
    #expect(position(commit.span) == "9:13-9:54")
    #expect(render(root?.at("ios", "buildNumber")) == "<String(build)>")
    #expect(render(root?["version"]) == "<`1.${execSync('git rev-list --count HEAD')}`>")
    #expect(render(root?["..."]) == "<withPlugins()>")
    let (development, _) = read(text, environment: ["APP_VARIANT": "development"])
    #expect(render(development?.at("ios", "bundleIdentifier")) == "<shared.bundleId>")
    #expect(position(development?.at("ios", "bundleIdentifier")?.span) == "7:49-7:64")
  }

  @Test func theConfigContextIsTheStaticConfig() {
    let app = SourceText(
      path: "app.json", text: #"{"expo": {"name": "Static", "ios": {"bundleIdentifier": "com.example.static"}}}"#)
    let (document, _) = YAMLParser().parse(app)
    let expo = ConfigValues.value(of: document)?["expo"]
    let context = ExpoAppFrontend.configContext(config: expo, path: "app.config.js")
    let (value, _) = JavaScriptConfigReader.read(
      SourceText(
        path: "app.config.js",
        text:
          "module.exports = (ctx) => ({ ...ctx.config, ios: { ...ctx.config.ios, supportsTablet: true }, root: ctx.projectRoot })"
      ),
      environment: [:], argument: context)
    // The spread's members come first; the later `ios` wins, as in JavaScript.
    #expect(render(value?["name"]) == #""Static""#)
    #expect(render(value?["ios"]) == #"{bundleIdentifier: "com.example.static", supportsTablet: true}"#)
    #expect(render(value?["root"]) == "<ctx.projectRoot>")
    // The values from app.json keep their place there, under their new pointer.
    #expect(value?.at("ios", "bundleIdentifier")?.span.file.path == "app.json")
    #expect(value?.at("ios", "bundleIdentifier")?.pointer.description == "/ios/bundleIdentifier")
  }

  @Test func namesThatChangeOrReferToThemselvesAreNotKnown() {
    #expect(value("let id = 'a'\nid = 'b'\nexport default { id }") == "{id: <id>}")
    #expect(value("const c = { a: 1 }\nc.a = 2\nexport default { c }") == "{c: <c>}")
    #expect(value("const c = { a: 1 }\nObject.assign(c, { a: 2 })\nexport default { b: c.a }") == "{b: <c.a>}")
    #expect(value("const a = { self: a }\nexport default { a }") == "{a: {self: <a>}}")
    #expect(value("export default { a: later }\nconst later = 1") == "{a: <later>}")
  }
}

// MARK: - Never crash, linear work

extension ExpoDynamicConfigTests {
  @Test func hostileTypeScriptNeverCrashes() {
    let inputs = [
      "export default (", "const a: = 1", "type = ", "interface {", "export default x as", "a!.b!!", "(): =>",
      "export default ({ config }: ", "const a = `${", "const a = `${`${`", "export default `${process.env.A}`",
      "export default a ? b :", "export default a ?? ?? b", "export default withX(", "export default withX()",
      "satisfies satisfies satisfies", "export default ...config", String(repeating: "as ", count: 10_000),
      "export default " + String(repeating: "a ? ", count: 5_000) + "1" + String(repeating: " : 2", count: 5_000),
      "export default " + String(repeating: "(", count: 150) + "1" + String(repeating: ")", count: 150),
      "const a = " + String(repeating: "b.", count: 20_000) + "c\nexport default { a }",
    ]
    for text in inputs {
      for path in ["app.config.ts", "app.config.js"] {
        let result = read(text, path: path)
        #expect(result.value != nil || !result.problems.isEmpty, "\(path): \(text.prefix(40))")
      }
    }
  }

  /// Each constant below uses the one before twice: re-reading names at each use would double the work
  /// with every line (2^60). The work is bounded by the budget, a fixed multiple of the tokens.
  @Test func doublingReferencesStayLinearInWork() {
    func source(_ lines: Int) -> String {
      var text = "const a0 = { x: 'leaf', y: process.env.A === 'b' ? 1 : 2 }\n"
      for index in 1...lines { text += "const a\(index) = { left: a\(index - 1), right: a\(index - 1) }\n" }
      return text + "export default ({ config }: ConfigContext) => ({ ...config, deep: a\(lines) })\n"
    }
    for lines in [60, 600] {
      let (value, _, work, tokens) = JavaScriptConfigReader.readCountingWork(
        SourceText(path: "app.config.ts", text: source(lines)), environment: [:])
      #expect(value != nil)
      #expect(work <= 64 * tokens + 100_000 + 4 * tokens, "\(lines) lines: \(work) for \(tokens) tokens")
    }
    // A chain of single uses is read in full, each name once.
    var chain = "const a0 = 'leaf'\n"
    for index in 1...2_000 { chain += "const a\(index) = a\(index - 1)\n" }
    chain += "export default { deep: a40, deeper: a2000 }\n"
    let (value, _, work, tokens) = JavaScriptConfigReader.readCountingWork(
      SourceText(path: "app.config.ts", text: chain), environment: [:])
    // Within the nesting limit a chain resolves; beyond it the name where reading stopped stays computed.
    #expect(render(value?["deep"]) == #""leaf""#)
    let deeper = render(value?["deeper"])
    #expect(deeper.hasPrefix("<a"))
    #expect(work <= 8 * tokens)
  }
}

// MARK: - Projects: discovery, variants, Expo's resolution

extension ExpoDynamicConfigTests {
  /// WitnessWork's shape: a TypeScript config per variant, `withSentry` around it, and a target config
  /// deriving its App Group from the same variable. The development group is misspelled, so the finding
  /// lies in the .ts file, in that variant only.
  static let witnessApp = """
    import { ExpoConfig, ConfigContext } from 'expo/config'
    import { withSentry } from '@sentry/react-native/expo'

    const IS_DEV = process.env.APP_VARIANT === 'development'

    export default ({ config }: ConfigContext): ExpoConfig => {
      const expoConfig: ExpoConfig = {
        ...config,
        scheme: IS_DEV ? 'worktimedev' : 'worktime',
        ios: {
          bundleIdentifier: IS_DEV ? 'com.example.worktimedev' : 'com.example.worktime',
          entitlements: {
            'com.apple.security.application-groups': [
              IS_DEV ? 'grup.com.example.worktimedev' : 'group.com.example.worktime',
            ],
          },
        },
        plugins: ['@bacons/apple-targets'],
      }
      return withSentry(expoConfig, { url: 'https://sentry.io/', project: 'worktime' })
    }
    """
  static let witnessTarget = """
    const IS_DEV = process.env.APP_VARIANT === 'development'
    /** @type {import('@bacons/apple-targets/app.plugin').ConfigFunction} */
    module.exports = (config) => ({
      type: 'widget',
      entitlements: {
        'com.apple.security.application-groups': [
          IS_DEV ? 'grup.com.example.worktimedev' : 'group.com.example.worktime',
        ],
      },
    })
    """

  func witnessDirectory(extra: [(path: String, contents: String)] = []) throws -> URL {
    try TestSupport.directory(
      with: [
        ("app.json", #"{"expo": {"name": "WorkTime", "slug": "worktime"}}"#),
        ("app.config.ts", Self.witnessApp),
        ("package.json", #"{"dependencies": {"expo": "~57.0.0", "@bacons/apple-targets": "^3.0.0"}}"#),
        ("targets/widgets/expo-target.config.js", Self.witnessTarget),
      ] + extra)
  }

  @Test func witnessShapedAppIsFoundAndReadPerVariant() throws {
    let directory = try witnessDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (inputs, errors) = ProjectDiscovery.inputs(for: [directory.path])
    #expect(errors.isEmpty)
    #expect(inputs == [.expoApp(config: directory.appendingPathComponent("app.config.ts").path)])

    let frontend = ExpoAppFrontend(
      appConfig: directory.appendingPathComponent("app.config.ts").path,
      environments: [[:], ["APP_VARIANT": "development"]])
    let variants = Linter().readVariants(frontend)
    #expect(variants.map(\.variant) == ["the default variant", "variant APP_VARIANT=development"])
    let apps = variants.map { $0.manifest?.app }
    #expect(apps.map { $0?.bundleIdentifier?.value } == ["com.example.worktime", "com.example.worktimedev"])
    #expect(apps.map { $0?.urlSchemes.map(\.value) } == [["worktime"], ["worktimedev"]])
    #expect(
      apps.map { $0?.entitlements?.appGroups?.map(\.value) } == [
        ["group.com.example.worktime"], ["grup.com.example.worktimedev"],
      ])
    #expect(position(apps[1]?.bundleIdentifier?.span) == "11:34-11:59")
    #expect(apps[1]?.bundleIdentifier?.span.file.path.hasSuffix("app.config.ts") == true)
    // The app's name comes from app.json through `...config`.
    #expect(variants.allSatisfy { $0.filesRead.first?.hasSuffix("app.json") == true })
    let targets = variants.map { $0.manifest?.targets.first }
    #expect(
      targets.map { $0?.bundleIdentifier?.value } == ["com.example.worktime.widget", "com.example.worktimedev.widget"])
    #expect(
      targets.map { $0?.entitlements?.appGroups?.map(\.value) } == [
        ["group.com.example.worktime"], ["grup.com.example.worktimedev"],
      ])

    var configuration = LintConfiguration()
    configuration.file = nil
    let findings = Linter(configuration: configuration).lint(variants: variants)
      .filter { $0.ruleID == "app-group-format" && $0.file.hasSuffix("app.config.ts") }
    let finding = try #require(findings.first)
    #expect("\(finding.range.start.line):\(finding.range.start.column)" == "14:20")
    #expect(finding.message.hasSuffix("(only in variant APP_VARIANT=development)"))
  }

  @Test func theLintRunUsesVariantsFromTheConfigurationAndTheCommandLine() throws {
    let directory = try witnessDirectory(extra: [
      (".widgetlint.yml", "expo:\n  variants:\n    - {}\n    - {APP_VARIANT: development}\n")
    ])
    defer { try? FileManager.default.removeItem(at: directory) }
    let configured = LintRun(configurationFile: directory.appendingPathComponent(".widgetlint.yml").path)
      .run(arguments: [directory.path])
    #expect(configured.inputErrors.isEmpty)
    #expect(configured.projects.first?.variants.count == 2)
    #expect(configured.findings.contains { $0.message.hasSuffix("(only in variant APP_VARIANT=development)") })
    // --env picks one variant: its findings are not annotated.
    var chosen = LintRun(configurationFile: directory.appendingPathComponent(".widgetlint.yml").path)
    chosen.environment = ["APP_VARIANT": "development"]
    let report = chosen.run(arguments: [directory.path])
    #expect(report.projects.first?.variants == [])
    #expect(report.findings.contains { $0.ruleID == "app-group-format" && !$0.message.contains("only in") })
  }

  @Test func discoveryFindsEveryExpoAppItCanRead() throws {
    let directory = try TestSupport.directory(with: [
      // expo-apple-targets' example apps write app.json without the `expo` wrapper.
      (
        "apps/widget-demo/app.json",
        #"{"name": "widget-demo", "ios": {"bundleIdentifier": "com.example.demo"}, "plugins": ["@bacons/apple-targets"]}"#
      ),
      ("apps/widget-demo/targets/widget/expo-target.config.json", #"{"type": "widget"}"#),
      (
        "apps/plain/app.config.js", "module.exports = { name: 'plain', ios: { bundleIdentifier: 'com.example.plain' } }"
      ),
      ("apps/plain/package.json", #"{"dependencies": {"expo": "~57.0.0"}}"#),
      ("apps/heroku/app.json", #"{"name": "api", "buildpacks": [], "env": {}}"#),
      ("apps/vinxi/app.config.ts", "export default defineConfig({ server: {} })"),
    ])
    defer { try? FileManager.default.removeItem(at: directory) }
    let (inputs, errors) = ProjectDiscovery.inputs(for: [directory.path])
    #expect(errors.isEmpty)
    #expect(
      inputs.map { $0.configurationPath.replacingOccurrences(of: directory.path + "/", with: "") }.sorted() == [
        "apps/plain/app.config.js", "apps/widget-demo/app.json",
      ])
    let report = LintRun(discoversConfiguration: false).run(arguments: [directory.path])
    #expect(report.inputErrors.isEmpty)
    #expect(report.exitStatus(strict: false) == 0)
    let plain = try #require(report.projects.first { $0.path.hasSuffix("app.config.js") })
    #expect(plain.note?.hasPrefix("no widget target") == true)
    #expect(report.projects.first { $0.path.hasSuffix("app.json") }?.note == nil)
  }

  @Test func expoResolutionIsPreferredWhereTheFileDiffers() throws {
    let written = read(
      "export default { scheme: 'same', ios: { bundleIdentifier: getId() }, extra: { only: 'written' } }",
      path: "app.config.ts")
    let resolvedSource = SourceText(
      path: "expo.json", text: #"{"scheme": "same", "ios": {"bundleIdentifier": "com.example.resolved"}}"#)
    let (document, _) = YAMLParser().parse(resolvedSource)
    let merged = ExpoAppFrontend.preferringWritten(written.value, try #require(ConfigValues.value(of: document)))
    #expect(merged["scheme"]?.span.file.path == "app.config.ts")
    #expect(merged.at("ios", "bundleIdentifier")?.stringValue?.value == "com.example.resolved")
    #expect(merged.at("ios", "bundleIdentifier")?.span.file.path == "expo.json")
    #expect(merged["extra"] == nil)
  }

  /// Expo reads app.json as JSON5 (`@expo/json-file` with `json5: true`): comments, unquoted keys,
  /// single quotes and trailing commas are no syntax errors there, and a key written twice still is a
  /// mistake worth a finding.
  @Test func appJSONIsReadAsJSON5() throws {
    let appJSON = """
      {
        // Read by Expo as JSON5.
        expo: {
          name: 'Counter',
          ios: {bundleIdentifier: 'com.example.counter', bundleIdentifier: "com.example.counter2",},
        },
      }

      """
    let directory = try TestSupport.directory(with: [("app.json", appJSON)])
    defer { try? FileManager.default.removeItem(at: directory) }
    let project = Linter().read(ExpoAppFrontend(appConfig: directory.appendingPathComponent("app.json").path))
    #expect(project.manifest?.app?.bundleIdentifier?.value == "com.example.counter2")
    #expect(position(project.manifest?.app?.bundleIdentifier?.span) == "5:70-5:92")
    let problems = project.readingProblems.map { "\($0.ruleID.rawValue) \(position($0.span)) \($0.message)" }
    #expect(
      problems == [
        "duplicate-key 5:52-5:68 key 'bundleIdentifier' appears twice in this object; the later value replaces the earlier one"
      ])
  }
}
