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

/// Config plugins that declare the widgets in their options (Expo's own expo-widgets, Voltra): the
/// target as each plugin derives it, its widgets from the options, the app's calls naming them.
@Suite struct ExpoConfigWidgetTests {
  func read(_ config: String) -> Project {
    Linter().read(ExpoAppFrontend(appConfig: config))
  }

  func findings(_ findings: [Finding]) -> [String] {
    findings.map {
      "\($0.ruleID) \(($0.file as NSString).lastPathComponent):\($0.range.start.line):\($0.range.start.column)"
    }
  }

  func lint(_ app: String, package: String, files: [(String, String)] = []) throws -> (Project, [Finding]) {
    let directory = try TestSupport.directory(with: [("app.json", app), ("package.json", package)] + files)
    let project = read(directory.appendingPathComponent("app.json").path)
    return (project, Linter().lint(project))
  }

  static let expoPackage = #"{ "dependencies": { "expo": "~55.0.0", "expo-widgets": "~55.0.3" } }"#

  /// The plugin's defaults: `ExpoWidgetsTarget`, `<app id>.ExpoWidgetsTarget`, `group.<app id>` (the app
  /// gets it too), iOS 16.4; families from `ios.supportedFamilies` or the older top-level list.
  @Test func expoWidgetsDefaults() throws {
    let app = """
      { "expo": { "ios": { "bundleIdentifier": "com.example.notes" },
        "plugins": [["expo-widgets", { "widgets": [
          { "name": "Notes", "displayName": "Notes", "description": "d", "ios": { "supportedFamilies": ["systemSmall"] } },
          { "name": "Old", "displayName": "Old", "description": "d", "supportedFamilies": ["systemLarge"] },
          { "name": "AndroidOnly", "displayName": "A", "description": "d", "ios": null }
        ] }]] } }
      """
    let (project, found) = try lint(app, package: Self.expoPackage)
    let target = try #require(project.manifest?.targets.first)
    #expect(project.manifest?.targets.count == 1)
    #expect(target.name?.value == "ExpoWidgetsTarget")
    #expect(target.bundleIdentifier?.value == "com.example.notes.ExpoWidgetsTarget")
    #expect(target.deploymentTarget?.value == OSVersion(16, 4))
    #expect(target.entitlements?.appGroupNames == ["group.com.example.notes"])
    #expect(project.manifest?.app?.entitlements?.appGroupNames == ["group.com.example.notes"])
    #expect(target.widgetsDeclaredInConfig)
    #expect(target.widgets.map { $0.kind?.value } == ["Notes", "Old"])
    #expect(target.widgets.map { $0.families.map(\.value) } == [["systemSmall"], ["systemLarge"]])
    #expect(findings(found).isEmpty)
  }

  /// The community package of the same name (before SDK 55) is not read as Expo's: no target, one note.
  @Test func communityExpoWidgetsIsNotExpos() throws {
    let app =
      #"{ "expo": { "ios": { "bundleIdentifier": "com.example.notes" }, "plugins": [["expo-widgets", { "widgets": [] }]] } }"#
    let (project, found) = try lint(
      app, package: #"{ "dependencies": { "expo": "~51.0.0", "expo-widgets": "^2.1.0" } }"#)
    #expect(project.manifest?.targets.isEmpty == true)
    #expect(findings(found) == ["computed-value app.json:1:78"])
  }

  /// Without a version, options naming a `src` folder are the community package's.
  @Test func communityOptionsWithoutAVersionAreNotExpos() throws {
    let app =
      #"{ "expo": { "ios": { "bundleIdentifier": "com.example.notes" }, "plugins": [["expo-widgets", { "ios": { "src": "./widgets/ios" } }]] } }"#
    let (project, _) = try lint(app, package: #"{ "dependencies": { "expo": "~51.0.0" } }"#)
    #expect(project.manifest?.targets.isEmpty == true)
  }

  /// The app's `createWidget` naming a widget no config declares is reported at its literal, with a fix.
  @Test func createWidgetOfAnUndeclaredName() throws {
    let app =
      #"{ "expo": { "ios": { "bundleIdentifier": "com.example.notes" }, "plugins": [["expo-widgets", { "widgets": [{ "name": "Notes", "displayName": "Notes", "description": "d", "supportedFamilies": ["systemSmall"] }] }]] } }"#
    let widget = """
      import { Text } from '@expo/ui/swift-ui';
      import { createWidget } from 'expo-widgets';

      const Note = () => {
        'widget';
        return <Text>Hi</Text>;
      };
      export default createWidget('Note', Note);
      """
    let (_, found) = try lint(app, package: Self.expoPackage, files: [("widgets/Note.tsx", widget)])
    #expect(findings(found) == ["unknown-widget-kind Note.tsx:8:29"])
    #expect(found.first?.message.contains("the layout is never shown; did you mean 'Notes'?") == true)
    #expect(found.first?.fix != nil)
  }

  /// A `createWidget` of another package is not expo-widgets'.
  @Test func createWidgetOfAnotherPackageIsNotRead() throws {
    let app =
      #"{ "expo": { "ios": { "bundleIdentifier": "com.example.notes" }, "plugins": [["expo-widgets", { "widgets": [{ "name": "Notes", "displayName": "Notes", "description": "d", "supportedFamilies": ["systemSmall"] }] }]] } }"#
    let code = "import { createWidget } from './factory';\nexport default createWidget('Note', null);\n"
    let (_, found) = try lint(app, package: Self.expoPackage, files: [("src/Note.ts", code)])
    #expect(findings(found).isEmpty)
  }

  static let voltraPackage = #"{ "dependencies": { "expo": "~55.0.0", "@use-voltra/ios-client": "^2.0.0" } }"#

  /// Voltra's defaults: `<sanitized name>LiveActivity`, iOS 17.0, the three system families.
  @Test func voltraDefaults() throws {
    let app = """
      { "expo": { "name": "Pocket Budget", "ios": { "bundleIdentifier": "com.example.budget" },
        "plugins": [["@use-voltra/ios-client", { "groupIdentifier": "group.com.example.budget",
          "widgets": [{ "id": "spending", "displayName": { "de": "Ausgaben", "en": "Spending" }, "description": "d" }] }]] } }
      """
    let (project, found) = try lint(app, package: Self.voltraPackage)
    let target = try #require(project.manifest?.targets.first)
    #expect(target.name?.value == "PocketBudgetLiveActivity")
    #expect(target.bundleIdentifier?.value == "com.example.budget.PocketBudgetLiveActivity")
    #expect(target.deploymentTarget?.value == OSVersion(17, 0))
    #expect(target.entitlements?.appGroupNames == ["group.com.example.budget"])
    #expect(target.widgets.first?.displayName?.value == "Spending")
    #expect(target.widgets.first?.families.map(\.value) == ["systemSmall", "systemMedium", "systemLarge"])
    #expect(findings(found).isEmpty)
  }

  /// Without the app's bundle identifier Voltra's plugin adds nothing.
  @Test func voltraWithoutBundleIdentifierAddsNoTarget() throws {
    let app = #"{ "expo": { "name": "Budget", "plugins": [["@use-voltra/ios-client", { "widgets": [] }]] } }"#
    let (project, _) = try lint(app, package: Self.voltraPackage)
    #expect(project.manifest?.targets.isEmpty == true)
  }

  /// `updateWidget` of `voltra/client` (Voltra 1) and `@use-voltra/ios-client` name a widget by its id.
  @Test func voltraUpdateWidgetOfAnUndeclaredId() throws {
    let app =
      #"{ "expo": { "name": "Budget", "ios": { "bundleIdentifier": "com.example.budget" }, "plugins": [["voltra", { "widgets": [{ "id": "spending", "displayName": "S", "description": "d" }] }]] } }"#
    let code = """
      import { updateWidget as update } from 'voltra/client';

      export async function publish() {
        await update('spendng', {});
      }
      """
    let (_, found) = try lint(app, package: Self.voltraPackage, files: [("src/publish.ts", code)])
    #expect(findings(found) == ["unknown-widget-kind publish.ts:4:16"])
  }

  /// Certain fixes in the plugin's options: a family's spelling, and the `group.` prefix the app's own
  /// group already has.
  @Test func familySpellingAndGroupPrefixAreFixed() throws {
    let app = """
      { "expo": { "name": "Budget", "ios": { "bundleIdentifier": "com.example.budget",
        "entitlements": { "com.apple.security.application-groups": ["group.com.example.budget"] } },
        "plugins": [["@use-voltra/ios-client", { "groupIdentifier": "com.example.budget",
          "widgets": [{ "id": "spending", "displayName": "S", "description": "d", "supportedFamilies": ["small"] }] }]] } }
      """
    let (_, found) = try lint(app, package: Self.voltraPackage)
    #expect(findings(found) == ["app-group-format app.json:3:63", "unknown-widget-family app.json:4:99"])
    #expect(found.map { $0.fix?.replacements.first?.text } == ["group.com.example.budget", "systemSmall"])
  }

  /// Without the prefixed group among the app's, the group is reported and not fixed.
  @Test func aGroupPrefixTheAppDoesNotHaveIsNotFixed() throws {
    let app = """
      { "expo": { "name": "Budget", "ios": { "bundleIdentifier": "com.example.budget" },
        "plugins": [["@use-voltra/ios-client", { "groupIdentifier": "com.example.budget" }]] } }
      """
    let (_, found) = try lint(app, package: Self.voltraPackage)
    #expect(findings(found) == ["app-group-format app.json:2:63"])
    #expect(found.first?.fix == nil)
  }
}
