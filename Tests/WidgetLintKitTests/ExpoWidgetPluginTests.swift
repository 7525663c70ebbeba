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

/// Published config plugins that add a widget extension from a folder of Swift
/// (react-native-widget-extension, @bittingz/expo-widgets): the target derived from their entry in the
/// app config as each plugin derives it, its Swift judged by the same rules as any target's.
@Suite struct ExpoWidgetPluginTests {
  func read(_ config: String) -> Project {
    Linter().read(ExpoAppFrontend(appConfig: config))
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

  func names(_ code: TargetCode?) -> [String] {
    (code?.files ?? []).map { ($0.file.path as NSString).lastPathComponent }.sorted()
  }

  /// An app whose app.json is `app`, with the given files, read and linted.
  func lint(_ app: String, files: [(String, String)]) throws -> (Project, [Finding]) {
    let directory = try TestSupport.directory(with: [("app.json", app)] + files)
    let project = read(directory.appendingPathComponent("app.json").path)
    // The small widget below sets no container background: not what these tests are about.
    return (project, Linter().lint(project).filter { $0.ruleID != RuleID.missingContainerBackground.rawValue })
  }

  static let widget = """
    import SwiftUI
    import WidgetKit

    @main
    struct Notes: Widget {
      var body: some WidgetConfiguration {
        StaticConfiguration(kind: "Notes", provider: Provider()) { _ in Text("") }
          .configurationDisplayName("Notes")
          .description("Notes.")
          .supportedFamilies([.systemMedium])
      }
    }
    let store = UserDefaults(suiteName: "group.com.example.notes")

    """

  @Test func sanitizedNamesAreTheOnesEveryVersionOfExpoAgreesOn() {
    #expect(ExpoAppFrontend.sanitizedName("Trail Log") == "TrailLog")
    #expect(ExpoAppFrontend.sanitizedName("my-app_2.0") == "myapp20")
    // Diacritics and other scripts differ between Expo versions, and slugify is not worked out.
    #expect(ExpoAppFrontend.sanitizedName("Café") == nil)
    #expect(ExpoAppFrontend.sanitizedName("!!!") == nil)
  }

  @Test func reactNativeWidgetExtensionTargetIsDerivedAsThePluginDerivesIt() throws {
    let project = read(TestSupport.path("examples/expo-widget-extension/app.json"))
    let manifest = try #require(project.manifest)
    let target = try #require(manifest.targets.first)
    #expect(manifest.targets.count == 1)
    #expect(target.name?.value == "TrailLogWidgets")
    #expect(position(target.name?.span) == "app.json:3:13")
    #expect(target.bundleIdentifier?.value == "com.example.traillog.TrailLogWidgets")
    #expect(position(target.bundleIdentifier?.span) == "app.json:15:9")
    #expect(target.deploymentTarget?.value == OSVersion(16, 2))
    #expect(position(target.deploymentTarget?.span) == "app.json:18:31")
    #expect(target.entitlements?.appGroupNames == ["group.com.example.traillog"])
    #expect(position(target.entitlements?.appGroups?.first?.span) == "app.json:19:30")
    // The plugin gives the app the group too.
    #expect(manifest.app?.entitlements?.appGroupNames == ["group.com.example.traillog"])
    #expect(position(manifest.app?.entitlements?.appGroupsSpan) == "app.json:19:30")
    // Every `.swift` file of the folder but Module.swift, which goes into the app's native module with
    // Attributes.swift.
    #expect(
      names(project.code(ofTarget: 0))
        == ["Attributes.swift", "HikeLiveActivity.swift", "LastHikeWidget.swift", "TrailLogWidgets.swift"])
    #expect(names(project.appCode) == ["Module.swift"])
    #expect(project.code(ofTarget: 0).mainBundle != nil)
    #expect(project.code(ofTarget: 0).widgets["LastHikeWidget"] != nil)
    #expect(Linter().lint(project).map(\.ruleID) == [])
  }

  @Test func expoWidgetsTargetIsDerivedAsThePluginDerivesIt() throws {
    let project = read(TestSupport.path("examples/expo-bittingz-widgets/app.json"))
    let manifest = try #require(project.manifest)
    let target = try #require(manifest.targets.first)
    #expect(target.name?.value == "StepGoalWidgetExtension")
    #expect(target.bundleIdentifier?.value == "com.example.stepgoal.StepGoalWidgetExtension")
    #expect(target.deploymentTarget?.value == OSVersion(16, 2))
    // `group.<app id>.expowidgets`, derived: it points at the plugin's entry.
    #expect(target.entitlements?.appGroupNames == ["group.com.example.stepgoal.expowidgets"])
    #expect(position(target.entitlements?.appGroupsSpan) == "app.json:17:9")
    #expect(manifest.app?.entitlements?.appGroupNames == ["group.com.example.stepgoal.expowidgets"])
    #expect(names(project.code(ofTarget: 0)) == ["StepGoalWidget.swift", "StepSnapshot.swift", "WidgetBundle.swift"])
    // Module.swift and the moduleDependencies go into the plugin's module, in the app.
    #expect(names(project.appCode) == ["Module.swift", "StepSnapshot.swift"])
    #expect(Linter().lint(project).map(\.ruleID) == [])
  }

  @Test func theWidgetReadingAnotherGroupThanTheGroupIdentifierIsAMismatchAtTheSwift() throws {
    let root = TestSupport.path("examples/broken-projects/expo-widget-extension-group")
    let found = Linter().lint(read(root + "/app.json"))
    #expect(findings(found) == ["app-group-mismatch LastHikeWidget.swift:11:47"])
    let finding = try #require(found.first)
    #expect(
      finding.message
        == "the code reads App Group 'group.com.example.trail-log', but target 'TrailLogWidgets' is entitled to 'group.com.example.traillog' only; it will read an empty store; read a group the app is entitled to, or add 'group.com.example.trail-log' to the app's App Groups and the target's"
    )
    #expect(finding.related.map { position($0.span) } == ["app.json:12:58"])
  }

  @Test func aFamilyAboveThePluginsDeploymentTargetIsReportedAtTheFamily() throws {
    let root = TestSupport.path("examples/broken-projects/expo-bittingz-family-above-target")
    let found = Linter().lint(read(root + "/app.json"))
    #expect(findings(found) == ["availability StepGoalWidget.swift:64:39"])
    #expect(found.first?.related.map { position($0.span) } == ["app.json:14:33"])
  }

  /// A group the config computes: the target's and the app's groups are unknown, nothing is compared
  /// with them, and one note says why.
  @Test func aComputedGroupIdentifierIsUnknownAndNoted() throws {
    let root = TestSupport.path("examples/broken-projects/expo-widget-extension-computed-group")
    let project = read(root + "/app.config.js")
    let target = try #require(project.manifest?.targets.first)
    #expect(target.entitlements?.appGroupsAreUnknown == true)
    #expect(project.manifest?.app?.entitlements?.appGroupsAreUnknown == true)
    let found = Linter().lint(project)
    #expect(findings(found) == ["computed-value app.config.js:11:58"])
  }

  @Test func withoutAGroupIdentifierTheExtensionHasNoAppGroups() throws {
    let app =
      #"{ "expo": { "name": "Notes", "ios": { "bundleIdentifier": "com.example.notes" }, "plugins": ["react-native-widget-extension"] } }"#
    let (project, found) = try lint(
      app,
      files: [("widgets/Notes.swift", Self.widget), ("widgets/Module.swift", ""), ("widgets/Attributes.swift", "")])
    #expect(project.manifest?.targets.first?.name?.value == "NotesWidgets")
    #expect(project.manifest?.targets.first?.entitlements?.appGroups == nil)
    #expect(project.manifest?.targets.first?.entitlements?.appGroupsAreUnknown == false)
    #expect(findings(found) == ["app-group-mismatch Notes.swift:13:37"])
    #expect(found.first?.message.contains("target 'NotesWidgets' has no App Groups entitlement") == true)
  }

  @Test func aMissingWidgetsFolderStopsThePrebuild() throws {
    let app =
      #"{ "expo": { "name": "Notes", "ios": { "bundleIdentifier": "com.example.notes" }, "plugins": [["react-native-widget-extension", { "widgetsFolder": "./ios-widgets" }]] } }"#
    let (_, found) = try lint(app, files: [("widgets/Notes.swift", Self.widget)])
    #expect(findings(found) == ["invalid-value app.json:1:147"])
    #expect(found.first?.message.hasPrefix("widgets folder './ios-widgets' is not there") == true)
  }

  @Test func aWidgetsFolderWithoutTheModuleFileStopsThePrebuild() throws {
    let app =
      #"{ "expo": { "name": "Notes", "ios": { "bundleIdentifier": "com.example.notes" }, "plugins": ["react-native-widget-extension"] } }"#
    let (project, found) = try lint(
      app, files: [("widgets/Notes.swift", Self.widget), ("widgets/Attributes.swift", "")])
    #expect(findings(found).filter { $0.hasPrefix("invalid-value") } == ["invalid-value app.json:1:94"])
    #expect(
      found.first { $0.ruleID == "invalid-value" }?.message
        == "widgets folder 'widgets' has no 'Module.swift'; react-native-widget-extension copies it into its native module and stops the prebuild without it"
    )
    // The widget's Swift is still read.
    #expect(names(project.code(ofTarget: 0)) == ["Attributes.swift", "Notes.swift"])
  }

  /// A name whose sanitized form Expo versions make differently: the target's name is unknown, one note.
  @Test func aNameBeyondASCIILeavesTheTargetNameUnknown() throws {
    let app =
      #"{ "expo": { "name": "Café", "ios": { "bundleIdentifier": "com.example.cafe" }, "plugins": [["@bittingz/expo-widgets", { "ios": {} }]] } }"#
    let (project, found) = try lint(app, files: [("widgets/ios/Notes.swift", Self.widget)])
    let target = try #require(project.manifest?.targets.first)
    #expect(target.name == nil)
    #expect(target.bundleIdentifier == nil)
    #expect(target.entitlements?.appGroupNames == ["group.com.example.cafe.expowidgets"])
    // The group is known: the widget reading another one is still reported.
    #expect(findings(found).sorted() == ["app-group-mismatch Notes.swift:13:37", "computed-value app.json:1:21"])
  }

  /// Its `targetName` option renames where the plugin writes the entitlements, not the target it signs:
  /// the widget's entitlements are unknown, one note, and the widget's group is compared with nothing.
  @Test func expoWidgetsTargetNameLeavesTheWidgetsEntitlementsUnknown() throws {
    let app =
      #"{ "expo": { "name": "Notes", "ios": { "bundleIdentifier": "com.example.notes" }, "plugins": [["@bittingz/expo-widgets", { "ios": { "targetName": "NotesWidget" } }]] } }"#
    let (project, found) = try lint(app, files: [("widgets/ios/Notes.swift", Self.widget)])
    #expect(project.manifest?.targets.first?.name?.value == "NotesWidgetExtension")
    #expect(project.manifest?.targets.first?.entitlements?.appGroupsAreUnknown == true)
    #expect(findings(found) == ["computed-value app.json:1:146"])
  }

  /// Without `ios` options (or with `ios: false`), @bittingz/expo-widgets adds no iOS target.
  @Test func expoWidgetsWithoutIOSOptionsAddsNoTarget() throws {
    for options in [#"{ "android": { "src": "widgets/android" } }"#, #"{ "ios": false }"#] {
      let app =
        #"{ "expo": { "name": "Notes", "ios": { "bundleIdentifier": "com.example.notes" }, "plugins": [["@bittingz/expo-widgets", "#
        + options + "]] } }"
      let (project, found) = try lint(app, files: [("widgets/ios/Notes.swift", Self.widget)])
      #expect(project.manifest?.targets.isEmpty == true)
      #expect(project.manifest?.app?.entitlements == nil)
      #expect(findings(found) == [])
    }
  }

  /// `xcode.appGroupId` entitles the widget; the app still gets `group.<app id>.expowidgets` only, so the
  /// app's module writing the override group writes where the app is not entitled.
  @Test func expoWidgetsAppGroupOverrideReachesTheWidgetOnly() throws {
    let app = #"""
      { "expo": { "name": "Notes", "ios": { "bundleIdentifier": "com.example.notes" },
        "plugins": [["@bittingz/expo-widgets", { "ios": { "xcode": { "appGroupId": "group.com.example.notes" } } }]] } }
      """#
    let module = #"let defaults = UserDefaults(suiteName: "group.com.example.notes")"# + "\n"
    let (project, found) = try lint(
      app, files: [("widgets/ios/Notes.swift", Self.widget), ("widgets/ios/Module.swift", module)])
    #expect(project.manifest?.targets.first?.entitlements?.appGroupNames == ["group.com.example.notes"])
    #expect(project.manifest?.app?.entitlements?.appGroupNames == ["group.com.example.notes.expowidgets"])
    #expect(findings(found) == ["app-group-mismatch app.json:2:78", "app-group-mismatch Module.swift:1:40"])
  }

  /// A project that writes `appExtensions` for other targets: the plugin adds the widget's entry itself.
  @Test func thePluginsOwnAppExtensionsEntryIsNotMissing() throws {
    let app = #"""
      { "expo": { "name": "Notes", "ios": { "bundleIdentifier": "com.example.notes" },
        "plugins": [["react-native-widget-extension", { "groupIdentifier": "group.com.example.notes" }]],
        "extra": { "eas": { "build": { "experimental": { "ios": { "appExtensions": [] } } } } } } }
      """#
    let (project, found) = try lint(
      app,
      files: [("widgets/Notes.swift", Self.widget), ("widgets/Module.swift", ""), ("widgets/Attributes.swift", "")])
    #expect(project.manifest?.eas?.appExtensions?.map { $0.targetName?.value } == ["NotesWidgets"])
    #expect(findings(found) == [])
  }

  /// An app's own plugin that changes the Xcode project may add a widget target: one note, nothing guessed.
  @Test func aLocalPluginChangingTheXcodeProjectIsNoted() throws {
    let app =
      #"{ "expo": { "ios": { "bundleIdentifier": "com.example.notes" }, "plugins": ["./plugins/withWidget"] } }"#
    let plugin = """
      const { withXcodeProject } = require("expo/config-plugins");
      module.exports = (config) =>
        withXcodeProject(config, (c) => {
          c.modResults.addTarget("NotesWidget", "app_extension", "NotesWidget");
          return c;
        });

      """
    let (_, found) = try lint(app, files: [("plugins/withWidget.js", plugin)])
    #expect(findings(found) == ["computed-value withWidget.js:3:3"])
    #expect(found.first?.message.hasPrefix("config plugin './plugins/withWidget' changes the Xcode project") == true)
  }
}
