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

/// Config plugins of an Expo app's own (`"plugins": ["./plugins/withWidgets"]`): what they set is read as
/// data where it is written plainly, and is unknown (one note, never empty) where it is not.
@Suite struct ExpoLocalPluginTests {
  static let groups = "com.apple.security.application-groups"

  /// An app whose `plugins` list is `plugins` (JSON), with the given plugin files, and a widget target
  /// that names `targetGroup` (or inherits the app's groups with `entitlements: {}` when nil).
  func lint(plugins: String, files: [(String, String)], targetGroup: String? = "group.com.example.tides")
    throws -> (Project, [Finding], URL)
  {
    let app = """
      {
        "expo": {
          "ios": { "bundleIdentifier": "com.example.tides" },
          "plugins": \(plugins)
        }
      }
      """
    let entitlements = targetGroup.map { "{ '\(Self.groups)': ['\($0)'] }" } ?? "{}"
    let target = "module.exports = (config) => ({ type: 'widget', entitlements: \(entitlements) });\n"
    let directory = try TestSupport.directory(
      with: [("app.json", app), ("targets/widget/expo-target.config.js", target)] + files)
    let project = Linter().read(ExpoAppFrontend(appConfig: directory.appendingPathComponent("app.json").path))
    return (project, Linter().lint(project), directory)
  }

  func position(_ span: SourceSpan?) -> String {
    guard let span else { return "none" }
    let position = span.file.position(atOffset: span.start)
    return "\((span.file.path as NSString).lastPathComponent):\(position.line):\(position.column)"
  }

  func findings(_ findings: [Finding]) -> [String] {
    findings.map {
      "\($0.ruleID) \(($0.file as NSString).lastPathComponent):\($0.range.start.line):\($0.range.start.column)"
    }
  }

  /// The issue's shape: the plugin sets the group from the bundle identifier; the target names it.
  @Test func aPluginSettingTheGroupFromTheBundleIdentifierIsRead() throws {
    let plugin = """
      module.exports = function withWidgets(config) {
        config.ios.entitlements = config.ios.entitlements ?? {};
        config.ios.entitlements['com.apple.security.application-groups'] = [`group.${config.ios.bundleIdentifier}`];
        return config;
      };
      """
    let (project, found, directory) = try lint(
      plugins: #"["./plugins/withWidgets", "@bacons/apple-targets"]"#, files: [("plugins/withWidgets.js", plugin)])
    defer { try? FileManager.default.removeItem(at: directory) }
    let entitlements = try #require(project.manifest?.app?.entitlements)
    #expect(entitlements.appGroupNames == ["group.com.example.tides"])
    #expect(position(entitlements.appGroups?.first?.span) == "withWidgets.js:3:71")
    #expect(found.isEmpty)
    #expect(project.filesRead.contains { $0.hasSuffix("plugins/withWidgets.js") })
  }

  @Test func aMismatchPointsIntoThePlugin() throws {
    let plugin = """
      const APP_GROUPS = "com.apple.security.application-groups";
      module.exports = (config) => {
        config.ios.entitlements = { ...config.ios.entitlements, [APP_GROUPS]: ["group.com.example.tides.app"] };
        return config;
      };
      """
    let (_, found, directory) = try lint(
      plugins: #"["./plugins/withWidgets.js"]"#, files: [("plugins/withWidgets.js", plugin)])
    defer { try? FileManager.default.removeItem(at: directory) }
    #expect(findings(found) == ["app-group-mismatch expo-target.config.js:1:107"])
    #expect(position(found.first?.related.first?.span) == "withWidgets.js:3:73")
  }

  /// `withEntitlementsPlist` mods, with a union of what is there and the plugin's options.
  @Test func entitlementsModsAreAUnionOfKnownLists() throws {
    let plugin = """
      const { withEntitlementsPlist } = require("expo/config-plugins");
      const KEY = "com.apple.security.application-groups";
      const withGroup = (config, { group }) =>
        withEntitlementsPlist(config, (mod) => {
          if (!Array.isArray(mod.modResults[KEY])) mod.modResults[KEY] = [];
          if (!mod.modResults[KEY].includes(group)) mod.modResults[KEY].push(group);
          return mod;
        });
      module.exports = withGroup;
      """
    let app = #"[["./plugins/with-group", {"group": "group.com.example.tides.shared"}]]"#
    let (project, found, directory) = try lint(
      plugins: app, files: [("plugins/with-group/index.js", plugin)], targetGroup: "group.com.example.tides.shared")
    defer { try? FileManager.default.removeItem(at: directory) }
    let entitlements = try #require(project.manifest?.app?.entitlements)
    #expect(entitlements.appGroupNames == ["group.com.example.tides.shared"])
    // The group is the option's value, written in app.json.
    #expect(position(entitlements.appGroups?.first?.span) == "app.json:4:52")
    #expect(found.isEmpty)
  }

  /// Expo runs the mods after every plugin, the last registered first; a plugin listed after
  /// @bacons/apple-targets is not seen by the targets.
  @Test func pluginOrderDecidesWhatTheTargetsSee() throws {
    let plugin = """
      module.exports = (config) => {
        config.ios.entitlements = { "com.apple.security.application-groups": ["group.com.example.tides"] };
        return config;
      };
      """
    // The target copies the app's groups (`entitlements: {}`) when the plugin comes first…
    let (before, beforeFindings, first) = try lint(
      plugins: #"["./plugins/p", "@bacons/apple-targets"]"#, files: [("plugins/p.js", plugin)], targetGroup: nil)
    defer { try? FileManager.default.removeItem(at: first) }
    #expect(before.manifest?.targets.first?.entitlements?.appGroupNames == ["group.com.example.tides"])
    #expect(beforeFindings.isEmpty)
    // …and has none when it comes after: the app has the group, the target does not.
    let (after, _, second) = try lint(
      plugins: #"["@bacons/apple-targets", "./plugins/p"]"#, files: [("plugins/p.js", plugin)], targetGroup: nil)
    defer { try? FileManager.default.removeItem(at: second) }
    #expect(after.manifest?.targets.first?.entitlements?.appGroupNames == [])
    #expect(after.manifest?.app?.entitlements?.appGroupNames == ["group.com.example.tides"])
  }

  /// Android-only and Info.plist-only plugins change no entitlements: the app's stay known.
  @Test func unrelatedPluginsLeaveTheEntitlementsKnown() throws {
    let android = """
      const { withAndroidManifest, withDangerousMod } = require("expo/config-plugins");
      module.exports = (config) => {
        config = withAndroidManifest(config, (mod) => {
          mod.modResults.manifest.application[0].$["android:label"] = "Tides";
          return mod;
        });
        return withDangerousMod(config, ["android", async (mod) => mod]);
      };
      """
    let infoPlist = """
      import { ConfigPlugin, withInfoPlist } from "expo/config-plugins";
      const withWidgetKeys: ConfigPlugin<{ kind: string }> = (config, { kind }) =>
        withInfoPlist(config, (mod) => {
          mod.modResults.WidgetKind = kind;
          return mod;
        });
      export default withWidgetKeys;
      """
    let (project, found, directory) = try lint(
      plugins: #"["./plugins/android", ["./plugins/info", {"kind": "Tides"}]]"#,
      files: [("plugins/android.js", android), ("plugins/info.ts", infoPlist)])
    defer { try? FileManager.default.removeItem(at: directory) }
    let entitlements = project.manifest?.app?.entitlements
    #expect(entitlements == nil || entitlements?.appGroupsAreUnknown == false)
    // Known (none), so the target's group is reported as missing from the app.
    #expect(findings(found) == ["app-group-mismatch expo-target.config.js:1:107"])
  }

  /// The common shape of an Android widget plugin: an `index.js` that re-exports the file doing the work.
  /// The file is followed; it touches Android only, so the app's entitlements stay known and the real
  /// mismatch beside it is still found.
  @Test func aReExportedAndroidOnlyPluginIsFollowedAndLeavesTheEntitlementsKnown() throws {
    let android = """
      const { withAndroidManifest, withDangerousMod } = require("expo/config-plugins");
      const withAndroidWidget = (config) => {
        config = withAndroidManifest(config, (mod) => mod);
        return withDangerousMod(config, ["android", async (mod) => mod]);
      };
      module.exports = withAndroidWidget;
      """
    let (project, found, directory) = try lint(
      plugins: #"["./plugins/widget"]"#,
      files: [
        ("plugins/widget/index.js", "module.exports = require(\"./withAndroidWidget\");\n"),
        ("plugins/widget/withAndroidWidget.js", android),
      ])
    defer { try? FileManager.default.removeItem(at: directory) }
    #expect(project.manifest?.app?.entitlements?.appGroupsAreUnknown != true)
    #expect(findings(found) == ["app-group-mismatch expo-target.config.js:1:107"])
    #expect(project.filesRead.contains { $0.hasSuffix("plugins/widget/withAndroidWidget.js") })
  }

  /// Plugins of other files, required or imported by a relative path, run with the same config: what
  /// they set is known, at its place in the file that sets it.
  @Test func pluginsOfOtherFilesAreFollowedToWhereTheySetTheGroup() throws {
    let index = """
      import { withPlugins } from "expo/config-plugins";
      import withIosGroups from "./ios/withIosGroups";
      const withAndroid = require("./withAndroid").default;
      export default (config) => withPlugins(config, [withAndroid, [withIosGroups, { group: "group.com.example.tides.app" }]]);
      """
    let ios = """
      const { withEntitlementsPlist } = require("expo/config-plugins");
      module.exports = (config, { group }) =>
        withEntitlementsPlist(config, (mod) => {
          mod.modResults["com.apple.security.application-groups"] = [group];
          return mod;
        });
      """
    let android = "exports.default = (config) => config;\n"
    let (project, found, directory) = try lint(
      plugins: #"["./plugins/index.ts"]"#,
      files: [
        ("plugins/index.ts", index), ("plugins/ios/withIosGroups.js", ios), ("plugins/withAndroid.js", android),
      ])
    defer { try? FileManager.default.removeItem(at: directory) }
    #expect(project.manifest?.app?.entitlements?.appGroupNames == ["group.com.example.tides.app"])
    #expect(findings(found) == ["app-group-mismatch expo-target.config.js:1:107"])
    #expect(found.first?.related.map { position($0.span) } == ["withIosGroups.js:4:63"])
    #expect(project.filesRead.contains { $0.hasSuffix("plugins/ios/withIosGroups.js") })
  }

  /// A file that is not there, or one that requires its requirer, is not followed: one note at the require.
  @Test func missingAndCircularRequiresAreNamedOnce() throws {
    let cases: [(files: [(String, String)], note: String, message: String)] = [
      (
        [("plugins/p.js", "module.exports = require('./build');\n")], "p.js:1:18",
        "it requires './build', which is not in the repository"
      ),
      (
        [
          ("plugins/p.js", "const other = require('./q');\nmodule.exports = (config) => other(config);\n"),
          ("plugins/q.js", "module.exports = require('./p');\n"),
        ],
        "q.js:1:18", "it requires './p', which requires it in turn"
      ),
    ]
    for (files, note, message) in cases {
      let (project, found, directory) = try lint(plugins: #"["./plugins/p"]"#, files: files)
      defer { try? FileManager.default.removeItem(at: directory) }
      #expect(project.manifest?.app?.entitlements?.appGroupsAreUnknown == true, "\(message)")
      #expect(found.map(\.ruleID) == ["computed-value"], "\(message)")
      #expect(found.first.map { position($0.span) } == note, "\(message)")
      #expect(found.first?.message.hasPrefix("config plugin './plugins/p' is not followed: \(message)") == true)
    }
  }

  /// What a plugin does in code not followed is unknown: silence, and one note naming the plugin and why.
  @Test func pluginsNotFollowedMakeTheEntitlementsUnknown() throws {
    let cases: [(files: [(String, String)], note: String, message: String)] = [
      (
        [
          (
            "plugins/p.js",
            "const { addGroups } = require('./helpers');\nmodule.exports = (config) => addGroups(config);\n"
          )
        ],
        "p.js:2:30", "it calls 'addGroups', which widgetlint does not read"
      ),
      (
        [
          (
            "plugins/p.js",
            "module.exports = (config) => {\n  for (const g of ['a']) config.ios.entitlements[g] = [];\n  return config;\n};\n"
          )
        ],
        "p.js:2:3", "it changes values in code widgetlint does not follow"
      ),
      (
        [
          (
            "plugins/p.js",
            "const { withEntitlementsPlist } = require('expo/config-plugins');\nmodule.exports = (c) => withEntitlementsPlist(c, (m) => {\n  m.modResults = makeEntitlements(m);\n  return m;\n});\n"
          )
        ],
        "p.js:3:18", "it hands the config or its values to code widgetlint does not follow"
      ),
      ([("plugins/p.js", "module.exports = (config) => {\n  return config;\n")], "p.js:1:30", "it cannot be read"),
      ([], "app.json:4:17", "no file by that name"),
    ]
    for (files, note, message) in cases {
      let (project, found, directory) = try lint(plugins: #"["./plugins/p", "@bacons/apple-targets"]"#, files: files)
      defer { try? FileManager.default.removeItem(at: directory) }
      #expect(project.manifest?.app?.entitlements?.appGroupsAreUnknown == true, "\(message)")
      #expect(found.map(\.ruleID) == ["computed-value"], "\(message)")
      #expect(found.first.map { position($0.span) } == note, "\(message)")
      #expect(found.first?.message.hasPrefix("config plugin './plugins/p' is not followed: \(message)") == true)
    }
  }

  @Test func theCleanExampleLintsCleanAndItsBrokenCounterpartsPointIntoThePlugin() throws {
    let root = TestSupport.path("examples/expo-local-plugin")
    let report = LintRun(discoversConfiguration: false).run(arguments: [root])
    #expect(report.findings.map(\.ruleID) == [])
    #expect(report.projects.first?.filesRead.contains { $0.hasSuffix("plugins/withAndroidWidgetChannel.js") } == true)
    let broken = TestSupport.path("examples/broken-projects/expo-plugin-app-group")
    let finding = try #require(LintRun(discoversConfiguration: false).run(arguments: [broken]).findings.first)
    #expect(position(finding.related.first?.span) == "with-app-group.js:9:34")
  }
}
