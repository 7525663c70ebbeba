/// `computed-value`: a value in a JavaScript target config that is computed, so not checked.
public struct ComputedValueRule: ReadingRule {
  public static let metadata = RuleMetadata(
    id: .computedValue,
    defaultSeverity: .note,
    summary: "A value in expo-target.config.js is computed when Expo prebuilds, so widgetlint cannot check it.",
    rationale: """
      `expo-target.config.js` may be a function of the Expo config, and its values may be computed.
      widgetlint reads the file as data and never executes it: a linter must not run code from a pull
      request. What it can work out without running anything it reads: literals, constants, the Expo
      config the plugin passes to the function (`config.ios.bundleIdentifier + ".widget"`,
      `config.ios.entitlements["com.apple.security.application-groups"][0]`), `process.env` of the lint's
      environment. The rest (`require(…)`, a call, arithmetic) is reported as a note, so you know it was
      not checked, and nothing is compared with it; write it as a literal to have it checked.

      Source: @bacons/apple-targets (github.com/EvanBacon/expo-apple-targets, `packages/apple-targets`
      README: `expo-target.config.js` may export a function of the Expo config).
      """,
    examples: [
      .failing(
        "A bundle identifier that a required file computes",
        "",
        files: ComputedValueRule.exampleFiles(bundleIdentifier: "↓require('./identifiers').widget")),
      .passing(
        "A bundle identifier derived from the Expo config the plugin passes in",
        "",
        files: ComputedValueRule.exampleFiles(bundleIdentifier: "config.ios.bundleIdentifier + '.widget'")),
    ])

  static func exampleFiles(bundleIdentifier: String) -> [(String, String)] {
    [
      (
        "app.json",
        """
        {
          "expo": {
            "name": "Tides",
            "slug": "tides",
            "ios": { "bundleIdentifier": "com.example.tides" },
            "plugins": ["@bacons/apple-targets"]
          }
        }
        """
      ),
      (
        "targets/widget/expo-target.config.js",
        """
        /** @type {import('@bacons/apple-targets/app.plugin').ConfigFunction} */
        module.exports = (config) => ({
          type: "widget",
          bundleIdentifier: \(bundleIdentifier),
        });
        """
      ),
    ]
  }

  public init() {}
}

extension RuleID {
  public static let computedValue = RuleID("computed-value")
}
