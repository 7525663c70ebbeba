import WidgetLintCore

/// `widget-runtime`: a component marked `'widget'` (Expo's expo-widgets) uses what its runtime cannot.
public struct WidgetRuntimeRule: Rule {
  public static let metadata = RuleMetadata(
    id: "widget-runtime",
    defaultSeverity: .error,
    summary: "A component marked 'widget' uses a hook, asynchronous work, the app's modules or a foreign view.",
    rationale: """
      Expo's `expo-widgets` (Expo SDK 55 and later) renders a widget from a TypeScript component whose
      body starts with the `'widget'` directive. That component does not run in the app: the library
      runs it in an isolated JavaScript runtime inside the widget extension, with the props the app last
      sent (`updateSnapshot`, `updateTimeline`). Expo's documentation, "Known limitations": "Code inside a
      'widget'-marked component runs in an isolated runtime and can only use @expo/ui/swift-ui
      components, with no React hooks, app state, or asynchronous work." What the component uses beyond
      that fails in the widget, not in the app, where it is seldom tested.

      widgetlint reads the app's JavaScript and TypeScript (as tokens, never run) and, in each function
      whose body starts with `'widget'` in a file that imports `expo-widgets` or `@expo/ui/swift-ui`,
      reports:

      - a React hook: a call of `useX(…)` or `React.useX(…)`;
      - asynchronous work: `await`, an `async` component or function, `Promise`;
      - the app's own modules: a name imported from a relative path (`./format`), which the widget's
        runtime does not load;
      - a component imported from a package other than `@expo/ui/swift-ui` (`View` of `react-native`, say).

      Hooks, asynchronous work and components other than `@expo/ui/swift-ui`'s are the documentation's
      own words; the app's modules are widgetlint's reading of its "no app state" (the docs do not say
      that a pure helper of the app's fails to load).

      Each is reported once per component, where it is first used (asynchronous work once, at the
      first `async`, `await` or `Promise`). A name the file declares itself, a
      path alias (`@/utils`) and code inside template literals' `${}` are not judged. Voltra's widgets
      (`@use-voltra/ios-client`) are rendered in the app and sent as JSON: they have no such runtime,
      and no directive.

      Fix: compute in the app and pass the result in the props, and build the view from
      `@expo/ui/swift-ui`'s components and modifiers.

      Sources: Expo, "Expo Widgets", Known limitations and "The 'widget' directive"
      (https://docs.expo.dev/versions/latest/sdk/widgets/); expo-widgets' `createWidget` takes "the widget
      component, marked with the 'widget' directive" (expo/expo, `packages/expo-widgets/build/Widgets.d.ts`).
      """,
    examples: [
      .failing(
        "A widget component calls a hook",
        "",
        files: WidgetRuntimeRule.exampleFiles(
          body: "const [now] = ↓useState(Date.now());\n  return <Text>{now}</Text>;")),
      .passing(
        "The app passes the value in the props",
        "", files: WidgetRuntimeRule.exampleFiles(body: "return <Text>{props.now}</Text>;")),
    ])

  /// An expo-widgets app whose one widget component's body (after `'widget';`) is `body`.
  package static func exampleFiles(body: String) -> [(String, String)] {
    [
      (
        "app.json",
        """
        {
          "expo": {
            "ios": { "bundleIdentifier": "com.example.clock" },
            "plugins": [
              ["expo-widgets", { "widgets": [
                { "name": "Clock", "displayName": "Clock", "description": "The time", "supportedFamilies": ["systemSmall"] }
              ] }]
            ]
          }
        }
        """
      ),
      ("package.json", #"{ "dependencies": { "expo": "~55.0.0", "expo-widgets": "~55.0.3", "@expo/ui": "~55.0.2" } }"#),
      (
        "widgets/Clock.tsx",
        """
        import { Text } from '@expo/ui/swift-ui';
        import { createWidget, type WidgetBase } from 'expo-widgets';
        import { useState } from 'react';

        const Clock = (props: WidgetBase<{ now: number }>) => {
          'widget';
          \(body)
        };

        export default createWidget('Clock', Clock);
        """
      ),
    ]
  }

  public init() {}

  public func check(_ context: RuleContext) {
    let pointer = context.manifest?.app?.pointer.appending("sources") ?? JSONPointer(["app", "sources"])
    for use in context.project.widgetRuntimeUses {
      let component = use.component.map { "widget component '\($0)'" } ?? "a component marked 'widget'"
      let message: String
      switch use.kind {
      case .hook:
        message =
          "\(component) calls the React hook \(use.name); the widget runtime has no hooks: compute the value in the app and pass it in the props"
      case .asynchronous:
        message =
          "\(component) uses '\(use.name)'; the widget runtime does no asynchronous work: fetch in the app and pass the result in the props"
      case .appModule:
        message =
          "\(component) uses '\(use.name)' of the app's module '\(use.module ?? "")', which the widget runtime does not load"
      case .foreignComponent:
        message =
          "\(component) renders <\(use.name)> of '\(use.module ?? "")'; the widget runtime renders only @expo/ui/swift-ui components"
      }
      context.report(message, at: use.span, pointer: pointer, subject: use.component)
    }
  }
}
