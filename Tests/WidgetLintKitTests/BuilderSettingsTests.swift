import Foundation
import Testing

@testable import WidgetLintCore
@testable import WidgetLintEngine
@testable import WidgetLintFrontends
@testable import WidgetLintKit
@testable import WidgetLintModel
@testable import WidgetLintReaders
@testable import WidgetLintReports
@testable import WidgetLintRules

/// Values an Xcode project leaves to whoever builds it (a team in a git-ignored override file, an empty
/// or placeholder `DEVELOPMENT_TEAM`) are unknown: rules that need them are silent, and one note says
/// which settings and where.
@Suite struct BuilderSettingsTests {
  /// The test project of `XcodeProjectFileTests` with its project configurations based on
  /// `Config/Base.xcconfig`, and the app and widget using `$(DEVELOPMENT_TEAM)` in their App Group.
  static func files(
    base: String, widget: [String: String] = [:], extra: [(path: String, contents: String)] = []
  ) -> [(path: String, contents: String)] {
    let settings = XcodeProjectFileTests.widgetSettings(widget)
    var pbxproj = XcodeProjectFileTests.project(
      app: XcodeProjectFileTests.appSettings, widget: ["Debug": settings, "Release": settings],
      projectSettings: "\t\t\t\tSDKROOT = iphoneos;\n")
    pbxproj = pbxproj.replacingOccurrences(
      of: "isa = XCBuildConfiguration; buildSettings = {\n\t\t\t\tSDKROOT",
      with: "isa = XCBuildConfiguration; baseConfigurationReference = XC; buildSettings = {\n\t\t\t\tSDKROOT")
    pbxproj = pbxproj.replacingOccurrences(
      of: "\t};\n\trootObject",
      with:
        "\t\tXC /* Base.xcconfig */ = {isa = PBXFileReference; path = Config/Base.xcconfig; sourceTree = SOURCE_ROOT; };\n\t};\n\trootObject"
    )
    let group = "group.com.$(DEVELOPMENT_TEAM).notes"
    let swift = XcodeProjectFileTests.widgetSwift.replacingOccurrences(
      of: "group.com.example.app", with: "group.com.ABCDE12345.notes")
    return XcodeProjectFileTests.files(pbxproj: pbxproj, widgetGroups: group, extra: extra).map { file in
      switch file.path {
      case "App/App.entitlements": return (file.path, XcodeProjectTests.groups(group))
      case "Widget/NoteWidget.swift": return (file.path, swift)
      default: return file
      }
    } + [("Config/Base.xcconfig", base)]
  }

  func lint(_ files: [(path: String, contents: String)]) throws -> [Finding] {
    let directory = try TestSupport.directory(with: files)
    defer { try? FileManager.default.removeItem(at: directory) }
    return Linter().lint(variants: Linter().readVariants(XcodeAppFrontend(directory: directory.path)))
  }

  @Test func aTeamAnOptionalIncludeMaySetIsUnknownAndSaidOnce() throws {
    let base =
      "// Set your team in Override.xcconfig, which git ignores.\nDEVELOPMENT_TEAM =\n#include? \"Override.xcconfig\"\n"
    let findings = try lint(Self.files(base: base))
    // Not `group.com..notes` twice (app-group-format): the team is whoever builds the app.
    #expect(findings.map(\.ruleID) == ["computed-value"])
    let note = try #require(findings.first)
    #expect(note.severity == .note)
    #expect(note.file.hasSuffix("Config/Base.xcconfig"))
    #expect(TestSupport.start(note) == "3:12")
    #expect(note.message.contains("DEVELOPMENT_TEAM may be set by 'Override.xcconfig', which is not in the repository"))
  }

  @Test func withTheOverrideFilePresentItsTeamIsUsed() throws {
    let base = "DEVELOPMENT_TEAM =\n#include? \"Override.xcconfig\"\n"
    let findings = try lint(
      Self.files(base: base, extra: [("Config/Override.xcconfig", "DEVELOPMENT_TEAM = ABCDE12345\n")]))
    #expect(findings.isEmpty, "\(findings.map(\.message))")
    // A team the override sets wrongly is a real finding again, at the override's line.
    let wrong = try lint(
      Self.files(
        base: base, extra: [("Config/Override.xcconfig", "DEVELOPMENT_TEAM = ABCDE12345\n")],
      ).map { file in
        file.path == "Widget/Widget.entitlements" ? (file.path, XcodeProjectTests.groups("group.com.other")) : file
      })
    #expect(wrong.map(\.ruleID).contains("app-group-mismatch"))
  }

  @Test func anIncludeIsFoundAsAMacFindsIt() throws {
    // `overrides.xcconfig` is `Overrides.xcconfig` on disk: Xcode on a Mac reads it, so its team is used,
    // and one path-case note says the spelling differs.
    let base = "DEVELOPMENT_TEAM =\n#include? \"overrides.xcconfig\"\n"
    let findings = try lint(
      Self.files(base: base, extra: [("Config/Overrides.xcconfig", "DEVELOPMENT_TEAM = ABCDE12345\n")]))
    #expect(findings.map(\.ruleID) == ["path-case"])
    #expect(findings.first.map(TestSupport.start) == "2:12")
    #expect(findings.first?.file.hasSuffix("Config/Base.xcconfig") == true)
  }

  @Test func anEmptyTeamWithNoIncludeIsLeftToTheBuilder() throws {
    let findings = try lint(Self.files(base: "DEVELOPMENT_TEAM = \n"))
    #expect(findings.map(\.ruleID) == ["computed-value"])
    #expect(findings.first.map(TestSupport.start) == "1:20")
    #expect(findings.first?.message.hasSuffix("DEVELOPMENT_TEAM is empty") == true)
  }

  @Test func aPlaceholderInABundleIdentifierIsUnknownNotAnInvalidCharacter() throws {
    let base = "TEAM = ##TEAM_ID##\n"
    let findings = try lint(
      Self.files(
        base: base + "DEVELOPMENT_TEAM = ABCDE12345\n",
        widget: ["PRODUCT_BUNDLE_IDENTIFIER": "org.example.$(TEAM).app.widget"]))
    #expect(findings.map(\.ruleID) == ["computed-value"])
    #expect(findings.first.map(TestSupport.start) == "1:8")
    #expect(findings.first?.message.hasSuffix("TEAM is a placeholder") == true)
  }

  @Test func aSettingWrittenAfterTheMissingIncludeIsKnown() throws {
    // The include may set anything written before it, not what follows it.
    let base = "DEVELOPMENT_TEAM = ABCDE12345\n#include? \"Override.xcconfig\"\nDEVELOPMENT_TEAM = ABCDE12345\n"
    let findings = try lint(
      Self.files(
        base: base, widget: ["PRODUCT_BUNDLE_IDENTIFIER": "com.other.widget"]))
    // The widget's bundle identifier is the target's own setting, above every xcconfig: known and wrong.
    #expect(findings.map(\.ruleID) == ["bundle-id-prefix"])
  }

  @Test func entitlementsAMissingIncludeMayChooseAreUnknown() throws {
    // The app's CODE_SIGN_ENTITLEMENTS comes from the xcconfig, before the include: unknown, so the
    // widget's group is not reported as missing from the app.
    var files = Self.files(base: "CODE_SIGN_ENTITLEMENTS = App/Other.entitlements\n#include? \"Local.xcconfig\"\n")
    files = files.map { file in
      guard file.path == "Notes.xcodeproj/project.pbxproj" else { return file }
      return (
        file.path,
        file.contents.replacingOccurrences(of: "\t\t\t\tCODE_SIGN_ENTITLEMENTS = \"App/App.entitlements\";\n", with: "")
      )
    }
    files = files.map { file in
      file.path == "Widget/Widget.entitlements"
        ? (file.path, XcodeProjectTests.groups("group.com.ABCDE12345.notes")) : file
    }
    let findings = try lint(files)
    #expect(findings.map(\.ruleID) == ["computed-value"])
    #expect(findings.first?.message.contains("CODE_SIGN_ENTITLEMENTS") == true)
  }

  @Test func filesOtherToolsGenerateAreNotUnknowns() throws {
    // CocoaPods' and Flutter's generated xcconfigs set their own settings only.
    let base = """
      #include? "Pods/Target Support Files/Pods-Runner/Pods-Runner.release.xcconfig"
      #include "Generated.xcconfig"
      DEVELOPMENT_TEAM = ABCDE12345

      """
    let findings = try lint(Self.files(base: base))
    #expect(findings.isEmpty, "\(findings.map(\.message))")
  }

  @Test(arguments: [
    ("ABCDE12345", nil), ("", "empty"), ("YOUR_TEAM_ID", "placeholder"), ("abcde12345", "placeholder"),
    ("<TEAM>", "placeholder"),
  ])
  func teamValues(value: String, reason: String?) {
    let found = XcodeBuildSettingsResolver.leftToBuilder("DEVELOPMENT_TEAM", value)
    switch found {
    case nil: #expect(reason == nil)
    case .empty: #expect(reason == "empty")
    case .placeholder: #expect(reason == "placeholder")
    default: Issue.record("unexpected \(String(describing: found))")
    }
  }

  /// The example app: a team placeholder and an empty team, both for an override file git ignores.
  @Test func theTeamOverrideExampleSaysOnceWhatIsLeftToTheBuilder() throws {
    let root = TestSupport.path("examples/native-team-override")
    let report = LintRun(discoversConfiguration: false).run(arguments: [root])
    #expect(report.findings.map(\.ruleID) == ["computed-value"])
    let note = try #require(report.findings.first)
    #expect(note.file.hasSuffix("native-team-override/Config/Team.xcconfig"))
    #expect(TestSupport.start(note) == "5:12")
    #expect(
      note.message
        == "left to whoever builds the app, so the values that use it are not checked: TEAM_ID and DEVELOPMENT_TEAM may be set by '../Override.xcconfig', which is not in the repository"
    )
  }
}
