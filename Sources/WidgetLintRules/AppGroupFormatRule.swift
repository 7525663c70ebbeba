import WidgetLintCore
import WidgetLintModel

/// `app-group-format`: an App Group identifier Apple will not accept.
public struct AppGroupFormatRule: Rule {
  public static let metadata = RuleMetadata(
    id: "app-group-format",
    defaultSeverity: .error,
    summary: "An App Group does not start with 'group.' or has characters outside A–Z a–z 0–9 . -",
    rationale: """
      On iOS every entry of `com.apple.security.application-groups` is `group.` followed by a reverse-DNS
      name of letters, digits, `.` and `-`. Any other value is rejected when the group is registered in
      the developer portal and fails provisioning, so the extension is never signed with it. Xcode
      build-setting references such as `$(PRODUCT_BUNDLE_IDENTIFIER)` are not format errors: the text
      around them is checked.

      On macOS a group may also be `<TeamID>.name`, written `$(TeamIdentifierPrefix)name`, and macOS
      signs a group without a provisioning profile: for a target built for macOS (`SDKROOT = macosx`)
      only the characters are checked, never the `group.` prefix.

      Source: Apple, App Groups Entitlement
      (https://developer.apple.com/documentation/bundleresources/entitlements/com.apple.security.application-groups).
      """,
    fixable: """
      the `groupIdentifier` of expo-widgets or Voltra written without `group.`, where the app's App Groups already hold the group with it: the string literal in the app config gets the prefix.
      """,
    examples: [
      .failing(
        "A group without the 'group.' prefix",
        """
        app:
          bundleIdentifier: com.example.notes
          entitlements:
            com.apple.security.application-groups: [↓com.example.notes]
        targets:
          - name: NotesWidget
            bundleIdentifier: com.example.notes.widget
            entitlements:
              com.apple.security.application-groups: [↓com.example.notes]
            widgets:
              - {kind: RecentNote, displayName: Recent note, description: Your latest note., families: [systemSmall]}
        """),
      .passing(
        "A well-formed group, and one built from a build setting",
        """
        app:
          bundleIdentifier: com.example.notes
          entitlements:
            com.apple.security.application-groups: [group.com.example.notes, "group.$(TEAM_ID).shared"]
        targets:
          - name: NotesWidget
            bundleIdentifier: com.example.notes.widget
            entitlements:
              com.apple.security.application-groups: [group.com.example.notes]
            widgets:
              - {kind: RecentNote, displayName: Recent note, description: Your latest note., families: [systemSmall]}
        """),
    ])

  public init() {}

  /// Why a group is malformed, or nil when it is well-formed. On macOS (`onMacOS`) a group need not
  /// start with `group.`: `<TeamID>.name` and `$(TeamIdentifierPrefix)name` are groups there too.
  package static func problem(with group: String, onMacOS: Bool = false) -> String? {
    let startsWithReference = group.hasPrefix("$(") || group.hasPrefix("${")
    if !onMacOS && !startsWithReference && !group.hasPrefix("group.") {
      return "does not start with 'group.'"
    }
    let literal = BuildSettings.containsReference(group) ? BuildSettings.removingReferences(group) : group
    if let bad = literal.unicodeScalars.first(where: { !WidgetKitCatalog.isIdentifierCharacter($0) }) {
      return "contains '\(bad)'; only letters, digits, '.' and '-' are allowed"
    }
    if !onMacOS && !BuildSettings.containsReference(group) {
      // Bytes, not Foundation's `contains`: this runs for every App Group of a manifest.
      let dot = UInt8(ascii: ".")
      let name = group.utf8.dropFirst("group.".utf8.count)
      if name.isEmpty || name.first == dot || name.last == dot
        || zip(name, name.dropFirst()).contains(where: { $0 == dot && $1 == dot })
      {
        return "has an empty name component"
      }
    }
    return nil
  }

  public func check(_ context: RuleContext) {
    guard let manifest = context.manifest else { return }
    // A manifest names a few App Groups many times: each distinct text is checked once.
    var verdicts: [String: String?] = [:]
    func check(_ group: Located<String>, subject: String?, onMacOS: Bool = false) {
      let verdict: String?
      if !onMacOS, let known = verdicts[group.value] {
        verdict = known
      } else {
        verdict = Self.problem(with: group.value, onMacOS: onMacOS)
        if !onMacOS { verdicts[group.value] = .some(verdict) }
      }
      guard let problem = verdict else { return }
      context.report(
        "App Group '\(group.value)' \(problem); App Groups are 'group.' plus a reverse-DNS name such as group.com.example.app",
        at: group, subject: subject, fix: prefixFix(group))
    }
    // A config plugin's group option (expo-widgets, Voltra) without `group.`, where the app already has
    // the group with it: the fix is certain. The plugin gives the app the option's group too, at its span.
    let configGroups = Set(
      manifest.targets.filter(\.widgetsDeclaredInConfig).flatMap { $0.entitlements?.appGroups ?? [] }.map {
        "\($0.span.file.path)\u{0}\($0.span.start)"
      })
    let appGroupNames = Set((manifest.app?.entitlements?.appGroups ?? []).map(\.value))
    func prefixFix(_ group: Located<String>) -> Fix? {
      let prefixed = "group." + group.value
      guard !group.value.hasPrefix("group."), appGroupNames.contains(prefixed),
        configGroups.contains("\(group.span.file.path)\u{0}\(group.span.start)"),
        let replacement = StringLiteralEdits.replacingContents(
          of: group.span, value: group.value, with: prefixed, in: .javaScript)
      else { return nil }
      return Fix("replace '\(group.value)' with '\(prefixed)'", replacements: [replacement])
    }
    let appEntitlements = manifest.app?.entitlements
    for group in appEntitlements?.appGroups ?? [] {
      check(group, subject: nil, onMacOS: appEntitlements?.isForMacOS ?? false)
    }
    for target in manifest.targets {
      let onMacOS = target.entitlements?.isForMacOS ?? false
      for group in target.entitlements?.appGroups ?? [] {
        check(group, subject: target.name?.value, onMacOS: onMacOS)
      }
      for widget in target.widgets {
        if let group = widget.appGroup { check(group, subject: widget.kind?.value) }
      }
    }
  }
}
