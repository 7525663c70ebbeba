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

/// Flutter and native Xcode apps: targets from Info.plist, entitlements with build settings, Dart calls.
@Suite struct XcodeProjectTests {
  static func plist(_ body: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \(body)
    </dict>
    </plist>
    """
  }

  static func groups(_ names: String...) -> String {
    plist(
      "  <key>com.apple.security.application-groups</key>\n  <array>\n"
        + names.map { "    <string>\($0)</string>\n" }.joined() + "  </array>")
  }

  static let widgetInfo = plist(
    """
      <key>NSExtension</key>
      <dict>
        <key>NSExtensionPointIdentifier</key>
        <string>com.apple.widgetkit-extension</string>
      </dict>
    """)

  static let widgetSwift = """
    import WidgetKit
    @main
    struct CounterWidget: Widget {
        var body: some WidgetConfiguration {
            StaticConfiguration(kind: "CounterWidget", provider: Provider()) { CounterView(entry: $0).widgetBackground() }
        }
    }
    struct Provider {
        let defaults = UserDefaults(suiteName: "group.com.example.counter")
        let computed = UserDefaults(suiteName: "group." + Bundle.main.bundleIdentifier!)
    }
    extension View {
        @ViewBuilder func widgetBackground() -> some View {
            if #available(iOS 17.0, *) { containerBackground(.clear, for: .widget) } else { self }
        }
    }
    """

  func lint(_ files: [(path: String, contents: String)]) throws -> [Finding] {
    let directory = try TestSupport.directory(with: files)
    defer { try? FileManager.default.removeItem(at: directory) }
    return Linter().lint(FlutterAppFrontend(directory: directory.path))
  }

  @Test func buildSettingsAreExpandedWhereTheProjectDefinesThem() throws {
    let files: [(path: String, contents: String)] = [
      ("ios/Flutter/Shared.xcconfig", "// shared settings\nAPP_GROUP_SUFFIX = counter\n"),
      ("ios/Runner/Info.plist", Self.plist("  <key>CFBundleName</key>\n  <string>Runner</string>")),
      ("ios/Runner/Runner.entitlements", Self.groups("group.com.example.$(APP_GROUP_SUFFIX)")),
      ("ios/CounterWidget/Info.plist", Self.widgetInfo),
      ("ios/CounterWidget/CounterWidget.entitlements", Self.groups("group.com.example.$(APP_GROUP_SUFFIX)")),
      ("ios/CounterWidget/CounterWidget.swift", Self.widgetSwift),
      ("lib/main.dart", "void main() { HomeWidget.setAppGroupId('group.com.example.counter'); }\n"),
    ]
    // Expanded, the groups agree everywhere; the suite name built at run time is not guessed.
    #expect(try lint(files).isEmpty)
    var wrong = files
    wrong[0] = ("ios/Flutter/Shared.xcconfig", "APP_GROUP_SUFFIX = other\n")
    let findings = try lint(wrong)
    #expect(findings.map(\.ruleID) == ["app-group-mismatch", "app-group-mismatch"])
  }

  /// A group written with a setting the project does not define is unknown, not empty: the Dart code's
  /// group is not compared with it. A group that is known and differs still is.
  @Test func dartGroupIsNotComparedWithAnUnknownGroup() throws {
    let files: [(path: String, contents: String)] = [
      ("ios/Runner/Info.plist", Self.plist("  <key>CFBundleName</key>\n  <string>Runner</string>")),
      ("ios/Runner/Runner.entitlements", Self.groups("group.$(TEAM_PREFIX).counter")),
      ("ios/CounterWidget/Info.plist", Self.widgetInfo),
      ("ios/CounterWidget/CounterWidget.entitlements", Self.groups("group.$(TEAM_PREFIX).counter")),
      ("ios/CounterWidget/CounterWidget.swift", Self.widgetSwift),
      ("lib/main.dart", "void main() { HomeWidget.setAppGroupId('group.com.example.counter'); }\n"),
    ]
    #expect(try lint(files).filter { $0.message.contains("Dart") }.isEmpty)
    var known = files
    known[3] = ("ios/CounterWidget/CounterWidget.entitlements", Self.groups("group.com.example.other"))
    let findings = try lint(known).filter { $0.message.contains("Dart") }
    #expect(findings.map(\.ruleID) == ["app-group-mismatch"])
    #expect(findings.first?.message.contains("widget extension 'CounterWidget'") == true)
    #expect(findings.first?.message.contains("the app and") == false)
  }

  /// Without an `.xcodeproj` the folders are guessed, and the `.xcconfig` files are read as with one:
  /// includes in place, and a setting that a missing include may set again is unknown.
  @Test func guessedFoldersReadXcconfigIncludesAndMissingOnes() throws {
    var files: [(path: String, contents: String)] = [
      ("ios/Flutter/Shared.xcconfig", "#include \"../../config/Groups.xcconfig\"\n"),
      ("config/Groups.xcconfig", "APP_GROUP_SUFFIX = other;\n"),
      ("ios/Runner/Info.plist", Self.plist("")),
      ("ios/Runner/Runner.entitlements", Self.groups("group.com.example.$(APP_GROUP_SUFFIX)")),
      ("ios/CounterWidget/Info.plist", Self.widgetInfo),
      ("ios/CounterWidget/CounterWidget.entitlements", Self.groups("group.com.example.$(APP_GROUP_SUFFIX)")),
      ("ios/CounterWidget/CounterWidget.swift", Self.widgetSwift),
    ]
    // The widget's code reads another group than the one the included file gives.
    let findings = try lint(files)
    #expect(findings.map(\.ruleID) == ["app-group-mismatch"])
    #expect(findings.first?.file.hasSuffix("ios/CounterWidget/CounterWidget.swift") == true)
    #expect(findings.first?.message.contains("entitled to 'group.com.example.other' only") == true)
    // An override the repository does not hold may set it again: the group is not known.
    files[0].contents += "#include? \"Override.xcconfig\"\n"
    #expect(try lint(files).isEmpty)
  }

  @Test func unknownSettingsAreSkippedNotGuessed() throws {
    let files: [(path: String, contents: String)] = [
      ("ios/Runner/Info.plist", Self.plist("")),
      ("ios/Runner/Runner.entitlements", Self.groups("group.$(TEAM_GROUP)")),
      ("ios/CounterWidget/Info.plist", Self.widgetInfo),
      ("ios/CounterWidget/CounterWidget.entitlements", Self.groups("group.$(TEAM_GROUP)")),
      ("ios/CounterWidget/CounterWidget.swift", Self.widgetSwift),
    ]
    #expect(try lint(files).isEmpty)
  }

  @Test func binaryEntitlementsAreRead() throws {
    let binary = try PropertyListSerialization.data(
      fromPropertyList: ["com.apple.security.application-groups": ["group.com.example.other"]], format: .binary,
      options: 0)
    let directory = try TestSupport.directory(with: [
      ("ios/Runner/Info.plist", Self.plist("")),
      ("ios/CounterWidget/Info.plist", Self.widgetInfo),
      ("ios/CounterWidget/CounterWidget.swift", Self.widgetSwift),
    ])
    defer { try? FileManager.default.removeItem(at: directory) }
    try binary.write(to: directory.appendingPathComponent("ios/CounterWidget/CounterWidget.entitlements"))
    let findings = Linter().lint(XcodeAppFrontend(directory: directory.path))
    // The widget reads a group its binary entitlements do not list, and the app (no entitlements
    // file) does not carry the widget's group either.
    #expect(findings.map(\.ruleID) == ["app-group-mismatch", "app-group-mismatch"])
    #expect(findings.contains { $0.message.contains("is entitled to 'group.com.example.other' only") })
    #expect(findings.contains { $0.message.contains("is not in the app's entitlements") })
  }
}

/// Apps read from their `project.pbxproj`: targets, build settings per configuration, member files.
@Suite struct XcodeProjectFileTests {
  /// A small project in Xcode's format: an app `App` (folder `App/`) embedding a widget extension
  /// `Widget` (synchronized folder `Widget/`), with the given build settings per configuration.
  static func project(
    app: [String: String] = [:], widget: [String: [String: String]], projectSettings: String = "",
    widgetExceptions: String = "", appExceptions: String = "", configurations: [String] = ["Debug", "Release"]
  ) -> String {
    func settings(_ values: [String: String]) -> String {
      values.sorted { $0.key < $1.key }.map { "\t\t\t\t\($0.key) = \"\($0.value)\";\n" }.joined()
    }
    var text = """
      // !$*UTF8*$!
      {
      \tarchiveVersion = 1;
      \tobjectVersion = 77;
      \tobjects = {
      \t\tP0 /* Project object */ = {isa = PBXProject; buildConfigurationList = PL; mainGroup = G0; targets = (TA /* App */, TW /* Widget */, ); };
      \t\tG0 = {isa = PBXGroup; children = (GA /* App */, SW /* Widget */, ); sourceTree = "<group>"; };
      \t\tGA /* App */ = {isa = PBXGroup; children = (FA /* AppMain.swift */, ); path = App; sourceTree = "<group>"; };
      \t\tFA /* AppMain.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = AppMain.swift; sourceTree = "<group>"; };
      \t\tBA /* AppMain.swift in Sources */ = {isa = PBXBuildFile; fileRef = FA /* AppMain.swift */; };
      \t\tSW /* Widget */ = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (\(widgetExceptions)); path = Widget; sourceTree = "<group>"; };
      \t\tPW /* Widget.appex */ = {isa = PBXFileReference; explicitFileType = "wrapper.app-extension"; path = Widget.appex; sourceTree = BUILT_PRODUCTS_DIR; };
      \t\tBE /* Widget.appex in Embed Foundation Extensions */ = {isa = PBXBuildFile; fileRef = PW /* Widget.appex */; };
      \t\tCE /* Embed Foundation Extensions */ = {isa = PBXCopyFilesBuildPhase; dstSubfolderSpec = 13; files = (BE, ); };
      \t\tSA /* Sources */ = {isa = PBXSourcesBuildPhase; files = (BA /* AppMain.swift in Sources */, ); };
      \t\tTA /* App */ = {isa = PBXNativeTarget; buildConfigurationList = AL; buildPhases = (SA, CE, ); name = App; productType = "com.apple.product-type.application"; };
      \t\tTW /* Widget */ = {isa = PBXNativeTarget; buildConfigurationList = WL; buildPhases = (); fileSystemSynchronizedGroups = (SW /* Widget */, ); name = Widget; productReference = PW; productType = "com.apple.product-type.app-extension"; };
      \(appExceptions)
      """
    for (list, prefix) in [("PL", "P"), ("AL", "A"), ("WL", "W")] {
      text +=
        "\t\t\(list) = {isa = XCConfigurationList; buildConfigurations = (\(configurations.map { prefix + $0 + ", " }.joined())); };\n"
    }
    for name in configurations {
      text +=
        "\t\tP\(name) /* \(name) */ = {isa = XCBuildConfiguration; buildSettings = {\n\(projectSettings)\t\t\t}; name = \(name); };\n"
      text +=
        "\t\tA\(name) /* \(name) */ = {isa = XCBuildConfiguration; buildSettings = {\n\(settings(app))\t\t\t}; name = \(name); };\n"
      text +=
        "\t\tW\(name) /* \(name) */ = {isa = XCBuildConfiguration; buildSettings = {\n\(settings(widget[name] ?? [:]))\t\t\t}; name = \(name); };\n"
    }
    return text + "\t};\n\trootObject = P0 /* Project object */;\n}\n"
  }

  static let appSettings = [
    "PRODUCT_BUNDLE_IDENTIFIER": "com.example.app", "CODE_SIGN_ENTITLEMENTS": "App/App.entitlements",
  ]

  static func widgetSettings(_ extra: [String: String] = [:]) -> [String: String] {
    [
      "PRODUCT_BUNDLE_IDENTIFIER": "com.example.app.widget", "CODE_SIGN_ENTITLEMENTS": "Widget/Widget.entitlements",
      "INFOPLIST_FILE": "Widget/Info.plist", "IPHONEOS_DEPLOYMENT_TARGET": "17.0",
    ].merging(extra) { $1 }
  }

  static let widgetSwift = """
    import WidgetKit
    import SwiftUI
    @main
    struct NoteWidget: Widget {
        var body: some WidgetConfiguration {
            StaticConfiguration(kind: "Note", provider: Provider()) { _ in Text("").widgetBackground() }
                .supportedFamilies([.systemSmall])
        }
    }
    struct Provider {
        let defaults = UserDefaults(suiteName: "group.com.example.app")
    }
    extension View {
        @ViewBuilder func widgetBackground() -> some View {
            if #available(iOS 17.0, *) { containerBackground(.clear, for: .widget) } else { self }
        }
    }
    """

  static func files(
    pbxproj: String, widgetGroups: String = "group.com.example.app", extra: [(path: String, contents: String)] = []
  ) -> [(path: String, contents: String)] {
    [
      ("Notes.xcodeproj/project.pbxproj", pbxproj),
      ("App/AppMain.swift", "import SwiftUI\n"),
      ("App/App.entitlements", XcodeProjectTests.groups("group.com.example.app")),
      ("Widget/Info.plist", XcodeProjectTests.widgetInfo),
      ("Widget/Widget.entitlements", XcodeProjectTests.groups(widgetGroups)),
      ("Widget/NoteWidget.swift", widgetSwift),
    ] + extra
  }

  func lint(_ files: [(path: String, contents: String)]) throws -> (findings: [Finding], projects: [Project]) {
    let directory = try TestSupport.directory(with: files)
    defer { try? FileManager.default.removeItem(at: directory) }
    let linter = Linter()
    let projects = linter.readVariants(XcodeAppFrontend(directory: directory.path))
    return (linter.lint(variants: projects), projects)
  }

  /// A widget whose code uses `containerBackground` outside `#available`: iOS 17 and macOS 14 API.
  static let unguardedBackgroundSwift = """
    import WidgetKit
    import SwiftUI
    @main
    struct NoteWidget: Widget {
        var body: some WidgetConfiguration {
            StaticConfiguration(kind: "Note", provider: Provider()) { _ in Text("").containerBackground(.clear, for: .widget) }
                .supportedFamilies([.systemSmall])
        }
    }
    struct Provider {
        let defaults = UserDefaults(suiteName: "group.com.example.app")
    }
    """

  @Test(arguments: ["iphoneos", "macosx"])
  func aMacOSWidgetIsNotJudgedByTheProjectsIOSDeploymentTarget(sdk: String) throws {
    // The project sets iOS 16 for every target, as an iOS project does; a macOS widget inherits the
    // setting but deploys to macOS 14, where containerBackground is available.
    var widget = Self.widgetSettings(["SDKROOT": sdk, "MACOSX_DEPLOYMENT_TARGET": "14.0"])
    widget["IPHONEOS_DEPLOYMENT_TARGET"] = nil
    let pbxproj = Self.project(
      app: Self.appSettings.merging(["SDKROOT": sdk]) { $1 }, widget: ["Debug": widget, "Release": widget],
      projectSettings: "\t\t\t\tIPHONEOS_DEPLOYMENT_TARGET = 16.0;\n")
    let files = Self.files(pbxproj: pbxproj).map {
      $0.path == "Widget/NoteWidget.swift" ? ($0.path, Self.unguardedBackgroundSwift) : $0
    }
    let (findings, projects) = try lint(files)
    let target = try #require(projects.first?.manifest?.targets.first)
    if sdk == "macosx" {
      #expect(target.deploymentTarget == nil)
      #expect(projects.first?.manifest?.app?.deploymentTarget == nil)
      #expect(findings.isEmpty, "\(findings.map(\.message))")
    } else {
      #expect(target.deploymentTarget?.value == OSVersion(16, 0))
      #expect(findings.map(\.ruleID) == ["availability"])
      #expect(findings.first?.message.contains("needs iOS 17.0, but the target deploys to iOS 16.0") == true)
    }
  }

  @Test func cleanProjectIsReadOnceWithItsTargetsAndMemberFiles() throws {
    let pbxproj = Self.project(
      app: Self.appSettings, widget: ["Debug": Self.widgetSettings(), "Release": Self.widgetSettings()])
    let (findings, projects) = try lint(Self.files(pbxproj: pbxproj))
    #expect(findings.isEmpty, "\(findings.map(\.message))")
    #expect(projects.count == 1)
    let manifest = try #require(projects.first?.manifest)
    #expect(manifest.app?.bundleIdentifier?.value == "com.example.app")
    #expect(manifest.targets.map { $0.name?.value } == ["Widget"])
    #expect(manifest.targets.first?.deploymentTarget?.value == OSVersion(17, 0))
    #expect(projects[0].targetSwiftFiles.first?.count == 1)
  }

  @Test func findingsPointAtTheBuildSettingInTheProjectFile() throws {
    let settings = Self.widgetSettings(["PRODUCT_BUNDLE_IDENTIFIER": "com.other.widget"])
    let pbxproj = Self.project(app: Self.appSettings, widget: ["Debug": settings, "Release": settings])
    let (findings, projects) = try lint(Self.files(pbxproj: pbxproj))
    #expect(projects.count == 1)
    let finding = try #require(findings.first)
    #expect(findings.map(\.ruleID) == ["bundle-id-prefix"])
    #expect(finding.file.hasSuffix("Notes.xcodeproj/project.pbxproj"))
    // The Release configuration's line (the one read where configurations agree).
    let line = pbxproj.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
      $0.contains("\"com.other.widget\"")
    }
    let lines = pbxproj.split(separator: "\n", omittingEmptySubsequences: false)
    let releaseLine = lines.indices.last { lines[$0].contains("\"com.other.widget\"") }
    #expect(line != nil)
    #expect(finding.range.start.line == releaseLine.map { $0 + 1 })
    #expect(finding.range.start.column == 33)
  }

  @Test func configurationsThatDisagreeAreReadOneByOne() throws {
    let pbxproj = Self.project(
      app: Self.appSettings,
      widget: [
        "Debug": Self.widgetSettings(["CODE_SIGN_ENTITLEMENTS": "Widget/WidgetDebug.entitlements"]),
        "Release": Self.widgetSettings(),
      ])
    let files = Self.files(
      pbxproj: pbxproj,
      extra: [("Widget/WidgetDebug.entitlements", XcodeProjectTests.groups("group.com.example.app.debug"))])
    let (findings, projects) = try lint(files)
    #expect(projects.map(\.variant) == ["the Debug configuration", "the Release configuration"])
    #expect(findings.map(\.ruleID) == ["app-group-mismatch", "app-group-mismatch"])
    #expect(findings.allSatisfy { $0.message.hasSuffix("(only in the Debug configuration)") })
    #expect(findings.contains { $0.file.hasSuffix("Widget/NoteWidget.swift") && $0.range.start.line == 11 })
    #expect(findings.contains { $0.file.hasSuffix("Widget/WidgetDebug.entitlements") })
  }

  /// An entitlements path with a reference nothing sets names a file that cannot be known: its groups are
  /// unknown (no rule compares them), not missing.
  @Test func anEntitlementsPathWithAnUnsetReferenceIsUnknownNotMissing() throws {
    let unknown = Self.widgetSettings(["CODE_SIGN_ENTITLEMENTS": "$(UNSET_FOLDER)/Widget.entitlements"])
    let pbxproj = Self.project(app: Self.appSettings, widget: ["Debug": unknown, "Release": unknown])
    let (findings, projects) = try lint(Self.files(pbxproj: pbxproj))
    #expect(findings.isEmpty, "\(findings.map(\.message))")
    let entitlements = try #require(projects.first?.manifest?.targets.first?.entitlements)
    #expect(entitlements.isComputed)
    let lines = pbxproj.split(separator: "\n", omittingEmptySubsequences: false)
    let line = try #require(lines.indices.last { lines[$0].contains("$(UNSET_FOLDER)") })
    let start = entitlements.span.file.position(atOffset: entitlements.span.start)
    #expect(start.line == line + 1)
    #expect(start.column == 30)
    // An empty path is known: the target is signed with no entitlements.
    let empty = Self.widgetSettings(["CODE_SIGN_ENTITLEMENTS": ""])
    let none = Self.project(app: Self.appSettings, widget: ["Debug": empty, "Release": empty])
    #expect(try lint(Self.files(pbxproj: none)).projects.first?.manifest?.targets.first?.entitlements == nil)
  }

  @Test func membershipExceptionsDecideWhichFilesAreWidgetCode() throws {
    // AppOnly.swift sits in the widget's folder but is the app's: it is not judged as widget code.
    let exceptions = """
      \t\tXW = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (Info.plist, AppOnly.swift, ); target = TW /* Widget */; };
      \t\tXA = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (AppOnly.swift, ); target = TA /* App */; };
      """
    let pbxproj = Self.project(
      app: Self.appSettings, widget: ["Debug": Self.widgetSettings(), "Release": Self.widgetSettings()],
      widgetExceptions: "XW, XA, ", appExceptions: exceptions)
    let appOnly = "import UIKit\nfunc open() { UIApplication.shared.open(URL(string: \"a:b\")!) }\n"
    let (findings, projects) = try lint(Self.files(pbxproj: pbxproj, extra: [("Widget/AppOnly.swift", appOnly)]))
    #expect(findings.isEmpty, "\(findings.map(\.message))")
    #expect(projects[0].targetSwiftFiles.first?.map(\.file.path).contains { $0.hasSuffix("AppOnly.swift") } == false)
    // Without the exception it is the widget's, and judged.
    let member = Self.project(
      app: Self.appSettings, widget: ["Debug": Self.widgetSettings(), "Release": Self.widgetSettings()])
    let judged = try lint(Self.files(pbxproj: member, extra: [("Widget/AppOnly.swift", appOnly)])).findings
    #expect(judged.map(\.ruleID) == ["extension-unavailable-api"])
  }

  @Test func settingsComeFromXcconfigsAndTheProjectAndUnknownOnesAreSkipped() throws {
    let projectSettings = "\t\t\t\tIPHONEOS_DEPLOYMENT_TARGET = 15.0;\n"
    var widget = Self.widgetSettings(["PRODUCT_BUNDLE_IDENTIFIER": "$(APP_ID).$(WIDGET_SUFFIX:lower)"])
    widget["IPHONEOS_DEPLOYMENT_TARGET"] = nil
    var pbxproj = Self.project(
      app: ["PRODUCT_BUNDLE_IDENTIFIER": "$(APP_ID)", "CODE_SIGN_ENTITLEMENTS": "App/App.entitlements"],
      widget: ["Debug": widget, "Release": widget], projectSettings: projectSettings)
    // The project's configurations are based on Config/Base.xcconfig, which includes Ids.xcconfig.
    pbxproj = pbxproj.replacingOccurrences(
      of: "isa = XCBuildConfiguration; buildSettings = {\n\t\t\t\tIPHONEOS",
      with: "isa = XCBuildConfiguration; baseConfigurationReference = XC; buildSettings = {\n\t\t\t\tIPHONEOS")
    pbxproj = pbxproj.replacingOccurrences(
      of: "children = (GA /* App */,", with: "children = (XC /* Base.xcconfig */, GA /* App */,")
    pbxproj = pbxproj.replacingOccurrences(
      of: "\t};\n\trootObject",
      with:
        "\t\tXC /* Base.xcconfig */ = {isa = PBXFileReference; path = Config/Base.xcconfig; sourceTree = SOURCE_ROOT; };\n\t};\n\trootObject"
    )
    let base = "#include \"Ids.xcconfig\"\nWIDGET_SUFFIX = Widget // the extension's suffix\n"
    let (findings, projects) = try lint(
      Self.files(
        pbxproj: pbxproj,
        extra: [
          ("Config/Base.xcconfig", base), ("Config/Ids.xcconfig", "APP_ID = com.example.app;\n"),
        ]))
    #expect(findings.isEmpty, "\(findings.map(\.message))")
    let manifest = try #require(projects.first?.manifest)
    #expect(manifest.app?.bundleIdentifier?.value == "com.example.app")
    let target = try #require(manifest.targets.first)
    #expect(target.bundleIdentifier?.value == "com.example.app.widget")
    #expect(target.bundleIdentifier?.span.file.path.hasSuffix("project.pbxproj") == true)
    #expect(target.deploymentTarget?.value == OSVersion(15, 0))
    #expect(projects[0].filesRead.contains { $0.hasSuffix("Config/Ids.xcconfig") })
    // A reference nothing defines leaves the bundle identifier unknown: not guessed, not checked.
    let unknown = pbxproj.replacingOccurrences(of: "$(APP_ID).$(WIDGET_SUFFIX:lower)", with: "$(TEAM_PREFIX).widget")
    let read = try lint(
      Self.files(
        pbxproj: unknown,
        extra: [("Config/Base.xcconfig", base), ("Config/Ids.xcconfig", "APP_ID = com.example.app;\n")]))
    #expect(read.findings.isEmpty)
    #expect(read.projects.first?.manifest?.targets.first?.bundleIdentifier == nil)
  }

  @Test func aMalformedProjectFileIsReportedAndTheFoldersAreGuessed() throws {
    let files: [(path: String, contents: String)] = [
      ("ios/Runner.xcodeproj/project.pbxproj", "// !$*UTF8*$!\n{\n\tobjects = {\n\t\tA = {isa = PBXGroup\n\t};\n}\n"),
      ("ios/Runner/Info.plist", XcodeProjectTests.plist("")),
    ]
    let (findings, projects) = try lint(files)
    #expect(findings.map(\.ruleID) == ["invalid-value"])
    #expect(findings.first.map { "\($0.range.start.line):\($0.range.start.column)" } == "5:2")
    #expect(projects.first?.filesRead.first?.hasPrefix("note: ") == true)
  }

  @Test func withoutAnXcodeProjectTheFoldersAreGuessedAndItSaysSo() throws {
    let files: [(path: String, contents: String)] = [("ios/Runner/Info.plist", XcodeProjectTests.plist(""))]
    let (_, projects) = try lint(files)
    #expect(projects.first?.filesRead.first == "note: no .xcodeproj found: targets guessed from folders")
  }

  /// home_widget's example app, in shape: the widget extension's entitlements sit beside its folder and
  /// are reached only through `CODE_SIGN_ENTITLEMENTS`; they list another group than the widget reads.
  @Test func homeWidgetExampleShapeFindsTheGroupTheWidgetIsNotEntitledTo() throws {
    let root = TestSupport.path("examples/broken-projects/xcode-entitlements-beside-target")
    let findings = Linter().lint(XcodeAppFrontend(directory: root))
    let swift = try #require(findings.first { $0.file.hasSuffix("ios/HomeWidgetExample/HomeWidgetExample.swift") })
    #expect(swift.ruleID == "app-group-mismatch")
    #expect(swift.message.contains("'group.es.antonborri.exampleHomeWidget'"))
    #expect(swift.message.contains("'group.es.antonborri.integrationTest' only"))
    let swiftSource = try String(contentsOfFile: swift.file, encoding: .utf8)
    let suiteLine = swiftSource.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
      $0.contains("UserDefaults(suiteName: \"group.es.antonborri.exampleHomeWidget\")")
    }
    #expect(swift.range.start.line == suiteLine.map { $0 + 1 })
    let related = try #require(swift.related.first)
    #expect(related.span.file.path.hasSuffix("ios/HomeWidgetExampleExtension.entitlements"))
    let entitlements = try String(contentsOfFile: related.span.file.path, encoding: .utf8)
    let arrayLine = entitlements.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
      $0.contains("<array>")
    }
    #expect(related.span.range.start.line == arrayLine.map { $0 + 1 })
  }
}

/// The Xcode that builds a project is what it states, never `LastUpgradeCheck`; where it states none, the
/// App Store's minimum.
@Suite struct XcodeToolchainTests {
  /// A widget extension whose bundle lists six widgets in one block, in a project last upgraded by
  /// Xcode 12.5 (whose SDK took at most five).
  static func sixWidgets(extra: [(path: String, contents: String)] = []) -> [(path: String, contents: String)] {
    let settings = XcodeProjectFileTests.widgetSettings()
    let pbxproj = XcodeProjectFileTests.project(
      app: XcodeProjectFileTests.appSettings, widget: ["Debug": settings, "Release": settings]
    ).replacingOccurrences(of: "isa = PBXProject;", with: "isa = PBXProject; attributes = {LastUpgradeCheck = 1250; };")
    let names = ["A", "B", "C", "D", "E", "F"]
    let widgets = names.map { name in
      """
      struct \(name): Widget {
          var body: some WidgetConfiguration {
              StaticConfiguration(kind: "\(name)", provider: Provider()) { _ in Text("").widgetBackground() }
          }
      }

      """
    }.joined()
    let bundle = """
      import WidgetKit
      import SwiftUI
      @main
      struct Widgets: WidgetBundle {
          var body: some Widget {
              A(); B(); C(); D(); E(); F()
          }
      }

      """
    return XcodeProjectFileTests.files(pbxproj: pbxproj, extra: extra).map { file in
      file.path == "Widget/NoteWidget.swift" ? (file.path, bundle + widgets) : file
    }
  }

  func lint(_ files: [(path: String, contents: String)]) throws -> (findings: [Finding], project: Project) {
    let directory = try TestSupport.directory(with: files)
    defer { try? FileManager.default.removeItem(at: directory) }
    let linter = Linter()
    let projects = linter.readVariants(XcodeAppFrontend(directory: directory.path))
    return (linter.lint(variants: projects).filter { $0.ruleID == "widget-kind-limit" }, try #require(projects.first))
  }

  @Test func lastUpgradeCheckIsNotTheXcodeThatBuilds() throws {
    let (findings, project) = try lint(Self.sixWidgets())
    #expect(project.toolchain == nil)
    #expect(project.buildToolchain?.xcode == OSVersion(26))
    #expect(findings.isEmpty, "\(findings.map(\.message))")
    let example = Linter().read(XcodeAppFrontend(directory: TestSupport.path("examples/native-widgets")))
    #expect(example.toolchain == nil)
  }

  @Test func anXcodeVersionFileNamesTheXcode() throws {
    let (findings, project) = try lint(Self.sixWidgets(extra: [(".xcode-version", "12.5.1\n")]))
    let toolchain = try #require(project.toolchain)
    #expect(toolchain.xcode == OSVersion(12, 5, 1))
    #expect(toolchain.source == ".xcode-version")
    // The sixth entry of the block: Xcode 12.5's builder takes five.
    #expect(findings.map(TestSupport.position) == ["6:34-6:37"])
    #expect(findings.first?.message.contains("(.xcode-version)") == true)
  }

  @Test func aManifestKeepsItsDocumentedDefault() throws {
    let widgets = (1...6).map { "      - {kind: K\($0), displayName: K, description: K., families: [systemSmall]}" }
    let text = """
      app:
        bundleIdentifier: com.example.app
      targets:
        - name: widgets
          bundleIdentifier: com.example.app.widgets
          widgets:
      \(widgets.joined(separator: "\n"))
      """
    let findings = try TestSupport.lint(text).filter { $0.ruleID == "widget-kind-limit" }
    #expect(findings.map(TestSupport.start) == ["12:16"])
  }
}

/// A file whose group path climbs out of its parent group's folder (`path = ../Widget;` under the group
/// of `Widgets/`) is named by its normal path in every report, once, however many groups reach it.
@Suite struct XcodeProjectGroupPathTests {
  static let pbxproj = """
    // !$*UTF8*$!
    {
    \tarchiveVersion = 1;
    \tobjectVersion = 56;
    \tobjects = {
    \t\tP0 /* Project object */ = {isa = PBXProject; buildConfigurationList = PL; mainGroup = G0; targets = (TA, TW, ); };
    \t\tG0 = {isa = PBXGroup; children = (GA, GS, FD, ); sourceTree = "<group>"; };
    \t\tGA = {isa = PBXGroup; children = (FA, ); path = App; sourceTree = "<group>"; };
    \t\tGS /* Widgets */ = {isa = PBXGroup; children = (GW, ); path = Widgets; sourceTree = "<group>"; };
    \t\tGW /* Widget */ = {isa = PBXGroup; children = (FW, ); name = Widget; path = ../Widget; sourceTree = "<group>"; };
    \t\tFA = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = AppMain.swift; sourceTree = "<group>"; };
    \t\tFW = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = NoteWidget.swift; sourceTree = "<group>"; };
    \t\tFD = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = ./Widget/NoteWidget.swift; sourceTree = "<group>"; };
    \t\tBA = {isa = PBXBuildFile; fileRef = FA; };
    \t\tBW = {isa = PBXBuildFile; fileRef = FW; };
    \t\tBD = {isa = PBXBuildFile; fileRef = FD; };
    \t\tSA = {isa = PBXSourcesBuildPhase; files = (BA, ); };
    \t\tSW = {isa = PBXSourcesBuildPhase; files = (BW, BD, ); };
    \t\tPW = {isa = PBXFileReference; explicitFileType = "wrapper.app-extension"; path = Widget.appex; sourceTree = BUILT_PRODUCTS_DIR; };
    \t\tBE = {isa = PBXBuildFile; fileRef = PW; };
    \t\tCE = {isa = PBXCopyFilesBuildPhase; dstSubfolderSpec = 13; files = (BE, ); };
    \t\tTA = {isa = PBXNativeTarget; buildConfigurationList = AL; buildPhases = (SA, CE, ); name = App; productType = "com.apple.product-type.application"; };
    \t\tTW = {isa = PBXNativeTarget; buildConfigurationList = WL; buildPhases = (SW, ); name = Widget; productReference = PW; productType = "com.apple.product-type.app-extension"; };
    \t\tPL = {isa = XCConfigurationList; buildConfigurations = (PR, ); };
    \t\tAL = {isa = XCConfigurationList; buildConfigurations = (AR, ); };
    \t\tWL = {isa = XCConfigurationList; buildConfigurations = (WR, ); };
    \t\tPR = {isa = XCBuildConfiguration; buildSettings = {}; name = Release; };
    \t\tAR = {isa = XCBuildConfiguration; buildSettings = {PRODUCT_BUNDLE_IDENTIFIER = com.example.notes; }; name = Release; };
    \t\tWR = {isa = XCBuildConfiguration; buildSettings = {PRODUCT_BUNDLE_IDENTIFIER = com.example.notes.widget; INFOPLIST_FILE = "Widgets/../Widget/Info.plist"; IPHONEOS_DEPLOYMENT_TARGET = 16.0; }; name = Release; };
    \t};
    \trootObject = P0 /* Project object */;
    }

    """

  static let widgetSwift = """
    import WidgetKit
    import SwiftUI

    @main
    struct NoteWidget: Widget {
        var body: some WidgetConfiguration {
            StaticConfiguration(kind: "Note", provider: Provider()) { entry in
                Text("Note")
            }
            .supportedFamilies([.systemSmall])
        }
    }
    struct Provider {}

    """

  static let files: [(path: String, contents: String)] = [
    ("Notes.xcodeproj/project.pbxproj", pbxproj),
    ("App/AppMain.swift", "import SwiftUI\n"),
    ("Widgets/README.md", "The widget's group.\n"),
    ("Widget/Info.plist", XcodeProjectTests.widgetInfo),
    ("Widget/NoteWidget.swift", widgetSwift),
  ]

  @Test func theWidgetFileIsNamedByItsNormalPathOnceInEveryFormat() throws {
    let directory = try TestSupport.directory(with: Self.files)
    defer { try? FileManager.default.removeItem(at: directory) }
    let text = try TestSupport.run(["--format", "text", "-q", "."], currentDirectory: directory)
    let headings = text.stdout.split(separator: "\n").filter { $0.contains(": warning: ") }
    #expect(
      headings.map { String($0.prefix(while: { $0 != " " })) } == ["Widget/NoteWidget.swift:7:9:"], "\(text.stdout)")

    let json = try TestSupport.json(
      TestSupport.run(["--format", "json", "."], currentDirectory: directory).stdout)
    let findings = try #require(json["diagnostics"] as? [[String: Any]])
    #expect(findings.map { $0["rule"] as? String } == ["missing-container-background"])
    #expect(findings.map { $0["file"] as? String } == ["Widget/NoteWidget.swift"])
    #expect(findings.map { "\($0["line"] ?? ""):\($0["column"] ?? "")" } == ["7:9"])

    let sarif = try TestSupport.json(
      TestSupport.run(["--format", "sarif", "."], currentDirectory: directory).stdout)
    let run = try #require((sarif["runs"] as? [[String: Any]])?.first)
    let locations = try #require(run["results"] as? [[String: Any]]).compactMap {
      (($0["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
    }
    #expect(
      locations.compactMap { ($0["artifactLocation"] as? [String: Any])?["uri"] as? String } == [
        "Widget/NoteWidget.swift"
      ])
    #expect(
      locations.compactMap {
        ($0["region"] as? [String: Any]).map { "\($0["startLine"] ?? ""):\($0["startColumn"] ?? "")" }
      }
        == ["7:9"])
  }

  /// An entitlements file a setting names from `$(SRCROOT)`, in a folder beside the project's: read from
  /// the project's folder, as Xcode reads it, and named by its normal path.
  @Test(arguments: ["$(SRCROOT)/../Shared/Widget.entitlements", "${PROJECT_DIR}/../Shared/Widget.entitlements"])
  func anEntitlementsPathFromTheSourceRootIsReadFromTheProjectsFolder(setting: String) throws {
    let widget = XcodeProjectFileTests.widgetSettings(["CODE_SIGN_ENTITLEMENTS": setting])
    let pbxproj = XcodeProjectFileTests.project(
      app: XcodeProjectFileTests.appSettings, widget: ["Debug": widget, "Release": widget])
    let files = XcodeProjectFileTests.files(pbxproj: pbxproj).map { ("ios/" + $0.path, $0.contents) }
    let directory = try TestSupport.directory(
      with: files + [("Shared/Widget.entitlements", XcodeProjectTests.groups("group.com.example.other"))])
    defer { try? FileManager.default.removeItem(at: directory) }
    let json = try TestSupport.json(
      TestSupport.run(["--format", "json", "."], currentDirectory: directory).stdout)
    let findings = try #require(json["diagnostics"] as? [[String: Any]])
    #expect(
      findings.map { "\($0["rule"] ?? "") \($0["file"] ?? ""):\($0["line"] ?? ""):\($0["column"] ?? "")" } == [
        "app-group-mismatch Shared/Widget.entitlements:7:13", "app-group-mismatch ios/Widget/NoteWidget.swift:11:44",
      ])
  }

  /// The widget's Sources phase names the file through both groups: it is compiled, and read, once.
  @Test func aFileReachedThroughTwoGroupPathsIsOneFile() throws {
    let directory = try TestSupport.directory(with: Self.files)
    defer { try? FileManager.default.removeItem(at: directory) }
    let projects = Linter().readVariants(XcodeAppFrontend(directory: directory.path))
    let files = try #require(projects.first?.targetSwiftFiles.first).map(\.file.path)
    #expect(files == [directory.path + "/Widget/NoteWidget.swift"])
  }
}
