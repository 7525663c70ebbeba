import WidgetLintCore

/// `extension-unavailable-api`: Swift in a widget target that uses APIs app extensions cannot call.
public struct ExtensionUnavailableAPIRule: Rule {
  public static let metadata = RuleMetadata(
    id: "extension-unavailable-api",
    defaultSeverity: .error,
    summary: "A target's Swift sources use an API that is unavailable to app extensions.",
    rationale: """
      Widget extensions build with `APPLICATION_EXTENSION_API_ONLY = YES`, and the compiler then rejects
      every API marked `NS_EXTENSION_UNAVAILABLE` or `@available(iOSApplicationExtension, unavailable)`:
      `UIApplication.shared` (`sharedApplication`) and everything reached through it (`open(_:options:completionHandler:)`,
      `openURL`, the badge number, background tasks, remote-notification registration),
      `setAlternateIconName(_:completionHandler:)`, `alternateIconName`, `supportsAlternateIcons`
      ("Extensions may not have alternate icons"), `beginIgnoringInteractionEvents`/`endIgnoringInteractionEvents`,
      and App Intents' `ForegroundContinuableIntent`. That error appears only when building on a Mac with the
      SDK; widgetlint reads the target's `sources` with swift-syntax on any OS.

      The Swift is parsed, not searched as text: comments and string literals never match. Code inside a
      declaration marked `@available(iOSApplicationExtension, unavailable)`, or behind a custom `#if` flag
      (app-only code shared with the extension), is not judged. There is no type checker: a `UIApplication`
      reached through a variable or a wrapper is not seen.

      Sources: UIKit's `UIApplication.h` (`NS_EXTENSION_UNAVAILABLE_IOS` on `sharedApplication`, `openURL:`
      and the alternate-icon API); Apple, UIApplication.shared (https://developer.apple.com/documentation/uikit/uiapplication/shared); App Intents,
      ForegroundContinuableIntent (https://developer.apple.com/documentation/appintents/foregroundcontinuableintent).
      """,
    examples: [
      .failing(
        "Opening a URL through UIApplication in a widget",
        """
        app:
          bundleIdentifier: com.example.scenes
        targets:
          - name: ScenesWidget
            bundleIdentifier: com.example.scenes.widget
            sources: [ScenesWidget]
            widgets:
              - {kind: Scenes, displayName: Scenes, description: Run a scene., families: [systemSmall]}
        """,
        files: [
          (
            "ScenesWidget/Open.swift",
            """
            import UIKit

            func openScene(_ url: URL) {
                ↓UIApplication.shared.open(url)
            }
            """
          )
        ]),
      .passing(
        "The widget opens its app with widgetURL; a comment and a string mention UIApplication.shared",
        """
        app:
          bundleIdentifier: com.example.scenes
        targets:
          - name: ScenesWidget
            bundleIdentifier: com.example.scenes.widget
            sources: [ScenesWidget]
            widgets:
              - {kind: Scenes, displayName: Scenes, description: Run a scene., families: [systemSmall]}
        """,
        files: [
          (
            "ScenesWidget/SceneView.swift",
            """
            import SwiftUI
            import WidgetKit

            struct SceneView: View {
                // Not UIApplication.shared.open(url): extensions cannot call it.
                let hint = "UIApplication.shared is unavailable here"
                var body: some View {
                    Text(hint).widgetURL(URL(string: "scenes://run"))
                }
            }
            """
          )
        ]),
    ])

  public init() {}

  public func check(_ context: RuleContext) {
    guard let manifest = context.manifest else { return }
    for (index, target) in manifest.targets.enumerated() {
      let name = target.name?.value ?? "this target"
      for facts in context.project.swiftFiles(ofTarget: index) {
        for use in facts.unavailableAPIUses {
          context.report(
            "\(use.api.symbol) is unavailable in app extensions, and '\(name)' is one; \(use.api.advice)",
            at: use.span, pointer: target.pointer.appending("sources"), subject: target.name?.value,
            related: target.name.map { [RelatedLocation("widget extension '\(name)' declared here", at: $0.span)] }
              ?? [])
        }
      }
    }
    for (target, code) in context.targetsWithCode {
      let name = target.name?.value ?? "this target"
      for reference in code.extensionUnavailableReferences {
        context.report(
          "'\(reference.name)' is declared @available(iOSApplicationExtension, unavailable), and '\(name)' is an app extension; call it from the app, or mark this declaration unavailable in extensions too",
          inCodeOf: target, at: reference.span)
      }
    }
  }
}
