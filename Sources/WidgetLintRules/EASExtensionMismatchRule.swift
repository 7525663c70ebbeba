import WidgetLintCore
import WidgetLintModel

/// `eas-extension-mismatch`: EAS `appExtensions` entries that do not match the targets.
public struct EASExtensionMismatchRule: Rule {
  public static let metadata = RuleMetadata(
    id: "eas-extension-mismatch",
    defaultSeverity: .error,
    summary: "EAS appExtensions entries and the widget targets disagree, or an entry is malformed.",
    rationale: """
      EAS Build provisions and signs every app extension listed in
      `expo.extra.eas.build.experimental.ios.appExtensions`. Each entry is an object with required
      `targetName` and `bundleIdentifier`, optional `parentBundleIdentifier` (the app's by default) and
      `entitlements`; unknown keys are rejected (eas-cli, `src/project/ios/target.ts`, Joi with
      `allowUnknown: false`). A signed target missing from the list is not provisioned and the build fails
      at signing (expo/expo#42954, eas-cli#4378); a bundle identifier or entitlements that differ from
      the target's give a profile that does not match the binary.

      The rule applies when the manifest has `eas.appExtensions`. It reports a target without an entry, an
      entry naming no target, a bundle identifier or entitlements that differ from the target's, a
      `parentBundleIdentifier` that is neither the app nor a target, a missing `targetName` or
      `bundleIdentifier`, and an unknown key. In an Expo app, an entry naming no target widgetlint reads
      is not reported when a published config plugin it does not read may make that target (a share or
      notification service extension); a `computed-value` note names the entry and the plugins.

      Source: expo/eas-cli, `packages/eas-cli/src/project/ios/target.ts` (the Joi schema of
      `appExtensions`, unknown keys rejected); expo/expo#42954 and expo/eas-cli#4378 (an unlisted target is
      not provisioned); EvanBacon/expo-apple-targets, `packages/apple-targets/src/with-widget.ts` and
      `with-eas-credentials.ts` (the entry the plugin makes for a target: its product name, the `name` or
      folder without characters other than letters and digits, its bundle identifier and its entitlements).
      """,
    fixable: """
      an entry's bundle identifier or entitlements that differ from its target's (the target's are copied in), a target without an entry (one is appended, indented and quoted as the others; in an Expo app's `app.json`, with the target's `targetName`, `bundleIdentifier` and entitlements as @bacons/apple-targets writes them, keys in the order of the last entry, when all are known and no dynamic `app.config.*` follows), an entry naming no target when exactly one target has none (it is renamed to that target), and a misspelt key with one close EAS key. A malformed entry, a second entry for a target or an unknown `parentBundleIdentifier` is left to you.
      """,
    examples: [
      .failing(
        "The EAS entry has a different bundle identifier",
        """
        app:
          bundleIdentifier: com.example.fitness
        targets:
          - name: FitnessWidget
            bundleIdentifier: com.example.fitness.widget
            widgets:
              - {kind: Rings, displayName: Rings, description: Today's activity., families: [systemSmall]}
        eas:
          appExtensions:
            - targetName: FitnessWidget
              bundleIdentifier: ↓com.example.fitness.widgets
        """),
      .failing(
        "An unknown key in an entry",
        """
        app:
          bundleIdentifier: com.example.fitness
        targets:
          - name: FitnessWidget
            bundleIdentifier: com.example.fitness.widget
            widgets:
              - {kind: Rings, displayName: Rings, description: Today's activity., families: [systemSmall]}
        eas:
          appExtensions:
            - targetName: FitnessWidget
              bundleIdentifier: com.example.fitness.widget
              ↓bundleId: com.example.fitness.widget
        """),
      .passing(
        "Entries that match the targets",
        """
        app:
          bundleIdentifier: com.example.fitness
          entitlements:
            com.apple.security.application-groups: [group.com.example.fitness]
        targets:
          - name: FitnessWidget
            bundleIdentifier: com.example.fitness.widget
            entitlements:
              com.apple.security.application-groups: [group.com.example.fitness]
            widgets:
              - {kind: Rings, displayName: Rings, description: Today's activity., families: [systemSmall]}
        eas:
          appExtensions:
            - targetName: FitnessWidget
              bundleIdentifier: com.example.fitness.widget
              entitlements:
                com.apple.security.application-groups: [group.com.example.fitness]
        """),
    ])

  public init() {}

  public func check(_ context: RuleContext) {
    guard let manifest = context.manifest, let entries = manifest.eas?.appExtensions else { return }
    // Made for the first entry that names no target: usually none does.
    var targetNameSuggester: Suggester?
    var targetsByName: [String: Manifest.Target] = Dictionary(minimumCapacity: manifest.targets.count)
    for target in manifest.targets {
      if let name = target.name?.value, targetsByName[name] == nil { targetsByName[name] = target }
    }
    var knownParents = Set(manifest.targets.compactMap { $0.bundleIdentifier?.value.lowercased() })
    if let appID = manifest.app?.bundleIdentifier?.value { knownParents.insert(appID.lowercased()) }
    // Each target's first entry, by its index: an entry is a large value to copy into a table.
    var entryByTarget = FirstOccurrences<String, Int>(expectedCount: entries.count)
    let edits = context.manifestEdits
    let renaming = edits.flatMap { _ in Self.renaming(entries, targetsByName, manifest.targets) }

    for (index, entry) in entries.enumerated() {
      for key in entry.unknownKeys {
        var message = "EAS rejects the unknown key '\(key.value)' in an appExtensions entry"
        let suggestion = Suggestions.suggestion(for: key.value, in: Manifest.AppExtension.keys)
        if let suggestion {
          message += "; did you mean '\(suggestion.text)'?"
        } else {
          message += " (allowed: \(Manifest.AppExtension.keys.joined(separator: ", ")))"
        }
        let fix = suggestion.flatMap { suggestion in
          edits.flatMap { Self.renaming(key, to: suggestion, in: entry, $0) }
        }
        context.report(message, at: key, subject: entry.targetName?.value, fix: fix)
      }
      var missing: [String] = []
      if entry.targetName == nil { missing.append("'targetName'") }
      if entry.bundleIdentifier == nil { missing.append("'bundleIdentifier'") }
      if !missing.isEmpty {
        context.report(
          "appExtensions entry has no \(missing.joined(separator: " or ")), which EAS requires", at: entry.span,
          pointer: entry.pointer, subject: entry.targetName?.value)
      }
      if let parentText = entry.parentBundleIdentifier?.value, !knownParents.contains(parentText.lowercased()),
        let parent = entry.parentBundleIdentifier
      {
        context.report(
          "parentBundleIdentifier '\(parent.value)' is neither the app's bundle identifier nor a target's",
          at: parent, subject: entry.targetName?.value)
      }
      guard let name = entry.targetName else { continue }
      if let earlierIndex = entryByTarget.earlier(than: index, for: name.value) {
        let earlier = entries[earlierIndex]
        context.report(
          "target '\(name.value)' has a second appExtensions entry", at: name, subject: name.value,
          related: [RelatedLocation("first entry here", at: earlier.targetName?.span ?? earlier.span)])
        continue
      }
      guard let target = targetsByName[name.value] else {
        // A target another plugin makes may be the one it names: unknown, not missing.
        if manifest.hasUnreadTargets || entry.targetMayBeUnread { continue }
        var message = "appExtensions entry names target '\(name.value)', but the manifest has no such target"
        if targetNameSuggester == nil {
          targetNameSuggester = Suggester(candidates: manifest.targets.compactMap { $0.name?.value })
        }
        if let suggestion = targetNameSuggester?.closest(to: name.value) {
          message += "; did you mean '\(suggestion)'?"
        }
        var fix: Fix?
        if renaming?.entry == index, let target = renaming?.target.name?.value,
          let replacement = edits?.replacingScalar(at: name.span, old: name.value, with: target)
        {
          fix = Fix("name target '\(target)', the one target without an entry", replacements: [replacement])
        }
        context.report(message, at: name, subject: name.value, fix: fix)
        continue
      }
      let written = manifest.eas?.written.flatMap { $0.objects.indices.contains(index) ? $0.objects[index] : nil }
      compare(entry, with: target, context, edits, written: written)
    }

    // In an Expo app's config, an entry that names no target may be the one target's without an entry.
    let misspelt = manifest.eas?.written == nil ? nil : Self.renaming(entries, targetsByName, manifest.targets)
    for target in manifest.targets {
      guard let name = target.name, entryByTarget[name.value] == nil else { continue }
      // The entry renamed to this target is its fix; a new one beside it would be a second entry. (The
      // renamed target is the one target without an entry, so its name is no other's.)
      let fix =
        renaming?.target.name?.value == name.value || misspelt?.target.name?.value == name.value
        ? nil
        : edits.flatMap { Self.newEntry(for: target, $0) }
          ?? manifest.eas?.written.flatMap { Self.newEntry(for: target, in: $0) }
      context.report(
        "target '\(name.value)' has no entry in eas.appExtensions; EAS will not provision it and the build fails at signing",
        at: name, subject: name.value,
        related: manifest.eas?.appExtensionsSpan.map { [RelatedLocation("appExtensions listed here", at: $0)] } ?? [],
        fix: fix)
    }
  }

  /// A misspelt key renamed to the one key EAS accepts that is that close (an unambiguous suggestion),
  /// unless the entry has it already.
  package static func renaming(
    _ key: Located<String>, to suggestion: Suggestion, in entry: Manifest.AppExtension, _ edits: ManifestEdits
  ) -> Fix? {
    guard suggestion.isUnambiguous else { return nil }
    let suggestion = suggestion.text
    let present: [String: Bool] = [
      "targetName": entry.targetName != nil, "bundleIdentifier": entry.bundleIdentifier != nil,
      "parentBundleIdentifier": entry.parentBundleIdentifier != nil, "entitlements": entry.entitlements != nil,
    ]
    // Only a key EAS knows is a suggestion, and those are never among the unknown keys.
    guard present[suggestion] == false else { return nil }
    return edits.replacingScalar(at: key.span, old: key.value, with: suggestion).map {
      Fix("rename '\(key.value)' to '\(suggestion)'", replacements: [$0])
    }
  }

  /// The entry that names no target, and the target that has no entry, when there is exactly one of each:
  /// then the entry is that target's, renamed or misspelt.
  package static func renaming(
    _ entries: [Manifest.AppExtension], _ targetsByName: [String: Manifest.Target], _ targets: [Manifest.Target]
  ) -> (entry: Int, target: Manifest.Target)? {
    let named = Set(entries.compactMap { $0.targetName?.value })
    let unlisted = targets.filter { $0.name.map { !named.contains($0.value) } ?? false }
    let unmatched = entries.indices.filter { entries[$0].targetName.map { targetsByName[$0.value] == nil } ?? false }
    guard unlisted.count == 1, unmatched.count == 1 else { return nil }
    return (unmatched[0], unlisted[0])
  }

  /// An entry for a target without one, after the last entry: its name, bundle identifier and entitlements.
  package static func newEntry(for target: Manifest.Target, _ edits: ManifestEdits) -> Fix? {
    guard let name = target.name?.value, let id = target.bundleIdentifier?.value else { return nil }
    var pairs: [(key: String, value: ManifestEdits.NewValue)] = [
      ("targetName", .scalar(edits.newScalar(name))), ("bundleIdentifier", .scalar(edits.newScalar(id))),
    ]
    if let entitlements = target.entitlements, !entitlements.values.isEmpty {
      guard let copied = edits.contentSpan(ofNodeAt: entitlements.pointer) else { return nil }
      pairs.append(("entitlements", .copy(copied)))
    }
    return edits.appendingItem(pairs, toListAt: JSONPointer(["eas", "appExtensions"])).map {
      Fix("add an appExtensions entry for target '\(name)'", replacements: [$0])
    }
  }

  /// The entry @bacons/apple-targets makes for a target (packages/apple-targets/src/with-widget.ts,
  /// `withEASTargets`), appended to an Expo app's written `appExtensions` array: its `targetName` (the
  /// plugin's product name, the target's name without any character but ASCII letters and digits),
  /// `bundleIdentifier` and, when it has any, `entitlements`. None where any of them is not known.
  package static func newEntry(for target: Manifest.Target, in array: WrittenArray) -> Fix? {
    guard let name = target.name?.value, !name.isEmpty,
      name.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }),
      let id = target.bundleIdentifier?.value, let entitlements = knownEntitlements(of: target)
    else { return nil }
    var pairs: [(key: String, value: PlainValue)] = [("targetName", .string(name)), ("bundleIdentifier", .string(id))]
    if !entitlements.values.isEmpty {
      pairs.append(("entitlements", .object(entitlements.values)))
    }
    return ConfigLiteralEdits(array.span.file).appendingObject(pairs, to: array).map {
      Fix("add an appExtensions entry for target '\(name)'", replacements: $0)
    }
  }

  /// A target's entitlements when every one is known: none computed, unreadable or of the wrong type.
  static func knownEntitlements(of target: Manifest.Target) -> Entitlements? {
    guard let entitlements = target.entitlements, !entitlements.isComputed, !entitlements.isUnreadable,
      entitlements.computedKeys.isEmpty, entitlements.wronglyTypedAppGroups.isEmpty, !entitlements.appGroupsAreUnknown
    else { return nil }
    return entitlements
  }

  /// The `entitlements` of an entry written in an Expo app's config made the target's, as
  /// @bacons/apple-targets writes them: the value replaced, in its layout. None where the entry has no
  /// `entitlements` key or the target's are not all known.
  package static func entitlementsFix(written: WrittenObject, _ target: Manifest.Target) -> Fix? {
    guard let entitlements = knownEntitlements(of: target), let member = written.member("entitlements") else {
      return nil
    }
    return ConfigLiteralEdits(written.span.file).replacingValue(
      of: member, with: .object(entitlements.values), quote: written.quote
    ).map {
      Fix("copy target '\(target.name?.value ?? "")' entitlements into its appExtensions entry", replacements: $0)
    }
  }

  /// The entry's entitlements made the target's: its mapping replaced by a copy of the target's, or one
  /// added when it has none. None when the target has none to copy.
  package static func entitlementsFix(_ entry: Manifest.AppExtension, _ target: Manifest.Target, _ edits: ManifestEdits)
    -> Fix?
  {
    guard let source = target.entitlements, !source.values.isEmpty,
      let copied = edits.contentSpan(ofNodeAt: source.pointer)
    else { return nil }
    let name = target.name?.value ?? ""
    let description = "copy target '\(name)' entitlements into its appExtensions entry"
    guard let current = entry.entitlements else {
      return edits.appendingPair("entitlements", .copy(copied), toMappingAt: entry.pointer).map {
        Fix(description, replacements: [$0])
      }
    }
    guard let replaced = edits.contentSpan(ofNodeAt: current.pointer) else { return nil }
    // Copied at the indentation of the line the entry's mapping starts on, which for a block mapping is
    // its first key's; a block mapping only where a block mapping was.
    let isBlock = { (span: SourceSpan) in edits.text(span).first.map { $0 != "{" } ?? false }
    guard isBlock(copied) == isBlock(replaced) else { return nil }
    let text = edits.reindented(copied, to: edits.indentation(ofLineAt: replaced.start))
    return Fix(description, replacements: [Fix.Replacement(replaced, with: text)])
  }

  private func compare(
    _ entry: Manifest.AppExtension, with target: Manifest.Target, _ context: RuleContext, _ edits: ManifestEdits?,
    written: WrittenObject?
  ) {
    let name = target.name?.value ?? ""
    if let entryID = entry.bundleIdentifier, let targetID = target.bundleIdentifier, entryID.value != targetID.value {
      let fix = edits?.replacingScalar(at: entryID.span, old: entryID.value, with: targetID.value).map {
        Fix("use the target's bundle identifier '\(targetID.value)'", replacements: [$0])
      }
      context.report(
        "appExtensions entry for '\(name)' has bundleIdentifier '\(entryID.value)', but the target's is '\(targetID.value)'",
        at: entryID, subject: name, related: [RelatedLocation("target's bundle identifier", at: targetID.span)],
        fix: fix)
    }
    // Values equal as written are equal as sets too; most entries copy their target's entitlements.
    guard (target.entitlements?.values ?? [:]) != (entry.entitlements?.values ?? [:]) else { return }
    // What a dynamic config computes is compared with nothing.
    guard target.entitlements?.isComputed != true, entry.entitlements?.isComputed != true else { return }
    let computedKeys = (target.entitlements?.computedKeys ?? []).union(entry.entitlements?.computedKeys ?? [])
    let targetValues = (target.entitlements?.values.mapValues(\.normalized) ?? [:]).filter {
      !computedKeys.contains($0.key)
    }
    let entryValues = (entry.entitlements?.values.mapValues(\.normalized) ?? [:]).filter {
      !computedKeys.contains($0.key)
    }
    guard targetValues != entryValues else { return }
    let differing = Set(targetValues.keys).union(entryValues.keys).filter { targetValues[$0] != entryValues[$0] }
      .sorted()
    let related =
      (target.entitlements?.span ?? target.name?.span).map {
        [RelatedLocation("target's entitlements", at: $0)]
      } ?? []
    let span = entry.entitlements?.span ?? entry.span
    context.report(
      "appExtensions entry for '\(name)' has entitlements that differ from the target's (\(differing.joined(separator: ", "))); EAS provisions what the entry lists",
      at: span, pointer: entry.entitlements?.pointer ?? entry.pointer, subject: name, related: related,
      fix: edits.flatMap { Self.entitlementsFix(entry, target, $0) }
        ?? written.flatMap { Self.entitlementsFix(written: $0, target) })
  }
}
