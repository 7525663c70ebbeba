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

/// An Expo app's own JavaScript and TypeScript as the app's side of its widgets: the App Groups it opens
/// must be entitled on the app and the widget extension, and the kinds it reloads must be widgets'.
@Suite struct ExpoAppScriptTests {
  static let appJSON = """
    {
      "expo": {
        "name": "Notes",
        "ios": {
          "bundleIdentifier": "com.example.notes",
          "entitlements": { "com.apple.security.application-groups": ["group.com.example.notes"] }
        },
        "plugins": ["@bacons/apple-targets"]
      }
    }
    """

  static let widgetSwift = """
    import SwiftUI
    import WidgetKit

    @main
    struct NotesWidget: Widget {
        var body: some WidgetConfiguration {
            StaticConfiguration(kind: "NotesWidget", provider: Provider()) { entry in
                Text(entry.title)
                    .containerBackground(.background, for: .widget)
            }
            .supportedFamilies([.systemSmall])
        }
    }
    """

  static func app(
    _ extra: [(path: String, contents: String)], appJSON: String = appJSON, widget: String = widgetSwift
  ) -> [(path: String, contents: String)] {
    [
      ("app.json", appJSON), ("package.json", #"{"dependencies": {"expo": "~53.0.0"}}"#),
      ("targets/widget/expo-target.config.json", #"{"type": "widget", "entitlements": {}}"#),
      ("targets/widget/NotesWidget.swift", widget),
    ] + extra
  }

  func lint(_ files: [(path: String, contents: String)]) throws -> (findings: [Finding], project: Project) {
    let directory = try TestSupport.directory(with: files)
    defer { try? FileManager.default.removeItem(at: directory) }
    let linter = Linter()
    let config = directory.appendingPathComponent("app.json").path
    let project = try #require(linter.readVariants(ExpoAppFrontend(appConfig: config)).first)
    return (linter.lint(variants: [project]), project)
  }

  /// "rule file:line:column" of each finding, the file from the app's folder.
  static func positions(_ findings: [Finding]) -> [String] {
    findings.map { finding in
      let file = finding.file.components(separatedBy: "/").drop { !$0.hasPrefix("widgetlint-tests-") }.dropFirst()
      return "\(finding.ruleID) \(file.joined(separator: "/")):\(TestSupport.start(finding))"
    }.sorted()
  }

  @Test func literalGroupsAndKindsAreJudgedAtTheLiteral() throws {
    let widget = """
      import { ExtensionStorage } from "@bacons/apple-targets";

      const storage = new ExtensionStorage("group.com.example.note");
      const shared = new ExtensionStorage("group.com.example.notes");

      export function saved(title: string) {
        storage.set("title", title);
        ExtensionStorage.reloadWidget("NoteWidget");
        ExtensionStorage.reloadWidget("NotesWidget");
        ExtensionStorage.reloadWidget();
        ExtensionStorage.reloadControls("NotesControl");
      }
      """
    let (findings, project) = try lint(Self.app([("src/widget.ts", widget)]))
    #expect(
      Self.positions(findings) == [
        "app-group-mismatch src/widget.ts:3:38", "unknown-widget-kind src/widget.ts:11:35",
        "unknown-widget-kind src/widget.ts:8:33",
      ])
    // The controls' kinds are known (there is none), so the control reload names none.
    #expect(
      findings.map(\.message).contains(
        "ExtensionStorage.reloadControls('NotesControl') names no control's kind (the extension declares no control); the reload does nothing"
      ))
    let group = try #require(findings.first { $0.ruleID == "app-group-mismatch" })
    #expect(
      group.message
        == "the JavaScript code opens App Group 'group.com.example.note' with new ExtensionStorage(…), but the app and widget extension 'widget' are not entitled to it; the widget will read an empty store"
    )
    #expect(group.related.map { ($0.span.file.path as NSString).lastPathComponent } == ["app.json", "app.json"])
    let kind = try #require(findings.first { $0.ruleID == "unknown-widget-kind" })
    #expect(
      kind.message
        == "ExtensionStorage.reloadWidget('NoteWidget') names no widget's kind (NotesWidget); the reload does nothing; did you mean 'NotesWidget'?"
    )
    #expect(
      project.appCalls.map(\.name.value) == [
        "group.com.example.note", "group.com.example.notes", "NoteWidget", "NotesWidget", "NotesControl",
      ])
  }

  /// A Live Activity listed in the bundle, as Xcode's template and @bacons/apple-targets' write it, has
  /// no kind: the kinds the app may reload are the other widgets', all known.
  @Test func aLiveActivityInTheBundleLeavesTheWidgetsKindsKnown() throws {
    let bundle = """
      import ActivityKit
      import SwiftUI
      import WidgetKit

      @main
      struct NotesBundle: WidgetBundle {
          var body: some Widget {
              NotesWidget()
              NotesLiveActivity()
          }
      }

      struct NotesWidget: Widget {
          var body: some WidgetConfiguration {
              StaticConfiguration(kind: "NotesWidget", provider: Provider()) { entry in
                  Text(entry.title).containerBackground(.background, for: .widget)
              }
          }
      }

      struct NotesLiveActivity: Widget {
          var body: some WidgetConfiguration {
              ActivityConfiguration(for: NotesAttributes.self) { context in
                  Text(context.state.title)
              } dynamicIsland: { context in
                  DynamicIsland {
                      DynamicIslandExpandedRegion(.center) { Text(context.state.title) }
                  } compactLeading: { Text("N") } compactTrailing: { Text("") } minimal: { Text("N") }
              }
          }
      }
      """
    let script = """
      import { ExtensionStorage } from "@bacons/apple-targets";

      export function saved() {
        ExtensionStorage.reloadWidget("NoteWidget");
        ExtensionStorage.reloadWidget("NotesWidget");
      }
      """
    let (findings, _) = try lint(Self.app([("src/widget.ts", script)], widget: bundle))
    #expect(Self.positions(findings) == ["unknown-widget-kind src/widget.ts:4:33"])
    #expect(findings.first?.message.contains("names no widget's kind (NotesWidget)") == true)

    // With the Live Activity alone listed, no kind is one a reload could name.
    let activityOnly = bundle.replacingOccurrences(of: "        NotesWidget()\n", with: "")
    let (alone, _) = try lint(Self.app([("src/widget.ts", script)], widget: activityOnly))
    #expect(
      Self.positions(alone) == ["unknown-widget-kind src/widget.ts:4:33", "unknown-widget-kind src/widget.ts:5:33"])
    #expect(
      alone.last?.message
        == "ExtensionStorage.reloadWidget('NotesWidget') names no widget's kind (the extension has no widget with a kind); the reload does nothing; widget 'NotesWidget' declares it, but no WidgetBundle lists that widget, so it is not shipped"
    )
  }

  /// The constants of a relative module, through an `index` file and a barrel's `export … from`: the
  /// finding is where the constant's literal is written.
  @Test func importedConstantsAreJudgedWhereTheyAreWritten() throws {
    let files = Self.app([
      (
        "src/widget.tsx",
        """
        import { ExtensionStorage } from "@bacons/apple-targets";
        import { APP_GROUP, KIND } from "../config";

        const storage = new ExtensionStorage(APP_GROUP);
        export const Refresh = () => <Button onPress={() => ExtensionStorage.reloadWidget(KIND)} />;
        export const again = () => ExtensionStorage.reloadWidget(KIND);
        """
      ),
      ("config/index.ts", "export { APP_GROUP } from './groups';\nexport * from './kinds';\n"),
      ("config/groups.ts", "export const APP_GROUP = 'group.com.example.notes';\n"),
      ("config/kinds.ios.ts", "export const KIND = `Notes`;\n"),
      ("config/kinds.ts", "export const KIND = 'NotesWidget';\n"),
    ])
    let (findings, project) = try lint(files)
    // The kind is judged once, though two calls reload it.
    #expect(Self.positions(findings) == ["unknown-widget-kind config/kinds.ios.ts:1:21"])
    #expect(
      project.filesRead.filter { $0.contains("/config/") || $0.contains("/src/") }.map {
        String($0.split(separator: "/").suffix(2).joined(separator: "/"))
      } == ["src/widget.tsx", "config/index.ts", "config/groups.ts", "config/kinds.ios.ts"])
  }

  @Test func sharedGroupPreferencesAndLazyRequires() throws {
    let files = Self.app([
      (
        "App.js",
        """
        import SharedGroupPreferences from "react-native-shared-group-preferences";

        export async function save(items) {
          await SharedGroupPreferences.setItem("items", items, "group.com.example.other");
          const { ExtensionStorage } = require("@bacons/apple-targets");
          ExtensionStorage.reloadWidget("Notes");
        }
        """
      )
    ])
    let (findings, _) = try lint(files)
    #expect(Self.positions(findings) == ["app-group-mismatch App.js:4:56", "unknown-widget-kind App.js:6:33"])
    #expect(findings.first?.message.contains("with SharedGroupPreferences.setItem(…)") == true)
  }

  @Test func computedArgumentsAreSilent() throws {
    let files = Self.app([
      (
        "src/widget.js",
        """
        import { ExtensionStorage } from "@bacons/apple-targets";
        import Constants from "expo-constants";
        const group = Constants.expoConfig.ios.entitlements["com.apple.security.application-groups"][0];
        new ExtensionStorage(group);
        new ExtensionStorage(`group.${Constants.expoConfig.ios.bundleIdentifier}`);
        new ExtensionStorage(process.env.EXPO_PUBLIC_APP_GROUP);
        export const reload = (kind) => ExtensionStorage.reloadWidget(kind);
        """
      )
    ])
    let (findings, _) = try lint(files)
    #expect(findings.isEmpty, "\(findings.map(\.message))")
  }

  /// Dependencies, the native projects, the targets, build output, hidden folders and tests are not the
  /// app's code: their calls are not read.
  @Test func filesOutsideTheAppsCodeAreNotRead() throws {
    let call = """
      import { ExtensionStorage } from "@bacons/apple-targets";
      new ExtensionStorage("group.com.example.elsewhere");
      ExtensionStorage.reloadWidget("Elsewhere");
      """
    let folders = [
      "node_modules/some-lib", "src/node_modules/x", "ios/App", "android/app", "targets/widget", "dist", "build",
      "web-build", ".expo", "src/.cache", "src/__tests__", "src/__mocks__",
    ]
    let files = Self.app(folders.map { ($0 + "/widget.js", call) } + [("src/widget.test.ts", call)])
    let (findings, project) = try lint(files)
    #expect(findings.isEmpty, "\(Self.positions(findings))")
    #expect(!project.filesRead.contains { $0.hasSuffix("widget.js") || $0.hasSuffix(".test.ts") })
  }

  /// The app's scripts are taken from discovery's walk of the folder named: the same files, in the same
  /// order, as a walk of the app's folder with the same folders left out; a folder the walk did not
  /// enter (hidden, `node_modules`) is walked anew.
  @Test func discoverysWalkGivesWhatAWalkOfTheAppGives() throws {
    let paths = [
      "app.json", "src/a.ts", "src/b/c.tsx", "src/__tests__/t.ts", "src/x/__mocks__/m.js", "ios/App/x.js",
      "android/y.js", "targets/widget/w.js", "apps/mobile/app.json", "apps/mobile/lib/z.ts", "apps/mobile/ios/q.js",
      ".hidden/app/app.json", ".hidden/app/k.js", "node_modules/p/app.json", "node_modules/p/i.js", "src/.cache/h.js",
      "src/ios/kept.js", "apps/mobile/src/node_modules/n.js",
    ]
    let root = try TestSupport.directory(with: paths.map { (path: $0, contents: "//\n") })
    defer { try? FileManager.default.removeItem(at: root) }
    var listings = FolderListings()
    listings.record(
      root: root.path, files: SwiftFileResolver(baseDirectory: root.path, displayDirectory: root.path).walk("."))
    let skipping: Set<String> = ["ios", "android", "targets"]
    let names: Set<String> = ["__tests__", "__mocks__"]
    for folder in ["", "src", "apps/mobile", "apps"] {
      let directory = folder.isEmpty ? root.path : root.appendingPathComponent(folder).path
      let walked = SwiftFileResolver(baseDirectory: directory, displayDirectory: directory).walk(
        ".", skipping: skipping, skippingNames: names)
      #expect(listings.files(below: directory, skipping: skipping, skippingNames: names) == walked, "\(folder)")
    }
    #expect(
      listings.files(below: root.appendingPathComponent("apps/mobile").path, skipping: [], skippingNames: [])
        == ["app.json", "ios/q.js", "lib/z.ts"])
    for unwalked in [".hidden/app", "node_modules/p"] {
      #expect(listings.files(below: root.appendingPathComponent(unwalked).path, skipping: [], skippingNames: []) == nil)
    }
    #expect(listings.files(below: "/elsewhere", skipping: [], skippingNames: []) == nil)
  }

  /// An Expo app that names a custom targets root: its folder is not the app's code either.
  @Test func aCustomTargetsRootIsNotTheAppsCode() throws {
    let appJSON = Self.appJSON.replacingOccurrences(
      of: #""plugins": ["@bacons/apple-targets"]"#,
      with: #""plugins": [["@bacons/apple-targets", {"root": "./apple"}]]"#)
    let files: [(path: String, contents: String)] = [
      ("app.json", appJSON), ("apple/widget/expo-target.config.json", #"{"type": "widget", "entitlements": {}}"#),
      ("apple/widget/NotesWidget.swift", Self.widgetSwift),
      (
        "apple/widget/preview.js",
        "import { ExtensionStorage } from '@bacons/apple-targets';\nExtensionStorage.reloadWidget('Preview');\n"
      ),
      (
        "targets/shared.js",
        "import { ExtensionStorage } from '@bacons/apple-targets';\nExtensionStorage.reloadWidget('Shared');\n"
      ),
    ]
    let (findings, _) = try lint(files)
    #expect(Self.positions(findings) == ["unknown-widget-kind targets/shared.js:2:31"])
  }

  /// Unknown is not empty: entitlements a config computes, or a bundle whose widgets are not all known,
  /// are not compared with the app's calls.
  @Test func unknownEntitlementsAndKindsAreSilent() throws {
    let script = """
      import { ExtensionStorage } from "@bacons/apple-targets";
      new ExtensionStorage("group.com.example.other");
      ExtensionStorage.reloadWidget("Other");
      """
    let computedGroups = Self.appJSON.replacingOccurrences(
      of: #"["group.com.example.notes"]"#, with: "[process.env.APP_GROUP]")
    let dynamic = Self.app([("src/widget.ts", script)]).map { file -> (path: String, contents: String) in
      file.path == "app.json" ? ("app.config.js", "module.exports = " + computedGroups + ";\n") : file
    }
    let (dynamicFindings, _) = try lint(dynamic + [("app.json", "{}")])
    #expect(!dynamicFindings.contains { $0.ruleID == "app-group-mismatch" }, "\(Self.positions(dynamicFindings))")

    let unknownBundle = """
      import SwiftUI
      import WidgetKit

      @main
      struct Widgets: WidgetBundle {
          var body: some Widget {
              NotesWidget()
              SharedWidget()
          }
      }
      """
    let (bundleFindings, _) = try lint(
      Self.app(
        [("src/widget.ts", script), ("targets/widget/Widgets.swift", unknownBundle)],
        widget: Self.widgetSwift.replacingOccurrences(of: "@main\n", with: "")))
    #expect(!bundleFindings.contains { $0.ruleID == "unknown-widget-kind" }, "\(Self.positions(bundleFindings))")
  }

  /// A watch widget runs on the watch, which the phone app's App Groups do not reach: the group the
  /// app's JavaScript opens is not asked of it.
  @Test func aWatchWidgetIsNotAskedForThePhoneAppsGroup() throws {
    let files = Self.app([
      (
        "src/widget.ts",
        "import { ExtensionStorage } from '@bacons/apple-targets';\nnew ExtensionStorage('group.com.example.notes');\n"
      ),
      (
        "targets/watch-widget/expo-target.config.json",
        #"{"type": "watch-widget", "entitlements": {"com.apple.security.application-groups": ["group.com.example.notes.watch"]}}"#
      ),
      ("targets/watch-widget/WatchWidget.swift", Self.widgetSwift.replacingOccurrences(of: "Notes", with: "Watch")),
    ])
    let (findings, _) = try lint(files)
    #expect(!findings.contains { $0.file.hasSuffix("src/widget.ts") }, "\(Self.positions(findings))")
  }

  /// A variant per environment reads the scripts once, and each variant is judged.
  @Test func everyVariantJudgesTheScriptsReadOnce() throws {
    let directory = try TestSupport.directory(
      with: Self.app([
        (
          "src/widget.ts",
          "import { ExtensionStorage } from '@bacons/apple-targets';\nExtensionStorage.reloadWidget('X');\n"
        )
      ]))
    defer { try? FileManager.default.removeItem(at: directory) }
    let frontend = ExpoAppFrontend(
      appConfig: directory.appendingPathComponent("app.json").path, environments: [["A": "1"], ["A": "2"]])
    let variants = Linter().readVariants(frontend)
    #expect(variants.count == 2)
    #expect(variants.map { $0.appCalls.count } == [1, 1])
    #expect(variants[0].appCalls.first?.name.span.file === variants[1].appCalls.first?.name.span.file)
  }
}
