import Testing

@testable import WidgetLintCore
@testable import WidgetLintEngine
@testable import WidgetLintFrontends
@testable import WidgetLintKit
@testable import WidgetLintModel
@testable import WidgetLintReaders
@testable import WidgetLintReports
@testable import WidgetLintRules

/// Rule behaviour beyond the pages' examples: edge cases, exact positions and related locations.
@Suite struct RuleTests {
  func manifest(app: String = "", target: String = "", widget: String = "", extra: String = "") -> String {
    """
    app:
      bundleIdentifier: com.example.app
    \(app)
    targets:
      - name: widgets
        bundleIdentifier: com.example.app.widgets
    \(target)
        widgets:
          - kind: Status
            displayName: Status
            description: The status.
            families: [systemSmall]
    \(widget)
    \(extra)
    """
  }

  func findings(_ text: String, files: [(path: String, contents: String)] = []) throws -> [String] {
    try TestSupport.lint(text, files: files).map { "\($0.ruleID) \(TestSupport.position($0)) \($0.severity)" }
  }

  @Test func buildSettingGroupsCompareWhereKnown() throws {
    // $(PRODUCT_BUNDLE_IDENTIFIER) differs between app and extension: two different groups.
    let text = manifest(
      app: "  entitlements: {com.apple.security.application-groups: [\"group.$(PRODUCT_BUNDLE_IDENTIFIER)\"]}",
      target: "    entitlements: {com.apple.security.application-groups: [\"group.$(PRODUCT_BUNDLE_IDENTIFIER)\"]}")
    let found = try TestSupport.lint(text)
    #expect(found.map(\.ruleID) == ["app-group-mismatch"])
    #expect(found.first?.message.contains("'group.com.example.app.widgets'") == true)
    // An unknown setting is not compared at all.
    let unknown = manifest(
      app: "  entitlements: {com.apple.security.application-groups: [\"group.$(TEAM).app\"]}",
      target: "    entitlements: {com.apple.security.application-groups: [\"group.$(OTHER).app\"]}")
    #expect(try findings(unknown).isEmpty)
    // The app's unknown group may be the target's known one.
    let unknownApp = manifest(
      app: "  entitlements: {com.apple.security.application-groups: [\"group.$(TEAM).app\"]}",
      target: "    entitlements: {com.apple.security.application-groups: [group.com.example.other]}")
    #expect(try findings(unknownApp).isEmpty)
    // Xcode expands $(CFBundleIdentifier) in entitlements to the bundle identifier: Simplenote's shape.
    let bundleGroup = manifest(
      app: "  entitlements: {com.apple.security.application-groups: [\"group.$(CFBundleIdentifier)\"]}",
      target: "    entitlements: {com.apple.security.application-groups: [group.com.example.app]}")
    #expect(try findings(bundleGroup).isEmpty)
    let ownGroup = manifest(
      app: "  entitlements: {com.apple.security.application-groups: [\"group.$(CFBundleIdentifier)\"]}",
      target: "    entitlements: {com.apple.security.application-groups: [\"group.$(CFBundleIdentifier)\"]}")
    #expect(try findings(ownGroup) == ["app-group-mismatch 7:60-7:89 error"])
  }

  @Test func anExtraGroupBesideASharedOneIsReportedOnlyWhereTheCodeOpensIt() throws {
    // Firefox Focus's shape: one extension file lists the Focus and the Klar app's groups.
    let both =
      "    entitlements: {com.apple.security.application-groups: [group.com.example.app, group.com.example.klar]}"
    let app = "  entitlements: {com.apple.security.application-groups: [group.com.example.app]}"
    #expect(try findings(manifest(app: app, target: both)).isEmpty)
    let reads = """
      import Foundation
      let store = UserDefaults(suiteName: "group.com.example.klar")
      """
    let withCode = manifest(app: app, target: both + "\n    sources: [Widgets]")
    #expect(
      try findings(withCode, files: [("Widgets/Store.swift", reads)]).filter { $0.hasPrefix("app-group-mismatch") }
        == ["app-group-mismatch 7:83-7:105 error"])
  }

  /// An app with no App Groups: the related location says so rather than pointing at groups it lacks.
  @Test func aGroupMissingFromAnAppWithoutGroupsSaysTheAppHasNone() throws {
    let text = manifest(target: "    entitlements: {com.apple.security.application-groups: [group.com.example.shared]}")
    let found = try TestSupport.lint(text).filter { $0.ruleID == "app-group-mismatch" }
    #expect(found.map(TestSupport.position) == ["7:60-7:84"])
    #expect(found.first?.related.map(\.message) == ["the app, which has no App Groups entitlement"])
    #expect(found.first?.related.first?.span.range.start.line == 2)
  }

  @Test func targetGroupMissingFromTheAppPointsAtBoth() throws {
    let text = manifest(
      app: "  entitlements: {com.apple.security.application-groups: [group.com.example.app]}",
      target: "    entitlements: {com.apple.security.application-groups: [group.com.example.other]}")
    let found = try TestSupport.lint(text)
    let finding = try #require(found.first)
    #expect(found.count == 1)
    #expect(TestSupport.position(finding) == "7:60-7:83")
    #expect(finding.pointer.description == "/targets/0/entitlements/com.apple.security.application-groups/0")
    #expect(finding.related.first?.span.range.start.line == 3)
  }

  @Test func appGroupFormats() {
    #expect(AppGroupFormatRule.problem(with: "group.com.example.app") == nil)
    #expect(AppGroupFormatRule.problem(with: "group.$(PRODUCT_BUNDLE_IDENTIFIER)") == nil)
    #expect(AppGroupFormatRule.problem(with: "$(GROUP_PREFIX).app") == nil)
    #expect(AppGroupFormatRule.problem(with: "com.example.app") == "does not start with 'group.'")
    #expect(AppGroupFormatRule.problem(with: "group.com.example_app")?.contains("'_'") == true)
    #expect(AppGroupFormatRule.problem(with: "group.") == "has an empty name component")
    #expect(AppGroupFormatRule.problem(with: "group.com..app") == "has an empty name component")
    // macOS: a team-prefixed group is a group; the characters are still checked.
    #expect(AppGroupFormatRule.problem(with: "ABCDE12345.com.example.app", onMacOS: true) == nil)
    #expect(AppGroupFormatRule.problem(with: "$(TeamIdentifierPrefix)com.example.app", onMacOS: true) == nil)
    #expect(AppGroupFormatRule.problem(with: "ABCDE12345.com.example_app", onMacOS: true)?.contains("'_'") == true)
    #expect(AppGroupFormatRule.problem(with: "ABCDE12345.com.example.app") == "does not start with 'group.'")
    #expect(Entitlements.isAppGroupName("group.com.example", onMacOS: false))
    #expect(!Entitlements.isAppGroupName("ABCDE12345.com.example", onMacOS: false))
    #expect(Entitlements.isAppGroupName("ABCDE12345.com.example", onMacOS: true))
    #expect(Entitlements.isAppGroupName("$(TeamIdentifierPrefix)com.example", onMacOS: true))
    #expect(!Entitlements.isAppGroupName("com.example.pixel.storage", onMacOS: true))
    #expect(!Entitlements.isAppGroupName("preview", onMacOS: false))
  }

  @Test func bundleIdentifiers() throws {
    let equal = manifest().replacingOccurrences(of: "com.example.app.widgets", with: "com.example.app")
    #expect(try findings(equal) == ["bundle-id-prefix 6:23-6:38 error"])
    // The installer accepts a prefix in another case; App IDs and profiles do not: a warning, with the fix.
    let caseOnly = manifest().replacingOccurrences(of: "com.example.app.widgets", with: "COM.example.App.widgets")
    #expect(try findings(caseOnly) == ["bundle-id-prefix 6:23-6:46 note"])
    #expect(try TestSupport.lint(caseOnly).first?.fix?.replacements.map(\.text) == ["com.example.app.widgets"])
    let underscore = manifest().replacingOccurrences(of: "com.example.app.widgets", with: "com.example.app.my_widgets")
    #expect(try TestSupport.lint(underscore).first?.message.contains("contains '_'") == true)
  }

  @Test func availabilityOnWatchOSAndDefaults() throws {
    let watch = manifest(target: "    platform: watchos")
      .replacingOccurrences(of: "[systemSmall]", with: "[accessoryCorner, systemSmall]")
    let found = try TestSupport.lint(watch)
    #expect(found.map(\.ruleID) == ["availability"])
    #expect(found.first?.message.hasPrefix("systemSmall is not available on watchOS") == true)
    // accessoryCorner on iOS, at the default deployment target (14.0, no related location).
    let corner = manifest().replacingOccurrences(of: "[systemSmall]", with: "[accessoryCircular, accessoryCorner]")
    let iosFindings = try TestSupport.lint(corner)
    #expect(
      iosFindings.map { String($0.message.prefix(30)) } == [
        "accessoryCircular needs iOS 16", "accessoryCorner is not availab",
      ])
    #expect(iosFindings.allSatisfy { $0.related.isEmpty })
  }

  @Test func refreshSpacingForAtEnd() throws {
    let text = manifest(widget: "        refresh: {policy: atEnd, interval: 2m}")
    let found = try TestSupport.lint(text)
    #expect(found.map(\.ruleID) == ["refresh-interval-too-short"])
    #expect(found.first?.message.hasPrefix("timeline entries 2m apart") == true)
    #expect(TestSupport.position(try #require(found.first)) == "13:44-13:46")
  }

  @Test func urls() {
    #expect(URIReference.parse("pillarvalley://") == .absolute(scheme: "pillarvalley"))
    #expect(URIReference.parse("/") == .relative)
    #expect(URIReference.parse("home?tab=1#top") == .relative)
    #expect(URIReference.parse("https://example.com/a%20b") == .absolute(scheme: "https"))
    #expect(URIReference.parse("my app://x") == .invalid("it contains a space; percent-encode it"))
    #expect(URIReference.parse("app://café") == .invalid("it contains 'é'; percent-encode it"))
    #expect(URIReference.parse("a://%zz") == .invalid("'%' must be followed by two hexadecimal digits"))
    #expect(
      URIReference.parse("1app://x")
        == .invalid("'1app' is not a valid scheme (letters, digits, '+', '-' and '.', starting with a letter)"))
    #expect(URIReference.parse("app://x%4") == .invalid("'%' must be followed by two hexadecimal digits"))
    #expect(URIReference.parse("app://\u{1F600}") == .invalid("it contains '\u{1F600}'; percent-encode it"))
    #expect(URIReference.parse("a/b:c") == .relative)
  }

  @Test func urlSchemeMismatchIsAWarningAndSchemesAreCaseInsensitive() throws {
    let text = manifest(app: "  urlSchemes: [MyApp]", widget: "        url: myapp://home")
    #expect(try findings(text).isEmpty)
    let other = manifest(app: "  urlSchemes: [myapp]", widget: "        url: https://example.com")
    #expect(try findings(other) == ["widget-url-scheme 13:14-13:33 warning"])
  }

  @Test func easEntriesAreCheckedBothWays() throws {
    let text = manifest(
      extra: """
        eas:
          appExtensions:
            - targetName: widget
              bundleIdentifier: com.example.app.widgets
              parentBundleIdentifier: com.other.app
            - bundleIdentifier: com.example.app.x
        """)
    let found = try TestSupport.lint(text)
    #expect(found.allSatisfy { $0.ruleID == "eas-extension-mismatch" })
    #expect(
      found.map(\.message) == [
        "target 'widgets' has no entry in eas.appExtensions; EAS will not provision it and the build fails at signing",
        "appExtensions entry names target 'widget', but the manifest has no such target; did you mean 'widgets'?",
        "parentBundleIdentifier 'com.other.app' is neither the app's bundle identifier nor a target's",
        "appExtensions entry has no 'targetName', which EAS requires",
      ])
  }

  /// `app.name`, the first key people write under `app:`, is known.
  @Test func theAppsNameIsAKnownKey() throws {
    let named = manifest().replacingOccurrences(of: "app:\n", with: "app:\n  name: Recipe Box\n")
    #expect(named.contains("name: Recipe Box"))
    #expect(try TestSupport.lint(named).map(\.ruleID) == [])
    let numbered = manifest().replacingOccurrences(of: "app:\n", with: "app:\n  name: [Recipe, Box]\n")
    #expect(
      try TestSupport.lint(numbered).map { "\($0.ruleID) \(TestSupport.position($0))" } == ["invalid-value 2:9-2:22"])
  }

  /// The WidgetBundle block limit follows the SDK of the Xcode that builds the app.
  @Test func theWidgetLimitDependsOnTheToolchain() throws {
    func sevenWidgets(xcode: String?) -> String {
      var text = "app:\n  bundleIdentifier: com.example.app\n"
      if let xcode { text += "  xcodeVersion: \"\(xcode)\"\n" }
      text += "targets:\n  - name: widgets\n    bundleIdentifier: com.example.app.widgets\n    widgets:\n"
      for index in 1...7 {
        text += "      - {kind: W\(index), displayName: W, description: W., families: [systemSmall]}\n"
      }
      return text
    }
    let unknown = try TestSupport.lint(sevenWidgets(xcode: nil))
    #expect(unknown.map { "\($0.ruleID) \(TestSupport.position($0))" } == ["widget-kind-limit 12:16-12:18"])
    #expect(
      unknown.first?.message
        == "target 'widgets' lists 7 widgets, more than the 5 older SDKs' builder takes (Xcode 16 and later take more: say which Xcode builds the app with app.xcodeVersion or --xcode-version); nest a second WidgetBundle in the bundle's body for the rest"
    )
    #expect(try TestSupport.lint(sevenWidgets(xcode: "16.2")).map(\.ruleID) == [])
    #expect(try TestSupport.lint(sevenWidgets(xcode: "15.4")).map(\.ruleID) == [])
    var fromCommandLine = LintConfiguration()
    fromCommandLine.xcodeVersion = OSVersion(26)
    #expect(try TestSupport.lint(sevenWidgets(xcode: nil), configuration: fromCommandLine).map(\.ruleID) == [])
    // 'max' wins over every SDK.
    let strict = LintConfiguration(rules: ["widget-kind-limit": RuleSettings(severity: .error, options: ["max": 6])])
    #expect(
      try TestSupport.lint(sevenWidgets(xcode: "16.2"), configuration: strict).map { $0.message.prefix(57) } == [
        "target 'widgets' lists 7 widgets, more than the 6 'max' a"
      ])
  }

  /// One bad value, one finding (the same rule never reports one range twice).
  @Test func oneBadValueGivesOneFinding() throws {
    let unquoted = """
      app:
        bundleIdentifier: com.example.app
        deploymentTarget: 16.0
      targets:
        - name: widgets
          bundleIdentifier: com.example.app.widgets
          widgets:
            - {kind: Ring, displayName: Ring, description: A ring., families: [accessoryCircular]}
      """
    // The unreadable version leaves the OS unknown: no availability finding from the 14.0 default.
    #expect(
      try TestSupport.lint(unquoted).map { "\($0.ruleID) \(TestSupport.position($0))" } == ["invalid-value 3:21-3:25"])

    let nameless = manifest(
      extra: """
        eas:
          appExtensions:
            - parentBundleIdentifier: com.example.app
        """)
    let entryFindings = try TestSupport.lint(nameless).filter { $0.message.hasPrefix("appExtensions entry") }
    #expect(
      entryFindings.map(\.message) == [
        "appExtensions entry has no 'targetName' or 'bundleIdentifier', which EAS requires"
      ])
  }

  @Test func easEntitlementsCompareAsSets() throws {
    let entitlements = "{com.apple.security.application-groups: [group.a.b, group.c.d]}"
    let text = manifest(
      app: "  entitlements: \(entitlements)",
      target: "    entitlements: \(entitlements)",
      extra: """
        eas:
          appExtensions:
            - targetName: widgets
              bundleIdentifier: com.example.app.widgets
              entitlements: {com.apple.security.application-groups: [group.c.d, group.a.b]}
        """)
    #expect(try findings(text).isEmpty)
    let missing = text.replacingOccurrences(of: "[group.c.d, group.a.b]", with: "[group.a.b]")
    #expect(try TestSupport.lint(missing).first?.message.contains("differ from the target's") == true)
  }

  @Test func kindLimitOption() throws {
    var text = manifest()
    for index in 0..<5 {
      text += "      - {kind: K\(index), displayName: K, description: K., families: [systemSmall]}\n"
    }
    let found = try TestSupport.lint(text)
    #expect(found.map(\.ruleID) == ["widget-kind-limit"])
    #expect(found.first?.pointer.description == "/targets/0/widgets/5")
    let relaxed = LintConfiguration(rules: ["widget-kind-limit": RuleSettings(severity: .error, options: ["max": 10])])
    #expect(try TestSupport.lint(text, configuration: relaxed).isEmpty)
    let off = LintConfiguration(rules: ["widget-kind-limit": RuleSettings(severity: nil)])
    #expect(try TestSupport.lint(text, configuration: off).isEmpty)
  }

  @Test func sourcesResolveFoldersFilesAndGlobs() throws {
    let files: [(path: String, contents: String)] = [
      ("Widgets/A.swift", "let a = UIApplication.shared"),
      ("Widgets/Nested/B.swift", "let b = UIApplication.shared"),
      ("Widgets/Notes.md", "UIApplication.shared"),
      ("Other/C.swift", "let c = UIApplication.shared"),
    ]
    func lint(_ sources: String) throws -> [String] {
      try TestSupport.lint(manifest(target: "    sources: \(sources)"), files: files).map {
        "\($0.ruleID) \($0.file)"
      }
    }
    #expect(
      try lint("[Widgets]") == [
        "extension-unavailable-api Widgets/A.swift", "extension-unavailable-api Widgets/Nested/B.swift",
      ])
    #expect(try lint("[\"Widgets/*.swift\"]") == ["extension-unavailable-api Widgets/A.swift"])
    #expect(try lint("[\"**/B.swift\", Other/C.swift]").count == 2)
    #expect(try lint("[Missing]") == ["invalid-value widgets.yaml"])
  }
}

extension RuleTests {
  /// Each view that does not render has its own advice, and no message says the same thing twice.
  @Test func unsupportedViewMessagesSayEachThingOnce() {
    #expect(Set(WidgetUnsupportedViewRule.advice.keys) == WidgetKitCatalog.viewsThatDoNotRender)
    for (view, advice) in WidgetUnsupportedViewRule.advice {
      let message = "\(view) does not render in a widget: \(advice)"
      #expect(!advice.contains("does not render"), "\(message)")
    }
  }
}

/// Readers and frontends report reading problems, never rule ids: each kind of problem is reported by
/// exactly one reading rule.
@Suite struct ReadingProblemOwnershipTests {
  @Test func everyKindOfProblemHasOneReadingRule() {
    for kind in ReadingProblem.Kind.allCases {
      let owners = RuleRegistry.all.compactMap { $0 as? any ReadingRule.Type }.filter { $0.problemKind == kind }
      #expect(owners.count == 1, "\(kind) is reported by \(owners.count) rules")
    }
  }
}
