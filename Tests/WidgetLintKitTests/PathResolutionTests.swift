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

/// Paths a project names, found as a Mac's default volume finds them; files that cannot be read said
/// once, where they are named; App Groups of the wrong type said once, at the value; the summary's counts.
@Suite struct PathResolutionTests {
  /// A copy of a broken project in a fresh folder, to change it.
  static func copy(of name: String) throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "widgetlint-paths-\(UUID().uuidString)")
    try FileManager.default.copyItem(
      at: URL(fileURLWithPath: TestSupport.path("examples/broken-projects/\(name)")), to: directory)
    return directory
  }

  static func findings(of root: URL) -> [String] {
    LintRun(discoversConfiguration: false).run(arguments: [root.path]).findings.map { finding in
      let file = String(finding.file.dropFirst(root.path.count + 1))
      return "\(finding.ruleID) \(file):\(finding.range.start.line):\(finding.range.start.column)"
    }
  }

  // MARK: Finding paths

  /// A `sources` entry that climbs out of its folder (a manifest's, a Tuist project's) names each file
  /// by its normal path, to read and to show, as a file, a folder or a glob.
  @Test(arguments: ["../Shared/Store.swift", "../Shared", "../Shared/**/*.swift", "./../App/../Shared"])
  func anEntryAboveItsFolderNamesTheFileByItsNormalPath(entry: String) throws {
    let root = try TestSupport.directory(with: [("App/Main.swift", ""), ("Shared/Store.swift", "")])
    defer { try? FileManager.default.removeItem(at: root) }
    let resolver = SwiftFileResolver(baseDirectory: root.path + "/App", displayDirectory: "App")
    let files = try #require(resolver.files(for: entry))
    #expect(files.map(\.path) == [root.path + "/Shared/Store.swift"])
    #expect(files.map(\.displayPath) == ["Shared/Store.swift"])
  }

  /// An xcconfig's `#include` above its folder is read by its normal path.
  @Test func anXcconfigIncludeAboveItsFolderIsReadByItsNormalPath() throws {
    let root = try TestSupport.directory(with: [
      ("ios/Config/Widget.xcconfig", "#include \"../../Shared/Ids.xcconfig\"\n"),
      ("Shared/Ids.xcconfig", "APP_ID = com.example.app\n"),
    ])
    defer { try? FileManager.default.removeItem(at: root) }
    let read = XcconfigReader(maxFileSize: 1 << 20).read(path: root.path + "/ios/Config/Widget.xcconfig")
    #expect(read.files == [root.path + "/ios/Config/Widget.xcconfig", root.path + "/Shared/Ids.xcconfig"])
  }

  /// A local package named from a folder beside it (`../Packages/Kit`): its files by their normal paths.
  @Test func aLocalPackageAboveTheProjectNamesItsFilesByTheirNormalPaths() throws {
    let root = try TestSupport.directory(with: [("ios/App.swift", ""), ("Packages/Kit/Sources/Kit/Kit.swift", "")])
    defer { try? FileManager.default.removeItem(at: root) }
    let package = LocalSwiftPackage(path: root.path + "/ios/../Packages/Kit", context: FrontendContext())
    #expect(package.swiftFiles(ofProduct: "Kit").map(\.path) == [root.path + "/Packages/Kit/Sources/Kit/Kit.swift"])
  }

  @Test func anExactNameIsFoundAsItIs() throws {
    let root = try TestSupport.directory(with: [("Widgets/Info.plist", "")])
    defer { try? FileManager.default.removeItem(at: root) }
    #expect(PathLookup().find(root.path + "/Widgets/Info.plist") == .exact(root.path + "/Widgets/Info.plist"))
  }

  @Test func aNameThatDiffersInCaseIsFoundAndSaysSo() throws {
    let root = try TestSupport.directory(with: [("MyApp/myapp.entitlements", "")])
    defer { try? FileManager.default.removeItem(at: root) }
    #expect(
      PathLookup().find(root.path + "/myapp/MyApp.entitlements", below: root.path)
        == .caseDiffers(root.path + "/MyApp/myapp.entitlements"))
  }

  @Test func theBaseFolderIsTakenAsWritten() throws {
    let root = try TestSupport.directory(with: [("MyApp/App.entitlements", "")])
    defer { try? FileManager.default.removeItem(at: root) }
    // The part below the base is found; a base that does not exist is not looked into.
    #expect(PathLookup().find(root.path + "/MyApp/App.entitlements", below: root.path).path != nil)
    #expect(PathLookup().find(root.path + "-missing/MyApp/App.entitlements", below: root.path + "-missing") == .missing)
  }

  @Test func severalNamesThatDifferInCaseOnlyAreAmbiguous() throws {
    let root = try TestSupport.directory(with: [("App/A.entitlements", "1"), ("App/a.entitlements", "2")])
    defer { try? FileManager.default.removeItem(at: root) }
    let lookup = PathLookup()
    // On a case-insensitive volume the two cannot both exist: there, the exact name is found.
    var status = stat()
    guard stat(root.path + "/App/a.entitlements", &status) == 0,
      (try? FileManager.default.contentsOfDirectory(atPath: root.path + "/App").count) == 2
    else { return }
    #expect(
      lookup.find(root.path + "/App/A.Entitlements", below: root.path)
        == .ambiguous(folder: root.path + "/App", names: ["A.entitlements", "a.entitlements"]))
    #expect(
      lookup.find(root.path + "/App/a.entitlements", below: root.path) == .exact(root.path + "/App/a.entitlements"))
  }

  @Test func aNameThatDiffersInNormalisationOnlyIsTheSameName() throws {
    // "Café" with é as one scalar on disk, written as e and a combining accent.
    let root = try TestSupport.directory(with: [("Caf\u{E9}/Info.plist", "")])
    defer { try? FileManager.default.removeItem(at: root) }
    let found = PathLookup().find(root.path + "/Cafe\u{301}/Info.plist", below: root.path)
    #expect(found.path != nil)
    if case .caseDiffers = found { Issue.record("a normalisation difference is not a case difference") }
  }

  @Test func aMissingNameIsMissing() throws {
    let root = try TestSupport.directory(with: [("App/App.entitlements", "")])
    defer { try? FileManager.default.removeItem(at: root) }
    #expect(PathLookup().find(root.path + "/App/Widget.entitlements", below: root.path) == .missing)
  }

  // MARK: Projects

  @Test func anEntitlementsPathInTheWrongCaseIsReadAndNotedOnce() throws {
    let root = TestSupport.path("examples/broken-projects/xcode-entitlements-path-case")
    let report = LintRun(discoversConfiguration: false).run(arguments: [root])
    let finding = try #require(report.findings.first)
    #expect(report.findings.count == 1)
    #expect(finding.ruleID == "path-case")
    #expect(finding.severity == .note)
    #expect(finding.file == root + "/Config/App.xcconfig")
    #expect("\(finding.range.start.line):\(finding.range.start.column)" == "4:26")
    #expect(
      finding.message
        == "'\(root)/tides/Tides.entitlements' is spelled '\(root)/Tides/tides.entitlements' on disk: the case differs, which a Mac's default volume ignores and a case-sensitive one does not"
    )
    // The app's entitlements were read: the file is among those read, as it is spelled.
    #expect(report.projects.first?.filesRead.contains(root + "/Tides/tides.entitlements") == true)
  }

  @Test func aMissingEntitlementsFileIsSaidAtTheXcconfigLineAndNothingElse() throws {
    let root = try Self.copy(of: "xcode-entitlements-path-case")
    defer { try? FileManager.default.removeItem(at: root) }
    try FileManager.default.removeItem(at: root.appendingPathComponent("Tides/tides.entitlements"))
    // Before, the missing file was reported at its own 1:1, and the app, having no groups, at both
    // extensions' groups.
    #expect(Self.findings(of: root) == ["invalid-value Config/App.xcconfig:4:26"])
    let finding = try #require(LintRun(discoversConfiguration: false).run(arguments: [root.path]).findings.first)
    #expect(
      finding.message
        == "cannot read the entitlements file '\(root.path)/tides/Tides.entitlements': there is no such file")
  }

  @Test func aMissingEntitlementsFileNamedInThePbxprojIsSaidThere() throws {
    let root = try Self.copy(of: "xcode-app-groups-string")
    defer { try? FileManager.default.removeItem(at: root) }
    try FileManager.default.removeItem(at: root.appendingPathComponent("Harbor/Harbor.entitlements"))
    // Debug and Release name it alike: one project is read (Release), one finding at its line.
    let pbxproj = try String(
      contentsOf: root.appendingPathComponent("Harbor.xcodeproj/project.pbxproj"), encoding: .utf8)
    let lines = pbxproj.split(separator: "\n", omittingEmptySubsequences: false)
    let releaseLine = try #require(
      lines.indices.last { lines[$0].contains("CODE_SIGN_ENTITLEMENTS = Harbor/Harbor.entitlements;") })
    #expect(
      Set(Self.findings(of: root)) == [
        "invalid-value Harbor.xcodeproj/project.pbxproj:\(releaseLine + 1):30",
        "invalid-value HarborWidgets/HarborWidgets.entitlements:6:10",
      ])
  }

  @Test func anUnreadableInfoPlistIsSaidAtItsSettingAndTheTargetIsNotAWidgetExtension() throws {
    let root = try Self.copy(of: "xcode-entitlements-path-case")
    defer { try? FileManager.default.removeItem(at: root) }
    try FileManager.default.removeItem(at: root.appendingPathComponent("MoonWidgets/Info.plist"))
    let findings = Self.findings(of: root)
    #expect(findings.filter { $0.hasPrefix("invalid-value") }.count == 1)
    #expect(findings.allSatisfy { !$0.contains("MoonWidgets/Info.plist:1:1") })
    #expect(
      findings.contains { $0.hasPrefix("invalid-value Tides.xcodeproj/project.pbxproj:") },
      "at the INFOPLIST_FILE setting: \(findings)")
  }

  @Test func aSourcesEntryInTheWrongCaseIsReadAndNoted() throws {
    let findings = try TestSupport.lint(
      """
      app:
        bundleIdentifier: com.example.weather
      targets:
        - name: WeatherWidgets
          bundleIdentifier: com.example.weather.widgets
          sources: [weatherwidgets/]
          widgets:
            - kind: Forecast
              displayName: Forecast
              description: Today's forecast.
              families: [systemSmall]
      """, files: PathCaseRule.exampleFiles.map { (path: $0.0, contents: $0.1) })
    #expect(
      findings.map { "\($0.ruleID) \($0.file):\(TestSupport.position($0))" } == ["path-case widgets.yaml:6:15-6:30"])
    #expect(
      findings.first?.message
        == "sources entry 'weatherwidgets/' is spelled 'WeatherWidgets' on disk: the case differs, which a Mac's default volume ignores and a case-sensitive one does not"
    )
  }

  // MARK: App Groups of the wrong type

  @Test func aStringTypedAppGroupsEntitlementIsReportedOnceAtTheValue() throws {
    let root = TestSupport.path("examples/broken-projects/xcode-app-groups-string")
    let report = LintRun(discoversConfiguration: false).run(arguments: [root])
    #expect(report.findings.count == 1)
    let finding = try #require(report.findings.first)
    #expect(finding.ruleID == "invalid-value")
    #expect(finding.file == root + "/HarborWidgets/HarborWidgets.entitlements")
    #expect("\(finding.range.start.line):\(finding.range.start.column)" == "6:10")
    #expect(
      finding.message
        == "'com.apple.security.application-groups' is an array of strings, as Apple documents the entitlement; found a string ('group.com.example.harbor'), so the App Groups are not known and none is compared"
    )
  }

  @Test func aNumberAmongTheGroupsIsReportedAtItAndTheGroupsAreNotKnown() throws {
    let source = SourceText(
      path: "Widget.entitlements",
      text: """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \t<key>com.apple.security.application-groups</key>
        \t<array>
        \t\t<string>group.com.example.a</string>
        \t\t<integer>7</integer>
        \t</array>
        </dict>
        </plist>
        """)
    let value = try #require(PropertyListReader.read(source).0)
    let entitlements = try #require(ConfigValues.entitlements(value))
    #expect(entitlements.appGroupsAreUnknown)
    #expect(entitlements.wronglyTypedAppGroups.map(\.value) == ["a number"])
    let range = try #require(entitlements.wronglyTypedAppGroups.first).span.range
    #expect("\(range.start.line):\(range.start.column)" == "7:12")
  }

  @Test func anArrayOfStringsIsReadAsGroups() throws {
    let source = SourceText(
      path: "Widget.entitlements",
      text: """
        <plist version="1.0"><dict><key>com.apple.security.application-groups</key>
        <array><string>group.com.example.a</string></array></dict></plist>
        """)
    let value = try #require(PropertyListReader.read(source).0)
    let entitlements = try #require(ConfigValues.entitlements(value))
    #expect(!entitlements.appGroupsAreUnknown)
    #expect(entitlements.wronglyTypedAppGroups.isEmpty)
    #expect(entitlements.appGroupNames == ["group.com.example.a"])
  }

  // MARK: Summary

  @Test func theSummaryCountsAnAppAsAProject() throws {
    let root = "examples/broken-projects/xcode-app-groups-string"
    let result = try TestSupport.run([root])
    #expect(result.stdout.hasSuffix("\n1 error, 0 warnings, 0 notes in 1 project; --fix would fix 1\n"))
    #expect(result.stderr == "widgetlint: \(root): Xcode app, 7 files read\n")
  }

  @Test func theSummaryNamesEachKindOfInput() throws {
    let app = TestSupport.path("examples/broken-projects/xcode-app-groups-string")
    var report = LintRun(discoversConfiguration: false).run(
      arguments: [app, TestSupport.path("examples/broken/availability.yaml")])
    #expect(TextReporter.inputs(of: report) == "1 project and 1 file")
    report = LintRun(discoversConfiguration: false).run(
      sources: [TestSupport.path("examples/broken/widget-link-in-small")], deploymentTarget: nil)
    #expect(TextReporter.inputs(of: report) == "1 folder")
    #expect(
      TextReporter.inputs(of: LintReport(files: ["a.yaml", "b.yaml"], findings: [], inputErrors: [])) == "2 files")
  }

  @Test func oneFileReadIsOneFile() throws {
    let root = try TestSupport.directory(with: [
      ("app.json", #"{"expo": {"name": "Solo", "ios": {"bundleIdentifier": "com.example.solo"}}}"#)
    ])
    defer { try? FileManager.default.removeItem(at: root) }
    let result = try TestSupport.run([root.path])
    #expect(result.stderr.contains("Expo app, 1 file read;"))
  }
}
