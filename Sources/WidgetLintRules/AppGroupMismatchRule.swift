import WidgetLintCore
import WidgetLintModel

/// `app-group-mismatch`: data written to one App Group and read from another.
public struct AppGroupMismatchRule: Rule {
  public static let metadata = RuleMetadata(
    id: "app-group-mismatch",
    defaultSeverity: .error,
    summary: "A widget reads an App Group its target is not entitled to, or a target's group is missing from the app.",
    rationale: """
      An app and its widget share data through an App Group: the app writes
      `UserDefaults(suiteName: "group.…")` or a file in
      `FileManager.containerURL(forSecurityApplicationGroupIdentifier:)` (in Flutter,
      `HomeWidget.setAppGroupId`; in an Expo app's JavaScript, `new ExtensionStorage("group.…")` or
      `SharedGroupPreferences.setItem(key, value, "group.…")`), and the widget reads it. Both the app and
      the extension must carry the group in their `com.apple.security.application-groups` entitlement. A
      mismatch does not fail the build: the widget silently reads an empty store (home_widget#75, where
      Dart set one group and Swift read another; expo/expo#43677).

      Groups with Xcode build-setting references are compared where their value is known:
      `$(PRODUCT_BUNDLE_IDENTIFIER)`, and `$(CFBundleIdentifier)` which Xcode expands in entitlements too,
      are the owning target's bundle identifier, so `group.$(PRODUCT_BUNDLE_IDENTIFIER)` names a different
      group in the app and in the extension. Other references are not compared, and while one of the
      app's groups is not known, no target's group is reported missing from the app. A target that shares
      a group with the app may list more (one extension entitlements file for two white-label apps names
      both apps' groups): an extra group is reported only where the target's code opens it.

      Not every suite is an App Group: `UserDefaults(suiteName:)` with a name that is not one
      (`"com.example.pixel.storage"`, a preview's `"preview"`) is a defaults domain inside the app's own
      container, and is never compared. On iOS, watchOS and tvOS App Groups are `group.` names; on macOS
      (a target built with `SDKROOT = macosx`) they may also be `<TeamID>.name`, written
      `$(TeamIdentifierPrefix)name` (Apple, App Groups Entitlement).

      A watch complication's extension runs on the watch: it shares a group container with the watch app
      that embeds it, not with the iPhone app, whose container stays on the phone (Apple's watchOS guide:
      "a shared group container provides common storage for your Watch app and WatchKit extension", and
      data reaches the iOS app through Watch Connectivity). So a watchOS extension's groups are compared
      with the watch app's entitlements and the watch app's code, and the group the iPhone app's Dart or
      JavaScript opens is not asked of it.

      Sources: Apple, "Configuring app groups" (https://developer.apple.com/documentation/xcode/configuring-app-groups); Apple,
      App Groups Entitlement (https://developer.apple.com/documentation/bundleresources/entitlements/com.apple.security.application-groups); Apple,
      `UserDefaults.init(suiteName:)` (https://developer.apple.com/documentation/foundation/userdefaults/init(suitename:)); home_widget issue #75
      (Dart set one group, Swift read another); Apple, App Programming Guide for watchOS, "Sharing Data"
      (https://developer.apple.com/library/archive/documentation/General/Conceptual/WatchKitProgrammingGuide/SharingData.html).
      """,
    fixable: """
      a widget extension not entitled to the group the app is entitled to and the widget's code reads (or the app's Dart or JavaScript sets), when the extension's entitlements are the one XML `.entitlements` file the project signs it with, or the `entitlements` object of its `expo-target.config.js` or `.json`: the group is added to its `com.apple.security.application-groups` array, or the key is added with it, in the file's indentation, quotes and line breaks. An Expo app not entitled to the group its JavaScript opens and its widget extensions are entitled to gets the group in `app.json` `expo.ios.entitlements` the same way. Only a value written in place is edited: where it is computed (a variable, a spread, a value taken from the app's config, a dynamic `app.config.*`, an app's own config plugin), the message says what to change. A group the app is not entitled to either may be the mistake, and is not added anywhere.
      """,
    examples: [
      .failing(
        "The widget reads a group the app does not write",
        """
        app:
          bundleIdentifier: com.example.recipes
          entitlements:
            com.apple.security.application-groups: [group.com.example.recipes]
        targets:
          - name: RecipeWidget
            bundleIdentifier: com.example.recipes.widget
            entitlements:
              com.apple.security.application-groups: [↓group.com.example.recipes.widget]
            widgets:
              - kind: RecipeOfTheDay
                displayName: Recipe of the day
                description: Today's pick.
                families: [systemMedium]
                appGroup: group.com.example.recipes.widget
        """),
      .passing(
        "App and widget share one group",
        """
        app:
          bundleIdentifier: com.example.recipes
          entitlements:
            com.apple.security.application-groups: [group.com.example.recipes]
        targets:
          - name: RecipeWidget
            bundleIdentifier: com.example.recipes.widget
            entitlements:
              com.apple.security.application-groups: [group.com.example.recipes]
            widgets:
              - kind: RecipeOfTheDay
                displayName: Recipe of the day
                description: Today's pick.
                families: [systemMedium]
                appGroup: group.com.example.recipes
        """),
    ])

  public init() {}

  /// A group's value once `$(PRODUCT_BUNDLE_IDENTIFIER)` (or `$(CFBundleIdentifier)`) is known; nil when
  /// it cannot be known.
  package static func resolve(_ group: String, ownerBundleID: String?) -> String? {
    guard BuildSettings.containsReference(group) else { return group }
    var settings: [String: String] = [:]
    // Xcode expands `$(CFBundleIdentifier)` in entitlements to the product's bundle identifier too (its
    // old templates wrote `$(AppIdentifierPrefix)$(CFBundleIdentifier)`).
    if let ownerBundleID {
      settings["PRODUCT_BUNDLE_IDENTIFIER"] = ownerBundleID
      settings["CFBundleIdentifier"] = ownerBundleID
    }
    return BuildSettings.expand(group, with: settings)
  }

  /// What a target is entitled to, for a message; made once per target, not once per finding.
  package static func entitlementDetail(targetName: String, groups: [Located<String>]) -> String {
    groups.isEmpty
      ? "target '\(targetName)' has no App Groups entitlement"
      : "target '\(targetName)' is entitled to \(Wording.list(groups.map { "'\($0.value)'" })) only"
  }

  /// The fix that entitles a target to `group` in the one XML `.entitlements` file the project signs it
  /// with: the group added to the App Groups array, or the key added with it; nil anywhere else.
  package static func addingGroup(_ group: String, to entitlements: Entitlements?, of targetName: String) -> Fix? {
    guard let entitlements, !entitlements.appGroupsAreUnknown else { return nil }
    if let written = entitlements.written {
      return addingGroup(group, to: written, groups: entitlements, description: "target '\(targetName)'")
    }
    guard entitlements.isSigningFile, let edits = PropertyListEdits(entitlements) else { return nil }
    let replacements =
      if let array = entitlements.appGroupsSpan {
        edits.adding(group, toArray: array, items: (entitlements.appGroups ?? []).map(\.span))
      } else {
        edits.adding(key: Entitlements.appGroupsKey, arrayWith: group)
      }
    return replacements.map { Fix("add '\(group)' to the App Groups of target '\(targetName)'", replacements: $0) }
  }

  /// The fix that adds `group` to the object literal of a JSON or JavaScript config that holds the
  /// entitlements as written (an Expo app's `ios.entitlements`, a target's `entitlements`): to the App
  /// Groups array when it is written there, or the key with a one-element array. Nil where the groups
  /// are not written in that object (copied from the app, computed).
  package static func addingGroup(
    _ group: String, to written: WrittenObject, groups entitlements: Entitlements, description: String
  ) -> Fix? {
    let edits = ConfigLiteralEdits(written.span.file)
    let replacements: [Fix.Replacement]?
    if let array = entitlements.appGroupsSpan {
      // The array must be the one written in this object, its items strings written in it.
      guard let member = written.member(Entitlements.appGroupsKey), member.value.file === array.file,
        member.value.start == array.start, member.value.end == array.end,
        let items = entitlements.appGroups?.map(\.span)
      else { return nil }
      replacements = edits.adding(group, toArray: array, items: items, quote: written.quote)
    } else {
      replacements = edits.adding(key: Entitlements.appGroupsKey, arrayOf: [group], to: written)
    }
    return replacements.map { Fix("add '\(group)' to the App Groups of \(description)", replacements: $0) }
  }

  public func check(_ context: RuleContext) {
    guard let manifest = context.manifest else { return }
    let appGroups = Self.resolvedGroups(
      manifest.app?.entitlements, ownerBundleID: manifest.app?.bundleIdentifier?.value)
    for (targetIndex, target) in manifest.targets.enumerated() {
      checkWidgetGroups(of: target, context)
      // A watch extension shares its groups with the watch app that carries it, not with the iPhone app.
      if let host = target.host {
        checkGroups(of: target, areInWatchApp: host, context)
      } else {
        checkGroups(of: target, at: targetIndex, areIn: appGroups, of: manifest.app, context)
      }
    }
    checkGroupsTheAppCallsOpen(manifest, context)
    checkGroupsTheAppCodeOpens(manifest.app, context)
    checkGroupsTheTargetCodeReads(app: manifest.app, appGroups: appGroups, context)
  }

  /// The values of the groups an owner is entitled to, leaving out those that cannot be known.
  private static func resolvedGroups(_ entitlements: Entitlements?, ownerBundleID: String?) -> Set<String> {
    Set((entitlements?.appGroups ?? []).compactMap { resolve($0.value, ownerBundleID: ownerBundleID) })
  }

  /// A group whose value cannot be worked out (`group.$(SHARED_GROUP)`, set nowhere) may be any group:
  /// the entitlements that hold one are not compared (a computed-value note says so).
  private static func hasUnresolvedGroup(_ entitlements: Entitlements?, ownerBundleID: String?) -> Bool {
    (entitlements?.appGroups ?? []).contains { resolve($0.value, ownerBundleID: ownerBundleID) == nil }
  }

  /// Groups written as code (a dynamic Expo config's call) are not known: nothing is compared with them.
  private static func unknown(_ entitlements: Entitlements?) -> Bool { entitlements?.appGroupsAreUnknown ?? false }

  /// The group a widget reads must be one its target is entitled to.
  private func checkWidgetGroups(of target: Manifest.Target, _ context: RuleContext) {
    let targetID = target.bundleIdentifier?.value
    guard !Self.unknown(target.entitlements), !Self.hasUnresolvedGroup(target.entitlements, ownerBundleID: targetID)
    else { return }
    let targetName = target.name?.value ?? "this target"
    let targetGroups = target.entitlements?.appGroups ?? []
    let resolvedTargetGroups = Self.resolvedGroups(target.entitlements, ownerBundleID: targetID)
    let targetGroupsAt = target.entitlements?.appGroupsSpan ?? target.entitlements?.span ?? target.name?.span
    // Made for the first finding of the target only: most targets have none.
    lazy var related =
      targetGroupsAt.map { [RelatedLocation("target '\(targetName)' App Groups declared here", at: $0)] } ?? []
    lazy var detail = Self.entitlementDetail(targetName: targetName, groups: targetGroups)
    for widget in target.widgets {
      guard let group = widget.appGroup, let resolved = Self.resolve(group.value, ownerBundleID: targetID),
        !resolvedTargetGroups.contains(resolved)
      else { continue }
      context.report(
        "widget reads App Group '\(resolved)', but \(detail); it will read an empty store",
        at: group, subject: widget.kind?.value, related: related)
    }
  }

  /// Each group of a watch extension must be one the watch app that carries it is entitled to.
  private func checkGroups(of target: Manifest.Target, areInWatchApp host: Manifest.App, _ context: RuleContext) {
    let hostID = host.bundleIdentifier?.value
    guard !Self.unknown(host.entitlements), !Self.hasUnresolvedGroup(host.entitlements, ownerBundleID: hostID) else {
      return
    }
    let targetID = target.bundleIdentifier?.value
    let targetName = target.name?.value ?? "this target"
    let hostGroups = Self.resolvedGroups(host.entitlements, ownerBundleID: hostID)
    let hostName = "the watch app '\(host.name?.value ?? "")'"
    let hostGroupsAt = host.entitlements?.appGroupsSpan ?? host.entitlements?.span ?? host.span
    for group in target.entitlements?.appGroups ?? [] {
      guard let resolved = Self.resolve(group.value, ownerBundleID: targetID), !hostGroups.contains(resolved)
      else { continue }
      let expansion = resolved == group.value ? "" : " (\(group.value) in this target)"
      context.report(
        "App Group '\(resolved)'\(expansion) of target '\(targetName)' is not in the entitlements of \(hostName); the watch app cannot write what the widget reads",
        at: group, subject: target.name?.value,
        related: [RelatedLocation("App Groups of \(hostName) declared here", at: hostGroupsAt)])
    }
  }

  /// Each group of an iPhone (or Mac) extension must be one the app is entitled to.
  private func checkGroups(
    of target: Manifest.Target, at targetIndex: Int, areIn appGroups: Set<String>, of app: Manifest.App?,
    _ context: RuleContext
  ) {
    // A group of the app whose value is not known may be any target's: none is then missing from the app.
    guard app != nil, !Self.unknown(app?.entitlements),
      !Self.hasUnresolvedGroup(app?.entitlements, ownerBundleID: app?.bundleIdentifier?.value)
    else { return }
    let targetID = target.bundleIdentifier?.value
    let targetName = target.name?.value ?? "this target"
    let targetGroups = target.entitlements?.appGroups ?? []
    let appGroupsAt = app?.entitlements?.appGroupsSpan ?? app?.entitlements?.span ?? app?.span
    let appGroupsNote =
      app?.entitlements?.appGroups?.isEmpty ?? true
      ? "the app, which has no App Groups entitlement" : "the app's App Groups declared here"
    // A target that shares a group with the app may be entitled to more (one extension file for two
    // white-label apps lists both apps' groups): an extra group is missing from the app only where the
    // target's code opens it.
    let sharesAGroup = !Self.resolvedGroups(target.entitlements, ownerBundleID: targetID).isDisjoint(with: appGroups)
    lazy var opened: Set<String> = {
      let code = context.project.code(ofTarget: targetIndex)
      let onMacOS = target.entitlements?.isForMacOS ?? false
      return Set(code.appGroupUses(onMacOS: onMacOS).compactMap { code.resolveAppGroup($0, onMacOS: onMacOS)?.value })
    }()
    for group in targetGroups {
      guard let resolved = Self.resolve(group.value, ownerBundleID: targetID), !appGroups.contains(resolved) else {
        continue
      }
      if sharesAGroup && !opened.contains(resolved) { continue }
      let related = appGroupsAt.map { [RelatedLocation(appGroupsNote, at: $0)] } ?? []
      let expansion = resolved == group.value ? "" : " (\(group.value) in this target)"
      context.report(
        "App Group '\(resolved)'\(expansion) of target '\(targetName)' is not in the app's entitlements; the app cannot write what the widget reads",
        at: group, subject: target.name?.value, related: related)
    }
  }

  /// The group the app's Dart or JavaScript writes (home_widget, ExtensionStorage) must be entitled on
  /// the app and on each widget extension. The names are gathered only for a project that has such a
  /// call: most have none.
  private func checkGroupsTheAppCallsOpen(_ manifest: Manifest, _ context: RuleContext) {
    let setters = context.project.appCalls.filter { $0.effect == .opensAppGroup }
    let appGroupNames =
      setters.isEmpty
      ? nil : Self.knownGroups(manifest.app?.entitlements, ownerBundleID: manifest.app?.bundleIdentifier?.value)
    let targetGroupNames =
      setters.isEmpty
      ? [] : manifest.targets.map { Self.knownGroups($0.entitlements, ownerBundleID: $0.bundleIdentifier?.value) }
    for call in setters {
      let group = call.name
      var missing: [(String, SourceSpan?)] = []
      if let entitlements = manifest.app?.entitlements, appGroupNames?.contains(group.value) == false {
        missing.append(("the app", entitlements.appGroupsSpan ?? entitlements.span))
      }
      var missingTargets: [Manifest.Target] = []
      // A watchOS widget runs on the watch, where the phone app's groups do not reach: not compared.
      for (index, (target, names)) in zip(manifest.targets, targetGroupNames).enumerated()
      where !target.sources.isEmpty && target.resolvedPlatform == .ios {
        if let entitlements = target.entitlements, names?.contains(group.value) == false {
          missing.append(
            ("widget extension '\(target.name?.value ?? "")'", entitlements.appGroupsSpan ?? entitlements.span))
          // Only a widget whose code opens no other group surely reads this one.
          let code = context.project.code(ofTarget: index)
          let onMacOS = entitlements.isForMacOS
          if !code.appGroupUses(onMacOS: onMacOS).contains(where: {
            code.resolveAppGroup($0, onMacOS: onMacOS)?.value != group.value
          }) {
            missingTargets.append(target)
          }
        }
      }
      guard !missing.isEmpty else { continue }
      // The app is entitled to the group its code sets, and one widget extension is not: that is the fix.
      // Or the widget extensions are, and the app alone is not: then the app's entitlements lack it.
      var fix: Fix?
      var change = ""
      if appGroupNames?.contains(group.value) == true && missing.count == 1 && missingTargets.count == 1 {
        let name = missingTargets[0].name?.value ?? ""
        fix = Self.addingGroup(group.value, to: missingTargets[0].entitlements, of: name)
        change = "; add it to the App Groups of widget extension '\(name)', as the app has it"
      } else if appGroupNames?.contains(group.value) == false, missing.count == 1,
        zip(manifest.targets, targetGroupNames).contains(where: { target, names in
          !target.sources.isEmpty && target.resolvedPlatform == .ios && names?.contains(group.value) == true
        }), let entitlements = manifest.app?.entitlements
      {
        fix = entitlements.written.flatMap {
          Self.addingGroup(group.value, to: $0, groups: entitlements, description: "the app")
        }
        change = "; add it to the app's App Groups, as the widget extension has it"
      }
      let opens =
        switch call.language {
        case .dart: "the Dart code sets App Group '\(group.value)'"
        case .javaScript: "the JavaScript code opens App Group '\(group.value)' with \(call.callee)(…)"
        }
      context.report(
        "\(opens), but \(Wording.list(missing.map(\.0), separator: " and ")) \(missing.count == 1 ? "is" : "are") not entitled to it; the widget will read an empty store\(change)",
        at: group,
        related: missing.compactMap { name, span in span.map { RelatedLocation("App Groups of \(name)", at: $0) } },
        fix: fix)
    }
  }

  /// A group written with a setting the project does not resolve (`group.$(TEAM_ID).app`) is unknown:
  /// those entitlements are not compared with the Dart code's group.
  private static func knownGroups(_ entitlements: Entitlements?, ownerBundleID: String?) -> Set<String>? {
    guard let entitlements, !entitlements.appGroupsAreUnknown else { return nil }
    var names: Set<String> = []
    for group in entitlements.appGroups ?? [] {
      guard let resolved = resolve(group.value, ownerBundleID: ownerBundleID) else { return nil }
      names.insert(resolved)
    }
    return names
  }

  /// The app's own code opens an App Group: the app must be entitled to it, or it writes a store no
  /// widget can read (and reads nothing back).
  /// (A watch app that carries watch extensions likewise, against its own entitlements.)
  private func checkGroupsTheAppCodeOpens(_ app: Manifest.App?, _ context: RuleContext) {
    var appsWithCode: [(app: Manifest.App?, code: TargetCode, name: String)] = []
    if let appCode = context.project.appCode { appsWithCode.append((app, appCode, "the app")) }
    for (host, code) in context.project.hostCode {
      appsWithCode.append((host, code, "the watch app '\(host.name?.value ?? "")'"))
    }
    for (owner, appCode, name) in appsWithCode {
      guard let entitlements = owner?.entitlements, !Self.unknown(entitlements) else { continue }
      let ownerID = owner?.bundleIdentifier?.value
      let declared = entitlements.appGroups ?? []
      let ownerGroups = Set(declared.compactMap { Self.resolve($0.value, ownerBundleID: ownerID) })
      let unknownReferences = declared.contains { Self.resolve($0.value, ownerBundleID: ownerID) == nil }
      let pointer = owner?.pointer.appending("sources") ?? JSONPointer(["app", "sources"])
      let detail =
        declared.isEmpty
        ? "\(name) has no App Groups entitlement"
        : "\(name) is entitled to \(Wording.list(declared.map { "'\($0.value)'" })) only"
      let groupsAt = entitlements.appGroupsSpan ?? entitlements.span
      let label = name == "the app" ? "the app's App Groups declared here" : "App Groups of \(name) declared here"
      let related = [RelatedLocation(label, at: groupsAt)]
      for use in appCode.files.flatMap(\.code.groupIdentifiers) {
        guard let (group, span) = appCode.resolveAppGroup(use, onMacOS: entitlements.isForMacOS),
          !ownerGroups.contains(group), !unknownReferences
        else {
          continue
        }
        context.report(
          "\(name == "the app" ? "the app's code" : "the code of " + name) opens App Group '\(group)', but \(detail); the widget cannot read what it writes",
          at: span, pointer: pointer, related: related)
      }
    }
  }

  /// The group a target's code reads must be one the target is entitled to. Only where the target's
  /// entitlements are written down: without them the groups are unknown.
  private func checkGroupsTheTargetCodeReads(app: Manifest.App?, appGroups: Set<String>, _ context: RuleContext) {
    for (target, code) in context.targetsWithCode where target.entitlements != nil && !Self.unknown(target.entitlements)
    {
      let targetID = target.bundleIdentifier?.value
      let declared = target.entitlements?.appGroups ?? []
      let groups = Set(declared.compactMap { Self.resolve($0.value, ownerBundleID: targetID) })
      let unknownReferences = declared.contains { Self.resolve($0.value, ownerBundleID: targetID) == nil }
      let name = target.name?.value ?? "this target"
      let related =
        (target.entitlements?.appGroupsSpan ?? target.entitlements?.span ?? target.name?.span).map {
          [RelatedLocation("target '\(name)' App Groups declared here", at: $0)]
        } ?? []
      let detail = Self.entitlementDetail(targetName: name, groups: declared)
      let onMacOS = target.entitlements?.isForMacOS ?? false
      for use in code.files.flatMap(\.code.groupIdentifiers) {
        guard let (group, span) = code.resolveAppGroup(use, onMacOS: onMacOS), !groups.contains(group),
          !unknownReferences
        else { continue }
        // The app is entitled to the group the widget reads: the widget's entitlements lack it, and adding
        // it there is the fix. Otherwise the group may be the mistake.
        // For a watch extension, the app is the watch app that embeds it.
        let owner = target.host ?? app
        let ownerGroups =
          target.host.map { host in
            Set(
              (host.entitlements?.appGroups ?? []).compactMap {
                Self.resolve($0.value, ownerBundleID: host.bundleIdentifier?.value)
              })
          } ?? appGroups
        let theApp = target.host == nil ? "the app" : "the watch app"
        let appHasIt = owner != nil && !Self.unknown(owner?.entitlements) && ownerGroups.contains(group)
        context.report(
          "the code reads App Group '\(group)', but \(detail); it will read an empty store"
            + (appHasIt
              ? "; add it to the target's App Groups, as \(theApp) has it"
              : "; read a group \(theApp) is entitled to, or add '\(group)' to \(theApp)'s App Groups and the target's"),
          inCodeOf: target, at: span, related: related,
          fix: appHasIt ? Self.addingGroup(group, to: target.entitlements, of: name) : nil)
      }
    }
  }
}
