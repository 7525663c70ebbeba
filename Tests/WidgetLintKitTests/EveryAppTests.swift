import Foundation
import Testing

@testable import WidgetLintCore
@testable import WidgetLintEngine
@testable import WidgetLintFrontends
@testable import WidgetLintKit
@testable import WidgetLintModel
@testable import WidgetLintReaders
@testable import WidgetLintRules

/// A project that builds two apps, each embedding its own widget extension: every app is linted with its
/// extensions, not only the first that embeds any.
@Suite struct EveryAppTests {
  /// A macOS app `MacApp` embedding `MacWidget` and an iOS app `PhoneApp` embedding `PhoneWidget`. Each app
  /// compiles one file of its folder (its Sources phase); each widget its synchronized folder.
  static let pbxproj: String = {
    var objects = """
      \t\tP0 /* Project object */ = {isa = PBXProject; buildConfigurationList = PL; mainGroup = G0; targets = (TMacApp, TMacWidget, TPhoneApp, TPhoneWidget, ); };
      \t\tG0 = {isa = PBXGroup; children = (GMacApp, GPhoneApp, SMacWidget, SPhoneWidget, ); sourceTree = "<group>"; };
      \t\tPL = {isa = XCConfigurationList; buildConfigurations = (PRelease, ); };
      \t\tPRelease = {isa = XCBuildConfiguration; buildSettings = {}; name = Release; };

      """
    for (app, sdk) in [("Mac", "macosx"), ("Phone", "iphoneos")] {
      let bundle = "com.example.\(app.lowercased())"
      objects += """
        \t\tG\(app)App = {isa = PBXGroup; children = (F\(app)App, ); path = \(app)App; sourceTree = "<group>"; };
        \t\tF\(app)App /* \(app)App.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = \(app)App.swift; sourceTree = "<group>"; };
        \t\tB\(app)App = {isa = PBXBuildFile; fileRef = F\(app)App; };
        \t\tPS\(app)App = {isa = PBXSourcesBuildPhase; files = (B\(app)App, ); };
        \t\tS\(app)Widget = {isa = PBXFileSystemSynchronizedRootGroup; path = \(app)Widget; sourceTree = "<group>"; };
        \t\tR\(app)Widget = {isa = PBXFileReference; explicitFileType = "wrapper.app-extension"; path = \(app)Widget.appex; sourceTree = BUILT_PRODUCTS_DIR; };
        \t\tE\(app)Widget = {isa = PBXBuildFile; fileRef = R\(app)Widget; };
        \t\tC\(app)Embed = {isa = PBXCopyFilesBuildPhase; dstSubfolderSpec = 13; files = (E\(app)Widget, ); };
        \t\tT\(app)App = {isa = PBXNativeTarget; buildConfigurationList = L\(app)App; buildPhases = (PS\(app)App, C\(app)Embed, ); name = \(app)App; productType = "com.apple.product-type.application"; };
        \t\tT\(app)Widget = {isa = PBXNativeTarget; buildConfigurationList = L\(app)Widget; buildPhases = (); fileSystemSynchronizedGroups = (S\(app)Widget, ); name = \(app)Widget; productReference = R\(app)Widget; productType = "com.apple.product-type.app-extension"; };
        \t\tL\(app)App = {isa = XCConfigurationList; buildConfigurations = (X\(app)App, ); };
        \t\tL\(app)Widget = {isa = XCConfigurationList; buildConfigurations = (X\(app)Widget, ); };
        \t\tX\(app)App = {isa = XCBuildConfiguration; buildSettings = {PRODUCT_BUNDLE_IDENTIFIER = \(bundle); SDKROOT = \(sdk); }; name = Release; };
        \t\tX\(app)Widget = {isa = XCBuildConfiguration; buildSettings = {PRODUCT_BUNDLE_IDENTIFIER = \(bundle).widget; SDKROOT = \(sdk); INFOPLIST_FILE = \(app)Widget/Info.plist; IPHONEOS_DEPLOYMENT_TARGET = 17.0; }; name = Release; };

        """
    }
    return
      "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tobjectVersion = 77;\n\tobjects = {\n\(objects)\t};\n\trootObject = P0;\n}\n"
  }()

  static func widget(kind: String) -> String {
    """
    import WidgetKit
    import SwiftUI
    @main
    struct NoteWidget: Widget {
        var body: some WidgetConfiguration {
            StaticConfiguration(kind: "\(kind)", provider: Provider()) { _ in
                Text("").containerBackground(.clear, for: .widget)
            }
        }
    }
    """
  }

  static func app(reloading kind: String) -> String {
    "import WidgetKit\nfunc saved() {\n    WidgetCenter.shared.reloadTimelines(ofKind: \"\(kind)\")\n}\n"
  }

  static func files(
    macReloads: String = "MacNote", phoneReloads: String = "PhoneNote", macInfo: String = XcodeProjectTests.widgetInfo
  ) -> [(
    path: String, contents: String
  )] {
    [
      ("Notes.xcodeproj/project.pbxproj", Self.pbxproj),
      ("MacApp/MacApp.swift", Self.app(reloading: macReloads)),
      ("PhoneApp/PhoneApp.swift", Self.app(reloading: phoneReloads)),
      ("MacWidget/Info.plist", macInfo),
      ("MacWidget/MacWidget.swift", Self.widget(kind: "MacNote")),
      ("PhoneWidget/Info.plist", XcodeProjectTests.widgetInfo),
      ("PhoneWidget/PhoneWidget.swift", Self.widget(kind: "PhoneNote")),
    ]
  }

  func lint(macReloads: String = "MacNote", phoneReloads: String = "PhoneNote") throws -> (
    findings: [Finding], projects: [Project]
  ) {
    let files = Self.files(macReloads: macReloads, phoneReloads: phoneReloads)
    let directory = try TestSupport.directory(with: files)
    defer { try? FileManager.default.removeItem(at: directory) }
    let linter = Linter()
    let projects = linter.readVariants(XcodeAppFrontend(directory: directory.path))
    return (linter.lint(variants: projects), projects)
  }

  @Test func eachAppIsReadWithItsOwnWidget() throws {
    let (findings, projects) = try lint()
    #expect(findings.isEmpty, "\(findings.map(\.message))")
    #expect(projects.map(\.variant) == ["the app 'MacApp'", "the app 'PhoneApp'"])
    #expect(projects.map { $0.manifest?.targets.map(\.name?.value) } == [["MacWidget"], ["PhoneWidget"]])
    #expect(projects.map { $0.manifest?.app?.bundleIdentifier?.value } == ["com.example.mac", "com.example.phone"])
  }

  @Test(arguments: [("Mac", "MacNotes"), ("Phone", "PhoneNotes")])
  func aMisspeltReloadInEitherAppIsFound(app: String, misspelt: String) throws {
    let (findings, _) = try app == "Mac" ? lint(macReloads: misspelt) : lint(phoneReloads: misspelt)
    #expect(findings.map(\.ruleID) == ["unknown-widget-kind"])
    let finding = try #require(findings.first)
    #expect(finding.file.hasSuffix("\(app)App/\(app)App.swift"))
    #expect(TestSupport.start(finding) == "3:49")
    #expect(finding.message.contains("did you mean '\(app)Note'?"), "\(finding.message)")
    #expect(finding.message.hasSuffix("(only in the app '\(app)App')"), "\(finding.message)")
  }

  /// A file named on the command line selects the apps that build it; the project file, every app.
  @Test(arguments: [
    ("PhoneWidget/PhoneWidget.swift", ["PhoneApp/PhoneApp.swift"]),
    ("MacApp/MacApp.swift", ["MacApp/MacApp.swift"]),
    ("Notes.xcodeproj/project.pbxproj", ["MacApp/MacApp.swift", "PhoneApp/PhoneApp.swift"]),
  ])
  func aFileArgumentSelectsTheAppsThatBuildIt(named: String, reported: [String]) throws {
    let directory = try TestSupport.directory(with: Self.files(macReloads: "MacNotes", phoneReloads: "PhoneNotes"))
    defer { try? FileManager.default.removeItem(at: directory) }
    let report = LintRun(discoversConfiguration: false).run(arguments: [directory.appendingPathComponent(named).path])
    #expect(report.findings.map(\.ruleID) == reported.map { _ in "unknown-widget-kind" })
    #expect(report.findings.map { $0.file.split(separator: "/").suffix(2).joined(separator: "/") } == reported)
    #expect(report.findings.map(TestSupport.start) == reported.map { _ in "3:49" })
  }

  /// The first app that embeds extensions is linted as before, though none of them is a widget; the
  /// others only when they embed one.
  @Test func theFirstAppIsLintedThoughItEmbedsNoWidget() throws {
    let shareInfo = XcodeProjectTests.widgetInfo.replacingOccurrences(
      of: "com.apple.widgetkit-extension", with: "com.apple.share-services")
    let directory = try TestSupport.directory(with: Self.files(macInfo: shareInfo))
    defer { try? FileManager.default.removeItem(at: directory) }
    let projects = Linter().readVariants(XcodeAppFrontend(directory: directory.path))
    #expect(projects.map(\.variant) == ["the app 'MacApp'", "the app 'PhoneApp'"])
    #expect(projects.map { $0.manifest?.targets.map { $0.sources.isEmpty } } == [[true], [false]])
  }
}
