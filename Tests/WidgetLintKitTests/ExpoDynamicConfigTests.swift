import Foundation
import Testing

@testable import WidgetLintKit

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
    -> (value: Located<ConfigValue>?, problems: [Observation])
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
