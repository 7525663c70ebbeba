import WidgetLintCore
import WidgetLintModel

/// `bundle-id-prefix`: an extension bundle identifier that iOS will refuse to install.
public struct BundleIDPrefixRule: Rule {
  public static let metadata = RuleMetadata(
    id: "bundle-id-prefix",
    defaultSeverity: .error,
    summary: "An extension's bundle identifier is not the app's plus '.' and more, or has invalid characters.",
    rationale: """
      An app extension's bundle identifier must start with its containing app's identifier followed by `.`
      (`com.example.app.widgets` inside `com.example.app`). Otherwise Xcode stops with "Embedded binary's
      bundle identifier is not prefixed with the parent app's bundle identifier", and an install fails with
      MIInstallerErrorDomain 37 (AppexBundleIDNotPrefixed); an identifier equal to the app's fails with
      error 57. A watchOS extension (the widget extension of a watch app's complications) is contained by
      the watch app, which the iPhone app contains in turn: its identifier is checked against the watch
      app's (`com.example.app.watchkitapp.widgets` inside `com.example.app.watchkitapp`). Bundle identifiers hold only letters, digits, `-` and `.`, and are case-insensitive, so an
      extension identifier that starts with the app's in another case installs; it is a note, with a fix
      that writes the prefix as the app does, so that the ids read alike wherever they are compared by eye
      or by text (signing logs, EAS credentials, App Store Connect).

      Sources: Apple, CFBundleIdentifier (https://developer.apple.com/documentation/bundleresources/information-property-list/cfbundleidentifier);
      the installer's MIInstallerErrorDomain 37 "AppexBundleIDNotPrefixed" and Xcode's "Embedded binary's
      bundle identifier is not prefixed with the parent app's bundle identifier"; Apple, App Distribution
      Developer Help glossary, "Bundle ID" (https://developer.apple.com/help/glossary/bundle-id: "Bundle IDs
      are case insensitive"); Apple, WWDC22 "Complications and widgets: Reloaded"
      (https://developer.apple.com/videos/play/wwdc2022/10050/): a watch widget extension takes the watch
      app's identifier as its prefix and is embedded in the watch app.
      """,
    fixable: """
      an extension identifier that starts with the app's in another case: the app's spelling is written, the extension's own suffix kept.
      """,
    examples: [
      .failing(
        "An extension id beside the app's instead of under it",
        """
        app:
          bundleIdentifier: com.example.weather
        targets:
          - name: WeatherWidget
            bundleIdentifier: ↓com.example.weatherwidget
            widgets:
              - {kind: Forecast, displayName: Forecast, description: Today's forecast., families: [systemSmall]}
        """),
      .failing(
        "The app's id in another case (a note; --fix writes 'com.example.weather.widget')",
        """
        app:
          bundleIdentifier: com.example.weather
        targets:
          - name: WeatherWidget
            bundleIdentifier: ↓com.Example.Weather.widget
            widgets:
              - {kind: Forecast, displayName: Forecast, description: Today's forecast., families: [systemSmall]}
        """),
      .passing(
        "The app's id plus a suffix",
        """
        app:
          bundleIdentifier: com.example.weather
        targets:
          - name: WeatherWidget
            bundleIdentifier: com.example.weather.widget
            widgets:
              - {kind: Forecast, displayName: Forecast, description: Today's forecast., families: [systemSmall]}
        """),
    ])

  public init() {}

  package static func invalidCharacter(in identifier: String) -> Unicode.Scalar? {
    let literal =
      BuildSettings.containsReference(identifier) ? BuildSettings.removingReferences(identifier) : identifier
    return literal.unicodeScalars.first { !WidgetKitCatalog.isIdentifierCharacter($0) }
  }

  public func check(_ context: RuleContext) {
    guard let manifest = context.manifest else { return }
    let appID = manifest.app?.bundleIdentifier
    if let appID, let bad = Self.invalidCharacter(in: appID.value) {
      context.report(
        "bundle identifier '\(appID.value)' contains '\(bad)'; only letters, digits, '-' and '.' are allowed", at: appID
      )
    }
    for target in manifest.targets {
      guard let id = target.bundleIdentifier else { continue }
      let subject = target.name?.value
      if let bad = Self.invalidCharacter(in: id.value) {
        context.report(
          "bundle identifier '\(id.value)' contains '\(bad)'; only letters, digits, '-' and '.' are allowed",
          at: id, subject: subject)
        continue
      }
      // A watch extension is carried by the watch app, whose identifier prefixes its own.
      let parentID = target.host.map { $0.bundleIdentifier } ?? appID
      guard let appID = parentID, !BuildSettings.containsReference(id.value),
        !BuildSettings.containsReference(appID.value)
      else { continue }
      let theApp = target.host == nil ? "the app" : "the watch app"
      let theApps = target.host == nil ? "the app's" : "the watch app's"
      // Made for a finding only: most targets have none.
      var related: [RelatedLocation] {
        [
          RelatedLocation(
            target.host.map { "the bundle identifier of the watch app '\($0.name?.value ?? "")' that embeds it" }
              ?? "the app's bundle identifier", at: appID.span)
        ]
      }
      let lowered = id.value.lowercased()
      let parent = appID.value.lowercased()
      if lowered == parent {
        context.report(
          "extension bundle identifier '\(id.value)' equals \(theApps); an extension needs its own, such as '\(appID.value).widgets' (install fails with error 57)",
          at: id, subject: subject, related: related)
      } else if !lowered.hasPrefix(parent + ".") {
        context.report(
          "extension bundle identifier '\(id.value)' is not prefixed by \(theApps) '\(appID.value).'; \(target.resolvedPlatform.displayName) refuses to install it (AppexBundleIDNotPrefixed)",
          at: id, subject: subject, related: related)
      } else if !id.value.hasPrefix(appID.value + ".") {
        // Only the case differs: the app's spelling of its own identifier is the certain one.
        let corrected = appID.value + id.value.dropFirst(appID.value.count)
        let fix = context.manifestEdits?.replacingScalar(at: id.span, old: id.value, with: corrected).map {
          Fix("write \(theApps) prefix as \(theApp) does: '\(corrected)'", replacements: [$0])
        }
        context.report(
          "extension bundle identifier '\(id.value)' starts with \(theApps) '\(appID.value)' in another case; it installs (bundle IDs are case-insensitive), but reads alike only as '\(corrected)'",
          at: id, subject: subject, related: related, severity: .note, fix: fix)
      }
    }
  }
}
