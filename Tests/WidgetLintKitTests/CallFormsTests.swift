import Foundation
import Testing

@testable import WidgetLintCore
@testable import WidgetLintEngine
@testable import WidgetLintFrontends
@testable import WidgetLintKit
@testable import WidgetLintModel
@testable import WidgetLintReaders
@testable import WidgetLintRules

/// The app's calls in every form: kinds held in constants of other files (shared between the app and
/// the widget), the `#if` branches and declarations that leave them unknown, and control kinds.
@Suite struct CallFormsTests {
  /// A native app whose widget extension holds `widget` (its `@main`) and `extra` files, and whose app
  /// target compiles `App/AppMain.swift` (`app`) and, when `shared`, `Widget/Kinds.swift` too.
  static func files(
    app: String, widget: String, extra: [(path: String, contents: String)] = [], shared: Bool = false,
    widgetDeploymentTarget: String = "17.0"
  ) -> [(path: String, contents: String)] {
    AppCodeTests.files(app: app, extra: extra).map { file -> (path: String, contents: String) in
      if file.path == "Widget/NoteWidget.swift" { return (file.path, widget) }
      guard file.path.hasSuffix("project.pbxproj") else { return file }
      let file: (path: String, contents: String) = (
        file.path,
        file.contents.replacingOccurrences(
          of: "IPHONEOS_DEPLOYMENT_TARGET = \"17.0\";",
          with: "IPHONEOS_DEPLOYMENT_TARGET = \"\(widgetDeploymentTarget)\";")
      )
      guard shared else { return file }
      // `Widget/Kinds.swift` is a member of the widget's synchronized folder and of the app's Sources
      // build phase: one file shared by both targets.
      let text = file.contents
        .replacingOccurrences(
          of: "children = (FA /* AppMain.swift */, );", with: "children = (FA /* AppMain.swift */, FK, );"
        )
        .replacingOccurrences(
          of: "files = (BA /* AppMain.swift in Sources */, );",
          with: "files = (BA /* AppMain.swift in Sources */, BK, );"
        )
        .replacingOccurrences(
          of: "\t};\n\trootObject",
          with:
            "\t\tFK /* Kinds.swift */ = {isa = PBXFileReference; path = ../Widget/Kinds.swift; sourceTree = \"<group>\"; };\n\t\tBK = {isa = PBXBuildFile; fileRef = FK; };\n\t};\n\trootObject"
        )
      return (file.path, text)
    }
  }

  func lint(_ files: [(path: String, contents: String)]) throws -> (findings: [Finding], project: Project) {
    let directory = try TestSupport.directory(with: files)
    defer { try? FileManager.default.removeItem(at: directory) }
    let linter = Linter()
    let projects = linter.readVariants(XcodeAppFrontend(directory: directory.path))
    return (linter.lint(variants: projects), try #require(projects.first))
  }

  static func widget(kind: String) -> String {
    """
    import WidgetKit
    import SwiftUI
    @main
    struct NoteWidget: Widget {
        var body: some WidgetConfiguration {
            StaticConfiguration(kind: \(kind), provider: Provider()) { _ in Text("").widgetBackground() }
                .supportedFamilies([.systemSmall])
        }
    }
    struct Provider {
        let defaults = UserDefaults(suiteName: "group.com.example.app")
    }
    extension View {
        @ViewBuilder func widgetBackground() -> some View {
            if #available(iOS 17.0, *) { containerBackground(.clear, for: .widget) } else { self }
        }
    }
    """
  }

  /// An App Intent of the widget extension that reloads a kind (as an interactive widget's button does).
  static let intent = """
    import AppIntents
    import WidgetKit
    struct MarkRead: AppIntent {
        static let title: LocalizedStringResource = "Mark read"
        func perform() async throws -> some IntentResult {
            WidgetCenter.shared.reloadTimelines(ofKind: "Nte")
            return .result()
        }
    }
    """

  // MARK: Constants of other files

  @Test func aKindInAConstantOfAnotherFileSharedWithTheAppIsResolvedForBoth() throws {
    let kinds = """
      enum WidgetKinds {
          static let note = "Note"
          static let stale = "Notes"
      }
      """
    let app = """
      import WidgetKit
      func saved() {
          WidgetCenter.shared.reloadTimelines(ofKind: WidgetKinds.note)
          WidgetCenter.shared.reloadTimelines(ofKind: WidgetKinds.stale)
      }
      """
    let (findings, project) = try lint(
      Self.files(
        app: app, widget: Self.widget(kind: "WidgetKinds.note"), extra: [("Widget/Kinds.swift", kinds)], shared: true))
    // The widget's kind is the constant of the other file, and so is the app's first reload: only the
    // second, whose constant names no widget, is reported, at its literal.
    let code = try #require(project.targetCode.first)
    let kind = try #require(code.bundledWidgets.first?.kind.flatMap(code.resolve))
    #expect(kind.value == "Note")
    #expect(kind.span.file.path.hasSuffix("Widget/Kinds.swift"))
    #expect(
      project.appCode?.files.map { ($0.file.path as NSString).lastPathComponent }.sorted() == [
        "AppMain.swift", "Kinds.swift",
      ])
    #expect(findings.map(\.ruleID) == ["unknown-widget-kind"], "\(findings.map(\.message))")
    #expect(findings.first?.file.hasSuffix("Widget/Kinds.swift") == true)
    #expect(findings.first.map(TestSupport.position) == "3:24-3:31")
    #expect(findings.first?.message.hasSuffix("did you mean 'Note'?") == true)
  }

  @Test func aTopLevelConstantOfAnotherFileIsTheWidgetsKind() throws {
    let kinds = "let noteKind = \"Note\"\n"
    let (findings, _) = try lint(
      Self.files(
        app: "import SwiftUI\n", widget: Self.widget(kind: "noteKind"),
        extra: [("Widget/Kinds.swift", kinds), ("Widget/MarkRead.swift", Self.intent)]))
    // The kinds are all known, so the intent's misspelt reload is found.
    #expect(findings.map(\.ruleID) == ["unknown-widget-kind"])
    #expect(findings.first?.file.hasSuffix("Widget/MarkRead.swift") == true)
    #expect(findings.first.map(TestSupport.start) == "6:53")
    #expect(findings.first?.message.contains("(Note)") == true)
  }

  @Test(arguments: [
    // `#if` branches that differ: which one builds is the builder's.
    "enum WidgetKinds {\n#if DEBUG\n    static let note = \"NoteDebug\"\n#else\n    static let note = \"Note\"\n#endif\n}\n",
    // A variable may change before it is read.
    "enum WidgetKinds {\n    static var note = \"Note\"\n}\n",
    // A computed property is code.
    "enum WidgetKinds {\n    static var note: String { \"Note\" }\n}\n",
    // Not a plain literal.
    "enum WidgetKinds {\n    static let note = \"No\" + \"te\"\n}\n",
    // Two declarations (one in an extension, in another file of the target).
    "enum WidgetKinds {\n    static let note = \"Note\"\n}\nextension WidgetKinds {\n    static let note = \"Nte\"\n}\n",
  ])
  func aKindThatIsNotDeclaredOnceByALetOfALiteralIsUnknown(_ kinds: String) throws {
    let (findings, project) = try lint(
      Self.files(
        app: "import SwiftUI\n", widget: Self.widget(kind: "WidgetKinds.note"),
        extra: [("Widget/Kinds.swift", kinds), ("Widget/MarkRead.swift", Self.intent)]))
    // The widget's kind is unknown: the reload of "Nte" may be its kind, and nothing is said of it but
    // one note, at the widget's kind.
    let code = try #require(project.targetCode.first)
    #expect(code.bundledWidgets.first?.kind.flatMap(code.resolve) == nil)
    #expect(findings.map { "\($0.ruleID) \(TestSupport.position($0))" } == ["computed-value 6:35-6:51"])
    #expect(findings.first?.file.hasSuffix("Widget/NoteWidget.swift") == true)
    #expect(findings.first?.message.hasPrefix("kind not checked: WidgetKinds.note is declared") == true)
  }

  @Test func ifBranchesThatDifferAreSaidInTheNote() throws {
    let kinds =
      "enum WidgetKinds {\n#if DEBUG\n    static let note = \"NoteDebug\"\n#else\n    static let note = \"Note\"\n#endif\n}\n"
    let (findings, _) = try lint(
      Self.files(
        app: "import SwiftUI\n", widget: Self.widget(kind: "WidgetKinds.note"), extra: [("Widget/Kinds.swift", kinds)]))
    #expect(
      findings.map(\.message) == [
        "kind not checked: WidgetKinds.note is declared more than once (`#if` branches?) with different values, 'NoteDebug' and 'Note'"
      ])
  }

  @Test func ifBranchesThatAgreeLeaveTheKindKnown() throws {
    let kinds =
      "enum WidgetKinds {\n#if DEBUG\n    static let note = \"Note\"\n#else\n    static let note = \"Note\"\n#endif\n}\n"
    let (findings, _) = try lint(
      Self.files(
        app: "import SwiftUI\n", widget: Self.widget(kind: "WidgetKinds.note"),
        extra: [("Widget/Kinds.swift", kinds), ("Widget/MarkRead.swift", Self.intent)]))
    #expect(findings.map(\.ruleID) == ["unknown-widget-kind"])
    #expect(findings.first.map(TestSupport.start) == "6:53")
  }

  @Test func aVariableOfTheEnclosingTypeHidesAConstantOfAnotherType() throws {
    // `kind` in `Refresher` is its own variable, not `Other.kind`.
    let app = """
      import WidgetKit
      struct Refresher {
          var kind = "Note"
          func reload() { WidgetCenter.shared.reloadTimelines(ofKind: kind) }
      }
      enum Other { static let kind = "Notes" }
      """
    let (findings, _) = try lint(Self.files(app: app, widget: Self.widget(kind: "\"Note\"")))
    #expect(findings.map { "\($0.ruleID) \(TestSupport.position($0))" } == ["computed-value 4:65-4:69"])
    #expect(
      findings.first?.message
        == "kind not checked: Refresher.kind is declared by a `var`, a computed property or a value other than a string literal"
    )
  }

  @Test func parametersAndLocalsHideTheConstantsOfTheirName() throws {
    let app = """
      import WidgetKit
      let kind = "Nte"
      enum Reloader {
          static func reload(kind: String) { WidgetCenter.shared.reloadTimelines(ofKind: kind) }
          static func reloadAll(_ kinds: [String]) {
              for kind in kinds { WidgetCenter.shared.reloadTimelines(ofKind: kind) }
              kinds.forEach { kind in WidgetCenter.shared.reloadTimelines(ofKind: kind) }
              if let kind = kinds.first { WidgetCenter.shared.reloadTimelines(ofKind: kind) }
          }
          static func reloadStored() {
              guard let kind = UserDefaults.standard.string(forKey: "kind") else { return }
              WidgetCenter.shared.reloadTimelines(ofKind: kind)
          }
          static func reloadLocal() {
              let kind = "Notes"
              WidgetCenter.shared.reloadTimelines(ofKind: kind)
          }
          static func reloadFileLevel() { WidgetCenter.shared.reloadTimelines(ofKind: kind) }
      }
      """
    let (findings, _) = try lint(Self.files(app: app, widget: Self.widget(kind: "\"Note\"")))
    // The parameter, the loop's, the closure's and the bindings' `kind` are not the file's: only the
    // local constant and the file's constant, where nothing hides it, are judged. The first kind the
    // code builds at run time (the loop's) is named in one note.
    #expect(
      findings.map { "\($0.ruleID) \(TestSupport.position($0))" } == [
        "unknown-widget-kind 2:12-2:17", "computed-value 6:73-6:77", "unknown-widget-kind 15:20-15:27",
      ], "\(findings.map(\.message))")
  }

  // MARK: Control kinds

  static let bundle = """
    import WidgetKit
    import SwiftUI
    import AppIntents
    @main
    struct NotesWidgets: WidgetBundle {
        var body: some Widget {
            NoteWidget()
            TimerToggle()
        }
    }
    struct NoteWidget: Widget {
        var body: some WidgetConfiguration {
            StaticConfiguration(kind: "Note", provider: Provider()) { _ in Text("").widgetBackground() }
                .supportedFamilies([.systemSmall])
        }
    }
    struct TimerToggle: ControlWidget {
        static let kind = "com.example.app.timer"
        var body: some ControlWidgetConfiguration {
            StaticControlConfiguration(kind: Self.kind) {
                ControlWidgetButton(action: StartTimer()) { Label("Start", systemImage: "timer") }
            }
        }
    }
    struct Provider {
        let defaults = UserDefaults(suiteName: "group.com.example.app")
    }
    extension View {
        @ViewBuilder func widgetBackground() -> some View {
            if #available(iOS 17.0, *) { containerBackground(.clear, for: .widget) } else { self }
        }
    }
    """

  @Test func controlReloadsAreJudgedAgainstControlKinds() throws {
    let app = """
      import WidgetKit
      func started() {
          ControlCenter.shared.reloadControls(ofKind: "com.example.app.timer")
          ControlCenter.shared.reloadControls(ofKind: "com.example.app.timr")
          ControlCenter.shared.reloadControls(ofKind: "Note")
          WidgetCenter.shared.reloadTimelines(ofKind: "com.example.app.timer")
      }
      """
    let (findings, project) = try lint(Self.files(app: app, widget: Self.bundle, widgetDeploymentTarget: "18.0"))
    let code = try #require(project.targetCode.first)
    #expect(code.bundledControls == ["TimerToggle"])
    #expect(code.controlKinds["TimerToggle"].flatMap(code.resolve)?.value == "com.example.app.timer")
    // A misspelt control kind, a widget's kind given as a control's, and a control's given as a widget's.
    #expect(
      findings.map { "\($0.ruleID) \(TestSupport.position($0))" } == [
        "unknown-widget-kind 4:49-4:71", "unknown-widget-kind 5:49-5:55", "unknown-widget-kind 6:49-6:72",
      ], "\(findings.map(\.message))")
    #expect(findings.first?.message.hasSuffix("did you mean 'com.example.app.timer'?") == true)
    #expect(findings.first?.message.contains("names no control's kind") == true)
    #expect(findings.last?.message.contains("names no widget's kind") == true)
  }

  @Test func controlReloadsAreSilentWhenAControlsKindIsNotKnown() throws {
    let widget = Self.bundle.replacingOccurrences(
      of: "StaticControlConfiguration(kind: Self.kind)",
      with: "StaticControlConfiguration(kind: Bundle.main.bundleIdentifier! + \".timer\")")
    let app =
      "import WidgetKit\nfunc started() { ControlCenter.shared.reloadControls(ofKind: \"com.example.app.timr\") }\n"
    let (findings, _) = try lint(Self.files(app: app, widget: widget, widgetDeploymentTarget: "18.0"))
    #expect(findings.isEmpty, "\(findings.map(\.message))")
  }

  @Test func aControlReloadInTheExtensionItselfIsJudged() throws {
    let intent = """
      import AppIntents
      import WidgetKit
      struct StartTimer: AppIntent {
          static let title: LocalizedStringResource = "Start"
          func perform() async throws -> some IntentResult {
              ControlCenter.shared.reloadControls(ofKind: TimerToggle.kind + "")
              ControlCenter.shared.reloadControls(ofKind: "timer")
              return .result()
          }
      }
      """
    let (findings, _) = try lint(
      Self.files(
        app: "import SwiftUI\n", widget: Self.bundle, extra: [("Widget/StartTimer.swift", intent)],
        widgetDeploymentTarget: "18.0"))
    // The kind built by `+` is not followed: one note says so.
    #expect(
      findings.map { "\($0.ruleID) \(TestSupport.start($0))" } == ["computed-value 6:53", "unknown-widget-kind 7:53"])
    #expect(findings.allSatisfy { $0.file.hasSuffix("Widget/StartTimer.swift") })
  }

  // MARK: Dart

  static func dart(_ text: String) -> [String] {
    DartHomeWidgetScannerTests.summary(DartHomeWidgetScanner.scan(SourceText(path: "lib/main.dart", text: text)))
  }

  @Test func dartCallsInEveryForm() {
    let calls = Self.dart(
      """
      import 'dart:io';
      import 'package:home_widget/home_widget.dart';

      const appGroupId = 'group.com.example.counter';

      class WidgetKinds {
        static const String counter = 'CounterWidget';
      }

      Future<void> save(int count) async {
        await HomeWidget.setAppGroupId(appGroupId);
        final updated = await HomeWidget.updateWidget(
          name: 'CounterWidgetProvider',
          androidName: 'CounterWidgetProvider',
          qualifiedAndroidName: 'com.example.counter.CounterWidgetProvider',
          iOSName: WidgetKinds.counter,
        );
        if (Platform.isIOS) {
          await HomeWidget.updateWidget(iOSName: 'CountrWidget',);
        }
        bool? done = await HomeWidget.updateWidget(androidName: 'A', iOSName: null, name: 'CounterWidget');
      }
      """)
    #expect(
      calls == [
        "setAppGroupId group.com.example.counter@4:20-4:47", "updateWidget CounterWidget@7:33-7:48",
        "updateWidget CountrWidget@19:44-19:58", "updateWidget CounterWidget@21:85-21:100",
      ])
  }

  @Test func dartNameWithoutIOSNameRecordsWhichArgumentGaveTheKind() {
    let calls = DartHomeWidgetScanner.scan(
      SourceText(
        path: "lib/main.dart",
        text: """
          HomeWidget.updateWidget(name: 'A');
          HomeWidget.updateWidget(name: 'A', iOSName: 'B');
          HomeWidget.updateWidget(iOSName: null, name: 'C');
          HomeWidget.updateWidget(iOSName: kind, name: 'D');
          """))
    #expect(calls.map(\.argumentName) == ["name", "iOSName", "name", "iOSName"])
    #expect(calls.map { $0.argument?.value } == ["A", "B", "C", nil])
  }

  /// A copy of the broken Flutter project with `main.dart`'s reload replaced by `reload`, and
  /// `pubspec.yaml`'s home_widget constraint and `pubspec.lock` as given.
  func lintFlutter(reload: String, constraint: String, lock: String? = nil) throws -> [String] {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "widgetlint-tests-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    try FileManager.default.copyItem(
      at: URL(fileURLWithPath: TestSupport.path("examples/broken-projects/flutter-unknown-ios-name")), to: directory)
    let main = directory.appendingPathComponent("lib/main.dart")
    let text = try String(contentsOf: main, encoding: .utf8).replacingOccurrences(
      of:
        "    await HomeWidget.updateWidget(\n      iOSName: 'CounterWidgetExtension',\n      androidName: 'CounterWidgetProvider',\n    );",
      with: reload)
    try Data(text.utf8).write(to: main)
    let pubspec = directory.appendingPathComponent("pubspec.yaml")
    try Data(
      try String(contentsOf: pubspec, encoding: .utf8).replacingOccurrences(
        of: "home_widget: ^0.7.0", with: "home_widget: \(constraint)"
      ).utf8
    ).write(to: pubspec)
    if let lock {
      try Data(
        "packages:\n  home_widget:\n    dependency: \"direct main\"\n    source: hosted\n    version: \"\(lock)\"\n"
          .utf8
      ).write(to: directory.appendingPathComponent("pubspec.lock"))
    }
    let report = LintRun(discoversConfiguration: false).run(arguments: [directory.path])
    #expect(report.inputErrors.isEmpty)
    let root = directory.path + "/"
    return report.findings.map { finding in
      let start = finding.range.start
      let path = finding.file.hasPrefix(root) ? String(finding.file.dropFirst(root.count)) : finding.file
      return "\(finding.ruleID) \(path):\(start.line):\(start.column) \(finding.message)"
    }
  }

  static let nameOnly =
    "    await HomeWidget.updateWidget(\n      androidName: 'CounterWidgetProvider',\n      name: 'Counter',\n    );"

  @Test func dartNameIsTheIOSKindFromHomeWidget090() throws {
    // From 0.9.0, by the constraint's lower bound or by the version the lock resolved.
    let expected = [
      "unknown-widget-kind lib/main.dart:62:13 name 'Counter', which home_widget reloads on iOS when iOSName is not given, is not the kind of any widget in the extension (CounterWidget); the reload does nothing; did you mean 'CounterWidget'?"
    ]
    #expect(try lintFlutter(reload: Self.nameOnly, constraint: "^0.9.0") == expected)
    #expect(try lintFlutter(reload: Self.nameOnly, constraint: "'>=0.9.1 <1.0.0'") == expected)
    #expect(try lintFlutter(reload: Self.nameOnly, constraint: "^0.8.0", lock: "0.9.0") == expected)
    let reloadsTheKind = "    await HomeWidget.updateWidget(name: 'CounterWidget');"
    #expect(try lintFlutter(reload: reloadsTheKind, constraint: "^0.9.0") == [])
  }

  @Test func dartNameIsNotJudgedBeforeHomeWidget090OrWhenTheVersionIsNotKnown() throws {
    // Before 0.9.0 the iOS plugin read only `iOSName`; `any`, a pre-release or a git dependency say
    // nothing certain.
    #expect(try lintFlutter(reload: Self.nameOnly, constraint: "^0.8.1") == [])
    #expect(try lintFlutter(reload: Self.nameOnly, constraint: "any") == [])
    #expect(try lintFlutter(reload: Self.nameOnly, constraint: "^0.8.0", lock: "0.8.1") == [])
    #expect(try lintFlutter(reload: Self.nameOnly, constraint: "^0.9.0", lock: "0.9.0-dev.1") == [])
  }

  @Test func dartIOSNameIsJudgedWhateverTheVersion() throws {
    let reload =
      "    final ok = await HomeWidget.updateWidget(\n      name: 'CounterWidget',\n      iOSName: 'Counter',\n    );"
    #expect(
      try lintFlutter(reload: reload, constraint: "^0.7.0").map {
        String($0.prefix(while: { $0 != " " })) + " " + ($0.split(separator: " ")[1])
      } == [
        "unknown-widget-kind lib/main.dart:62:16"
      ])
  }

  // MARK: JavaScript

  func lintExpo(_ extra: [(path: String, contents: String)], widget: String = ExpoAppScriptTests.widgetSwift) throws
    -> [String]
  {
    let (findings, _) = try ExpoAppScriptTests().lint(ExpoAppScriptTests.app(extra, widget: widget))
    return ExpoAppScriptTests.positions(findings)
  }

  static let save = """
    import { ExtensionStorage } from "@bacons/apple-targets";
    import { APP_GROUP, KIND } from "@/constants";

    export function save(title: string) {
      new ExtensionStorage(APP_GROUP).set("title", title);
      ExtensionStorage.reloadWidget(KIND);
    }
    """

  static let constants = """
    export const APP_GROUP = "group.com.example.notes";
    export const KIND = "NoteWidget";
    """

  @Test(arguments: [
    // Expo's template: `@/*` to the app's folder, its base the expo package's (which sets no paths).
    #"{ "extends": "expo/tsconfig.base", "compilerOptions": { "strict": true, "paths": { "@/*": ["./*"] } } }"#,
    // With a baseUrl, comments and trailing commas (tsconfig is read as JSON5).
    "{\n  // aliases\n  \"compilerOptions\": { \"baseUrl\": \".\", \"paths\": { \"@/*\": [\"*\"], }, },\n}",
    // From a local base, whose baseUrl is relative to it.
    #"{ "extends": "./config/tsconfig.base.json" }"#,
  ])
  func anImportThroughATSConfigAliasIsFollowed(_ tsconfig: String) throws {
    let base = #"{ "compilerOptions": { "baseUrl": "..", "paths": { "@/*": ["./missing/*", "./*"] } } }"#
    let findings = try lintExpo([
      ("tsconfig.json", tsconfig), ("config/tsconfig.base.json", base), ("src/save.ts", Self.save),
      ("constants.ts", Self.constants),
    ])
    // The kind is judged at the constant's literal, in the module the alias names.
    #expect(findings == ["unknown-widget-kind constants.ts:2:21"])
  }

  @Test(arguments: [
    // No tsconfig: `@/constants` is a package name.
    nil,
    // A base of another package may set `paths`.
    #"{ "extends": "@tsconfig/react-native/tsconfig.json" }"#,
    // A base of another package may set `baseUrl`, which the local paths are relative to.
    #"{ "extends": "@tsconfig/react-native", "compilerOptions": { "paths": { "@/*": ["./*"] } } }"#,
    // No pattern matches.
    #"{ "compilerOptions": { "paths": { "~/*": ["./*"] } } }"#,
  ])
  func anAliasThatIsNotResolvableIsUnknown(_ tsconfig: String?) throws {
    let files: [(path: String, contents: String)] =
      [("src/save.ts", Self.save), ("constants.ts", Self.constants)] + (tsconfig.map { [("tsconfig.json", $0)] } ?? [])
    #expect(try lintExpo(files) == [])
  }

  @Test(arguments: [
    "exports.APP_GROUP = \"group.com.example.notes\";\nexports.KIND = \"NoteWidget\";\n",
    "const KIND = \"NoteWidget\";\nmodule.exports = {\n  APP_GROUP: \"group.com.example.notes\",\n  KIND,\n};\n",
    "module.exports.APP_GROUP = 'group.com.example.notes';\nmodule.exports.KIND = 'NoteWidget';\n",
  ])
  func commonJSExportsReadByRequire(_ constants: String) throws {
    let save = """
      const { ExtensionStorage } = require("@bacons/apple-targets");
      const { APP_GROUP, KIND } = require("./constants");

      function save(title) {
        new ExtensionStorage(APP_GROUP).set("title", title);
        ExtensionStorage.reloadWidget(KIND);
      }
      module.exports = { save };
      """
    let findings = try lintExpo([("src/save.js", save), ("src/constants.js", constants)])
    #expect(findings.count == 1)
    #expect(findings.first?.hasPrefix("unknown-widget-kind src/constants.js:") == true)
    // The literal "NoteWidget" of each form.
    let line = constants.components(separatedBy: "\n").firstIndex { $0.contains("NoteWidget") }.map { $0 + 1 }
    let column = constants.components(separatedBy: "\n").first { $0.contains("NoteWidget") }.map {
      $0.distance(from: $0.startIndex, to: $0.firstIndex(where: { $0 == "\"" || $0 == "'" })!) + 1
    }
    #expect(findings.first == "unknown-widget-kind src/constants.js:\(line!):\(column!)")
  }

  @Test(arguments: [
    // Replaced twice, or by something else than an object of plain members: not known.
    "module.exports = { KIND: \"NoteWidget\" };\nmodule.exports = { KIND: \"Other\" };\n",
    "module.exports = { ...base, KIND: \"NoteWidget\" };\n",
    "module.exports = makeConstants();\nexports.KIND = \"NoteWidget\";\n",
    "exports.KIND = \"NoteWidget\";\nexports.KIND = \"Other\";\n",
    "exports.KIND = process.env.KIND;\n",
  ])
  func commonJSExportsThatAreNotKnown(_ constants: String) throws {
    let save = """
      const { ExtensionStorage } = require("@bacons/apple-targets");
      const { KIND } = require("./constants");
      ExtensionStorage.reloadWidget(KIND);
      """
    #expect(try lintExpo([("src/save.js", save), ("src/constants.js", constants)]) == [])
  }

  static let controlWidget = """
    import SwiftUI
    import WidgetKit

    @main
    struct NotesBundle: WidgetBundle {
        var body: some Widget {
            NotesWidget()
            if #available(iOS 18.0, *) {
                NewNoteControl()
            }
        }
    }

    struct NotesWidget: Widget {
        var body: some WidgetConfiguration {
            StaticConfiguration(kind: "NotesWidget", provider: Provider()) { entry in
                Text(entry.title)
                    .containerBackground(.background, for: .widget)
            }
            .supportedFamilies([.systemSmall])
        }
    }

    @available(iOS 18.0, *)
    struct NewNoteControl: ControlWidget {
        var body: some ControlWidgetConfiguration {
            AppIntentControlConfiguration(kind: "com.example.notes.new", provider: NewNoteProvider()) { value in
                ControlWidgetButton(action: NewNoteIntent()) { Label("New note", systemImage: "plus") }
            }
        }
    }
    """

  @Test func expoControlReloadsAreJudgedAgainstControlKinds() throws {
    let save = """
      import { ExtensionStorage } from "@bacons/apple-targets";
      ExtensionStorage.reloadControls("com.example.notes.new");
      ExtensionStorage.reloadControls("com.example.note.new");
      ExtensionStorage.reloadControls();
      ExtensionStorage.reloadWidget("NotesWidget");
      """
    let (findings, _) = try ExpoAppScriptTests().lint(
      ExpoAppScriptTests.app([("src/save.ts", save)], widget: Self.controlWidget))
    #expect(ExpoAppScriptTests.positions(findings) == ["unknown-widget-kind src/save.ts:3:33"])
    #expect(
      findings.first?.message
        == "ExtensionStorage.reloadControls('com.example.note.new') names no control's kind (com.example.notes.new); the reload does nothing; did you mean 'com.example.notes.new'?"
    )
  }
}
