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

/// How an Expo app is read: the values @bacons/apple-targets derives, and where findings point.
@Suite struct ExpoProjectTests {
  func project(app: String, targets: [(folder: String, config: String, name: String)]) throws -> (Project, URL) {
    var files: [(path: String, contents: String)] = [("app.json", app)]
    for target in targets { files.append(("targets/\(target.folder)/\(target.name)", target.config)) }
    let directory = try TestSupport.directory(with: files)
    return (Linter().read(ExpoAppFrontend(appConfig: directory.appendingPathComponent("app.json").path)), directory)
  }

  func lineColumn(_ span: SourceSpan) -> String {
    let position = span.file.position(atOffset: span.start)
    return "\(position.line):\(position.column)"
  }

  let app = """
    {
      "expo": {
        "scheme": ["tides", "tidesapp"],
        "ios": {
          "bundleIdentifier": "com.example.tides",
          "entitlements": {"com.apple.security.application-groups": ["group.com.example.tides"]}
        },
        "plugins": ["@bacons/apple-targets", ["expo-build-properties", {"ios": {"deploymentTarget": "15.1"}}]]
      }
    }
    """

  @Test func bundleIdentifiersAreDerivedAsThePluginDoes() throws {
    let (project, directory) = try project(
      app: app,
      targets: [
        ("appended", #"{"type": "widget", "bundleIdentifier": ".tidewidget"}"#, "expo-target.config.json"),
        ("defaulted", #"{"type": "share"}"#, "expo-target.config.json"),
        (
          "explicit", "module.exports = { type: 'clip', bundleIdentifier: 'com.example.tides.clip' };",
          "expo-target.config.js"
        ),
      ])
    defer { try? FileManager.default.removeItem(at: directory) }
    let targets = try #require(project.manifest?.targets)
    #expect(
      targets.map { $0.bundleIdentifier?.value } == [
        "com.example.tides.tidewidget", "com.example.tides.share", "com.example.tides.clip",
      ])
    #expect(targets.map { $0.name?.value } == ["appended", "defaulted", "explicit"])
    #expect(project.manifest?.app?.deploymentTarget?.value == OSVersion(15, 1))
    #expect(project.manifest?.app?.urlSchemes.map(\.value) == ["tides", "tidesapp"])
    // The derived identifier points at the value written in the target's config.
    #expect(targets[0].bundleIdentifier?.span.file.path.hasSuffix("targets/appended/expo-target.config.json") == true)
    #expect(targets[0].deploymentTarget?.value == OSVersion(18))
  }

  /// packages/apple-targets/src/with-widget.ts: an `entitlements` object gets the app's App Groups
  /// unless it has the key; without one, the folder's own `*.entitlements` file is used as it is.
  @Test func targetEntitlementsAreDerivedAsThePluginDoes() throws {
    let groupsFile = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0">
      <dict>
        <key>com.apple.security.application-groups</key>
        <array><string>group.filed</string></array>
      </dict>
      </plist>
      """
    let (project, directory) = try project(
      app: app,
      targets: [
        // What `create-target` writes: an object with only a comment, which gets the app's groups.
        (
          "created", "module.exports = { type: 'widget', entitlements: { /* Add entitlements */ } };",
          "expo-target.config.js"
        ),
        ("filed", #"{"type": "widget", "bundleIdentifier": ".filed"}"#, "expo-target.config.json"),
        ("filed", groupsFile, "target.entitlements"),
        ("none", #"{"type": "widget", "bundleIdentifier": ".none"}"#, "expo-target.config.json"),
        ("notify", #"{"type": "notification-service", "entitlements": {}}"#, "expo-target.config.json"),
        (
          "own",
          #"{"type": "widget", "bundleIdentifier": ".own", "entitlements": {"com.apple.security.application-groups": []}}"#,
          "expo-target.config.json"
        ),
      ])
    defer { try? FileManager.default.removeItem(at: directory) }
    let targets = try #require(project.manifest?.targets)
    #expect(targets.map { $0.name?.value } == ["created", "filed", "none", "notify", "own"])
    #expect(
      targets.map { $0.entitlements?.appGroupNames } == [["group.com.example.tides"], ["group.filed"], [], [], []])
    // The copied group points into app.json, where it is written; the file's into the file.
    #expect(targets[0].entitlements?.appGroups?.first?.span.file.path.hasSuffix("/app.json") == true)
    let filed = try #require(targets[1].entitlements?.appGroups?.first)
    #expect(filed.span.file.path.hasSuffix("targets/filed/target.entitlements"))
    #expect(lineColumn(filed.span) == "5:18")
    #expect(project.filesRead.contains { $0.hasSuffix("targets/filed/target.entitlements") })
    let findings = Linter().lint(project)
    #expect(findings.map(\.ruleID) == ["app-group-mismatch"])
    #expect(findings.first?.file.hasSuffix("targets/filed/target.entitlements") == true)
    #expect(findings.first.map { "\($0.range.start.line):\($0.range.start.column)" } == "5:18")
  }

  @Test func twoEntitlementsFilesStopThePrebuild() throws {
    let empty = #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict/></plist>"#
    let (project, directory) = try project(
      app: app,
      targets: [
        ("widget", "{\n  \"type\": \"widget\"\n}", "expo-target.config.json"),
        ("widget", empty, "a.entitlements"),
        ("widget", empty, "b.entitlements"),
      ])
    defer { try? FileManager.default.removeItem(at: directory) }
    #expect(project.manifest?.targets.first?.entitlements == nil)
    let findings = Linter().lint(project)
    #expect(findings.map(\.ruleID) == ["invalid-value"])
    #expect(findings.first?.severity == .error)
    #expect(
      findings.first?.message
        == "target folder has 2 '*.entitlements' files ('a.entitlements', 'b.entitlements'); @bacons/apple-targets stops the prebuild when it finds more than one"
    )
    #expect(findings.first.map { "\($0.range.start.line):\($0.range.start.column)" } == "2:11")
  }

  /// A target config function is called with the app's Expo config: what it reads from it is known.
  @Test func targetConfigFunctionsReadTheAppConfig() throws {
    let (project, directory) = try project(
      app: app,
      targets: [
        (
          "widget",
          """
          module.exports = (config) => ({
            type: 'widget',
            bundleIdentifier: config.ios.bundleIdentifier + '.w',
            entitlements: {
              'com.apple.security.application-groups': [config.ios.entitlements['com.apple.security.application-groups'][0]],
            },
          });
          """,
          "expo-target.config.js"
        )
      ])
    defer { try? FileManager.default.removeItem(at: directory) }
    let target = try #require(project.manifest?.targets.first)
    #expect(target.bundleIdentifier?.value == "com.example.tides.w")
    #expect(target.bundleIdentifier.map { lineColumn($0.span) } == "3:21")
    #expect(target.entitlements?.appGroupNames == ["group.com.example.tides"])
    #expect(Linter().lint(project).isEmpty)
  }

  /// A group list with a computed element is a list whose content is unknown: nothing is compared with it.
  @Test func computedGroupsAreUnknownNotEmpty() throws {
    let widgetCode = """
      import WidgetKit
      let defaults = UserDefaults(suiteName: "group.com.example.tides")
      """
    let (project, directory) = try project(
      app: app,
      targets: [
        (
          "widget",
          "module.exports = (config) => ({ type: 'widget', entitlements: { 'com.apple.security.application-groups': [groupFor(config)] } });",
          "expo-target.config.js"
        ),
        ("widget", widgetCode, "Widget.swift"),
      ])
    defer { try? FileManager.default.removeItem(at: directory) }
    #expect(project.manifest?.targets.first?.entitlements?.appGroupsAreUnknown == true)
    let findings = Linter().lint(project)
    #expect(findings.map(\.ruleID) == ["computed-value"])
  }

  @Test func computedValuesAreNotesAndNeverGuessed() throws {
    let (project, directory) = try project(
      app: app,
      targets: [
        (
          "widget",
          "module.exports = (config) => ({ type: 'widget', bundleIdentifier: require('./ids').widget });",
          "expo-target.config.js"
        )
      ])
    defer { try? FileManager.default.removeItem(at: directory) }
    #expect(project.manifest?.targets.first?.bundleIdentifier == nil)
    let findings = Linter().lint(project)
    #expect(findings.map(\.ruleID) == ["computed-value"])
    #expect(findings.first?.severity == .note)
    #expect(findings.first?.range.start.column == 67)
  }

  @Test func easEntriesAreCheckedOnlyWhereTheProjectWritesThem() throws {
    let withEAS = app.replacingOccurrences(
      of: #""plugins""#,
      with:
        #""extra": {"eas": {"build": {"experimental": {"ios": {"appExtensions": [{"targetName": "share", "bundleIdentifier": "com.example.tides.share", "entitlements": {"com.apple.security.application-groups": ["group.com.example.tides"]}}]}}}}}, "plugins""#
    )
    let targets = [
      ("widget", #"{"type": "widget"}"#, "expo-target.config.json"),
      ("share", #"{"type": "share", "entitlements": {}}"#, "expo-target.config.json"),
    ]
    let (without, first) = try project(app: app, targets: targets)
    defer { try? FileManager.default.removeItem(at: first) }
    #expect(Linter().lint(without).isEmpty)
    let (with, second) = try project(app: withEAS, targets: targets)
    defer { try? FileManager.default.removeItem(at: second) }
    let findings = Linter().lint(with)
    #expect(findings.map(\.ruleID) == ["eas-extension-mismatch"])
    #expect(findings.first?.message.hasPrefix("target 'widget' has no entry in eas.appExtensions") == true)
  }

  /// An entry for a target another published plugin makes (react-native-device-activity's monitor) is
  /// unknown, with one note at its name; with only plugins known to make no target, it names no target.
  @Test func anEntryForATargetOfAnUnreadPluginIsUnknown() throws {
    let entries =
      #"{"targetName": "widget", "bundleIdentifier": "com.example.tides.widget", "entitlements": {"com.apple.security.application-groups": ["group.com.example.tides"]}}, {"targetName": "ActivityMonitor", "bundleIdentifier": "com.example.tides.monitor"}"#
    let withEAS = app.replacingOccurrences(
      of: #""plugins""#,
      with: #""extra": {"eas": {"build": {"experimental": {"ios": {"appExtensions": ["# + entries
        + "]}}}}}, \"plugins\"")
    let targets = [
      (
        "widget",
        #"{"type": "widget", "entitlements": {"com.apple.security.application-groups": ["group.com.example.tides"]}}"#,
        "expo-target.config.json"
      )
    ]
    let withDeviceActivity = withEAS.replacingOccurrences(
      of: #"["@bacons/apple-targets","#, with: #"["react-native-device-activity", "@bacons/apple-targets","#)
    let (unread, first) = try project(app: withDeviceActivity, targets: targets)
    defer { try? FileManager.default.removeItem(at: first) }
    let notes = Linter().lint(unread)
    #expect(notes.map(\.ruleID) == ["computed-value"])
    #expect(notes.first.map { "\($0.range.start.line):\($0.range.start.column)" } == "8:253")
    #expect(
      notes.first?.message
        == "appExtensions entry names target 'ActivityMonitor', which no target widgetlint reads is; config plugin 'react-native-device-activity', not read, may make it: not checked"
    )

    let (known, second) = try project(app: withEAS, targets: targets)
    defer { try? FileManager.default.removeItem(at: second) }
    let findings = Linter().lint(known)
    #expect(findings.map(\.ruleID) == ["eas-extension-mismatch"])
    #expect(findings.first.map { "\($0.range.start.line):\($0.range.start.column)" } == "8:253")
    #expect(
      findings.first?.message.hasPrefix(
        "appExtensions entry names target 'ActivityMonitor', but the manifest has no such target") == true)
  }
}

/// The Expo SDK in package.json names the Xcode an app builds with, and so its WidgetBundle limit.
@Suite struct ExpoToolchainTests {
  static let widgets = (1...7).map { "W\($0)" }
  /// All seven widgets in the body's one block.
  static let builderBody = "  var body: some Widget {\n" + widgets.map { "    \($0)()\n" }.joined() + "  }\n"

  static func files(expo: String?, bundleMembers: String = builderBody, xcodeVersionFile: String? = nil) -> [(
    path: String, contents: String
  )] {
    var swift = "import SwiftUI\nimport WidgetKit\n\n@main\nstruct AllWidgets: WidgetBundle {\n" + bundleMembers + "}\n"
    for name in widgets {
      swift += """

        struct \(name): Widget {
          var body: some WidgetConfiguration {
            StaticConfiguration(kind: "\(name)", provider: Provider()) { _ in Text("\(name)") }
              .supportedFamilies([.systemSmall])
          }
        }

        """
    }
    var files: [(path: String, contents: String)] = [
      (
        "app.json",
        #"{"expo": {"name": "Many", "ios": {"bundleIdentifier": "com.example.many"}, "plugins": ["@bacons/apple-targets"]}}"#
      ),
      ("targets/widget/expo-target.config.json", #"{"type": "widget"}"#),
      ("targets/widget/Widgets.swift", swift),
    ]
    if let expo { files.append(("package.json", #"{"dependencies": {"expo": "\#(expo)"}}"#)) }
    if let xcodeVersionFile { files.append((".xcode-version", xcodeVersionFile)) }
    return files
  }

  func limitFindings(expo: String?, bundleMembers: String = builderBody, xcode: String? = nil) throws -> [String] {
    let directory = try TestSupport.directory(
      with: Self.files(expo: expo, bundleMembers: bundleMembers, xcodeVersionFile: xcode))
    defer { try? FileManager.default.removeItem(at: directory) }
    return LintRun(discoversConfiguration: false).run(arguments: [directory.path]).findings
      .filter { $0.ruleID == "widget-kind-limit" }.map { "\(TestSupport.position($0)) \($0.message)" }
  }

  @Test func sdk53BuildsWithXcode16AndTakesSevenWidgetsInOneBlock() throws {
    #expect(try limitFindings(expo: "~53.0.4") == [])
    #expect(try limitFindings(expo: "^52.0.0") == [])
  }

  @Test func olderSDKsKeepALimitAndUnstatedOnesBuildWithTheAppStoresXcode() throws {
    #expect(
      try limitFindings(expo: "~51.0.0") == [])  // Xcode 15: the builder takes 10.
    // Nothing states the Xcode: the App Store's minimum, Xcode 26, has no fixed limit.
    #expect(try limitFindings(expo: nil) == [])
    let stated = try limitFindings(expo: nil, xcode: "12.5\n")
    #expect(stated.count == 1, "\(stated)")
    #expect(
      stated.first?.hasPrefix(
        "12:5-12:9 WidgetBundle 'AllWidgets' lists 7 entries in one block, more than the 5 the builder of Xcode 12.5's SDK takes (.xcode-version)"
      ) == true)
  }

  /// DuckDuckGo's and NetNewsWire's shape: a helper returns `WidgetBundleBuilder.buildBlock(…)` per OS.
  @Test func explicitBuildBlockCallsAreBlocks() throws {
    let helper = """
        var body: some Widget {
          makeWidgets()
        }

        private func makeWidgets() -> some Widget {
          if #available(iOS 17, *) {
            return WidgetBundleBuilder.buildBlock(W1(), W2(), W3(), W4(), W5(), W6(), W7())
          } else {
            return WidgetBundleBuilder.buildBlock(W1(), W2())
          }
        }

      """
    #expect(
      try limitFindings(expo: nil, bundleMembers: helper, xcode: "12.5") == [
        "12:75-12:79 WidgetBundleBuilder.buildBlock in WidgetBundle 'AllWidgets' takes 7 widgets, more than the 5 the builder of Xcode 12.5's SDK takes (.xcode-version); move some into a second WidgetBundle and pass that bundle here"
      ])
    #expect(try limitFindings(expo: nil, bundleMembers: helper) == [])
    #expect(try limitFindings(expo: "~51.0.0", bundleMembers: helper) == [])
    #expect(try limitFindings(expo: "~54.0.0", bundleMembers: helper) == [])
    // In the body itself, returned without the builder attribute: the call's widgets are the block.
    let returned = """
        var body: some Widget {
          return WidgetBundleBuilder.buildBlock(W1(), W2(), W3(), W4(), W5(), W6(), W7())
        }

      """
    #expect(
      try limitFindings(expo: nil, bundleMembers: returned, xcode: "12.5").map { String($0.prefix(66)) } == [
        "7:73-7:77 WidgetBundle 'AllWidgets' lists 7 entries in one block, "
      ])
  }

  @Test func dependencyRangesGiveTheMajorVersion() {
    #expect(ExpoSDK.majorVersion(ofDependency: "~53.0.4") == 53)
    #expect(ExpoSDK.majorVersion(ofDependency: "^52.0.0") == 52)
    #expect(ExpoSDK.majorVersion(ofDependency: ">=54") == 54)
    #expect(ExpoSDK.majorVersion(ofDependency: "latest") == nil)
    #expect(ExpoSDK.majorVersion(ofDependency: "github:expo/expo") == nil)
  }
}
