import Foundation
import SwiftParser
import SwiftSyntax
import Testing

@testable import WidgetLintCore
@testable import WidgetLintEngine
@testable import WidgetLintFrontends
@testable import WidgetLintKit
@testable import WidgetLintModel
@testable import WidgetLintReaders
@testable import WidgetLintRules

/// Watch complications in an Xcode project: the watch widget extension the watch app embeds, which the
/// iPhone app carries in turn, and the frameworks of the project an app links.
@Suite struct WatchWidgetTests {
  static let example = TestSupport.path("examples/hydrate-watch")

  @Test func theWatchWidgetExtensionIsATargetOfTheWatchApp() throws {
    let project = Linter().read(XcodeAppFrontend(directory: Self.example))
    let manifest = try #require(project.manifest)
    // The iPhone app is the app, though the watch app embeds an extension too.
    #expect(manifest.app?.bundleIdentifier?.value == "com.example.hydrate")
    #expect(manifest.app?.deploymentTarget?.value == OSVersion(17, 0))
    #expect(manifest.targets.map { $0.name?.value } == ["HydrateWidgetsExtension", "HydrateComplicationsExtension"])
    let phone = manifest.targets[0]
    let watch = manifest.targets[1]
    #expect(phone.resolvedPlatform == .ios)
    #expect(phone.host == nil)
    #expect(watch.resolvedPlatform == .watchos)
    #expect(watch.deploymentTarget?.value == OSVersion(10, 0))
    #expect(watch.bundleIdentifier?.value == "com.example.hydrate.watchkitapp.complications")
    let host = try #require(watch.host)
    #expect(host.name?.value == "Hydrate Watch App")
    #expect(host.bundleIdentifier?.value == "com.example.hydrate.watchkitapp")
    #expect(host.deploymentTarget?.value == OSVersion(10, 0))
    #expect(host.entitlements?.appGroupNames == ["group.com.example.hydrate"])
    // Both extensions compile the shared widget: each bundle lists it.
    #expect(project.code(ofTarget: 1).bundledWidgets.map(\.typeName) == ["WaterWidget"])
    // The watch app's own Swift is its side of the complication.
    #expect(project.hostCode.count == 1)
    #expect(
      project.hostCode.first?.code.files.map { ($0.file.path as NSString).lastPathComponent } == [
        "HydrateWatchApp.swift"
      ])
  }

  @Test func theAppsSideIncludesTheFrameworksItLinks() throws {
    let project = Linter().read(XcodeAppFrontend(directory: Self.example))
    let files = try #require(project.appCode).files.map { ($0.file.path as NSString).lastPathComponent }
    #expect(files == ["WaterLog.swift"])
  }

  @Test func aFrameworkOnlyTheWidgetLinksIsTheWidgetsCode() throws {
    let directory = try TestSupport.directory(with: [])
    defer { try? FileManager.default.removeItem(at: directory) }
    let root = directory.path + "/app"
    try Self.copyExample(to: root)
    // The iPhone app stops linking, embedding and depending on HydrateKit; the widget extension links it.
    let pbxproj = root + "/Hydrate.xcodeproj/project.pbxproj"
    var text = try String(contentsOfFile: pbxproj, encoding: .utf8)
    let appFrameworks = try #require(
      text.range(of: "7C3D1A152E8F4B6000A1C0DE /* HydrateKit.framework in Frameworks */,"))
    text.removeSubrange(appFrameworks)
    let embed = try #require(text.range(of: "7C3D1A162E8F4B6000A1C0DE /* HydrateKit.framework in Embed Frameworks */,"))
    text.removeSubrange(embed)
    let dependency = try #require(text.range(of: "7C3D1A212E8F4B6000A1C0DE /* PBXTargetDependency */,"))
    text.removeSubrange(dependency)
    // HydrateWidgetsExtension's Frameworks phase.
    let phase = try #require(text.range(of: "7C3D1A2F2E8F4B6000A1C0DE /* Frameworks */ = {"))
    let files = try #require(text.range(of: "files = (\n", range: phase.upperBound..<text.endIndex))
    text.insert(
      contentsOf: "\t\t\t\t7C3D1A152E8F4B6000A1C0DE /* HydrateKit.framework in Frameworks */,\n", at: files.upperBound)
    try text.write(toFile: pbxproj, atomically: true, encoding: .utf8)
    let project = Linter().read(XcodeAppFrontend(directory: root))
    #expect(project.appCode?.files.map { ($0.file.path as NSString).lastPathComponent } == nil)
    let widgetFiles = project.swiftFiles(ofTarget: 0).map { ($0.file.path as NSString).lastPathComponent }
    #expect(widgetFiles.contains("WaterLog.swift"))
    #expect(
      !project.swiftFiles(ofTarget: 1).map { ($0.file.path as NSString).lastPathComponent }.contains("WaterLog.swift"))
  }

  /// A watch extension whose code reads the watch app's group without being entitled to it: the fix is
  /// its own entitlement, since the watch app has the group; the iPhone extension is not concerned.
  @Test func aWatchWidgetMissingTheWatchAppsGroupIsToldSo() throws {
    let directory = try TestSupport.directory(with: [])
    defer { try? FileManager.default.removeItem(at: directory) }
    let root = directory.path + "/app"
    try Self.copyExample(to: root)
    let entitlements = root + "/HydrateComplications/HydrateComplications.entitlements"
    let text = try String(contentsOfFile: entitlements, encoding: .utf8)
    try text.replacingOccurrences(of: "group.$(APP_BUNDLE_ID)", with: "group.$(APP_BUNDLE_ID).complications")
      .write(toFile: entitlements, atomically: true, encoding: .utf8)
    let report = LintRun(discoversConfiguration: false).run(arguments: [root])
    let found = report.findings.map { finding in
      "\(finding.ruleID) \((finding.file as NSString).lastPathComponent):\(TestSupport.start(finding))"
    }
    #expect(
      found.sorted() == [
        "app-group-mismatch HydrateComplications.entitlements:7:11", "app-group-mismatch WaterWidget.swift:34:43",
      ])
    let code = try #require(report.findings.first { $0.file.hasSuffix("WaterWidget.swift") })
    #expect(code.message.hasSuffix("add it to the target's App Groups, as the watch app has it"))
    #expect(code.fix != nil)
    let host = try #require(report.findings.first { $0.file.hasSuffix(".entitlements") })
    #expect(
      host.message
        == "App Group 'group.com.example.hydrate.complications' of target 'HydrateComplicationsExtension' is not in the entitlements of the watch app 'Hydrate Watch App'; the watch app cannot write what the widget reads"
    )
  }

  /// A WatchKit 2 watch app (before Xcode 14) is a watch app too, whatever SDK its settings name.
  @Test func aWatchKit2AppHostsItsComplication() throws {
    let directory = try TestSupport.directory(with: [])
    defer { try? FileManager.default.removeItem(at: directory) }
    let root = directory.path + "/app"
    try Self.copyExample(to: root)
    let pbxproj = root + "/Hydrate.xcodeproj/project.pbxproj"
    var text = try String(contentsOfFile: pbxproj, encoding: .utf8)
    let watchApp = try #require(text.range(of: "productName = \"Hydrate Watch App\";"))
    let type = try #require(
      text.range(
        of: "productType = \"com.apple.product-type.application\";", range: watchApp.upperBound..<text.endIndex))
    text.replaceSubrange(type, with: "productType = \"com.apple.product-type.application.watchapp2\";")
    text = text.replacingOccurrences(of: "SDKROOT = watchos;", with: "SDKROOT = \"$(WATCH_SDK)\";")
    try text.write(toFile: pbxproj, atomically: true, encoding: .utf8)
    let manifest = try #require(Linter().read(XcodeAppFrontend(directory: root)).manifest)
    #expect(manifest.app?.bundleIdentifier?.value == "com.example.hydrate")
    #expect(manifest.targets.map { $0.host?.name?.value } == [nil, "Hydrate Watch App"])
    #expect(manifest.targets.map(\.resolvedPlatform) == [.ios, .watchos])
  }

  /// A watch app's delegate (`WKApplicationDelegate`, or `WKExtensionDelegate` before watchOS 7's app
  /// life cycle) reloading the complication: its kind is checked against the widgets the watch app
  /// carries. `reload` is the delegate's call.
  static func lintWithWatchDelegate(_ reload: String) throws -> [String] {
    let directory = try TestSupport.directory(with: [])
    defer { try? FileManager.default.removeItem(at: directory) }
    let root = directory.path + "/app"
    try Self.copyExample(to: root)
    // The watch app's folder is a synchronised group: a file dropped in it is compiled.
    let delegate = """
      import WatchKit
      import WidgetKit

      final class ExtensionDelegate: NSObject, WKApplicationDelegate {
          func applicationDidBecomeActive() {
              \(reload)
          }
      }

      final class LegacyDelegate: NSObject, WKExtensionDelegate {
          func handle(_ backgroundTasks: Set<WKRefreshBackgroundTask>) {
              WidgetCenter.shared.reloadTimelines(ofKind: "WaterWidget")
          }
      }
      """
    try delegate.write(toFile: root + "/Hydrate Watch App/ExtensionDelegate.swift", atomically: true, encoding: .utf8)
    let report = LintRun(discoversConfiguration: false).run(arguments: [root])
    return report.findings.map { finding in
      "\(finding.ruleID) \((finding.file as NSString).lastPathComponent):\(TestSupport.position(finding))"
    }
  }

  @Test func aWatchDelegateReloadingAKindTheWatchHasNotIsReported() throws {
    #expect(
      try Self.lintWithWatchDelegate("WidgetCenter.shared.reloadTimelines(ofKind: \"WaterWidgets\")") == [
        "unknown-widget-kind ExtensionDelegate.swift:6:53-6:67"
      ])
  }

  /// The clean twin: the delegate reloads the complication's kind.
  @Test func aWatchDelegateReloadingTheComplicationsKindIsClean() throws {
    #expect(try Self.lintWithWatchDelegate("WidgetCenter.shared.reloadTimelines(ofKind: \"WaterWidget\")") == [])
    // ClockKit's reloads name a complication object, not a kind: nothing to check.
    #expect(
      try Self.lintWithWatchDelegate(
        "CLKComplicationServer.sharedInstance().activeComplications?.forEach { CLKComplicationServer.sharedInstance().reloadTimeline(for: $0) }"
      ) == [])
  }

  /// The Hydrate apps built for macOS (the watch app aside): the app's side is still its own code and
  /// the frameworks it links, whose reloads are checked against the widgets' kinds.
  static func macKindFindings(example: String) throws -> [String] {
    let directory = try TestSupport.directory(with: [])
    defer { try? FileManager.default.removeItem(at: directory) }
    let root = directory.path + "/app"
    try FileManager.default.copyItem(atPath: TestSupport.path(example), toPath: root)
    let pbxproj = root + "/Hydrate.xcodeproj/project.pbxproj"
    try String(contentsOfFile: pbxproj, encoding: .utf8)
      .replacingOccurrences(of: "SDKROOT = iphoneos;", with: "SDKROOT = macosx;")
      .replacingOccurrences(of: "IPHONEOS_DEPLOYMENT_TARGET = 17.0;", with: "MACOSX_DEPLOYMENT_TARGET = 14.0;")
      .write(toFile: pbxproj, atomically: true, encoding: .utf8)
    let report = LintRun(discoversConfiguration: false).run(arguments: [root])
    return report.findings.filter { $0.ruleID == "unknown-widget-kind" }.map { finding in
      "\(finding.ruleID) \((finding.file as NSString).lastPathComponent):\(TestSupport.position(finding))"
    }
  }

  @Test func aMacAppsFrameworkReloadingAnUnknownKindIsReported() throws {
    #expect(
      try Self.macKindFindings(example: "examples/broken-projects/xcode-framework-reloads-unknown-kind") == [
        "unknown-widget-kind WaterLog.swift:8:34-8:48"
      ])
  }

  /// The clean twin: the framework of the clean app reloads the widget's kind.
  @Test func aMacAppsFrameworkReloadingTheKindIsClean() throws {
    #expect(try Self.macKindFindings(example: "examples/hydrate-watch") == [])
  }

  static func copyExample(to root: String) throws {
    try FileManager.default.copyItem(atPath: example, toPath: root)
  }

  /// `#if` conditions made of `os(…)` checks select platforms; anything else is the build's to decide.
  @Test(arguments: [
    ("os(watchOS)", "watchos"), ("os(iOS)", "ios"), ("!os(watchOS)", "ios"), ("os(iOS) || os(watchOS)", "ios watchos"),
    ("os(iOS) && os(watchOS)", ""), ("(os(watchOS))", "watchos"), ("os(macOS)", ""), ("WIDGET_EXTENSION", "unknown"),
    ("canImport(WidgetKit)", "unknown"), ("os(iOS) || os(watchOS) && DEBUG", "unknown"),
  ])
  func ifConditionsSelectPlatforms(condition: String, expected: String) throws {
    let file = Parser.parse(source: "#if \(condition)\nlet x = 1\n#endif\n")
    let clause = try #require(file.statements.first?.item.as(IfConfigDeclSyntax.self)?.clauses.first?.condition)
    let platforms = WidgetCodeVisitor.platforms(selectedBy: clause)
    #expect((platforms.map { $0.map(\.rawValue).sorted().joined(separator: " ") } ?? "unknown") == expected)
  }

  /// A family in a clause for the other platform, or after a flag, is not surely compiled.
  @Test func familyUsesKnowTheirClause() throws {
    let source = """
      import WidgetKit

      struct Water: Widget {
        var body: some WidgetConfiguration {
          StaticConfiguration(kind: "Water", provider: P()) { _ in V() }
          #if os(watchOS)
            .supportedFamilies([.accessoryCorner])
          #elseif DEBUG
            .supportedFamilies([.systemLarge])
          #else
            .supportedFamilies([.systemSmall])
          #endif
        }
      }
      struct Other: Widget {
        var body: some WidgetConfiguration {
          StaticConfiguration(kind: "Other", provider: P()) { _ in V() }
            .supportedFamilies([.accessoryInline])
        }
      }
      """
    let facts = SwiftSourceScanner.scan(SourceText(path: "W.swift", text: source))
    let uses = facts.code.familyUses.map { "\($0.name) \($0.platforms.map(\.rawValue).sorted())" }
    #expect(
      uses == [
        "accessoryCorner [\"watchos\"]", "systemLarge []", "systemSmall []", "accessoryInline [\"ios\", \"watchos\"]",
      ])
  }
}

/// What watchOS a use needs and what the code guarantees around it.
@Suite struct WatchAvailabilityTests {
  @Test func watchOSGuaranteesAndOSClausesAreKept() throws {
    let source = """
      import SwiftUI
      import WidgetKit

      struct Water: Widget {
        var body: some WidgetConfiguration {
          StaticConfiguration(kind: "Water", provider: P()) { entry in
            if #available(watchOS 10.0, iOS 17.0, *) {
              V().containerBackground(.blue, for: .widget)
            }
          }
          #if os(watchOS)
            .supportedFamilies([.accessoryCorner])
          #else
            .supportedFamilies([.accessoryCircular])
          #endif
        }
      }
      """
    let facts = SwiftSourceScanner.scan(SourceText(path: "W.swift", text: source)).code
    let background = try #require(facts.versionedUses.first { $0.symbol.hasPrefix("containerBackground") })
    #expect(background.watchOSMinimum == OSVersion(10))
    #expect(background.watchOSGuaranteed == OSVersion(10))
    #expect(background.guaranteed == OSVersion(17))
    // The iOS family's use is not compiled for watchOS; the watch family's not for iOS.
    let circular = try #require(facts.versionedUses.first { $0.symbol == "accessoryCircular" })
    #expect(circular.possiblyCompiledOn == [.ios])
    #expect(facts.familyUses.map(\.possiblyCompiledOn) == [[.watchos], [.ios]])
  }

  /// An iOS 15 widget extension that shares code with a watch extension: the watch families under
  /// `#if os(watchOS)` are not judged against iOS 15, the iOS ones are.
  @Test func anIOSTargetIsNotJudgedOnWatchOnlyCode() throws {
    let widget = """
      import SwiftUI
      import WidgetKit

      @main
      struct Water: Widget {
        var body: some WidgetConfiguration {
          StaticConfiguration(kind: "Water", provider: P()) { _ in V() }
          #if os(watchOS)
            .supportedFamilies([.accessoryCircular, .accessoryCorner])
          #else
            .supportedFamilies([.systemSmall, .accessoryRectangular])
          #endif
        }
      }
      """
    let manifest = """
      app:
        bundleIdentifier: com.example.water
        deploymentTarget: "15.0"
      targets:
        - name: WaterWidget
          bundleIdentifier: com.example.water.widget
          sources: [Water.swift]
      """
    let directory = try TestSupport.directory(with: [("widgets.yaml", manifest), ("Water.swift", widget)])
    defer { try? FileManager.default.removeItem(at: directory) }
    let report = LintRun(discoversConfiguration: false).run(arguments: [directory.path + "/widgets.yaml"])
    let availability = report.findings.filter { $0.ruleID == "availability" }
    #expect(availability.map { TestSupport.start($0) } == ["11:41"])
    #expect(availability.first?.message.hasPrefix("accessoryRectangular needs iOS 16") == true)
  }
}

/// An XcodeGen spec's watch app and its complication: the same model as a native project's.
@Suite struct XcodeGenWatchWidgetTests {
  static func spec(complicationID: String) -> String {
    """
    name: Hydrate
    targets:
      Hydrate:
        type: application
        platform: iOS
        deploymentTarget: "17.0"
        settings:
          PRODUCT_BUNDLE_IDENTIFIER: com.example.hydrate
        dependencies:
          - target: HydrateWidgets
          - target: HydrateWatch
      HydrateWidgets:
        type: app-extension
        platform: iOS
        deploymentTarget: "17.0"
        info:
          path: HydrateWidgets/Info.plist
          properties:
            NSExtension:
              NSExtensionPointIdentifier: com.apple.widgetkit-extension
        settings:
          PRODUCT_BUNDLE_IDENTIFIER: com.example.hydrate.widgets
      HydrateWatch:
        type: application
        platform: watchOS
        deploymentTarget: "10.0"
        settings:
          PRODUCT_BUNDLE_IDENTIFIER: com.example.hydrate.watchkitapp
        dependencies:
          - target: HydrateComplications
      HydrateComplications:
        type: app-extension
        platform: watchOS
        deploymentTarget: "10.0"
        info:
          path: HydrateComplications/Info.plist
          properties:
            NSExtension:
              NSExtensionPointIdentifier: com.apple.widgetkit-extension
        settings:
          PRODUCT_BUNDLE_IDENTIFIER: \(complicationID)
    """
  }

  @Test func theWatchAppsComplicationIsATargetWithItsHost() throws {
    let project = try #require(
      try XcodeGenTests.read([
        ("project.yml", Self.spec(complicationID: "com.example.hydrate.watchkitapp.complications"))
      ])
      .first)
    let manifest = try #require(project.manifest)
    #expect(manifest.app?.bundleIdentifier?.value == "com.example.hydrate")
    #expect(manifest.targets.map { $0.name?.value } == ["HydrateWidgets", "HydrateComplications"])
    let watch = manifest.targets[1]
    #expect(watch.resolvedPlatform == .watchos)
    #expect(watch.deploymentTarget?.value == OSVersion(10, 0))
    #expect(watch.host?.name?.value == "HydrateWatch")
    #expect(watch.host?.bundleIdentifier?.value == "com.example.hydrate.watchkitapp")
  }

  @Test func aComplicationOutsideTheWatchAppsIdIsReportedInTheSpec() throws {
    let report = try XcodeGenTests.lint([
      ("project.yml", Self.spec(complicationID: "com.example.hydrate.complications"))
    ])
    #expect(
      report.findings.map { "\($0.ruleID) \(($0.file as NSString).lastPathComponent):\(TestSupport.start($0))" }
        == ["bundle-id-prefix project.yml:41:34"])
    #expect(report.findings.first?.message.contains("the watch app's 'com.example.hydrate.watchkitapp.'") == true)
  }
}

/// A Tuist manifest's watch app and its complication: the same model as a native project's.
@Suite struct TuistWatchWidgetTests {
  static func manifest(complicationID: String) -> String {
    """
    import ProjectDescription

    let project = Project(
        name: "Tides",
        targets: [
            .target(
                name: "TidesWatch", destinations: [.appleWatch], product: .app,
                bundleId: "com.example.tides.watchkitapp", deploymentTargets: .watchOS("10.0"),
                sources: ["Watch/**"],
                entitlements: .dictionary(["com.apple.security.application-groups": ["group.com.example.tides"]]),
                dependencies: [.target(name: "TidesComplications")]
            ),
            .target(
                name: "Tides", destinations: .iOS, product: .app,
                bundleId: "com.example.tides", deploymentTargets: .iOS("17.0"),
                sources: ["App/**"],
                entitlements: .file(path: "App/Tides.entitlements"),
                dependencies: [.target(name: "TidesWatch")]
            ),
            .target(
                name: "TidesComplications", destinations: [.appleWatch], product: .appExtension,
                bundleId: "\(complicationID)", deploymentTargets: .watchOS("10.0"),
                infoPlist: .extendingDefault(with: [
                    "NSExtension": ["NSExtensionPointIdentifier": "com.apple.widgetkit-extension"],
                ]),
                sources: ["Widget/**"],
                entitlements: .dictionary(["com.apple.security.application-groups": ["group.com.example.tides"]])
            ),
        ]
    )

    """
  }

  static let watchApp = """
    import SwiftUI
    import WidgetKit

    @main
    struct TidesWatchApp: App {
      var body: some Scene {
        WindowGroup {
          Button("Refresh") { WidgetCenter.shared.reloadTimelines(ofKind: "Tide") }
        }
      }
    }

    """

  static func files(complicationID: String) -> [(path: String, contents: String)] {
    TuistProjectTests.files(
      manifest: manifest(complicationID: complicationID), more: [("Watch/TidesWatchApp.swift", watchApp)]
    ).map { file in
      // The watch widget lists watch families.
      file.path == "Widget/TidesWidget.swift"
        ? (file.path, file.contents.replacingOccurrences(of: ".systemSmall", with: ".accessoryCircular")) : file
    }
  }

  @Test func theWatchAppIsAHostNotTheApp() throws {
    let directory = try TestSupport.directory(with: Self.files(complicationID: "com.example.tides.watchkitapp.tides"))
    defer { try? FileManager.default.removeItem(at: directory) }
    let report = LintRun(discoversConfiguration: false).run(arguments: [directory.path])
    #expect(report.inputErrors.isEmpty)
    let found = report.findings.map { "\($0.ruleID) \(TuistProjectTests.relative($0.file)):\(TestSupport.start($0))" }
    // The watch app reloads a kind its complication does not have.
    #expect(found == ["unknown-widget-kind Watch/TidesWatchApp.swift:8:71"])
  }

  @Test func aComplicationOutsideTheWatchAppsIdIsReported() throws {
    let directory = try TestSupport.directory(with: Self.files(complicationID: "com.example.tides.complications"))
    defer { try? FileManager.default.removeItem(at: directory) }
    let report = LintRun(discoversConfiguration: false).run(arguments: [directory.path])
    let found = report.findings.map { "\($0.ruleID) \(TuistProjectTests.relative($0.file)):\(TestSupport.start($0))" }
    #expect(found == ["bundle-id-prefix Project.swift:22:23", "unknown-widget-kind Watch/TidesWatchApp.swift:8:71"])
  }
}
