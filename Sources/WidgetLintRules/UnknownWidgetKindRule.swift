import WidgetLintCore
import WidgetLintModel

/// `unknown-widget-kind`: the app asks to reload a widget kind no widget has.
public struct UnknownWidgetKindRule: Rule {
  public static let metadata = RuleMetadata(
    id: "unknown-widget-kind",
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
      Swift (an App Intent reloading its widget); a constant may be the file's, another type's
      (`Kinds.note`), or a stored or static `let` of the type the call is in (`widgetKind`,
      `self.widgetKind`, `Self.widgetKind`), and a `let` of another constant
      (`let kind = WidgetKinds.note`) stands for it. A kind the code computes, or a constant that is not
      declared once by a `let` of a string literal or of such a constant (a `var`, a computed property,
      a `let` an initialiser sets, `#if` branches that differ), is not checked. A kind may also be an enum's case: `WidgetKind.notes.rawValue`, with
      `enum WidgetKind: String`, is the case's raw value, or its name when it gives none. A function of
      the app's own that passes one of its parameters to `reloadTimelines(ofKind:)`
      (`func reload(kind: String)`, or `func reload(_ widget: WidgetKind)` reloading `widget.rawValue`)
      is followed to its calls in any file of the target, and the kinds they pass are judged where they
      are written. Not followed: a wrapper whose parameter another wrapper passes on, and reloads in a
      Swift package that is not in the repository or in a framework of another project (the project's own
      frameworks and the repository's packages the app uses are read as the app's code). A widget's kind
      may name a constant or an enum's case declared in a framework of the project that the extension
      links along with the app: those files are searched for its declaration. A kind that a widget
      declares while no WidgetBundle lists that widget is
      not shipped either: the finding says so, with the widget's declaration as a related location.

      A reload reaches the widgets of the app that makes it (Apple, of `WidgetCenter`'s
      `reloadAllTimelines()`: "all configured widgets belonging to the containing app",
      https://developer.apple.com/documentation/widgetkit/widgetcenter/reloadalltimelines()): the
      iPhone app's reloads, and those of its extensions, are judged against the widgets of the
      extensions it carries, and a watch app's against those of the watch
      extensions it embeds. Live Activities (`ActivityConfiguration`) have no kind and are left out.
      A bundle's `#if` clauses are read as its `if` branches are: each may ship. An `@main` type that
      launches bundles from its `static func main()` (`if #available(iOS 18.0, *) { NewBundle.main() }
      else { OldBundle.main() }`) ships what any of them lists. When one of those widgets' kinds, or
      the list the `@main` bundle makes (a `main()` that does more than launch bundles, a body that does
      more than list widgets), is not known, the app's reloads are not judged, and one
      `computed-value` note says which.

      Controls (iOS 18) are reloaded by their own kind: `ControlCenter.shared.reloadControls(ofKind:)`,
      which `ExtensionStorage.reloadControls('…')` calls. Those names are compared with the kinds of the
      controls the bundle lists (`StaticControlConfiguration(kind:)`, `AppIntentControlConfiguration(kind:)`),
      not with the widgets' kinds, when all of them are known.

      In Dart, the name may be a `const` or `final` local, or a constant of the call's file or of a file it
      sees (a `part` of its library, or a file of the app it imports, at top level or `static const` in a
      class, as `WidgetKinds.counter`); a function of the app's that passes its parameter to
      `HomeWidget.updateWidget` is followed to the names its calls pass, and a loop through a list of
      strings to each of them. A name that needs the app to run (a parameter no call passes a known
      value, a `var`, a lookup, a call's result) is not judged: one `computed-value` note says which.

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
    fixable: """
      a typo: a reloaded name that exactly one declared kind is near (at most two edits away, and no more than a third of the name's length rounded up; a difference of case counts as none, two neighbouring letters swapped as one), written as a string literal in the call itself whose bytes are its quotes and its value (no escape sequence, interpolation or concatenation). The literal's contents are replaced by the kind, its quotes kept. A name in a constant, which other code may use, or one that two kinds are near, is reported with the closest kind and not fixed.
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

  /// A kind the Swift code reloads, where it is written; `isInCall` when that is a literal in the call.
  /// `host`: the watch app whose extensions the reload reaches, nil for the app's.
  private typealias SwiftReload = (
    kind: String, span: SourceSpan, pointer: JSONPointer, subject: String?, isInCall: Bool, host: JSONPointer?
  )

  /// The kinds the Swift code reloads (`uses` picks which): the app's code, and the widget extensions'
  /// own (an intent reloading its widget), each where the kind is written: the literal, in the call or
  /// in the constant it uses.
  private func swiftReloads(_ context: RuleContext, _ uses: (TargetCode) -> [WidgetCodeFacts.StringUse])
    -> [SwiftReload]
  {
    var reloads: [SwiftReload] = []
    if let app = context.project.appCode {
      let pointer = context.manifest?.app?.pointer.appending("sources") ?? JSONPointer(["app", "sources"])
      for use in uses(app) {
        if let (kind, span) = app.resolve(use) { reloads.append((kind, span, pointer, nil, use.isLiteral, nil)) }
      }
    }
    // A watch app's code reloads the widgets of the watch extensions it carries.
    for (host, code) in context.project.hostCode {
      for use in uses(code) {
        if let (kind, span) = code.resolve(use) {
          reloads.append(
            (kind, span, host.pointer.appending("sources"), host.name?.value, use.isLiteral, host.pointer))
        }
      }
    }
    for (target, code) in context.targetsWithCode {
      for use in uses(code) {
        if let (kind, span) = code.resolve(use) {
          reloads.append(
            (
              kind, span, target.pointer.appending("sources"), target.name?.value, use.isLiteral,
              target.host?.pointer
            ))
        }
      }
    }
    return reloads
  }

  /// A reload reaches the widgets of the app that makes it: the app's extensions, or a watch app's.
  /// Each app's reloads are judged against its own widgets, so a watch widget whose kind is unknown
  /// leaves the app's reloads judged.
  private func checkWidgetKinds(_ context: RuleContext) {
    let swiftReloads = swiftReloads(context, \.reloadedKinds)
    checkWidgetKinds(
      context, host: nil, reloads: context.project.appCalls.filter { $0.effect == .reloadsWidgetKind },
      swiftReloads: swiftReloads.filter { $0.host == nil })
    for host in Set(swiftReloads.compactMap(\.host)).sorted() {
      checkWidgetKinds(context, host: host, reloads: [], swiftReloads: swiftReloads.filter { $0.host == host })
    }
  }

  private func checkWidgetKinds(
    _ context: RuleContext, host: JSONPointer?, reloads: [AppCall], swiftReloads: [SwiftReload]
  ) {
    let targets = context.targetsWithCode.filter { $0.target.host?.pointer == host }
    guard !reloads.isEmpty || !swiftReloads.isEmpty else { return }
    // Targets whose widgets a config plugin generates from its list (expo-widgets, Voltra) declare them there.
    let configTargets = host != nil ? [] : context.manifest?.targets.filter(\.widgetsDeclaredInConfig) ?? []
    // Every widget extension's list must be known, or a missing kind is not certain.
    guard !targets.isEmpty || !configTargets.isEmpty,
      targets.allSatisfy({ $0.code.declaresWidgets && $0.code.bundleIsFullyKnown })
    else {
      return
    }
    var kinds: [String] = []
    for target in configTargets {
      for widget in target.widgets {
        guard let kind = widget.kind?.value else { return }
        kinds.append(kind)
      }
    }
    for (_, code) in targets {
      // A Live Activity has no kind: nothing reloads it by one.
      for widget in code.bundledWidgets where !widget.isLiveActivity {
        guard let use = widget.kind, let kind = code.resolve(use)?.value else { return }
        kinds.append(kind)
      }
    }
    let knownKinds = Set(kinds)
    // A widget declared in an extension and listed in no bundle is not shipped: a reload of its kind
    // does nothing either, and the declaration is where to look.
    var unshipped: [String: (typeName: String, span: SourceSpan)] = [:]
    for (_, code) in targets {
      let bundled = Set(code.bundledWidgets.map(\.typeName))
      for widget in code.widgets.values where !bundled.contains(widget.typeName) {
        guard let use = widget.kind, let kind = code.resolve(use)?.value, !knownKinds.contains(kind) else { continue }
        unshipped[kind] = (widget.typeName, widget.nameSpan)
      }
    }
    func unshippedNote(_ kind: String) -> (text: String, related: [RelatedLocation]) {
      guard let widget = unshipped[kind] else { return ("", []) }
      return (
        "; widget '\(widget.typeName)' declares it, but no WidgetBundle lists that widget, so it is not shipped",
        [RelatedLocation("widget '\(widget.typeName)' declared here, in no WidgetBundle", at: widget.span)]
      )
    }
    // One widget compiled into an iOS and a watch extension is one kind.
    var listed: Set<String> = []
    kinds = kinds.filter { listed.insert($0).inserted }
    // An extension of Live Activities and controls only has no kind a reload could name.
    let declared = kinds.isEmpty ? "the extension has no widget with a kind" : Wording.list(kinds)
    var suggester = Suggester(candidates: kinds)
    var nearKinds = NearKinds(knownKinds)
    /// The kind a misspelt name stands for: the one near match, which a fix may write, else the closest.
    func suggestion(for name: String) -> (text: String, fixKind: String?) {
      if let near = nearKinds.only(to: name) { return ("; did you mean '\(near)'?", near) }
      return (suggester.closest(to: name).map { "; did you mean '\($0)'?" } ?? "", nil)
    }
    func fix(_ name: String, at span: SourceSpan, to kind: String?, inCall: Bool) -> Fix? {
      guard inCall, let kind, let language = StringLiteralEdits.language(ofFileNamed: span.file.path),
        let replacement = StringLiteralEdits.replacingContents(of: span, value: name, with: kind, in: language)
      else { return nil }
      return Fix("replace '\(name)' with '\(kind)'", replacements: [replacement])
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
      // expo-widgets' createWidget binds a layout to the name: one no config declares is never shown.
      let effect = call.callee == "createWidget" ? "the layout is never shown" : "the reload does nothing"
      let suggested = suggestion(for: name.value)
      let unshippedWidget = unshippedNote(name.value)
      context.report(
        "\(reload) (\(declared)); \(effect)" + unshippedWidget.text + suggested.text,
        at: name, related: unshippedWidget.related,
        fix: fix(name.value, at: name.span, to: suggested.fixKind, inCall: call.nameIsInCall))
    }
    for reload in swiftReloads where !knownKinds.contains(reload.kind) {
      let suggested = suggestion(for: reload.kind)
      let unshippedWidget = unshippedNote(reload.kind)
      context.report(
        "reloadTimelines(ofKind: '\(reload.kind)') names no widget's kind (\(declared)); the reload does nothing"
          + unshippedWidget.text + suggested.text, at: reload.span, pointer: reload.pointer, subject: reload.subject,
        related: unshippedWidget.related,
        fix: fix(reload.kind, at: reload.span, to: suggested.fixKind, inCall: reload.isInCall))
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

  /// The most edits a misspelt kind is from the kind it means: two, and no more than a third of the
  /// name's length, rounded up (clang's bound for typo corrections), counted without regard to case.
  package static func nearEdits(for name: String) -> Int { min(2, (name.unicodeScalars.count + 2) / 3) }

  /// The one declared kind that `name` is a typo of: the kinds within `nearEdits` of it (a transposition
  /// of two neighbouring letters counts as one edit, and a difference of case as none) are exactly one.
  /// Two kinds that near leave it unknown which was meant: none.
  package static func onlyNearKind(to name: String, in kinds: Set<String>) -> String? {
    var near = NearKinds(kinds)
    return near.only(to: name)
  }

  /// The declared kinds, prepared once for the names of a project's reloads; the work is bounded as
  /// `Suggester`'s is: past the budget, no name has a near kind.
  struct NearKinds {
    private let kinds: [(text: String, scalars: [Unicode.Scalar])]
    private var budget = Suggester.defaultComparisonBudget
    private var rows = Suggestions.EditDistanceRows()

    init(_ kinds: Set<String>) {
      self.kinds = kinds.sorted().map { ($0, Array($0.lowercased().unicodeScalars)) }
    }

    mutating func only(to name: String) -> String? {
      guard budget >= kinds.count else { return nil }
      budget -= kinds.count
      let limit = UnknownWidgetKindRule.nearEdits(for: name)
      let lowered = Array(name.lowercased().unicodeScalars)
      var near: String?
      for kind in kinds where kind.text != name {
        guard Suggestions.editDistance(lowered, kind.scalars, limit: limit, rows: &rows) <= limit else { continue }
        if near != nil { return nil }
        near = kind.text
      }
      return near
    }
  }
}
