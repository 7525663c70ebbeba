import WidgetLintCore

/// `computed-value`: a value the repository does not hold (computed at prebuild, or left to whoever
/// builds the app), so not checked.
public struct ComputedValueRule: ReadingRule {
  public static let problemKind = ReadingProblem.Kind.computedValue

  public static let metadata = RuleMetadata(
    id: "computed-value",
    defaultSeverity: .note,
    summary:
      "A value is computed when Expo prebuilds, or left to whoever builds the app, so widgetlint cannot check it.",
    rationale: """
      `expo-target.config.js` may be a function of the Expo config, and its values may be computed.
      widgetlint reads the file as data and never executes it: a linter must not run code from a pull
      request. What it can work out without running anything it reads: literals, constants, the Expo
      config the plugin passes to the function (`config.ios.bundleIdentifier + ".widget"`,
      `config.ios.entitlements["com.apple.security.application-groups"][0]`), `process.env` of the lint's
      environment. The rest (`require(…)`, a call, arithmetic) is reported as a note, so you know it was
      not checked, and nothing is compared with it; write it as a literal to have it checked.

      A config plugin of the app's own (`"plugins": ["./plugins/withWidgets"]`) is read the same way:
      what it sets in plain forms (`config.ios.entitlements[KEY] = […]`, a `withEntitlementsPlist` mod)
      is checked, pointing into the plugin file. A plugin that changes the config in code widgetlint does
      not follow (a helper from another file, a loop) gets one note naming it and why, and the app's
      entitlements are then unknown, not empty: nothing is compared with them.

      Xcode projects leave some values to whoever builds them. An open-source app keeps its signing team
      out of the repository: `DEVELOPMENT_TEAM` is empty or a placeholder (`##TEAM_ID##`), and an
      `.xcconfig` ends with `#include? "Override.xcconfig"`, an optional include of a file git ignores,
      where each developer sets their own. Every setting that include may set (those written before it in
      the same file, and those the layers below it write) is unknown in a clone, and so is every value
      that uses one, such as `group.com.$(DEVELOPMENT_TEAM).app`. widgetlint reports one note per project
      at the first such place, naming the settings, and checks nothing against them; commit the values,
      or lint where the override file exists, to have them checked. Files that CocoaPods and Flutter
      generate (`Pods/Target Support Files/…`, `Generated.xcconfig`) set only their own settings and are
      not counted.

      Swift is read the same way, never run. A kind `reloadTimelines(ofKind:)`,
      `reloadControls(ofKind:)` or the app's own wrapper function around them is given from what the app
      works out as it runs (a network response's field, an interpolated or concatenated string, a loop's
      variable) is not followed: the first such
      kind in a project gets one note at that expression, and nothing is compared with it. Pass a literal,
      a `let` of one or an enum's raw value, directly or through the app's own wrapper functions, to have
      it checked. When the widgets a reload would be compared with are not known (a widget's kind names
      a constant no file the target compiles declares, or the `@main` bundle's list is not written
      out), one note names the widget or the target, and the reloads are not judged. So for
      a widget's `.supportedFamilies(…)`: a list the target does not write out (one the
      code computes, or a name declared in `#if` branches) gets one note, and its families are not judged.

      Sources: @bacons/apple-targets (github.com/EvanBacon/expo-apple-targets, `packages/apple-targets`
      README: `expo-target.config.js` may export a function of the Expo config); Xcode Help, "Add a
      build configuration (xcconfig) file" (`#include?` includes a file only if it exists); Apple
      Developer Account Help, "Locate your Team ID" (a team ID is ten letters and digits).
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

  package static func exampleFiles(bundleIdentifier: String) -> [(String, String)] {
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
