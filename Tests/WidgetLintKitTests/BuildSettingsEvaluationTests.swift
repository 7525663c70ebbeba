import Foundation
import Testing

@testable import WidgetLintCore
@testable import WidgetLintEngine
@testable import WidgetLintFrontends
@testable import WidgetLintModel
@testable import WidgetLintReaders
@testable import WidgetLintRules

/// Build settings in Xcode's whole syntax: the three ways to write a reference, references inside names,
/// and the operators. What cannot be worked out is unknown, never literal text.
@Suite struct BuildSettingsEvaluationTests {
  static let settings: [String: String] = [
    "PRODUCT_NAME": "Recipe Box", "ROOT": "com.example.recipes", "CONFIGURATION": "Debug",
    "ICON_Debug": "AppIcon-Dev", "PATH_SETTING": "/Users/me/Recipes/Sources/../Widgets/RecipeWidget.swift", "EMPTY": "",
    "NUMBERED": "3D Touch",
  ]

  static func evaluate(_ text: String) -> BuildSettings.Evaluation {
    BuildSettings.evaluate(text) { name in settings[name].map { .value($0) } ?? .unset }
  }

  @Test(arguments: [
    ("$(ROOT).widget", "com.example.recipes.widget"),
    ("${ROOT}.widget", "com.example.recipes.widget"),
    ("$ROOT.widget", "com.example.recipes.widget"),
    ("group.$ROOT", "group.com.example.recipes"),
    ("$(ICON_$(CONFIGURATION))", "AppIcon-Dev"),
    ("${ICON_$CONFIGURATION}", "AppIcon-Dev"),
    ("com.example.$(PRODUCT_NAME:rfc1034identifier)", "com.example.Recipe-Box"),
    ("com.example.$(PRODUCT_NAME:rfc1034identifier:lower)", "com.example.recipe-box"),
    ("$(PRODUCT_NAME:upper)", "RECIPE BOX"),
    ("$(PRODUCT_NAME:c99extidentifier)", "Recipe_Box"),
    ("$(NUMBERED:identifier)", "_3D_Touch"),
    ("$(PATH_SETTING:file)", "RecipeWidget.swift"),
    ("$(PATH_SETTING:base)", "RecipeWidget"),
    ("$(PATH_SETTING:suffix)", ".swift"),
    ("$(PATH_SETTING:dir)", "/Users/me/Recipes/Sources/../Widgets/"),
    ("$(PATH_SETTING:standardizepath)", "/Users/me/Recipes/Widgets/RecipeWidget.swift"),
    ("$(MISSING:default=com.example.fallback)", "com.example.fallback"),
    ("$(EMPTY:default=$(ROOT))", "com.example.recipes"),
    ("$(ROOT:default=unused)", "com.example.recipes"),
    ("price: $5 and a lone $", "price: $5 and a lone $"),
  ])
  func expands(text: String, expected: String) {
    #expect(Self.evaluate(text) == .value(expected))
  }

  @Test(arguments: ["$(MISSING).widget", "$MISSING", "$(ROOT:reverse)", "$(ROOT", "${ICON_$(NOPE)}"])
  func whatCannotBeWorkedOutIsUnknown(text: String) {
    #expect(Self.evaluate(text) == .unknown(leftToBuilder: false))
  }

  @Test func referencesAreFoundInEveryForm() {
    #expect(BuildSettings.containsReference("$ROOT.widget"))
    #expect(BuildSettings.containsReference("${ROOT}"))
    #expect(!BuildSettings.containsReference("com.example.$5"))
    #expect(BuildSettings.references(in: "$(A:lower).${B}.$C-$(D_$(E))") == ["A:lower", "B", "C", "D_$(E)"])
    #expect(BuildSettings.removingReferences("group.$ROOT.$(TEAM).x") == "group...x")
  }

  /// A project's bundle identifiers written `$NAME`, `${NAME}` or with an operator are worked out, not
  /// compared as text.
  @Test(arguments: [
    ("$PRODUCT_BUNDLE_IDENTIFIER_ROOT.widget", "com.example.app", "com.example.other"),
    ("${PRODUCT_BUNDLE_IDENTIFIER_ROOT}.widget", "com.example.app", "com.example.other"),
    ("$(PRODUCT_BUNDLE_IDENTIFIER_ROOT:lower).widget", "COM.Example.App", "COM.Example.Other"),
    ("$(UNSET_ROOT:default=$(PRODUCT_BUNDLE_IDENTIFIER_ROOT)).widget", "com.example.app", "com.example.other"),
  ])
  func aBundleIdentifierWrittenWithAReferenceIsExpanded(written: String, root: String, otherRoot: String) throws {
    func lint(root: String) throws -> [Finding] {
      let base = "DEVELOPMENT_TEAM = ABCDE12345\nPRODUCT_BUNDLE_IDENTIFIER_ROOT = \(root)\n"
      let files = BuilderSettingsTests.files(base: base, widget: ["PRODUCT_BUNDLE_IDENTIFIER": written])
      return try BuilderSettingsTests().lint(files)
    }
    #expect(try lint(root: root).isEmpty)
    // The true finding beside it: the widget's identifier, worked out, is not under the app's.
    let findings = try lint(root: otherRoot)
    #expect(findings.map(\.ruleID) == ["bundle-id-prefix"])
    let finding = try #require(findings.first)
    #expect(finding.file.hasSuffix("Notes.xcodeproj/project.pbxproj"))
    // The widget's PRODUCT_BUNDLE_IDENTIFIER, where the project file writes it.
    #expect(TestSupport.start(finding) == "45:33")
    #expect(
      finding.message
        == "extension bundle identifier 'com.example.other.widget' is not prefixed by the app's 'com.example.app.'; iOS refuses to install it (AppexBundleIDNotPrefixed)"
    )
  }
}

/// Entitlements that use build settings: expanded where the project sets them, unknown (one note, no
/// comparison) where Xcode's value cannot be known from the repository.
@Suite struct EntitlementSettingsTests {
  static func lint(appGroup: String, widgetGroup: String = "group.com.example.app") throws -> [Finding] {
    let pbxproj = XcodeProjectFileTests.project(
      app: XcodeProjectFileTests.appSettings,
      widget: ["Debug": XcodeProjectFileTests.widgetSettings(), "Release": XcodeProjectFileTests.widgetSettings()])
    let files = XcodeProjectFileTests.files(pbxproj: pbxproj, widgetGroups: widgetGroup).map { file in
      file.path == "App/App.entitlements" ? (file.path, XcodeProjectTests.groups(appGroup)) : file
    }
    return try BuilderSettingsTests().lint(files)
  }

  @Test func aGroupNamedWithASettingSetNowhereIsUnknownAndSaidOnce() throws {
    let findings = try Self.lint(appGroup: "group.$(SHARED_GROUP_NAME)")
    // Not app-group-mismatch: the app's group may well be the widget's.
    #expect(findings.map(\.ruleID) == ["computed-value"])
    let note = try #require(findings.first)
    #expect(note.file.hasSuffix("App/App.entitlements"))
    #expect(TestSupport.start(note) == "7:13")
    #expect(note.message.hasPrefix("App Group 'group.$(SHARED_GROUP_NAME)' is not checked"))
  }

  /// Xcode expands `$(CFBundleIdentifier)` in entitlements to the target's bundle identifier.
  @Test func aGroupNamedWithCFBundleIdentifierIsTheBundleIdentifier() throws {
    #expect(try Self.lint(appGroup: "group.$(CFBundleIdentifier)").isEmpty)
    let findings = try Self.lint(appGroup: "group.$(CFBundleIdentifier).shared")
    #expect(findings.map(\.ruleID) == ["app-group-mismatch"])
    #expect(findings.first.map(TestSupport.start) == "7:13")
  }

  @Test func aGroupNamedWithTheBundleIdentifierSettingIsExpandedAndCompared() throws {
    // $(PRODUCT_BUNDLE_IDENTIFIER) is the app's: group.com.example.app, the widget's group.
    #expect(try Self.lint(appGroup: "group.$(PRODUCT_BUNDLE_IDENTIFIER)").isEmpty)
    let findings = try Self.lint(appGroup: "group.$(PRODUCT_BUNDLE_IDENTIFIER).shared")
    #expect(findings.map(\.ruleID) == ["app-group-mismatch"])
    #expect(findings.first.map(TestSupport.start) == "7:13")
    #expect(findings.first?.file.hasSuffix("Widget/Widget.entitlements") == true)
  }
}

/// Conditional settings (`KEY[config=…]`, `KEY[sdk=…]`) in an xcconfig: those that hold for the
/// configuration and the SDK that ships win over the plain setting; the others are not applied.
@Suite struct ConditionalSettingsTests {
  static func lint(_ conditional: String) throws -> [Finding] {
    let base = """
      DEVELOPMENT_TEAM = ABCDE12345
      WIDGET_ID = com.example.app.widget
      \(conditional)

      """
    let files = BuilderSettingsTests.files(base: base, widget: ["PRODUCT_BUNDLE_IDENTIFIER": "$(WIDGET_ID)"])
    return try BuilderSettingsTests().lint(files)
  }

  @Test(arguments: [
    "WIDGET_ID[sdk=iphonesimulator*] = com.example.other.widget",
    "WIDGET_ID[sdk=macosx*] = com.example.other.widget",
    "WIDGET_ID[arch=arm64] = com.example.other.widget",
    "WIDGET_ID[config=Staging] = com.example.other.widget",
  ])
  func aConditionThatDoesNotHoldIsNotApplied(conditional: String) throws {
    #expect(try Self.lint(conditional).isEmpty)
  }

  @Test(arguments: [
    ("WIDGET_ID[config=Debug] = com.example.other.widget", "Debug"),
    ("WIDGET_ID [ sdk=iphoneos* ] [config=Rel*] = com.example.other.widget", "Release"),
  ])
  func aConditionOnTheConfigurationHoldsInThatConfigurationOnly(conditional: String, configuration: String) throws {
    let findings = try Self.lint(conditional)
    #expect(findings.map(\.ruleID) == ["bundle-id-prefix"])
    let finding = try #require(findings.first)
    // The widget's PRODUCT_BUNDLE_IDENTIFIER in that configuration, where the project file writes it.
    #expect(finding.file.hasSuffix("Notes.xcodeproj/project.pbxproj"))
    #expect(TestSupport.start(finding) == (configuration == "Debug" ? "32:33" : "45:33"))
    #expect(
      finding.message
        == "extension bundle identifier 'com.example.other.widget' is not prefixed by the app's 'com.example.app.'; iOS refuses to install it (AppexBundleIDNotPrefixed) (only in the \(configuration) configuration)"
    )
  }

  @Test func aConditionOnTheShippingSDKHoldsInEveryConfiguration() throws {
    let findings = try Self.lint("WIDGET_ID[sdk=iphoneos*] = com.example.other.widget")
    #expect(findings.map(\.ruleID) == ["bundle-id-prefix"])
    #expect(findings.first.map(TestSupport.start) == "45:33")
    #expect(findings.first?.message.hasSuffix("(AppexBundleIDNotPrefixed)") == true)
  }
}
