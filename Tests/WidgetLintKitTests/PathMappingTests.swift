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

/// Any path names its project: a file is linted as the manifest or app that reads it, each project
/// once, and a file no project reads is skipped, not parsed as a manifest.
struct PathMappingTests {
  static func example(_ relative: String) -> String { TestSupport.path("examples/" + relative) }

  @Test func filesOfAnExpoAppNameTheApp() {
    let discovery = ProjectDiscovery.discover([
      Self.example("expo-widgets/targets/widget/Widgets.swift"),
      Self.example("expo-widgets/targets/widget/expo-target.config.js"),
      Self.example("expo-widgets/app.json"),
      Self.example("expo-widgets"),
    ])
    #expect(discovery.inputs == [.expoApp(config: Self.example("expo-widgets/app.json"))])
    #expect(discovery.errors.isEmpty)
    #expect(discovery.skipped.isEmpty)
  }

  @Test func filesOfAFlutterAppNameTheApp() {
    let app = Self.example("flutter-home-widget")
    let discovery = ProjectDiscovery.discover([
      app + "/lib/main.dart", app + "/ios/Runner/Info.plist", app + "/ios/Runner.xcodeproj/project.pbxproj",
      app + "/ios/Flutter/Shared.xcconfig", app + "/ios/CounterWidget/CounterWidget.entitlements",
      app + "/pubspec.yaml",
    ])
    // The pubspec says which home_widget the Dart calls: a change to it lints the app too.
    #expect(discovery.inputs == [.flutterApp(directory: app)])
    #expect(discovery.skipped.isEmpty)
  }

  @Test func swiftFilesNameTheManifestWhoseSourcesIncludeThem() {
    let discovery = ProjectDiscovery.discover([
      Self.example("up-next/targets/UpNextWidgets/CountdownWidget.swift"),
      Self.example("native-widgets/WeatherWidgets/ForecastWidget.swift"),
      Self.example("native-widgets/Shared/ForecastStore.swift"),
    ])
    #expect(
      discovery.inputs == [
        .manifest(path: Self.example("up-next/widgets.yaml")),
        .xcodeProject(directory: Self.example("native-widgets")),
      ])
  }

  @Test func aSwiftFileNoManifestIncludesBelongsToNoProject() throws {
    let directory = try TestSupport.directory(with: [
      (".git/HEAD", "ref: refs/heads/main\n"),
      ("widgets.yaml", "app: {bundleIdentifier: com.example.app}\ntargets:\n  - name: W\n    sources: [Widget]\n"),
      ("Widget/W.swift", "struct W {}\n"),
      ("Scripts/Tool.swift", "print(1)\n"),
      ("config/settings.yaml", "not: [a manifest]\n"),
      ("mywidgets.yaml", "# a manifest by its keys\ntargets: []\n"),
    ])
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = { (relative: String) in directory.appendingPathComponent(relative).path }
    let discovery = ProjectDiscovery.discover([
      path("Widget/W.swift"), path("Scripts/Tool.swift"), path("config/settings.yaml"), path("mywidgets.yaml"),
      path("widgets.yaml"),
    ])
    #expect(discovery.inputs == [.manifest(path: path("widgets.yaml")), .manifest(path: path("mywidgets.yaml"))])
    #expect(
      discovery.skipped.map(\.path) == [path("Scripts/Tool.swift"), path("config/settings.yaml")])
    #expect(
      discovery.skipped.first?.reason
        == "belongs to no manifest, Expo app or iOS app with widgets in the folders above it")
    #expect(discovery.skipped.last?.reason == "not a widgetlint manifest (no top-level 'app' or 'targets')")
  }

  /// A file named like no manifest is looked at in its first 64 KB, then its first megabyte: a key past
  /// the first read is found, one past the megabyte is not.
  @Test func aManifestByItsKeysIsFoundWithinItsFirstMegabyte() throws {
    let comment = "# " + String(repeating: "x", count: 77) + "\n"
    let pastFirstRead = String(repeating: comment, count: 70 * 1024 / comment.utf8.count)
    let pastMegabyte = String(repeating: comment, count: (1 << 20) / comment.utf8.count + 1)
    let directory = try TestSupport.directory(with: [
      ("late.yaml", pastFirstRead + "targets: []\n"),
      ("too-late.yaml", pastMegabyte + "targets: []\n"),
      ("large.yaml", pastMegabyte + "other: 1\n"),
    ])
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = { (relative: String) in directory.appendingPathComponent(relative).path }
    let discovery = ProjectDiscovery.discover([path("late.yaml"), path("too-late.yaml"), path("large.yaml")])
    #expect(discovery.inputs == [.manifest(path: path("late.yaml"))])
    #expect(discovery.skipped.map(\.path) == [path("too-late.yaml"), path("large.yaml")])
  }

  /// Run from a folder inside the app, files named relative to it name the app as `..`. (A subprocess:
  /// the tests run side by side, so none may change the process's current folder.)
  @Test func relativePathsWalkUpFromTheCurrentFolder() throws {
    let folder = TestSupport.packageRoot.appendingPathComponent("examples/native-widgets/WeatherWidgets")
    let result = try TestSupport.run(["ForecastWidget.swift", "Info.plist"], currentDirectory: folder)
    #expect(result.status == 0)
    #expect(result.stdout == "")
    #expect(result.stderr == "widgetlint: ..: Xcode app, 10 files read\n")
  }

  @Test func skippedFilesAreNotedUnderVerboseAndExitZero() throws {
    let quiet = try TestSupport.run(["examples/expo-widgets/package.json", "README.md"])
    #expect(quiet.status == 0)
    #expect(quiet.stdout == "")
    #expect(quiet.stderr == "")
    let verbose = try TestSupport.run(["-v", "examples/expo-widgets/package.json", "README.md"])
    #expect(verbose.status == 0)
    #expect(
      verbose.stderr == """
        widgetlint: skipped examples/expo-widgets/package.json: not a file widgetlint reads
        widgetlint: skipped README.md: not a file widgetlint reads

        """)
  }

  @Test func changedFilesOfOneAppLintItOnce() throws {
    let arguments = [
      "--format", "json", "examples/flutter-home-widget/lib/main.dart",
      "examples/flutter-home-widget/ios/CounterWidget/CounterWidget.swift",
    ]
    let result = try TestSupport.run(arguments)
    #expect(result.status == 0)
    let report = try TestSupport.json(result.stdout)
    #expect((report["summary"] as? [String: Int])?["inputs"] == 1)
    #expect(result.stderr == "")
    let text = try TestSupport.run(Array(arguments.dropFirst(2)))
    #expect(text.stdout == "")
    #expect(text.stderr == "widgetlint: examples/flutter-home-widget: Flutter app, 8 files read\n")
  }

  @Test func noPathLintsTheCurrentFolder() throws {
    let folder = TestSupport.packageRoot.appendingPathComponent("examples/broken-projects/expo-entitlements-file")
    let none = try TestSupport.run([], currentDirectory: folder)
    let dot = try TestSupport.run(["."], currentDirectory: folder)
    #expect(none.status == 1)
    #expect(none.stdout == dot.stdout)
    #expect(none.stdout.contains("[app-group-mismatch]"))
  }

  @Test func aMissingFileIsAnErrorNotASkip() throws {
    let result = try TestSupport.run(["examples/up-next/Missing.swift"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("widgetlint: error: examples/up-next/Missing.swift: no such file or directory"))
  }

  /// Every finding as `rule file:line:column`, for comparing two runs.
  static func positions(_ report: LintReport) -> [String] {
    report.findings.map { "\($0.ruleID) \($0.file):\($0.range.start.line):\($0.range.start.column)" }.sorted()
  }

  /// A target folder with a committed Info.plist looks like an Xcode app of its own; its files are the
  /// Expo app's all the same, and report what the app's root reports.
  @Test func filesOfAnExpoTargetFolderWithAnInfoPlistNameTheExpoApp() {
    let app = Self.example("broken-projects/expo-target-info-plist")
    let files = ["expo-target.config.js", "Info.plist", "ExpoWidget.swift"].map { app + "/targets/widget/" + $0 }
    let root = LintRun(discoversConfiguration: false).run(arguments: [app])
    #expect(Self.positions(root).count == 2)
    for file in files {
      #expect(ProjectDiscovery.discover([file]).inputs == [.expoApp(config: app + "/app.json")], "\(file)")
      #expect(Self.positions(LintRun(discoversConfiguration: false).run(arguments: [file])) == Self.positions(root))
    }
  }

  /// An Expo app whose `ios/` is committed, without a `targets/` folder, builds from that project.
  @Test func anExpoAppWithACommittedIOSFolderIsItsXcodeProject() {
    let app = Self.example("broken-projects/expo-committed-ios")
    let discovery = ProjectDiscovery.discover([
      app, app + "/app.json", app + "/ios/WeatherWidgets/WeatherWidgets.entitlements",
      app + "/ios/WeatherWidgets/ForecastWidget.swift", app + "/ios/NativeWidgets.xcodeproj",
    ])
    #expect(discovery.inputs == [.xcodeProject(directory: app)])
    #expect(discovery.errors.isEmpty)
    // The Expo app with a target folder stays the Expo app, though its `ios/` may be committed too.
    #expect(
      ProjectDiscovery.discover([Self.example("expo-widgets")]).inputs == [
        .expoApp(config: Self.example("expo-widgets/app.json"))
      ])
  }

  @Test func anXcodeProjectOrWorkspaceNamesItsApp() throws {
    let native = Self.example("native-widgets")
    let flutter = Self.example("flutter-home-widget")
    let discovery = ProjectDiscovery.discover([
      native + "/NativeWidgets.xcodeproj", flutter + "/ios/Runner.xcodeproj/",
    ])
    #expect(discovery.inputs == [.xcodeProject(directory: native), .flutterApp(directory: flutter)])
    #expect(discovery.errors.isEmpty)
    // A workspace names the app of the first project it lists that is not CocoaPods'.
    let directory = try TestSupport.directory(with: [
      (
        "App.xcworkspace/contents.xcworkspacedata",
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <Workspace
           version = "1.0">
           <FileRef
              location = "group:Pods/Pods.xcodeproj">
           </FileRef>
           <FileRef
              location = "absolute:\(flutter)/ios/Runner.xcodeproj">
           </FileRef>
        </Workspace>
        """
      ),
      ("Empty.xcworkspace/contents.xcworkspacedata", "<Workspace version = \"1.0\">\n</Workspace>\n"),
    ])
    defer { try? FileManager.default.removeItem(at: directory) }
    let workspace = ProjectDiscovery.discover([directory.appendingPathComponent("App.xcworkspace").path])
    #expect(workspace.inputs == [.flutterApp(directory: flutter)])
    let empty = ProjectDiscovery.discover([directory.appendingPathComponent("Empty.xcworkspace").path])
    #expect(empty.inputs == [])
    #expect(empty.errors.map(\.message) == ["the workspace lists no Xcode project"])
  }

  @Test func workspaceLocationsAreRelativeToTheirGroups() throws {
    let directory = try TestSupport.directory(with: [
      (
        "ios/App.xcworkspace/contents.xcworkspacedata",
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <Workspace version = "1.0">
           <Group location = "group:Apps" name = "Apps">
              <FileRef location = "group:Main &amp; Widgets.xcodeproj"></FileRef>
              <Group location = "group:Empty" name = "Empty"/>
           </Group>
           <FileRef location = "container:Tools/Tools.xcodeproj"></FileRef>
           <FileRef location = "group:README.md"></FileRef>
        </Workspace>
        """
      )
    ])
    defer { try? FileManager.default.removeItem(at: directory) }
    let ios = directory.appendingPathComponent("ios").path
    #expect(
      XcodeWorkspace.projects(in: ios + "/App.xcworkspace") == [
        ios + "/Apps/Main & Widgets.xcodeproj", ios + "/Tools/Tools.xcodeproj",
      ])
  }

  /// A config plugin of the app's own is the app's file: changing it alone lints the app.
  @Test func anExpoAppsOwnConfigPluginNamesTheApp() {
    let app = Self.example("broken-projects/expo-plugin-app-group")
    let discovery = ProjectDiscovery.discover([app + "/plugins/with-app-group.js"])
    #expect(discovery.inputs == [.expoApp(config: app + "/app.json")])
    let root = LintRun(discoversConfiguration: false).run(arguments: [app])
    let plugin = LintRun(discoversConfiguration: false).run(arguments: [app + "/plugins/with-app-group.js"])
    #expect(Self.positions(plugin) == Self.positions(root))
    #expect(!Self.positions(root).isEmpty)
  }

  /// A script below an Expo app is its config plugin or its code: either names the app. One in its
  /// dependencies, its native folders, its targets, a hidden folder or a test is not the app's code.
  @Test func anExpoAppsScriptsNameTheAppAndOthersAreSkipped() throws {
    let directory = try TestSupport.directory(with: [
      (".git/HEAD", "ref: refs/heads/main\n"),
      ("app.json", "{\"expo\": {\"name\": \"A\", \"plugins\": [[\"./plugins/listed\", {}]]}}\n"),
      ("plugins/listed.ts", "export default (config) => config;\n"),
      ("plugins/unlisted.js", "module.exports = (config) => config;\n"),
      ("src/App.tsx", "export default function App() { return null; }\n"),
      ("src/widget.ts", "export {};\n"),
      ("components/Row.jsx", "export const Row = () => <Row />;\n"),
      ("index.js", "import './src/App';\n"),
      ("lib/storage.mjs", "export {};\n"),
      ("node_modules/expo/index.js", "module.exports = {};\n"),
      ("node_modules/lib/example/app.json", "{\"expo\": {\"name\": \"Example\"}}\n"),
      ("node_modules/lib/example/App.js", "export default null;\n"),
      ("ios/main.jsbundle.js", "\n"),
      ("android/app/index.js", "\n"),
      ("targets/widget/index.ts", "\n"),
      (".expo/types/router.d.ts", "\n"),
      ("dist/bundle.js", "\n"),
      ("src/__tests__/widget.test.ts", "\n"),
      ("src/widget.test.ts", "\n"),
    ])
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = { (relative: String) in directory.appendingPathComponent(relative).path }
    let appScripts = [
      "plugins/listed.ts", "plugins/unlisted.js", "src/App.tsx", "src/widget.ts", "components/Row.jsx", "index.js",
      "lib/storage.mjs",
    ]
    let discovery = ProjectDiscovery.discover(appScripts.map(path))
    #expect(discovery.inputs == [.expoApp(config: path("app.json"))])
    #expect(discovery.skipped.isEmpty)
    let others = [
      "node_modules/expo/index.js", "node_modules/lib/example/App.js", "ios/main.jsbundle.js", "android/app/index.js",
      "targets/widget/index.ts", ".expo/types/router.d.ts", "dist/bundle.js", "src/__tests__/widget.test.ts",
      "src/widget.test.ts",
    ]
    for other in others {
      let skipped = ProjectDiscovery.discover([path(other)])
      #expect(skipped.inputs == [], "\(other)")
      #expect(
        skipped.skipped.first?.reason == "not a config plugin or the code of an Expo app in the folders above it",
        "\(other)")
    }
  }

  /// The pre-commit hooks pass a changed file to widgetlint when their `files` pattern matches its path:
  /// exactly the files widgetlint reads by their name (YAML and JSON under other names are read only
  /// when named on the command line: a hook would pass every config file of a repository).
  @Test func theHooksPatternMatchesTheFilesWidgetlintReads() throws {
    let hooks = try String(contentsOfFile: TestSupport.path(".pre-commit-hooks.yaml"), encoding: .utf8)
    let line = try #require(hooks.split(separator: "\n").first { $0.contains("files: &files ") })
    let pattern = String(try #require(line.split(separator: " ").last))
    let regex = try NSRegularExpression(pattern: pattern)
    let names = [
      "widgets.yaml", "widgets.yml", "widgets.json", "app.json", "app.config.json", "app.config.js", "app.config.ts",
      "app.config.mjs", "app.config.cjs", "expo-target.config.js", "expo-target.config.json", "Info.plist",
      "Widget-Info.plist", "project.pbxproj", "App.entitlements", "Base.xcconfig", "Widget.swift", "main.dart",
      "withWidgets.js", "withWidgets.ts", "plugin.cjs", "plugin.mjs", "App.tsx", "View.jsx", "widget.mts",
      "types.d.ts", "pubspec.yaml", "pubspec.lock", "tsconfig.json", "jsconfig.json", "analysis_options.yaml",
      "package.json", "README.md", "settings.yaml", "mywidgets.yaml", "Package.resolved", "Contents.json",
      "Project.swift", "Workspace.swift", "project.yml",
    ]
    for name in names {
      let read = ProjectDiscovery.readsFile(named: name)
      for path in [name, "apps/ios/" + name] {
        let matches = regex.firstMatch(in: path, range: NSRange(path.startIndex..., in: path)) != nil
        #expect(matches == read, "\(path): pattern \(matches ? "matches" : "does not match"), read \(read)")
      }
    }
  }

  /// @bacons/apple-targets reads the targets from its `root` option's folder: a file there is the Expo
  /// app's too, though the folder beside it holds an extension's Info.plist.
  @Test func filesUnderACustomTargetsRootNameTheExpoApp() throws {
    let widgetInfo = XcodeProjectTests.widgetInfo
    let directory = try TestSupport.directory(with: [
      (".git/HEAD", "ref: refs/heads/main\n"),
      (
        "app.json",
        "{\"expo\": {\"name\": \"A\", \"plugins\": [[\"@bacons/apple-targets\", {\"root\": \"./apple\"}]]}}\n"
      ),
      ("apple/widget/expo-target.config.json", "{\"type\": \"widget\"}\n"),
      ("apple/widget/Info.plist", widgetInfo),
      ("apple/widget/Widget.swift", "import WidgetKit\n"),
    ])
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = { (relative: String) in directory.appendingPathComponent(relative).path }
    let discovery = ProjectDiscovery.discover([path("apple/widget/Widget.swift"), path("apple/widget/Info.plist")])
    #expect(discovery.inputs == [.expoApp(config: path("app.json"))])
  }

  /// Foundation's `deletingLastPathComponent` traps on a one-character relative path: a file in a folder
  /// named with one letter is mapped like any other, and `PathUtilities.folder(of:)` says its folder.
  @Test func filesInOneLetterFoldersAreMapped() throws {
    #expect(PathUtilities.folder(of: "a") == "")
    #expect(PathUtilities.folder(of: "a/") == "")
    #expect(PathUtilities.folder(of: "a/x.swift") == "a")
    #expect(PathUtilities.folder(of: "/x") == "/")
    #expect(PathUtilities.folder(of: "/") == "/")
    #expect(PathUtilities.folder(of: "a/b/") == "a")
    #expect(PathUtilities.name(of: "a/b/") == "b")
    #expect(PathUtilities.name(of: "a") == "a")
    #expect(PathUtilities.name(of: "/x") == "x")
    #expect(PathUtilities.name(of: "/") == "")
    let directory = try TestSupport.directory(with: [("a/x.swift", "import WidgetKit\n")])
    defer { try? FileManager.default.removeItem(at: directory) }
    // The command line, in the folder above `a`: the path stays relative.
    let result = try TestSupport.run(["-v", "a/x.swift"], currentDirectory: directory)
    #expect(result.status == 0)
    #expect(
      result.stderr
        == "widgetlint: skipped a/x.swift: belongs to no manifest, Expo app or iOS app with widgets in the folders above it\n"
    )
  }
}
