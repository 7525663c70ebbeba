import Foundation
import Testing

@testable import WidgetLintCore
@testable import WidgetLintEngine
@testable import WidgetLintFrontends
@testable import WidgetLintKit
@testable import WidgetLintModel
@testable import WidgetLintReaders

/// Tuist projects: `Project.swift` (and `Workspace.swift`, and the helpers in
/// `Tuist/ProjectDescriptionHelpers`) read with swift-syntax as data, into the model an `.xcodeproj` gives.
@Suite struct TuistProjectTests {
  /// A widget that reads `group.com.example.tides`: a target entitled to another group gets a finding
  /// in this file, which shows that the target's Swift files were read.
  static let widgetSwift = """
    import SwiftUI
    import WidgetKit

    @main
    struct TidesWidget: Widget {
      var body: some WidgetConfiguration {
        StaticConfiguration(kind: "Tides", provider: Provider()) { _ in
          Text("Tide").containerBackground(.clear, for: .widget)
        }
        .supportedFamilies([.systemSmall, .accessoryCircular])
      }
    }

    struct Provider {
      let defaults = UserDefaults(suiteName: "group.com.example.tides")
    }

    """

  static func entitlements(_ groups: String...) -> String {
    XcodeProjectTests.groups(groups.joined())
  }

  /// The app's files beside a manifest: its entitlements and Swift, the widget's Swift.
  static func files(manifest: String, more: [(path: String, contents: String)] = []) -> [(
    path: String, contents: String
  )] {
    [
      ("Project.swift", manifest),
      ("App/Tides.entitlements", XcodeProjectTests.groups("group.com.example.tides")),
      (
        "App/TidesApp.swift", "import SwiftUI\n@main struct TidesApp: App { var body: some Scene { WindowGroup {} } }\n"
      ),
      ("Widget/TidesWidget.swift", widgetSwift),
    ] + more
  }

  /// Lints the folder as a command line names it.
  func lint(_ files: [(path: String, contents: String)]) throws -> (findings: [Finding], report: LintReport) {
    let directory = try TestSupport.directory(with: files)
    defer { try? FileManager.default.removeItem(at: directory) }
    let report = LintRun(discoversConfiguration: false).run(arguments: [directory.path])
    #expect(report.inputErrors.isEmpty, "\(report.inputErrors)")
    return (report.findings, report)
  }

  /// A file as the project names it: its path below the project's folder.
  static func relative(_ path: String) -> String {
    guard let range = path.range(of: "/widgetlint-tests-") else { return path }
    let rest = path[range.upperBound...]
    return rest.firstIndex(of: "/").map { String(rest[rest.index(after: $0)...]) } ?? path
  }

  /// `rule file:line:column` of each finding.
  static func places(_ findings: [Finding]) -> [String] {
    findings.map { "\($0.ruleID) \(relative($0.file)):\(TestSupport.start($0))" }
  }

  /// `file:line:column` of each related location.
  static func related(_ finding: Finding?) -> [String] {
    (finding?.related ?? []).map {
      "\(relative($0.span.file.path)):\($0.span.range.start.line):\($0.span.range.start.column)"
    }
  }

  static let cleanManifest = """
    import ProjectDescription

    let project = Project(
        name: "Tides",
        targets: [
            .target(
                name: "Tides", destinations: .iOS, product: .app,
                bundleId: "com.example.tides", deploymentTargets: .iOS("17.0"),
                sources: ["App/**"],
                entitlements: .file(path: "App/Tides.entitlements"),
                dependencies: [.target(name: "TidesWidget")]
            ),
            .target(
                name: "TidesWidget", destinations: .iOS, product: .appExtension,
                bundleId: "com.example.tides.widget", deploymentTargets: .iOS("17.0"),
                infoPlist: .extendingDefault(with: [
                    "NSExtension": ["NSExtensionPointIdentifier": "com.apple.widgetkit-extension"],
                ]),
                sources: ["Widget/**"],
                entitlements: .dictionary(["com.apple.security.application-groups": ["group.com.example.tides"]])
            ),
        ]
    )

    """

  @Test(arguments: [".iOS", ".macOS"])
  func aMacOSWidgetIsNotJudgedByTheProjectsIOSDeploymentTarget(destinations: String) throws {
    // The project's settings give every target iOS 16; a macOS widget deploys to macOS, where its
    // containerBackground (iOS 17, macOS 14) is not judged against iOS 16.
    let manifest = Self.cleanManifest
      .replacingOccurrences(of: "destinations: .iOS", with: "destinations: \(destinations)")
      .replacingOccurrences(of: ", deploymentTargets: .iOS(\"17.0\")", with: "")
      .replacingOccurrences(
        of: "name: \"Tides\",\n",
        with: "name: \"Tides\",\n    settings: .settings(base: [\"IPHONEOS_DEPLOYMENT_TARGET\": \"16.0\"]),\n")
    let (findings, _) = try lint(Self.files(manifest: manifest))
    if destinations == ".macOS" {
      #expect(findings.isEmpty, "\(findings.map(\.message))")
    } else {
      #expect(Self.places(findings) == ["availability Widget/TidesWidget.swift:8:20"])
    }
  }

  @Test func aCleanProjectIsReadAndLintsClean() throws {
    let (findings, report) = try lint(Self.files(manifest: Self.cleanManifest))
    #expect(findings.isEmpty)
    #expect(report.projects.map(\.kindName) == ["Tuist project"])
    // The app's Swift is read only where it reaches the widget (a reload, an App Group): this app's does not.
    let files = report.projects.first?.filesRead.map { ($0 as NSString).lastPathComponent } ?? []
    #expect(files == ["Project.swift", "Tides.entitlements", "TidesWidget.swift"])
  }

  // MARK: Entitlements

  /// `.dictionary` entitlements are read where they are written; `.file` ones from the file.
  @Test func dictionaryEntitlementsPointIntoTheManifestAndFileOnesIntoTheFile() throws {
    // The widget's dictionary names another group: at the string in Project.swift (line 20), and the
    // widget's code reads a group the widget is not entitled to.
    let dictionary = Self.cleanManifest.replacingOccurrences(
      of: "[\"group.com.example.tides\"]", with: "[\"group.com.example.other\"]")
    let (findings, _) = try lint(Self.files(manifest: dictionary))
    #expect(
      Self.places(findings) == [
        "app-group-mismatch Project.swift:20:82", "app-group-mismatch Widget/TidesWidget.swift:15:42",
      ])
    #expect(Self.related(findings.first) == ["App/Tides.entitlements:6:3"])
    // The same group in a file the widget's `entitlements` names, as a string (a path): in the file.
    let file = Self.cleanManifest.replacingOccurrences(
      of: ".dictionary([\"com.apple.security.application-groups\": [\"group.com.example.tides\"]])",
      with: "\"Widget/Widget.entitlements\"")
    let (fromFile, report) = try lint(
      Self.files(
        manifest: file, more: [("Widget/Widget.entitlements", XcodeProjectTests.groups("group.com.example.other"))]))
    #expect(
      Self.places(fromFile) == [
        "app-group-mismatch Widget/TidesWidget.swift:15:42", "app-group-mismatch Widget/Widget.entitlements:7:13",
      ])
    #expect(report.projects.first?.filesRead.contains { $0.hasSuffix("Widget/Widget.entitlements") } == true)
  }

  @Test func aMissingEntitlementsFileIsSaidWhereTheManifestNamesIt() throws {
    let file = Self.cleanManifest.replacingOccurrences(
      of: ".dictionary([\"com.apple.security.application-groups\": [\"group.com.example.tides\"]])",
      with: ".file(path: \"Widget/Widget.entitlements\")")
    let (findings, _) = try lint(Self.files(manifest: file))
    #expect(Self.places(findings) == ["invalid-value Project.swift:20:39"])
    #expect(findings.first?.message.contains("there is no such file") == true)
  }

  // MARK: Info.plist

  /// `.extendingDefault(with:)` names the WidgetKit extension point: the target's code is read. Without it
  /// (Tuist's defaults hold no `NSExtension`) the extension carries no widgets, and nothing of its code is.
  @Test func theExtensionPointComesFromTheInfoPlistTheManifestWrites() throws {
    let other = Self.cleanManifest.replacingOccurrences(
      of: "[\"group.com.example.tides\"]", with: "[\"group.com.example.other\"]")
    let noPoint = other.replacingOccurrences(
      of: "\"NSExtension\": [\"NSExtensionPointIdentifier\": \"com.apple.widgetkit-extension\"],", with: "")
    #expect(Self.places(try lint(Self.files(manifest: noPoint)).findings) == ["app-group-mismatch Project.swift:20:82"])
    // An Info.plist file names it too.
    let plistFile = other.replacingOccurrences(
      of: """
        infoPlist: .extendingDefault(with: [
                        "NSExtension": ["NSExtensionPointIdentifier": "com.apple.widgetkit-extension"],
                    ]),
        """, with: "infoPlist: .file(path: \"Widget/Info.plist\"),")
    #expect(plistFile != other)
    let (findings, _) = try lint(
      Self.files(manifest: plistFile, more: [("Widget/Info.plist", XcodeProjectTests.widgetInfo)]))
    #expect(
      Self.places(findings) == [
        "app-group-mismatch Project.swift:18:82", "app-group-mismatch Widget/TidesWidget.swift:15:42",
      ])
  }

  // MARK: Values worked out

  /// Constants of the manifest, static members of its types, `+` and interpolation of them are worked
  /// out; a finding points at the literal the value comes from.
  @Test func constantsOfTheManifestResolveToTheirLiterals() throws {
    let manifest = """
      import ProjectDescription

      let appGroup = "group.com.example.other"
      enum Identifiers {
          static let app = "com.example.tides"
          static let widget = app + "widget"
      }

      let project = Project(
          name: "Tides",
          targets: [
              .target(
                  name: "Tides", destinations: .iOS, product: .app,
                  bundleId: Identifiers.app, deploymentTargets: .iOS("17.0"),
                  sources: ["App/**"],
                  entitlements: "App/Tides.entitlements",
                  dependencies: [.target(name: "TidesWidget")]
              ),
              .target(
                  name: "TidesWidget", destinations: .iOS, product: .appExtension,
                  bundleId: "\\(Identifiers.widget)", deploymentTargets: .iOS("17.0"),
                  infoPlist: .extendingDefault(with: ["NSExtension": ["NSExtensionPointIdentifier": "com.apple.widgetkit-extension"]]),
                  sources: ["Widget/**"],
                  entitlements: .dictionary(["com.apple.security.application-groups": .array([.string(appGroup)])])
              ),
          ]
      )

      """
    // The manifest's own constant shadows the helpers' of the same name, as in Swift.
    let helper = ("Tuist/ProjectDescriptionHelpers/Groups.swift", "public let appGroup = \"group.com.example.tides\"\n")
    let (findings, _) = try lint(Self.files(manifest: manifest, more: [helper]))
    #expect(
      Self.places(findings) == [
        "app-group-mismatch Project.swift:3:16", "bundle-id-prefix Project.swift:21:23",
        "app-group-mismatch Widget/TidesWidget.swift:15:42",
      ])
    #expect(findings.contains { $0.message.contains("'com.example.tideswidget'") })
  }

  /// What cannot be worked out without running the manifest (an interpolation of something that is no
  /// constant, a helper the manifest does not declare, `Environment`) is unknown: the rules that need it
  /// are silent, and one note says why, at the first such value.
  @Test func computedValuesAreUnknownAndOneNoteSaysWhy() throws {
    let manifest = """
      import ProjectDescription

      let suffix = Environment.widgetSuffix.getString(default: "widget")

      let project = Project(
          name: "Tides",
          targets: [
              .target(
                  name: "Tides", destinations: .iOS, product: .app,
                  bundleId: "com.example.tides", deploymentTargets: .iOS("17.0"),
                  sources: ["App/**"],
                  entitlements: .file(path: "App/Tides.entitlements"),
                  dependencies: [.target(name: "TidesWidget")]
              ),
              .target(
                  name: "TidesWidget", destinations: .iOS, product: .appExtension,
                  bundleId: "com.other.\\(suffix)", deploymentTargets: .iOS("17.0"),
                  infoPlist: .extendingDefault(with: ["NSExtension": ["NSExtensionPointIdentifier": "com.apple.widgetkit-extension"]]),
                  sources: ["Widget/**"],
                  entitlements: makeEntitlements(group: "group.com.example.other")
              ),
          ]
      )

      """
    let (findings, _) = try lint(Self.files(manifest: manifest))
    // Neither the bundle identifier (not under the app's, were it known) nor the entitlements (another
    // group, were they known) is checked: one note, at the first value not known.
    #expect(Self.places(findings) == ["computed-value Project.swift:20:27"])
    let note = try #require(findings.first)
    #expect(note.severity == .note)
    #expect(note.message.hasPrefix("not known without running the manifest"))
    #expect(note.message.contains("the entitlements of target 'TidesWidget' is `makeEntitlements(group:"))
    #expect(note.message.contains("which the manifest and its helpers do not declare"))
    #expect(note.message.contains("the bundleId of target 'TidesWidget' is `\"com.other.\\(suffix)\"`"))
    #expect(note.message.contains("a value of the environment Tuist runs in"))
    #expect(Self.related(note) == ["Project.swift:17:23"])
  }

  /// A helper in `Tuist/ProjectDescriptionHelpers` whose body is one target is followed, its parameters
  /// bound to the call's arguments; one whose body is code is not.
  @Test func helpersReturningALiteralTargetAreFollowed() throws {
    let helper = """
      import ProjectDescription

      extension Target {
          /// The widget extension of an app.
          public static func widget(app: String, group: String, deploymentTarget: String = "17.0") -> Target {
              .target(
                  name: "\\(app)Widget", destinations: .iOS, product: .appExtension,
                  bundleId: "com.example.\\(app.lowercased()).widget",
                  deploymentTargets: .iOS(deploymentTarget),
                  infoPlist: .extendingDefault(with: ["NSExtension": ["NSExtensionPointIdentifier": "com.apple.widgetkit-extension"]]),
                  sources: ["Widget/**"],
                  entitlements: .dictionary(["com.apple.security.application-groups": [.string(group)]])
              )
          }

          public static func computed(app: String) -> Target {
              var target = widget(app: app, group: "group.com.example.tides")
              target.bundleId = "com.other"
              return target
          }
      }

      """
    let manifest = """
      import ProjectDescription
      import ProjectDescriptionHelpers

      let project = Project(
          name: "Tides",
          targets: [
              .target(
                  name: "Tides", destinations: .iOS, product: .app,
                  bundleId: "com.example.tides", deploymentTargets: .iOS("17.0"),
                  sources: ["App/**"],
                  entitlements: .file(path: "App/Tides.entitlements"),
                  dependencies: [.target(name: "TidesWidget")]
              ),
              .widget(app: "Tides", group: "group.com.example.other", deploymentTarget: "15.0"),
          ]
      )

      """
    let helperFile = "Tuist/ProjectDescriptionHelpers/Targets.swift"
    let (findings, _) = try lint(Self.files(manifest: manifest, more: [(helperFile, helper)]))
    // The group and the deployment target are the arguments at the call; the rest is the helper's.
    #expect(
      Self.places(findings) == [
        "app-group-mismatch Project.swift:14:38", "availability Widget/TidesWidget.swift:8:20",
        "availability Widget/TidesWidget.swift:10:39", "app-group-mismatch Widget/TidesWidget.swift:15:42",
      ])
    let availability = try #require(findings.first { $0.ruleID == "availability" })
    #expect(Self.related(availability) == ["Project.swift:14:83"])
    // A helper whose body is code is not run: its target is unknown, and said once.
    let computed = manifest.replacingOccurrences(
      of: ".widget(app: \"Tides\", group: \"group.com.example.other\", deploymentTarget: \"15.0\")",
      with: ".computed(app: \"Tides\")")
    let (unknown, _) = try lint(Self.files(manifest: computed, more: [(helperFile, helper)]))
    #expect(Self.places(unknown) == ["computed-value Project.swift:14:9"])
    #expect(unknown.first?.message.contains("'Target.computed' is code, not one literal value") == true)
  }

  /// A helper that returns early on one of its Boolean parameters (`guard withTests else { return [target] }`,
  /// `if !withTests { return … }`) is followed with the argument the call gives or the default.
  @Test func aHelperReturningEarlyOnAKnownConditionIsFollowed() throws {
    let helper = """
      import ProjectDescription

      extension Project {
          public static func widgetTargets(app: String, group: String, withTests: Bool = true) -> [Target] {
              let widget = Target.target(
                  name: "\\(app)Widget", destinations: .iOS, product: .appExtension,
                  bundleId: "com.example.\\(app.lowercased()).widget", deploymentTargets: .iOS("17.0"),
                  infoPlist: .extendingDefault(with: ["NSExtension": ["NSExtensionPointIdentifier": "com.apple.widgetkit-extension"]]),
                  sources: ["Widget/**"],
                  entitlements: .dictionary(["com.apple.security.application-groups": [.string(group)]])
              )
              guard withTests else { return [widget] }
              let tests = Target.target(
                  name: "\\(app)WidgetTests", destinations: .iOS, product: .unitTests,
                  bundleId: "com.example.\\(app.lowercased()).widget.tests", sources: ["WidgetTests/**"]
              )
              return [widget, tests]
          }

          public static func onlyWidget(app: String, group: String, isMac: Bool) -> [Target] {
              if isMac { return [] }
              return widgetTargets(app: app, group: group, withTests: false)
          }
      }

      """
    let manifest = """
      import ProjectDescription
      import ProjectDescriptionHelpers

      let app = Target.target(
          name: "Tides", destinations: .iOS, product: .app,
          bundleId: "com.example.tides", deploymentTargets: .iOS("17.0"),
          sources: ["App/**"],
          entitlements: .file(path: "App/Tides.entitlements"),
          dependencies: [.target(name: "TidesWidget")]
      )
      let project = Project(
          name: "Tides",
          targets: [app] + Project.widgetTargets(app: "Tides", group: "group.com.example.other")
      )

      """
    let helperFile = "Tuist/ProjectDescriptionHelpers/Targets.swift"
    for call in [
      "Project.widgetTargets(app: \"Tides\", group: \"group.com.example.other\")",
      "Project.widgetTargets(app: \"Tides\", group: \"group.com.example.other\", withTests: false)",
      "Project.onlyWidget(app: \"Tides\", group: \"group.com.example.other\", isMac: false)",
    ] {
      let written = manifest.replacingOccurrences(
        of: "Project.widgetTargets(app: \"Tides\", group: \"group.com.example.other\")", with: call)
      let (findings, _) = try lint(Self.files(manifest: written, more: [(helperFile, helper)]))
      // The group is the argument at the call: the widget's target was read through the early return.
      #expect(
        Self.places(findings) == [
          "app-group-mismatch Project.swift:13:\(call.range(of: "\"group.com")!.lowerBound.utf16Offset(in: call) + 22)",
          "app-group-mismatch Widget/TidesWidget.swift:15:42",
        ], "\(call)\n\(findings.map(\.message))")
    }
    // A condition that is no Boolean the call gives is code: unknown, said once.
    let (unknown, _) = try lint(
      Self.files(
        manifest: manifest.replacingOccurrences(
          of: "group: \"group.com.example.other\")",
          with: "group: \"group.com.example.other\", withTests: Environment.tests)"),
        more: [(helperFile, helper)]))
    #expect(unknown.map(\.ruleID) == ["computed-value"])
  }

  /// In a helper type's static method, a call by bare name is the type's own static method, as Swift
  /// looks it up (`makeTargets(…)` inside `extension Project`).
  @Test func aHelperCallingASiblingStaticMethodIsFollowed() throws {
    let helper = """
      import ProjectDescription

      extension Target {
          public static func shipped(app: String, group: String) -> Target {
              widget(app: app, group: group)
          }

          private static func widget(app: String, group: String) -> Target {
              .target(
                  name: "\\(app)Widget", destinations: .iOS, product: .appExtension,
                  bundleId: "com.example.\\(app.lowercased()).widget", deploymentTargets: .iOS("17.0"),
                  infoPlist: .extendingDefault(with: ["NSExtension": ["NSExtensionPointIdentifier": "com.apple.widgetkit-extension"]]),
                  sources: ["Widget/**"],
                  entitlements: .dictionary(["com.apple.security.application-groups": [.string(group)]])
              )
          }
      }

      """
    func manifest(group: String) -> String {
      """
      import ProjectDescription
      import ProjectDescriptionHelpers

      let project = Project(
          name: "Tides",
          targets: [
              .target(
                  name: "Tides", destinations: .iOS, product: .app,
                  bundleId: "com.example.tides", deploymentTargets: .iOS("17.0"),
                  sources: ["App/**"],
                  entitlements: .file(path: "App/Tides.entitlements"),
                  dependencies: [.target(name: "TidesWidget")]
              ),
              .shipped(app: "Tides", group: "\(group)"),
          ]
      )

      """
    }
    let helperFile = "Tuist/ProjectDescriptionHelpers/Targets.swift"
    // The widget's target is known: its group, the argument at the call, is compared.
    let (findings, _) = try lint(
      Self.files(manifest: manifest(group: "group.com.example.other"), more: [(helperFile, helper)]))
    #expect(
      Self.places(findings) == [
        "app-group-mismatch Project.swift:14:39", "app-group-mismatch Widget/TidesWidget.swift:15:42",
      ])
    let (clean, _) = try lint(
      Self.files(manifest: manifest(group: "group.com.example.tides"), more: [(helperFile, helper)]))
    #expect(clean.isEmpty)
  }

  /// Tuist's older `Target(name:platform:product:bundleId:deploymentTarget:…)` is read the same way.
  @Test func theOlderTargetInitializerIsRead() throws {
    let manifest = """
      import ProjectDescription

      let project = Project(
          name: "Tides",
          targets: [
              Target(
                  name: "Tides", platform: .iOS, product: .app, bundleId: "com.example.tides",
                  deploymentTarget: .iOS(targetVersion: "15.0", devices: .iphone),
                  sources: "App/**", entitlements: "App/Tides.entitlements",
                  dependencies: [.target(name: "TidesWidget")]
              ),
              Target(
                  name: "TidesWidget", platform: .iOS, product: .appExtension, bundleId: "com.example.widget",
                  deploymentTarget: .iOS(targetVersion: "15.0", devices: .iphone),
                  infoPlist: .extendingDefault(with: ["NSExtension": ["NSExtensionPointIdentifier": "com.apple.widgetkit-extension"]]),
                  sources: ["Widget/**"], entitlements: "App/Tides.entitlements"
              ),
          ]
      )

      """
    let (findings, _) = try lint(Self.files(manifest: manifest))
    #expect(
      Self.places(findings) == [
        "bundle-id-prefix Project.swift:13:84", "availability Widget/TidesWidget.swift:8:20",
        "availability Widget/TidesWidget.swift:10:39",
      ])
  }

  /// Build settings override the target's arguments as Tuist writes them: a configuration's over the
  /// `base`, the `base` over `bundleId`. Configurations that disagree are checked one by one.
  @Test func settingsOverrideArgumentsPerConfiguration() throws {
    let manifest = Self.cleanManifest.replacingOccurrences(
      of: "[\"group.com.example.tides\"]])\n",
      with: """
        [\"group.com.example.tides\"]]),
                    settings: .settings(configurations: [
                        .debug(name: .debug, settings: ["PRODUCT_BUNDLE_IDENTIFIER": "com.example.debug.widget"]),
                        .release(name: "Release"),
                    ])

        """)
    #expect(manifest != Self.cleanManifest)
    let (findings, report) = try lint(Self.files(manifest: manifest))
    #expect(Self.places(findings) == ["bundle-id-prefix Project.swift:22:78"])
    #expect(findings.first?.message.hasSuffix("(only in the Debug configuration)") == true)
    #expect(report.projects.first?.variants == ["the Debug configuration", "the Release configuration"])
  }

  // MARK: Sources

  /// `sources` globs name the Swift files a target compiles, without what `excluding` names; a string is
  /// one glob, and `//` is the project's root.
  @Test func sourceGlobsAndTheirExclusionsNameTheSwiftFiles() throws {
    let manifest = Self.cleanManifest.replacingOccurrences(
      of: "sources: [\"Widget/**\"],",
      with: "sources: [.glob(\"Widget/**\", excluding: [\"Widget/Old/**\"]), \"//Shared/*.swift\"],")
    let reads = "struct Store { let defaults = UserDefaults(suiteName: \"group.com.example.shared\") }\n"
    let (findings, report) = try lint(
      Self.files(
        manifest: manifest,
        more: [
          ("Widget/Old/Legacy.swift", reads), ("Shared/Store.swift", reads), ("Shared/Nested/Skipped.swift", reads),
          ("Widget/README.md", "group.com.example.shared\n"), (".git/HEAD", "ref: refs/heads/main\n"),
        ]))
    // Only Shared/Store.swift of the three reads: `*` stays in its folder, and Old/ is excluded.
    #expect(Self.places(findings) == ["app-group-mismatch Shared/Store.swift:1:55"])
    let read = report.projects.first?.filesRead.map { $0.components(separatedBy: "/").suffix(2).joined(separator: "/") }
    #expect(read?.contains("Old/Legacy.swift") == false)
    #expect(read?.contains("Nested/Skipped.swift") == false)
  }

  // MARK: Discovery

  static let pbxprojWithExtension =
    "// !$*UTF8*$!\n{ objects = { T = {isa = PBXNativeTarget; productType = \"com.apple.product-type.app-extension\"; }; }; }\n"

  /// A folder with `Project.swift` is a Tuist project, even with the generated `.xcodeproj` committed
  /// beside it; a changed file below it names it; a Swift file merely named `Project.swift` does not.
  @Test func aFolderAndItsChangedFilesNameTheTuistProject() throws {
    let directory = try TestSupport.directory(
      with: Self.files(manifest: Self.cleanManifest) + [
        (".git/HEAD", "ref: refs/heads/main\n"), ("Tides.xcodeproj/project.pbxproj", Self.pbxprojWithExtension),
        ("Widget/Info.plist", XcodeProjectTests.widgetInfo),
      ])
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = { (relative: String) in directory.appendingPathComponent(relative).path }
    let app = ProjectDiscovery.Input.tuistProject(directory: directory.path)
    #expect(ProjectDiscovery.discover([directory.path]).inputs == [app])
    #expect(ProjectDiscovery.discover([path("Project.swift")]).inputs == [app])
    #expect(ProjectDiscovery.discover([path("Widget/TidesWidget.swift")]).inputs == [app])
    #expect(ProjectDiscovery.discover([path("App/Tides.entitlements")]).inputs == [app])
    #expect(ProjectDiscovery.discover([path("Tides.xcodeproj")]).inputs == [app])
    #expect(
      ProjectDiscovery.discover([directory.deletingLastPathComponent().path + "/" + directory.lastPathComponent]).inputs
        .count == 1)
    #expect(ProjectDiscovery.readsFile(named: "Project.swift"))
    #expect(ProjectDiscovery.readsFile(named: "Workspace.swift"))
  }

  /// Projects in subfolders whose targets a helper builds may have widgets: from a folder with nothing else
  /// to lint they are linted, each saying what is not known, rather than the folder said to hold no app.
  /// Beside a project known to have widgets, they are left out.
  @Test func projectsWhoseTargetsAreNotKnownAreLintedWhenNothingElseIs() throws {
    let computed = """
      import ProjectDescription

      let project = Project(name: "Feature", targets: Modules.feature.targets)

      """
    let directory = try TestSupport.directory(with: [
      (".git/HEAD", "ref: refs/heads/main\n"), ("App/Project.swift", computed), ("Feature/Project.swift", computed),
    ])
    defer { try? FileManager.default.removeItem(at: directory) }
    let folders = { (inputs: [ProjectDiscovery.Input]) in inputs.map { ($0.path as NSString).lastPathComponent } }
    let discovered = ProjectDiscovery.discover([directory.path])
    #expect(folders(discovered.inputs) == ["App", "Feature"])
    #expect(discovered.errors.isEmpty)
    let report = LintRun(discoversConfiguration: false).run(arguments: [directory.path])
    #expect(
      report.findings.map { "\($0.ruleID) \(Self.relative($0.file)):\(TestSupport.start($0))" } == [
        "computed-value App/Project.swift:3:49", "computed-value Feature/Project.swift:3:49",
      ])
    #expect(report.inputErrors.isEmpty)

    let known = try TestSupport.directory(
      with: Self.files(manifest: Self.cleanManifest) + [("Feature/Project.swift", computed)])
    defer { try? FileManager.default.removeItem(at: known) }
    #expect(ProjectDiscovery.discover([known.path]).inputs == [.tuistProject(directory: known.path)])
  }

  @Test func aSwiftFileNamedProjectInAnXcodeAppIsTheAppsFile() throws {
    let directory = try TestSupport.directory(with: [
      (".git/HEAD", "ref: refs/heads/main\n"), ("App.xcodeproj/project.pbxproj", Self.pbxprojWithExtension),
      // A model type of the app, and a comment that mentions the module: no manifest.
      ("App/Project.swift", "// import ProjectDescription\nimport Foundation\nstruct Project { var name: String }\n"),
      ("App/Workspace.swift", "import Foundation\nlet workspace = Workspace(name: \"Home\", projects: [\"..\"])\n"),
    ])
    defer { try? FileManager.default.removeItem(at: directory) }
    for name in ["App/Project.swift", "App/Workspace.swift"] {
      let discovery = ProjectDiscovery.discover([directory.appendingPathComponent(name).path])
      #expect(discovery.inputs == [.xcodeProject(directory: directory.path)], "\(name)")
    }
  }

  /// Comments and strings are trivia and literals to the parser: what they spell is never read.
  @Test func commentsAndStringsNeverMatch() throws {
    let manifest = """
      import ProjectDescription

      // .target(name: "Widget", destinations: .iOS, product: .appExtension, bundleId: "com.other")
      /* let project = Project(name: "Other", targets: [.target(product: .appExtension)]) */
      let note = "product: .appExtension, bundleId: \\"com.other\\""

      let project = Project(
          name: "Tides",
          targets: [
              .target(
                  name: "Tides", destinations: .iOS, product: .app,
                  bundleId: "com.example.tides", // bundleId: "com.other"
                  sources: ["App/**"]
              ),
          ]
      )

      """
    let directory = try TestSupport.directory(with: [
      (".git/HEAD", "ref: refs/heads/main\n"), ("Project.swift", manifest),
    ])
    defer { try? FileManager.default.removeItem(at: directory) }
    // The project has no app extension: the folder holds nothing to lint.
    let discovery = ProjectDiscovery.discover([directory.path])
    #expect(discovery.inputs.isEmpty)
    #expect(discovery.errors.count == 1)
    let source = SourceText(path: "Project.swift", text: manifest)
    let read = TuistManifestReader.read(source)
    #expect(read.targets.count == 1)
    if case .value(let bundleId) = read.targets.first?.bundleId {
      #expect(bundleId.value == "com.example.tides")
      #expect("\(bundleId.span.range.start.line):\(bundleId.span.range.start.column)" == "12:23")
    } else {
      Issue.record("the bundle identifier is read")
    }
  }

  /// A `Workspace.swift` lists the projects (paths or globs) it generates: a folder holding it, and the
  /// file itself, name the one with an app extension; a helper below the root names it too.
  @Test func aWorkspaceNamesTheProjectsItLists() throws {
    let workspace = """
      import ProjectDescription

      // Projects/Old is not part of the workspace.
      let workspace = Workspace(name: "Tides", projects: ["Projects/*"])

      """
    let framework = """
      import ProjectDescription

      let project = Project(name: "Kit", targets: [.target(name: "Kit", destinations: .iOS, product: .framework, bundleId: "com.example.kit")])

      """
    let app = Self.files(manifest: Self.cleanManifest).map { ("Projects/App/" + $0.path, $0.contents) }
    let directory = try TestSupport.directory(
      with: app + [
        (".git/HEAD", "ref: refs/heads/main\n"), ("Workspace.swift", workspace),
        ("Projects/Kit/Project.swift", framework),
        ("Tuist/ProjectDescriptionHelpers/Settings.swift", "import ProjectDescription\n"),
      ])
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = { (relative: String) in directory.appendingPathComponent(relative).path }
    let expected = ProjectDiscovery.Input.tuistProject(directory: path("Projects/App"))
    #expect(ProjectDiscovery.discover([directory.path]).inputs == [expected])
    #expect(ProjectDiscovery.discover([path("Workspace.swift")]).inputs == [expected])
    #expect(ProjectDiscovery.discover([path("Tuist/ProjectDescriptionHelpers/Settings.swift")]).inputs == [expected])
    let read = TuistManifestReader.readWorkspace(SourceText(path: "Workspace.swift", text: workspace))
    #expect(
      read.projects.map { "\($0.value) \($0.span.range.start.line):\($0.span.range.start.column)" } == [
        "Projects/* 4:53"
      ])
  }

  /// The shapes of ProjectDescription's API the reader works out, each value at its literal.
  @Test func theReaderWorksOutTheShapesOfTheAPI() throws {
    let manifest = """
      import ProjectDescription

      enum Group: String { case main = "group.com.example.tides" }
      let base: SettingsDictionary = [
          "CODE_SIGN_ENTITLEMENTS[sdk=iphoneos*]": "Widget/Device.entitlements",
          "CODE_SIGN_ENTITLEMENTS[sdk=iphonesimulator*]": "Widget/Simulator.entitlements",
      ]

      let project = Project(
          name: "Tides",
          targets: [
              .target(
                  name: "TidesWidget", destinations: [.appleWatch], product: .appExtension,
                  bundleId: "com.example.tides.widget",
                  deploymentTargets: .multiplatform(iOS: "17.0", watchOS: "10.0"),
                  sources: .paths(["Widget"]),
                  entitlements: .dictionary(["com.apple.security.application-groups": [.string(Group.main.rawValue)]]),
                  settings: .settings(base: base.automaticCodeSigning(devTeam: "ABCDE12345"))
              ),
          ]
      )

      """
    let read = TuistManifestReader.read(SourceText(path: "Project.swift", text: manifest))
    #expect(read.unknowns.isEmpty)
    let target = try #require(read.targets.first)
    func at(_ span: SourceSpan) -> String { "\(span.range.start.line):\(span.range.start.column)" }
    #expect(target.destinations?.map(\.value) == ["appleWatch"])
    #expect(target.deploymentTargets.mapValues(\.span).mapValues(at) == ["iOS": "15:52", "watchOS": "15:69"])
    #expect(target.sources?.map { "\($0.glob.value) \(at($0.glob.span))" } == ["Widget 16:30"])
    guard case .dictionary(let entitlements) = target.entitlements else {
      Issue.record("the entitlements are a dictionary")
      return
    }
    let groups = ConfigValues.entitlements(entitlements)?.appGroups
    #expect(groups?.map { "\($0.value) \(at($0.span))" } == ["group.com.example.tides 3:34"])
    // The device SDK's value counts; the simulator's is not read.
    let settings = target.settings?.base.values ?? [:]
    guard case .value(let file) = settings["CODE_SIGN_ENTITLEMENTS"],
      case .value(let team) = settings["DEVELOPMENT_TEAM"]
    else {
      Issue.record("the settings are known")
      return
    }
    #expect("\(file.value) \(at(file.span))" == "Widget/Device.entitlements 5:46")
    #expect("\(team.value) \(at(team.span))" == "ABCDE12345 18:74")
  }

  /// Helpers that call helpers twice over would take time exponential in their nesting: the work is
  /// bounded, and what is left past the bound is unknown.
  @Test func helpersCallingHelpersTwiceStayBounded() throws {
    var manifest = "import ProjectDescription\n\nfunc h0(_ x: String) -> String { x }\n"
    for level in 1...40 {
      manifest += "func h\(level)(_ x: String) -> String { h\(level - 1)(x) + h\(level - 1)(x) }\n"
    }
    manifest += """
      let project = Project(name: "A", targets: [.target(name: "W", destinations: .iOS, product: .appExtension, bundleId: h40("a"))])

      """
    let read = TuistManifestReader.read(SourceText(path: "Project.swift", text: manifest))
    // 2^40 calls were it not bounded: the reading stops at the bound (and the calls it is in the middle
    // of), and the value is not known.
    #expect(read.steps <= TuistEvaluator.maxSteps + 2 * TuistEvaluator.maxDepth)
    guard case .unknown = read.targets.first?.bundleId else {
      Issue.record("the bundle identifier is not known")
      return
    }
  }

  /// A project a helper makes, when the helper is not one literal value, is not known: it is linted (to
  /// say why nothing is checked) when its folder is named, and from a folder above it only when that
  /// folder holds nothing else to lint (`projectsWhoseTargetsAreNotKnownAreLintedWhenNothingElseIs`).
  @Test func aProjectAHelperMakesIsLintedWhenNamed() throws {
    let manifest = """
      import ProjectDescription
      import ProjectDescriptionHelpers

      let project = Project.app(name: "Tides", widgets: ["Tides"])

      """
    let directory = try TestSupport.directory(with: [
      (".git/HEAD", "ref: refs/heads/main\n"), ("Apps/Tides/Project.swift", manifest),
    ])
    defer { try? FileManager.default.removeItem(at: directory) }
    let app = directory.appendingPathComponent("Apps/Tides").path
    #expect(ProjectDiscovery.discover([app]).inputs == [.tuistProject(directory: app)])
    #expect(ProjectDiscovery.discover([app + "/Project.swift"]).inputs == [.tuistProject(directory: app)])
    let report = LintRun(discoversConfiguration: false).run(arguments: [app])
    #expect(Self.places(report.findings) == ["computed-value Apps/Tides/Project.swift:4:15"])
    #expect(
      report.findings.first?.message.contains(
        "a call of 'Project.app', which the manifest and its helpers do not declare") == true)
  }

  /// A configuration's `.xcconfig` is a layer below the target's own settings: what it sets expands the
  /// references the manifest writes. A missing one is said where the manifest names it.
  @Test func aConfigurationsXcconfigIsReadBelowTheTargetsSettings() throws {
    let manifest = Self.cleanManifest.replacingOccurrences(
      of: "    name: \"Tides\",\n",
      with: """
            name: "Tides",
            settings: .settings(configurations: [
                .debug(name: .debug, xcconfig: "Configs/Shared.xcconfig"),
                .release(name: .release, xcconfig: "Configs/Shared.xcconfig"),
            ]),

        """
    ).replacingOccurrences(of: "[\"group.com.example.tides\"]])", with: "[\"$(APP_GROUP)\"]])")
    let xcconfig = (
      "Configs/Shared.xcconfig", "// The group both targets share.\nAPP_GROUP = group.com.example.other\n"
    )
    let (findings, report) = try lint(Self.files(manifest: manifest, more: [xcconfig]))
    #expect(
      Self.places(findings) == [
        "app-group-mismatch Project.swift:24:82", "app-group-mismatch Widget/TidesWidget.swift:15:42",
      ])
    #expect(findings.first?.message.contains("App Group 'group.com.example.other' of target 'TidesWidget'") == true)
    #expect(report.projects.first?.filesRead.contains { $0.hasSuffix("Configs/Shared.xcconfig") } == true)
    // Without the file, the group is not known: nothing is compared with it, and the path is said.
    let (missing, _) = try lint(Self.files(manifest: manifest))
    #expect(Self.places(missing) == ["invalid-value Project.swift:6:40"])
  }

  // MARK: A committed generated project

  /// The project `tuist generate` writes from `cleanManifest`, cut down to what widgetlint reads: the
  /// widget's Info.plist and entitlements are the files Tuist writes into `Derived/` from the manifest's
  /// dictionaries.
  static func committed(widgetDeploymentTarget: String = "17.0") -> String {
    """
    // !$*UTF8*$!
    {
    	objectVersion = 55;
    	objects = {
    		P = {isa = PBXProject; buildConfigurationList = PL; targets = (A, W);};
    		PL = {isa = XCConfigurationList; buildConfigurations = (PR);};
    		PR = {isa = XCBuildConfiguration; buildSettings = {}; name = Release;};
    		A = {isa = PBXNativeTarget; buildConfigurationList = AL; name = Tides; productType = "com.apple.product-type.application";};
    		AL = {isa = XCConfigurationList; buildConfigurations = (AR);};
    		AR = {
    			isa = XCBuildConfiguration;
    			buildSettings = {
    				CODE_SIGN_ENTITLEMENTS = App/Tides.entitlements;
    				IPHONEOS_DEPLOYMENT_TARGET = 17.0;
    				PRODUCT_BUNDLE_IDENTIFIER = com.example.tides;
    			};
    			name = Release;
    		};
    		W = {isa = PBXNativeTarget; buildConfigurationList = WL; name = TidesWidget; productType = "com.apple.product-type.app-extension";};
    		WL = {isa = XCConfigurationList; buildConfigurations = (WR);};
    		WR = {
    			isa = XCBuildConfiguration;
    			buildSettings = {
    				CODE_SIGN_ENTITLEMENTS = Derived/Entitlements/TidesWidget.entitlements;
    				INFOPLIST_FILE = "Derived/InfoPlists/TidesWidget-Info.plist";
    				IPHONEOS_DEPLOYMENT_TARGET = \(widgetDeploymentTarget);
    				PRODUCT_BUNDLE_IDENTIFIER = com.example.tides.widget;
    			};
    			name = Release;
    		};
    	};
    	rootObject = P;
    }
    """
  }

  /// `cleanManifest`'s files with the committed project: `Tides.xcodeproj` (the name `Project(name:)`
  /// says), and what it says of the widget (its deployment target, its App Groups in the entitlements
  /// file Tuist derived from the manifest's dictionary).
  static func withCommittedProject(widgetDeploymentTarget: String = "17.0", widgetGroup: String) -> [(
    path: String, contents: String
  )] {
    files(
      manifest: cleanManifest,
      more: [
        ("Tides.xcodeproj/project.pbxproj", committed(widgetDeploymentTarget: widgetDeploymentTarget)),
        ("Derived/InfoPlists/TidesWidget-Info.plist", XcodeProjectTests.widgetInfo),
        ("Derived/Entitlements/TidesWidget.entitlements", XcodeProjectTests.groups(widgetGroup)),
      ])
  }

  /// Each difference of the committed project from `Project.swift` is one finding in the committed
  /// project, at its value, with the manifest's value as the related location.
  @Test func eachDifferenceOfACommittedProjectIsOneFindingInIt() throws {
    let (findings, report) = try lint(
      Self.withCommittedProject(widgetDeploymentTarget: "16.0", widgetGroup: "group.com.example.old"))
    let found = findings.map { "\($0.ruleID) \(Self.relative($0.file)):\(TestSupport.start($0)) \(Self.related($0))" }
    // The widget's deployment target (a build setting) and its App Groups (in the derived entitlements
    // file), each with its value in Project.swift: the version's string, the group list.
    #expect(
      found.sorted() == [
        "stale-generated-project Derived/Entitlements/TidesWidget.entitlements:6:3 [\"Project.swift:20:81\"]",
        "stale-generated-project Tides.xcodeproj/project.pbxproj:26:34 [\"Project.swift:15:75\"]",
      ])
    let messages = findings.map(\.message)
    #expect(messages.allSatisfy { $0.hasSuffix("the generated project is stale; regenerate it with `tuist generate`") })
    #expect(
      messages.contains {
        $0.hasPrefix("the deployment target of target 'TidesWidget' is 16.0 here, 17.0 in Project.swift")
      })
    #expect(
      messages.contains {
        $0.hasPrefix(
          "the App Groups of target 'TidesWidget' are 'group.com.example.old' here, 'group.com.example.tides' in Project.swift"
        )
      })
    #expect(report.projects.map(\.kindName) == ["Tuist project"])
  }

  /// examples/broken-projects/tuist-stale-project: the widget got its App Group in Project.swift after the
  /// committed project was generated, so the project has no entitlements for it; said at the target's name.
  @Test func aTargetWithoutTheEntitlementsTheManifestGivesItIsSaidAtItsName() throws {
    let root = TestSupport.path("examples/broken-projects/tuist-stale-project")
    let report = LintRun(discoversConfiguration: false).run(arguments: [root])
    func place(_ span: SourceSpan) -> String {
      "\(span.file.path.replacingOccurrences(of: root + "/", with: "")):\(span.range.start.line):\(span.range.start.column)"
    }
    #expect(
      report.findings.map { "\($0.ruleID) \(place($0.span)) \($0.related.map { place($0.span) })" } == [
        "stale-generated-project Harbor.xcodeproj/project.pbxproj:199:11 [\"Project.swift:51:58\"]"
      ])
    #expect(
      report.findings.first?.message.hasPrefix(
        "the App Groups of target 'HarborWidgets' are none here, 'group.com.example.harbor' in Project.swift")
        == true)
  }

  /// A committed project generated from the manifest as it is gives nothing; one under another name than
  /// `Project(name:)` says is not Tuist's project, and is not read.
  @Test func aCommittedProjectGeneratedFromTheManifestIsNotReported() throws {
    let (findings, report) = try lint(Self.withCommittedProject(widgetGroup: "group.com.example.tides"))
    #expect(Self.places(findings) == [])
    let read = report.projects.first?.filesRead ?? []
    #expect(read.contains { $0.hasSuffix("Tides.xcodeproj/project.pbxproj") })
    #expect(read.contains { $0.hasSuffix("Derived/Entitlements/TidesWidget.entitlements") })
    let renamed = Self.withCommittedProject(widgetDeploymentTarget: "16.0", widgetGroup: "group.com.example.old")
      .map { file in
        (
          path: file.path.replacingOccurrences(of: "Tides.xcodeproj/", with: "Other.xcodeproj/"),
          contents: file.contents
        )
      }
    let (other, otherReport) = try lint(renamed)
    #expect(Self.places(other) == [])
    #expect(otherReport.projects.first?.filesRead.contains { $0.hasSuffix("project.pbxproj") } == false)
  }
}
