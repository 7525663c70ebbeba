import WidgetLintCore
import WidgetLintModel

/// `duplicate-bundle-id`: two targets with one bundle identifier.
public struct DuplicateBundleIDRule: Rule {
  public static let metadata = RuleMetadata(
    id: "duplicate-bundle-id",
    defaultSeverity: .error,
    summary: "Two extension targets have (or derive) the same bundle identifier.",
    rationale: """
      Every target of an app is signed and installed under its own bundle identifier; two targets with one
      identifier cannot both be provisioned, and the second overwrites the first in the build. With
      @bacons/apple-targets this happens quietly: a target without `bundleIdentifier` gets
      `<app id>.<type>`, so two widget targets that name none both become `<app id>.widget`, and a
      `bundleIdentifier` starting with `.` is appended to the app's. Identifiers compare case-insensitively.

      Sources: Apple, CFBundleIdentifier (https://developer.apple.com/documentation/bundleresources/information-property-list/cfbundleidentifier);
      @bacons/apple-targets (github.com/EvanBacon/expo-apple-targets), whose default bundle identifier is
      `<app id>.<type>`.
      """,
    examples: [
      .failing(
        "Two targets with one identifier",
        """
        app:
          bundleIdentifier: com.example.app
        targets:
          - name: HomeWidgets
            bundleIdentifier: com.example.app.widget
            widgets:
              - {kind: Home, displayName: Home, description: Home screen., families: [systemSmall]}
          - name: LockWidgets
            bundleIdentifier: ↓com.example.app.Widget
            widgets:
              - {kind: Lock, displayName: Lock, description: Lock screen., families: [systemSmall]}
        """),
      .passing(
        "One identifier per target",
        """
        app:
          bundleIdentifier: com.example.app
        targets:
          - name: HomeWidgets
            bundleIdentifier: com.example.app.home
            widgets:
              - {kind: Home, displayName: Home, description: Home screen., families: [systemSmall]}
          - name: LockWidgets
            bundleIdentifier: com.example.app.lock
            widgets:
              - {kind: Lock, displayName: Lock, description: Lock screen., families: [systemSmall]}
        """),
    ])

  public init() {}

  public func check(_ context: RuleContext) {
    guard let manifest = context.manifest else { return }
    var first = FirstOccurrences<String, (id: Located<String>, target: String)>()
    for target in manifest.targets {
      guard let id = target.bundleIdentifier, !BuildSettings.containsReference(id.value) else { continue }
      let name = target.name?.value ?? "a target"
      if let earlier = first.earlier(than: (id, name), for: id.value.lowercased()) {
        context.report(
          "target '\(name)' has bundle identifier '\(id.value)', as target '\(earlier.target)' does; each target needs its own",
          at: id, subject: target.name?.value,
          related: [RelatedLocation("'\(earlier.target)' has it here", at: earlier.id.span)])
      }
    }
  }
}
