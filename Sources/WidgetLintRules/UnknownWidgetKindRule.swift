import WidgetLintCore
import WidgetLintModel

/// `unknown-widget-kind`: the app asks to reload a widget kind no widget has.
public struct UnknownWidgetKindRule: Rule {
  public static let metadata = RuleMetadata(
    id: .unknownWidgetKind,
    defaultSeverity: .error,
    summary: "The app reloads a widget or control kind that no widget or control in the extension declares.",
    rationale: """
      An app tells WidgetKit that a widget's data changed with
      `WidgetCenter.shared.reloadTimelines(ofKind:)`; a Flutter app does it with
      `HomeWidget.updateWidget(iOSName: '…')`, and an Expo app with @bacons/apple-targets'
      `ExtensionStorage.reloadWidget('…')`, each of which calls it with that name. The name must be the
      `kind` of a widget in the extension: any other name reloads nothing, and the widget keeps showing
      stale data without an error. widgetlint compares the name with the kinds the extension's `@main`
      bundle declares, when all of them are known. It reads the reloads in the Dart code, in an Expo
      app's JavaScript and TypeScript, in the Xcode app target's Swift (the files that call
      `reloadTimelines`, and those holding the constants they use), and in the widget extensions' own
      Swift (an App Intent reloading its widget); a kind the code computes, or a constant that is not
      declared once by a `let` of a string literal (a `var`, a computed property, `#if` branches that
      differ), is not checked.

      Controls (iOS 18) are reloaded by their own kind: `ControlCenter.shared.reloadControls(ofKind:)`,
      which `ExtensionStorage.reloadControls('…')` calls. Those names are compared with the kinds of the
      controls the bundle lists (`StaticControlConfiguration(kind:)`, `AppIntentControlConfiguration(kind:)`),
      not with the widgets' kinds, when all of them are known.

      home_widget's iOS plugin reloads `iOSName`, or from version 0.9.0 `name` when `iOSName` is not given;
      `name` alone is judged only where the app's home_widget is known to be 0.9.0 or later.

      Sources: home_widget's `HomeWidget.updateWidget` (pub.dev/packages/home_widget) and its changelog,
      0.9.0, "Fix iOS Widget Updating using only `name` parameter" (https://github.com/ABausG/home_widget);
      @bacons/apple-targets' README, "Sharing data between targets" (https://github.com/EvanBacon/expo-apple-targets),
      whose `reloadWidget(name)` calls `reloadTimelines(ofKind:)` and `reloadControls(name)`
      `ControlCenter.shared.reloadControls(ofKind:)`; Apple, `reloadTimelines(ofKind:)`
      (https://developer.apple.com/documentation/widgetkit/widgetcenter/reloadtimelines(ofkind:)) and
      `reloadControls(ofKind:)` (https://developer.apple.com/documentation/widgetkit/controlcenter/reloadcontrols(ofkind:)),
      which a kind nothing declares never reaches.
      """,
    examples: [
      .failing(
        "iOSName is the extension's target name, not the widget's kind",
        "",
        files: UnknownWidgetKindRule.exampleFiles(iOSName: "↓'CounterWidgetExtension'")),
      .passing(
        "iOSName is the widget's kind",
        "",
        files: UnknownWidgetKindRule.exampleFiles(iOSName: "'CounterWidget'")),
      .failing(
        "An Expo app reloads a kind its constant misspells",
        "",
        files: UnknownWidgetKindRule.expoExampleFiles(kind: "↓\"Note\"")),
      .passing(
        "The constant is the widget's kind",
        "",
        files: UnknownWidgetKindRule.expoExampleFiles(kind: "\"NoteWidget\"")),
    ])

  public init() {}

  package static func exampleFiles(iOSName: String) -> [(String, String)] {
    [
      (
        "pubspec.yaml",
        """
        name: counter
        dependencies:
          flutter:
            sdk: flutter
          home_widget: ^0.7.0
        """
      ),
      (
        "lib/main.dart",
        """
        import 'package:home_widget/home_widget.dart';

        Future<void> increment(int count) async {
          await HomeWidget.saveWidgetData<int>('counter', count);
          await HomeWidget.updateWidget(iOSName: \(iOSName));
        }
        """
      ),
      (
        "ios/CounterWidget/Info.plist",
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
          <key>NSExtension</key>
          <dict>
            <key>NSExtensionPointIdentifier</key>
            <string>com.apple.widgetkit-extension</string>
          </dict>
        </dict>
        </plist>
        """
      ),
      (
        "ios/CounterWidget/CounterWidget.swift",
        """
        import SwiftUI
        import WidgetKit

        @main
        struct CounterWidget: Widget {
            var body: some WidgetConfiguration {
                StaticConfiguration(kind: "CounterWidget", provider: Provider()) { entry in
                    CounterView(entry: entry)
                }
                .supportedFamilies([.systemSmall])
            }
        }
        """
      ),
    ]
  }

  package static func expoExampleFiles(kind: String) -> [(String, String)] {
    [
      (
        "app.json",
        """
        {
          "expo": {
            "ios": {
              "bundleIdentifier": "com.example.notes",
              "entitlements": { "com.apple.security.application-groups": ["group.com.example.notes"] }
            },
            "plugins": ["@bacons/apple-targets"]
          }
        }
        """
      ),
      ("package.json", #"{ "dependencies": { "expo": "~53.0.0", "@bacons/apple-targets": "^3.0.0" } }"#),
      ("src/widgets.ts", "export const NOTE_KIND = \(kind);"),
      (
        "src/save.ts",
        """
        import { ExtensionStorage } from "@bacons/apple-targets";
        import { NOTE_KIND } from "./widgets";

        const storage = new ExtensionStorage("group.com.example.notes");

        export function saveNote(text: string) {
          storage.set("note", text);
          ExtensionStorage.reloadWidget(NOTE_KIND);
        }
        """
      ),
      ("targets/widget/expo-target.config.json", #"{ "type": "widget", "entitlements": {} }"#),
      (
        "targets/widget/NoteWidget.swift",
        """
        import SwiftUI
        import WidgetKit

        @main
        struct NoteWidget: Widget {
            var body: some WidgetConfiguration {
                StaticConfiguration(kind: "NoteWidget", provider: NoteProvider()) { entry in
                    NoteView(entry: entry)
                }
                .supportedFamilies([.systemSmall])
            }
        }
        """
      ),
    ]
  }

  public func check(_ context: RuleContext) {
    checkWidgetKinds(context)
    checkControlKinds(context)
  }

  private typealias SwiftReload = (kind: String, span: SourceSpan, pointer: JSONPointer, subject: String?)

  /// The kinds the Swift code reloads (`uses` picks which): the app's code, and the widget extensions'
  /// own (an intent reloading its widget), each where the kind is written: the literal, in the call or
  /// in the constant it uses.
  private func swiftReloads(_ context: RuleContext, _ uses: (WidgetCodeFacts) -> [WidgetCodeFacts.StringUse])
    -> [SwiftReload]
  {
    var reloads: [SwiftReload] = []
    if let app = context.project.appCode {
      let pointer = context.manifest?.app?.pointer.appending("sources") ?? JSONPointer(["app", "sources"])
      for use in app.files.flatMap({ uses($0.code) }) {
        if let (kind, span) = app.resolve(use) { reloads.append((kind, span, pointer, nil)) }
      }
    }
    // A watch app's code reloads the widgets of the watch extensions it carries.
    for (host, code) in context.project.hostCode {
      for use in code.files.flatMap({ uses($0.code) }) {
        if let (kind, span) = code.resolve(use) {
          reloads.append((kind, span, host.pointer.appending("sources"), host.name?.value))
        }
      }
    }
    for (target, code) in context.targetsWithCode {
      for use in code.files.flatMap({ uses($0.code) }) {
        if let (kind, span) = code.resolve(use) {
          reloads.append((kind, span, target.pointer.appending("sources"), target.name?.value))
        }
      }
    }
    return reloads
  }

  private func checkWidgetKinds(_ context: RuleContext) {
    let reloads = context.project.appCalls.filter { $0.effect == .reloadsWidgetKind }
    let targets = context.targetsWithCode
    let swiftReloads = swiftReloads(context, \.reloadedKinds)
    guard !reloads.isEmpty || !swiftReloads.isEmpty else { return }
    // Every widget extension's list must be known, or a missing kind is not certain.
    guard !targets.isEmpty, targets.allSatisfy({ $0.code.declaresWidgets && $0.code.bundleIsFullyKnown }) else {
      return
    }
    var kinds: [String] = []
    for (_, code) in targets {
      for widget in code.bundledWidgets {
        guard let use = widget.kind, let kind = code.resolve(use)?.value else { return }
        kinds.append(kind)
      }
    }
    let knownKinds = Set(kinds)
    // One widget compiled into an iOS and a watch extension is one kind.
    var listed: Set<String> = []
    kinds = kinds.filter { listed.insert($0).inserted }
    var suggester = Suggester(candidates: kinds)
    func suggestion(for name: String) -> String {
      suggester.closest(to: name).map { "; did you mean '\($0)'?" } ?? ""
    }
    for call in reloads where !knownKinds.contains(call.name.value) {
      let name = call.name
      let reload =
        switch call.language {
        case .dart:
          call.argumentName == "name"
            ? "name '\(name.value)', which home_widget reloads on iOS when iOSName is not given, is not the kind of any widget in the extension"
            : "iOSName '\(name.value)' is not the kind of any widget in the extension"
        case .javaScript: "\(call.callee)('\(name.value)') names no widget's kind"
        }
      context.report(
        "\(reload) (\(Wording.list(kinds))); the reload does nothing" + suggestion(for: name.value), at: name)
    }
    for reload in swiftReloads where !knownKinds.contains(reload.kind) {
      context.report(
        "reloadTimelines(ofKind: '\(reload.kind)') names no widget's kind (\(Wording.list(kinds))); the reload does nothing"
          + suggestion(for: reload.kind), at: reload.span, pointer: reload.pointer, subject: reload.subject)
    }
  }

  /// `ExtensionStorage.reloadControls('…')` and `ControlCenter.shared.reloadControls(ofKind:)` name a
  /// control's kind: judged against the controls the bundles list, when every one of them is known.
  private func checkControlKinds(_ context: RuleContext) {
    let reloads = context.project.appCalls.filter { $0.effect == .reloadsControlKind }
    let targets = context.targetsWithCode
    let swiftReloads = swiftReloads(context, \.reloadedControlKinds)
    guard !reloads.isEmpty || !swiftReloads.isEmpty else { return }
    guard !targets.isEmpty, targets.allSatisfy({ $0.code.declaresWidgets && $0.code.bundleIsFullyKnown }) else {
      return
    }
    var kinds: [String] = []
    for (_, code) in targets {
      for control in code.bundledControls {
        guard let use = code.controlKinds[control], let kind = code.resolve(use)?.value else { return }
        kinds.append(kind)
      }
    }
    let knownKinds = Set(kinds)
    var suggester = Suggester(candidates: kinds)
    let declared = kinds.isEmpty ? "the extension declares no control" : Wording.list(kinds)
    func message(_ reload: String, _ name: String) -> String {
      "\(reload) names no control's kind (\(declared)); the reload does nothing"
        + (suggester.closest(to: name).map { "; did you mean '\($0)'?" } ?? "")
    }
    for call in reloads where !knownKinds.contains(call.name.value) {
      context.report(message("\(call.callee)('\(call.name.value)')", call.name.value), at: call.name)
    }
    for reload in swiftReloads where !knownKinds.contains(reload.kind) {
      context.report(
        message("reloadControls(ofKind: '\(reload.kind)')", reload.kind), at: reload.span, pointer: reload.pointer,
        subject: reload.subject)
    }
  }
}
