/// `unknown-widget-kind`: the app asks to reload a widget kind no widget has.
public struct UnknownWidgetKindRule: Rule {
  public static let metadata = RuleMetadata(
    id: .unknownWidgetKind,
    defaultSeverity: .error,
    summary: "The app reloads a widget kind that no widget in the extension declares.",
    rationale: """
      A Flutter app refreshes its iOS widget with `HomeWidget.updateWidget(iOSName: '…')`, which calls
      `WidgetCenter.shared.reloadTimelines(ofKind:)` with that name. It must be the `kind` of a widget in the
      extension: any other name reloads nothing, and the widget keeps showing stale data without an error.
      widgetlint compares the name with the kinds the extension's `@main` bundle declares, when all of them
      are known.

      Sources: home_widget's `HomeWidget.updateWidget(iOSName:)` (pub.dev/packages/home_widget); Apple,
      `reloadTimelines(ofKind:)` (https://developer.apple.com/documentation/widgetkit/widgetcenter/reloadtimelines(ofkind:)), which a kind no widget
      has never reaches.
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
    ])

  public init() {}

  static func exampleFiles(iOSName: String) -> [(String, String)] {
    [
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

  public func check(_ context: RuleContext) {
    let reloads = context.project.homeWidgetCalls.filter { $0.method == "updateWidget" }
    guard !reloads.isEmpty else { return }
    let targets = context.targetsWithCode
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
    var suggester = Suggester(candidates: kinds)
    for call in reloads {
      guard let name = call.argument, !knownKinds.contains(name.value) else { continue }
      var message =
        "iOSName '\(name.value)' is not the kind of any widget in the extension (\(Wording.list(kinds))); the reload does nothing"
      if let suggestion = suggester.closest(to: name.value) {
        message += "; did you mean '\(suggestion)'?"
      }
      context.report(message, at: name)
    }
  }
}

extension RuleID {
  public static let unknownWidgetKind = RuleID("unknown-widget-kind")
}
