import WidgetLintCore
import WidgetLintModel

/// `app-group-format`: an App Group identifier Apple will not accept.
public struct AppGroupFormatRule: Rule {
  public static let metadata = RuleMetadata(
    id: .appGroupFormat,
    defaultSeverity: .error,
    summary: "An App Group does not start with 'group.' or has characters outside A–Z a–z 0–9 . -",
    rationale: """
      On iOS every entry of `com.apple.security.application-groups` is `group.` followed by a reverse-DNS
      name of letters, digits, `.` and `-`. Any other value is rejected when the group is registered in
      the developer portal and fails provisioning, so the extension is never signed with it. Xcode
      build-setting references such as `$(PRODUCT_BUNDLE_IDENTIFIER)` are not format errors: the text
      around them is checked.

      Source: Apple, App Groups Entitlement
      (https://developer.apple.com/documentation/bundleresources/entitlements/com.apple.security.application-groups).
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

  /// Why a group is malformed, or nil when it is well-formed.
  package static func problem(with group: String) -> String? {
    let startsWithReference = group.hasPrefix("$(") || group.hasPrefix("${")
    if !startsWithReference && !group.hasPrefix("group.") {
      return "does not start with 'group.'"
    }
    let literal = BuildSettings.containsReference(group) ? BuildSettings.removingReferences(group) : group
    if let bad = literal.unicodeScalars.first(where: { !WidgetKitCatalog.isIdentifierCharacter($0) }) {
      return "contains '\(bad)'; only letters, digits, '.' and '-' are allowed"
    }
    if !BuildSettings.containsReference(group) {
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
    func check(_ group: Located<String>, subject: String?) {
      let verdict: String?
      if let known = verdicts[group.value] {
        verdict = known
      } else {
        verdict = Self.problem(with: group.value)
        verdicts[group.value] = .some(verdict)
      }
      guard let problem = verdict else { return }
      context.report(
        "App Group '\(group.value)' \(problem); App Groups are 'group.' plus a reverse-DNS name such as group.com.example.app",
        at: group, subject: subject)
    }
    for group in manifest.app?.entitlements?.appGroups ?? [] { check(group, subject: nil) }
    for target in manifest.targets {
      for group in target.entitlements?.appGroups ?? [] { check(group, subject: target.name?.value) }
      for widget in target.widgets {
        if let group = widget.appGroup { check(group, subject: widget.kind?.value) }
      }
    }
  }
}
