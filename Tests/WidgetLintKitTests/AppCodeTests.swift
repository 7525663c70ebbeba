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

/// The app's side of its widgets in native apps: the kinds the app target's Swift reloads and the App
/// Groups it opens, read from the files that call them.
@Suite struct AppCodeTests {
  static func files(app: String, extra: [(path: String, contents: String)] = []) -> [(path: String, contents: String)] {
    let settings = XcodeProjectFileTests.widgetSettings()
    let pbxproj = XcodeProjectFileTests.project(
      app: XcodeProjectFileTests.appSettings, widget: ["Debug": settings, "Release": settings])
    return XcodeProjectFileTests.files(pbxproj: pbxproj, extra: extra).map { file in
      file.path == "App/AppMain.swift" ? (file.path, app) : file
    }
  }

  func lint(_ files: [(path: String, contents: String)]) throws -> (findings: [Finding], project: Project) {
    let directory = try TestSupport.directory(with: files)
    defer { try? FileManager.default.removeItem(at: directory) }
    let linter = Linter()
    let projects = linter.readVariants(XcodeAppFrontend(directory: directory.path))
    return (linter.lint(variants: projects), try #require(projects.first))
  }

  @Test func theAppReloadingAKindNoWidgetHasIsReported() throws {
    let app = """
      import WidgetKit
      func saved() {
          WidgetCenter.shared.reloadTimelines(ofKind: "Notes")
      }
      """
    let (findings, project) = try lint(Self.files(app: app))
    #expect(findings.map(\.ruleID) == ["unknown-widget-kind"])
    #expect(findings.first.map(TestSupport.start) == "3:49")
    #expect(findings.first?.file.hasSuffix("App/AppMain.swift") == true)
    #expect(findings.first?.message.hasSuffix("did you mean 'Note'?") == true)
    #expect(project.appCode?.files.count == 1)
  }

  @Test func aKindTheAppHoldsInAConstantOfAnotherFileIsResolved() throws {
    // The constant's file calls nothing the app side is read for: it is read because the call names it.
    let app = """
      import WidgetKit
      func saved() { WidgetCenter.shared.reloadTimelines(ofKind: WidgetKinds.note) }
      """
    let kinds = "enum WidgetKinds {\n    static let note = \"Notes\"\n}\n"
    let pbxprojFiles = Self.files(app: app).map { file -> (path: String, contents: String) in
      guard file.path.hasSuffix("project.pbxproj") else { return file }
      // A second app source file, in the app's Sources build phase.
      let text = file.contents
        .replacingOccurrences(
          of: "children = (FA /* AppMain.swift */, );", with: "children = (FA /* AppMain.swift */, FK, );"
        )
        .replacingOccurrences(
          of: "files = (BA /* AppMain.swift in Sources */, );",
          with: "files = (BA /* AppMain.swift in Sources */, BK, );"
        )
        .replacingOccurrences(
          of: "\t};\n\trootObject",
          with:
            "\t\tFK /* Kinds.swift */ = {isa = PBXFileReference; path = Kinds.swift; sourceTree = \"<group>\"; };\n\t\tBK = {isa = PBXBuildFile; fileRef = FK; };\n\t};\n\trootObject"
        )
      return (file.path, text)
    }
    let (findings, project) = try lint(pbxprojFiles + [("App/Kinds.swift", kinds)])
    #expect(project.appCode?.files.count == 2)
    #expect(findings.map(\.ruleID) == ["unknown-widget-kind"])
    // Where the kind is written: the constant's literal.
    #expect(findings.first?.file.hasSuffix("App/Kinds.swift") == true)
    #expect(findings.first.map(TestSupport.start) == "2:23")
  }

  /// A kind the app builds at run time is not followed: one `computed-value` note names it, and no
  /// other finding is made of it.
  @Test func computedKindsGiveOneNoteAndAppFilesWithoutWidgetCallsAreSilent() throws {
    let app = """
      import WidgetKit
      func saved(kind: String) {
          WidgetCenter.shared.reloadTimelines(ofKind: kind + "Widget")
          WidgetCenter.shared.reloadTimelines(ofKind: "Note")
          WidgetCenter.shared.reloadAllTimelines()
      }
      """
    let quiet = "struct Settings { let title = \"Notes\" }\n"
    let (findings, project) = try lint(Self.files(app: app, extra: [("App/Settings.swift", quiet)]))
    #expect(findings.map { "\($0.ruleID) \(TestSupport.position($0))" } == ["computed-value 3:49-3:64"])
    #expect(
      findings.first?.message
        == "kind not checked: `kind + \"Widget\"` is built when the app runs, which widgetlint does not follow")
    #expect(project.appCode?.files.map { ($0.file.path as NSString).lastPathComponent } == ["AppMain.swift"])
  }

  @Test func theAppOpeningAGroupItIsNotEntitledToIsReported() throws {
    let app = """
      import Foundation
      let store = UserDefaults(suiteName: "group.com.example.notes")
      let shared = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.com.example.app")
      """
    let (findings, _) = try lint(Self.files(app: app))
    #expect(findings.map(\.ruleID) == ["app-group-mismatch"])
    #expect(findings.first.map(TestSupport.start) == "2:37")
    #expect(findings.first?.related.first?.span.file.path.hasSuffix("App/App.entitlements") == true)
  }

  @Test func aSuiteNameThatIsNotAnAppGroupIsTheAppsOwnDefaults() throws {
    // A suite that is not `group.…` is a defaults domain in the app's own container; so is a preview's.
    let app = """
      import SwiftUI
      let pixels = UserDefaults(suiteName: "com.example.pixel.storage")
      let shared = UserDefaults(suiteName: "group.com.example.notes")
      #Preview {
          Text("").defaultAppStorage(UserDefaults(suiteName: "preview")!)
      }
      """
    let (findings, _) = try lint(Self.files(app: app))
    #expect(findings.map(\.ruleID) == ["app-group-mismatch"])
    #expect(findings.first.map(TestSupport.start) == "3:38")
  }

  @Test func aMacTargetsTeamPrefixedGroupsAreGroupsAndWellFormed() throws {
    // Built for macOS: `<TeamID>.name` and `$(TeamIdentifierPrefix)name` are App Groups there.
    let mac = ["SDKROOT": "macosx"]
    let pbxproj = XcodeProjectFileTests.project(
      app: XcodeProjectFileTests.appSettings.merging(mac) { $1 },
      widget: [
        "Debug": XcodeProjectFileTests.widgetSettings(mac), "Release": XcodeProjectFileTests.widgetSettings(mac),
      ])
    let app = """
      import Foundation
      let own = UserDefaults(suiteName: "com.example.prefs")
      let shared = UserDefaults(suiteName: "ABCDE12345.com.example.shared")
      let other = UserDefaults(suiteName: "ABCDE12345.com.example.other")
      """
    let groups = XcodeProjectTests.groups("ABCDE12345.com.example.shared")
    let files = XcodeProjectFileTests.files(
      pbxproj: pbxproj, widgetGroups: "$(TeamIdentifierPrefix)com.example_tools"
    ).map { file -> (path: String, contents: String) in
      switch file.path {
      case "App/AppMain.swift": (file.path, app)
      case "App/App.entitlements": (file.path, groups)
      default: file
      }
    }
    let (findings, _) = try lint(files)
    // The group the app opens and is not entitled to; the widget's group with a character Apple refuses.
    #expect(findings.map(\.ruleID).sorted() == ["app-group-format", "app-group-mismatch"])
    let mismatch = try #require(findings.first { $0.ruleID == "app-group-mismatch" })
    #expect(TestSupport.start(mismatch) == "4:37")
    #expect(mismatch.message.contains("'ABCDE12345.com.example.other'"))
    let format = try #require(findings.first { $0.ruleID == "app-group-format" })
    #expect(format.file.hasSuffix("Widget/Widget.entitlements"))
    #expect(format.message.contains("contains '_'"))
  }

  @Test func aWidgetReloadingAMisspeltKindOfItsOwnIsReported() throws {
    let intent = """
      import AppIntents
      import WidgetKit
      struct MarkRead: AppIntent {
          static let title: LocalizedStringResource = "Mark read"
          func perform() async throws -> some IntentResult {
              WidgetCenter.shared.reloadTimelines(ofKind: "Nte")
              return .result()
          }
      }
      """
    let (findings, _) = try lint(Self.files(app: "import SwiftUI\n", extra: [("Widget/MarkRead.swift", intent)]))
    #expect(findings.map(\.ruleID) == ["unknown-widget-kind"])
    #expect(findings.first?.file.hasSuffix("Widget/MarkRead.swift") == true)
    #expect(findings.first.map(TestSupport.start) == "6:53")
  }
}

/// A reload of a kind that a widget declares and no bundle lists does nothing: the widget is not shipped.
@Suite struct DeadReloadTests {
  static let unshippedWidget = """
    import SwiftUI
    import WidgetKit
    struct ArchiveWidget: Widget {
        var body: some WidgetConfiguration {
            StaticConfiguration(kind: "Archive", provider: Provider()) { _ in Text("") }
        }
    }
    """

  @Test func aReloadOfAWidgetInNoBundlePointsAtItsDeclaration() throws {
    let app = """
      import WidgetKit
      func archived() { WidgetCenter.shared.reloadTimelines(ofKind: "Archive") }
      """
    let (findings, _) = try AppCodeTests().lint(
      AppCodeTests.files(app: app, extra: [("Widget/ArchiveWidget.swift", Self.unshippedWidget)]))
    #expect(findings.map(\.ruleID) == ["unknown-widget-kind"])
    let finding = try #require(findings.first)
    #expect(finding.file.hasSuffix("App/AppMain.swift"))
    #expect(TestSupport.start(finding) == "2:63")
    #expect(finding.message.contains("widget 'ArchiveWidget' declares it, but no WidgetBundle lists that widget"))
    let related = try #require(finding.related.first)
    #expect(related.span.file.path.hasSuffix("Widget/ArchiveWidget.swift"))
    #expect(related.span.range.start.line == 3)
    #expect(related.span.range.start.column == 8)
  }

  /// The clean twin: a reload of the shipped widget's kind.
  @Test func aReloadOfTheShippedWidgetIsClean() throws {
    let app = """
      import WidgetKit
      func saved() { WidgetCenter.shared.reloadTimelines(ofKind: "Note") }
      """
    let (findings, _) = try AppCodeTests().lint(
      AppCodeTests.files(app: app, extra: [("Widget/ArchiveWidget.swift", Self.unshippedWidget)]))
    #expect(findings.isEmpty)
  }
}
