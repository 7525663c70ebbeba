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

/// XcodeGen projects: `project.yml` read as XcodeGen reads it (includes, templates, settings and xcconfig
/// layers, inline Info.plist and entitlements, sources), each value at its exact place in the spec, and a
/// committed generated project compared with the spec.
@Suite struct XcodeGenTests {
  static let widgetInfo = XcodeProjectTests.widgetInfo

  static let widgetSwift = """
    import SwiftUI
    import WidgetKit

    @main
    struct NotesWidgets: WidgetBundle {
      var body: some Widget { NoteWidget() }
    }

    struct NoteWidget: Widget {
      var body: some WidgetConfiguration {
        StaticConfiguration(kind: "Note", provider: NoteProvider()) { entry in
          Text(entry.text).containerBackground(.clear, for: .widget)
        }
        .configurationDisplayName("Note")
        .description("Your latest note.")
        .supportedFamilies([.systemSmall])
      }
    }
    """

  /// A folder with the files, its spec read into its variants.
  static func read(_ files: [(path: String, contents: String)]) throws -> [Project] {
    let directory = try TestSupport.directory(with: files)
    defer { try? FileManager.default.removeItem(at: directory) }
    return XcodeGenFrontend(spec: directory.appendingPathComponent("project.yml").path).readVariants(FrontendContext())
  }

  /// A folder with the files, linted as a folder.
  static func lint(_ files: [(path: String, contents: String)]) throws -> LintReport {
    let directory = try TestSupport.directory(with: files)
    defer { try? FileManager.default.removeItem(at: directory) }
    return LintRun(discoversConfiguration: false).run(arguments: [directory.path])
  }

  /// Where a span starts, `file:line:column`, the file by its name.
  static func place(_ span: SourceSpan?) -> String {
    guard let span else { return "-" }
    let start = span.range.start
    return "\((span.file.path as NSString).lastPathComponent):\(start.line):\(start.column)"
  }

  static func place<T>(_ value: Located<T>?) -> String { place(value?.span) }

  // MARK: Bundle identifiers

  @Test func bundleIdentifiersComeFromSettingsOrTheBundleIdPrefix() throws {
    let project = try #require(
      try Self.read([
        (
          "project.yml",
          """
          name: Notes
          options:
            bundleIdPrefix: com.example.notes
          targets:
            Notes:
              type: application
              platform: iOS
              settings:
                PRODUCT_BUNDLE_IDENTIFIER: com.example.notes
              dependencies:
                - target: Note_Widgets
            Note_Widgets:
              type: app-extension
              platform: iOS
            NotesShare:
              type: app-extension
              platform: iOS
              settings:
                base:
                  PRODUCT_BUNDLE_IDENTIFIER: com.example.notes.share
          """
        )
      ]).first)
    let manifest = try #require(project.manifest)
    // A plain map of settings, and `base`: the value where it is written.
    #expect(manifest.app?.bundleIdentifier?.value == "com.example.notes")
    #expect(Self.place(manifest.app?.bundleIdentifier) == "project.yml:9:34")
    // Only the embedded extension is the app's: NotesShare is not a dependency of the app.
    #expect(manifest.targets.map { $0.name?.value } == ["Note_Widgets"])
    // No PRODUCT_BUNDLE_IDENTIFIER at any level: `<bundleIdPrefix>.<name>`, `_` written as `-`, at the
    // target's name.
    #expect(manifest.targets[0].bundleIdentifier?.value == "com.example.notes.Note-Widgets")
    #expect(Self.place(manifest.targets[0].bundleIdentifier) == "project.yml:12:3")
  }

  @Test func aBundleIdPrefixTargetOutsideTheAppsIdIsReportedAtTheTarget() throws {
    let report = try Self.lint([
      (
        "project.yml",
        """
        name: Notes
        options:
          bundleIdPrefix: com.example
        targets:
          Notes:
            type: application
            platform: iOS
            settings:
              base:
                PRODUCT_BUNDLE_IDENTIFIER: com.example.notes
            dependencies:
              - target: NotesWidgets
          NotesWidgets:
            type: app-extension
            platform: iOS
        """
      )
    ])
    #expect(report.findings.map { "\($0.ruleID) \(TestSupport.start($0))" } == ["bundle-id-prefix 13:3"])
    #expect(report.findings.first?.message.contains("'com.example.NotesWidgets'") == true)
    #expect(report.findings.first.map { Self.place($0.related.first?.span) } == "project.yml:10:36")
  }

  // MARK: Entitlements

  @Test func entitlementsAreInlinePropertiesOrTheFileASettingNames() throws {
    let project = try #require(
      try Self.read([
        (
          "project.yml",
          """
          name: Notes
          settings:
            APP_GROUP: group.com.example.notes
          targets:
            Notes:
              type: application
              platform: iOS
              entitlements:
                path: Notes/Notes.entitlements
                properties:
                  com.apple.security.application-groups:
                    - $(APP_GROUP)
              dependencies: [{target: NotesWidgets}]
            NotesWidgets:
              type: app-extension
              platform: iOS
              settings:
                CODE_SIGN_ENTITLEMENTS: NotesWidgets/NotesWidgets.entitlements
          """
        ),
        // XcodeGen writes the app's file from `properties`: what is on disk is not what it signs with.
        ("Notes/Notes.entitlements", XcodeProjectTests.groups("group.stale")),
        ("NotesWidgets/NotesWidgets.entitlements", XcodeProjectTests.groups("group.com.example.$(PRODUCT_NAME)")),
      ]).first)
    let manifest = try #require(project.manifest)
    let appGroups = try #require(manifest.app?.entitlements?.appGroups)
    #expect(appGroups.map(\.value) == ["group.com.example.notes"])
    #expect(appGroups.map { Self.place($0) } == ["project.yml:12:13"])
    let widgetGroups = try #require(manifest.targets.first?.entitlements?.appGroups)
    #expect(widgetGroups.map(\.value) == ["group.com.example.NotesWidgets"])
    #expect(widgetGroups.map { Self.place($0) } == ["NotesWidgets.entitlements:7:13"])
    #expect(!project.filesRead.contains { $0.hasSuffix("Notes/Notes.entitlements") })
  }

  @Test func aMacOSAppsWidgetIsLintedButNotForIOSAvailability() throws {
    let report = try Self.lint([
      (
        "project.yml",
        """
        name: Notes
        settings:
          IPHONEOS_DEPLOYMENT_TARGET: "15.0"
        targets:
          Notes:
            type: application
            platform: macOS
            settings:
              PRODUCT_BUNDLE_IDENTIFIER: com.example.notes
            entitlements:
              path: Notes/Notes.entitlements
              properties:
                com.apple.security.application-groups: [group.com.example.notes]
            dependencies: [{target: NotesWidgets}]
          NotesWidgets:
            type: app-extension
            platform: macOS
            sources: [NotesWidgets]
            settings:
              PRODUCT_BUNDLE_IDENTIFIER: com.example.notes.widgets
              INFOPLIST_FILE: NotesWidgets/Info.plist
            entitlements:
              path: NotesWidgets/NotesWidgets.entitlements
              properties:
                com.apple.security.application-groups: [group.com.example.notes]
        """
      ),
      ("NotesWidgets/Info.plist", Self.widgetInfo),
      // containerBackground outside `#available` is iOS 17 and macOS 14 API: not judged against iOS 15.
      (
        "NotesWidgets/NoteWidget.swift",
        Self.widgetSwift + "\nlet shared = UserDefaults(suiteName: \"group.com.example.other\")\n"
      ),
    ])
    #expect(
      report.findings.map { "\($0.ruleID) \(Self.place($0.span))" } == ["app-group-mismatch NoteWidget.swift:19:38"])
  }

  @Test func entitlementsWithoutPropertiesAreEmpty() throws {
    let project = try #require(
      try Self.read([
        (
          "project.yml",
          """
          name: Notes
          targets:
            Notes:
              type: application
              platform: iOS
              entitlements:
                path: Notes/Notes.entitlements
          """
        ),
        ("Notes/Notes.entitlements", XcodeProjectTests.groups("group.on.disk")),
      ]).first)
    let entitlements = try #require(project.manifest?.app?.entitlements)
    #expect(entitlements.appGroups == nil && !entitlements.appGroupsAreUnknown)
    #expect(Self.place(entitlements.span) == "project.yml:7:13")
  }

  /// A WatchKit 2 app (`application.watchapp2`) hosts the extensions its WatchKit extension embeds, as in
  /// a native project: the complication is the watch app's, not the phone app's.
  @Test func aWatchKit2AppHostsWhatItsExtensionEmbeds() throws {
    let project = try #require(
      try Self.read([
        (
          "project.yml",
          """
          name: Notes
          targets:
            Notes:
              type: application
              platform: iOS
              dependencies: [{target: NotesWatch}]
            NotesWatch:
              type: application.watchapp2
              platform: watchOS
              dependencies: [{target: NotesWatchExtension}]
            NotesWatchExtension:
              type: watchkit2-extension
              platform: watchOS
              dependencies: [{target: Complication}]
            Complication:
              type: app-extension
              platform: watchOS
          """
        )
      ]).first)
    let manifest = try #require(project.manifest)
    #expect(Self.place(manifest.app?.span) == "project.yml:3:3")
    let complication = try #require(manifest.targets.first)
    #expect(manifest.targets.map { $0.name?.value } == ["Complication"])
    #expect(complication.host?.name?.value == "NotesWatch")
    #expect(Self.place(complication.host?.span) == "project.yml:7:3")
    #expect(complication.platform?.value == .watchos)
    #expect(Self.place(complication.platform) == "project.yml:15:3")
  }

  // MARK: Includes and templates

  @Test func includesMergeAsXcodeGenMergesThem() throws {
    let project = try #require(
      try Self.read([
        (
          "project.yml",
          """
          include:
            - Config/base.yml
            - path: Config/widgets.yml
          name: Notes
          targets:
            Notes:
              settings:
                base:
                  PRODUCT_BUNDLE_IDENTIFIER: com.example.notes
            NotesWidgets:
              sources:REPLACE: [Widgets]
          """
        ),
        (
          "Config/base.yml",
          """
          options:
            deploymentTarget:
              iOS: "16.0"
          targets:
            Notes:
              type: application
              platform: iOS
              settings:
                base:
                  PRODUCT_BUNDLE_IDENTIFIER: com.example.replaced
              dependencies:
                - target: NotesWidgets
          """
        ),
        (
          "Config/widgets.yml",
          """
          options:
            deploymentTarget:
              iOS: "17.0"
          targets:
            NotesWidgets:
              type: app-extension
              platform: iOS
              sources: [../Old]
              info:
                path: ../Widgets/Info.plist
                properties:
                  NSExtension:
                    NSExtensionPointIdentifier: com.apple.widgetkit-extension
          """
        ),
        ("Widgets/NoteWidget.swift", Self.widgetSwift),
        ("Old/Old.swift", "struct Old {}\n"),
      ]).first)
    let manifest = try #require(project.manifest)
    // The including spec is merged last, so its value wins; a later include wins over an earlier one.
    #expect(Self.place(manifest.app?.bundleIdentifier) == "project.yml:9:36")
    #expect(manifest.targets.first?.deploymentTarget?.value == OSVersion(17, 0))
    #expect(Self.place(manifest.targets.first?.deploymentTarget) == "widgets.yml:3:10")
    // `sources:REPLACE` replaces the included list instead of appending to it; the include's `info.path`
    // is relative to the included file.
    #expect(manifest.targets.first?.sources.map(\.value) == ["Widgets"])
    #expect(
      project.swiftFiles(ofTarget: 0).map { ($0.file.path as NSString).lastPathComponent } == ["NoteWidget.swift"])
    #expect(project.filesRead.contains { $0.hasSuffix("Config/widgets.yml") })
  }

  /// A white-label layout: each app's `Apps/<App>/project.yml` includes one shared spec. Each app is its
  /// own project, linted with its own settings; a finding in the shared spec is shown by its own path.
  @Test func eachWhiteLabelAppIncludingASharedSpecIsLinted() throws {
    let shared = """
      targets:
        NotesWidgets:
          type: app-extension
          platform: iOS
          deploymentTarget: "17.0"
          sources: [Widgets]
          info:
            path: Widgets/Info.plist
            properties:
              NSExtension:
                NSExtensionPointIdentifier: com.apple.widgetkit-extension
          entitlements:
            path: Widgets/Widgets.entitlements
            properties:
              com.apple.security.application-groups: [group.com.example.notes]
          settings:
            base:
              PRODUCT_BUNDLE_IDENTIFIER: com.example.notes.widgets
      """
    func app(_ name: String, bundle: String) -> String {
      """
      include:
        - ../../Shared/shared.yml
      name: \(name)
      targets:
        \(name):
          type: application
          platform: iOS
          deploymentTarget: "17.0"
          settings:
            base:
              PRODUCT_BUNDLE_IDENTIFIER: \(bundle)
          entitlements:
            path: App.entitlements
            properties:
              com.apple.security.application-groups: [group.com.example.notes]
          dependencies:
            - target: NotesWidgets
      """
    }
    let report = try Self.lint([
      ("Shared/shared.yml", shared), ("Shared/Widgets/NoteWidget.swift", Self.widgetSwift),
      ("Apps/Notes/project.yml", app("Notes", bundle: "com.example.notes")),
      ("Apps/Jotter/project.yml", app("Jotter", bundle: "com.example.jotter")),
    ])
    #expect(report.projects.map(\.kindName) == ["XcodeGen project", "XcodeGen project"])
    // The shared widget's bundle identifier is the Notes app's child, not the Jotter app's.
    let places = report.findings.map {
      "\($0.ruleID) \(TuistProjectTests.relative($0.file)):\(TestSupport.start($0))"
    }
    #expect(places == ["bundle-id-prefix Shared/shared.yml:18:36"])
  }

  @Test func templatesAreMergedUnderTheTargetWithItsNameExpanded() throws {
    let project = try #require(
      try Self.read([
        (
          "project.yml",
          """
          name: Notes
          targetTemplates:
            Platform:
              platform: iOS
              deploymentTarget: "16.1"
            Widget:
              templates: [Platform]
              type: app-extension
              sources:
                - ${target_name}
              settings:
                base:
                  PRODUCT_BUNDLE_IDENTIFIER: com.example.notes.${suffix}
              info:
                path: ${target_name}/Info.plist
                properties:
                  NSExtension: {NSExtensionPointIdentifier: com.apple.widgetkit-extension}
          targets:
            Notes:
              type: application
              templates: [Platform]
              settings: {PRODUCT_BUNDLE_IDENTIFIER: com.example.notes}
              dependencies: [{target: NotesWidgets}]
            NotesWidgets:
              templates: [Widget]
              templateAttributes:
                suffix: widgets
          """
        ),
        ("NotesWidgets/NoteWidget.swift", Self.widgetSwift),
      ]).first)
    let target = try #require(project.manifest?.targets.first)
    #expect(target.bundleIdentifier?.value == "com.example.notes.widgets")
    #expect(Self.place(target.bundleIdentifier) == "project.yml:13:36")
    // A nested template's value, and the platform it gives.
    #expect(target.deploymentTarget?.value == OSVersion(16, 1))
    #expect(Self.place(target.deploymentTarget) == "project.yml:5:23")
    #expect(target.sources.map(\.value) == ["NotesWidgets"])
    #expect(Self.place(target.sources.first) == "project.yml:10:9")
    #expect(project.swiftFiles(ofTarget: 0).count == 1)
  }

  // MARK: Settings and xcconfig layers

  @Test func configFilesAreLayersUnderTheSpecsSettings() throws {
    let project = try Self.read([
      (
        "project.yml",
        """
        name: Notes
        options:
          deploymentTarget: {iOS: "15.0"}
        configFiles:
          Debug: Config/Project.xcconfig
          Release: Config/Project.xcconfig
        targets:
          Notes:
            type: application
            platform: iOS
            deploymentTarget: "16.0"
            configFiles:
              Release: Config/App.xcconfig
            settings:
              configs:
                debug: {PRODUCT_BUNDLE_IDENTIFIER: com.example.notes.debug}
        """
      ),
      ("Config/Project.xcconfig", "PRODUCT_BUNDLE_IDENTIFIER = com.example.notes\n"),
      ("Config/App.xcconfig", "IPHONEOS_DEPLOYMENT_TARGET = 17.0\n"),
    ])
    // Debug and Release disagree: one project per configuration.
    #expect(project.count == 2)
    let debug = try #require(project.first { $0.variant == "the Debug configuration" }?.manifest?.app)
    let release = try #require(project.first { $0.variant == "the Release configuration" }?.manifest?.app)
    // A target's settings win over the xcconfigs; `configs: debug` matches the Debug configuration.
    #expect(debug.bundleIdentifier?.value == "com.example.notes.debug")
    #expect(Self.place(debug.bundleIdentifier) == "project.yml:16:44")
    #expect(release.bundleIdentifier?.value == "com.example.notes")
    #expect(Self.place(release.bundleIdentifier) == "Project.xcconfig:1:29")
    // The target's deploymentTarget, unless its xcconfig sets the deployment target (XcodeGen then
    // leaves it to the xcconfig).
    #expect(Self.place(debug.deploymentTarget) == "project.yml:11:23")
    #expect(release.deploymentTarget?.value == OSVersion(17, 0))
    #expect(Self.place(release.deploymentTarget) == "App.xcconfig:1:30")
  }

  @Test func whatAnXcconfigMayOverrideIsUnknownAndSilent() throws {
    var files: [(path: String, contents: String)] = [
      (
        "project.yml",
        """
        name: Notes
        configFiles:
          Debug: Config/Shared.xcconfig
          Release: Config/Shared.xcconfig
        targets:
          Notes:
            type: application
            platform: iOS
            dependencies: [{target: NotesWidgets}]
          NotesWidgets:
            type: app-extension
            platform: iOS
            configFiles:
              Debug: Config/Widgets.xcconfig
              Release: Config/Widgets.xcconfig
        """
      ),
      (
        "Config/Shared.xcconfig",
        "PRODUCT_BUNDLE_IDENTIFIER = com.example.notes\n#include? \"Local.xcconfig\"\n"
      ),
      ("Config/Widgets.xcconfig", "PRODUCT_BUNDLE_IDENTIFIER = com.other.widgets\n"),
    ]
    // The app's identifier may be set again by the git-ignored Local.xcconfig: nothing is compared with
    // it, and one note says why.
    var report = try Self.lint(files)
    #expect(report.findings.map { "\($0.ruleID) \(Self.place($0.span))" } == ["computed-value Shared.xcconfig:2:12"])
    #expect(
      report.findings.first?.message.hasSuffix(
        "PRODUCT_BUNDLE_IDENTIFIER, IPHONEOS_DEPLOYMENT_TARGET, CODE_SIGN_ENTITLEMENTS and INFOPLIST_FILE may be set by 'Local.xcconfig', which is not in the repository"
      ) == true, "\(report.findings.first?.message ?? "")")
    // A config file that is not in the repository may set anything too.
    files[1] = ("Config/Other.xcconfig", "\n")
    report = try Self.lint(files)
    #expect(report.findings.map { "\($0.ruleID) \(Self.place($0.span))" } == ["computed-value project.yml:3:10"])
    // Known, the identifiers are checked.
    files[1] = ("Config/Shared.xcconfig", "PRODUCT_BUNDLE_IDENTIFIER = com.example.notes\n")
    report = try Self.lint(files)
    #expect(report.findings.map { "\($0.ruleID) \(Self.place($0.span))" } == ["bundle-id-prefix Widgets.xcconfig:1:29"])
  }

  @Test func anEnvironmentVariableTheSpecDoesNotDefineIsUnknown() throws {
    let spec = """
      name: Notes
      settings:
        base:
          TEAM_PREFIX: com.example
      targets:
        Notes:
          type: application
          platform: iOS
          settings: {PRODUCT_BUNDLE_IDENTIFIER: "${TEAM_PREFIX}.notes"}
          dependencies: [{target: NotesWidgets}]
        NotesWidgets:
          type: app-extension
          platform: iOS
          settings: {PRODUCT_BUNDLE_IDENTIFIER: "${BUNDLE_PREFIX}.widgets"}
      """
    let report = try Self.lint([("project.yml", spec)])
    // `${TEAM_PREFIX}` is a setting the spec defines; `${BUNDLE_PREFIX}` is XcodeGen's environment.
    #expect(report.findings.map { "\($0.ruleID) \(Self.place($0.span))" } == ["computed-value project.yml:14:43"])
    #expect(
      report.findings.first?.message.hasSuffix(
        "${BUNDLE_PREFIX} is set by the environment the project is generated in") == true)
    let project = try #require(try Self.read([("project.yml", spec)]).first)
    #expect(project.manifest?.app?.bundleIdentifier?.value == "com.example.notes")
    #expect(project.manifest?.targets.first?.bundleIdentifier == nil)
  }

  // MARK: Sources

  @Test func sourcesAreFilesAndFoldersLessTheirExcludes() throws {
    let project = try #require(
      try Self.read([
        (
          "project.yml",
          """
          name: Notes
          targets:
            Notes:
              type: application
              platform: iOS
              dependencies: [{target: NotesWidgets}]
            NotesWidgets:
              type: app-extension
              platform: iOS
              sources:
                - path: Widgets
                  excludes: ["**/*Tests.swift", "Generated", "Legacy/{Old,Older}.swift"]
                - Shared/Store.swift
                - path: Resources
                  type: folder
                - path: Scripts
                  buildPhase: none
                - path: Optional
                  optional: true
              info:
                path: Widgets/Info.plist
                properties:
                  NSExtension: {NSExtensionPointIdentifier: com.apple.widgetkit-extension}
          """
        ),
        ("Widgets/NoteWidget.swift", Self.widgetSwift),
        ("Widgets/Views/NoteView.swift", "struct NoteView {}\n"),
        ("Widgets/Views/NoteViewTests.swift", "struct NoteViewTests {}\n"),
        ("Widgets/Generated/Strings.swift", "enum Strings {}\n"),
        ("Widgets/Legacy/Old.swift", "struct Old {}\n"),
        ("Widgets/Legacy/Older.swift", "struct Older {}\n"),
        ("Widgets/Legacy/Kept.swift", "struct Kept {}\n"),
        ("Widgets/Assets.xcassets/Inside.swift", "struct Inside {}\n"),
        ("Shared/Store.swift", "enum Store {}\n"),
        ("Shared/Other.swift", "enum Other {}\n"),
        ("Resources/Bundled.swift", "enum Bundled {}\n"),
        ("Scripts/Tool.swift", "enum Tool {}\n"),
      ]).first)
    let files = project.swiftFiles(ofTarget: 0).map {
      $0.file.path.components(separatedBy: "/").suffix(2).joined(separator: "/")
    }
    #expect(
      files.sorted() == [
        "Legacy/Kept.swift", "Shared/Store.swift", "Views/NoteView.swift", "Widgets/NoteWidget.swift",
      ])
    // The optional folder that is not there is no problem; the others name what is there.
    #expect(project.readingProblems.isEmpty)
    #expect(
      project.manifest?.targets.first?.sources.map(\.value) == [
        "Widgets", "Shared/Store.swift", "Resources", "Scripts", "Optional",
      ])
  }

  /// A spec below the repository's root naming a folder beside it (`../Shared`): its files are named by
  /// their normal paths, and a file two entries name is compiled once.
  @Test func sourcesAboveTheSpecAreNamedByTheirNormalPaths() throws {
    let directory = try TestSupport.directory(with: [
      (
        "ios/project.yml",
        """
        name: Notes
        targets:
          Notes:
            type: application
            platform: iOS
            dependencies: [{target: NotesWidgets}]
          NotesWidgets:
            type: app-extension
            platform: iOS
            sources: [Widgets, ../Shared, Widgets/../../Shared/Store.swift]
            info:
              path: Widgets/Info.plist
              properties:
                NSExtension: {NSExtensionPointIdentifier: com.apple.widgetkit-extension}
        """
      ),
      ("ios/Widgets/NoteWidget.swift", Self.widgetSwift),
      ("Shared/Store.swift", "enum Store {}\n"),
    ])
    defer { try? FileManager.default.removeItem(at: directory) }
    let projects = XcodeGenFrontend(spec: directory.path + "/ios/project.yml").readVariants(FrontendContext())
    let project = try #require(projects.first)
    #expect(
      project.swiftFiles(ofTarget: 0).map(\.file.path) == [
        directory.path + "/ios/Widgets/NoteWidget.swift", directory.path + "/Shared/Store.swift",
      ])
    #expect(project.readingProblems.isEmpty)
  }

  @Test func aSourcesPathThatNamesNothingIsReportedAtIt() throws {
    let report = try Self.lint([
      (
        "project.yml",
        """
        name: Notes
        targets:
          Notes:
            type: application
            platform: iOS
            dependencies: [{target: NotesWidgets}]
          NotesWidgets:
            type: app-extension
            platform: iOS
            sources: [Widgets, Shraed]
            info:
              path: Widgets/Info.plist
              properties:
                NSExtension: {NSExtensionPointIdentifier: com.apple.widgetkit-extension}
        """
      ),
      ("Widgets/NoteWidget.swift", Self.widgetSwift),
    ])
    #expect(report.findings.map { "\($0.ruleID) \(Self.place($0.span))" } == ["invalid-value project.yml:10:24"])
  }

  @Test func globsMatchAsBashsGlobstar() {
    #expect(XcodeGenSources.glob("**/*.md", matches: "README.md"))
    #expect(XcodeGenSources.glob("**/*.md", matches: "Docs/Deep/Notes.md"))
    #expect(XcodeGenSources.glob("Generated", matches: "Generated/A/B.swift"))
    #expect(XcodeGenSources.glob("*.{h,m}", matches: "Bridge.m"))
    #expect(!XcodeGenSources.glob("*.swift", matches: "Views/View.swift"))
    #expect(!XcodeGenSources.glob("Views/*.swift", matches: "Other/View.swift"))
    #expect(XcodeGenSources.braceExpansions(of: "a{b,c}d{e,f}") == ["abde", "abdf", "acde", "acdf"])
  }

  // MARK: Discovery

  static let discoverable: [(path: String, contents: String)] = [
    (".git/HEAD", "ref: refs/heads/main\n"),
    (
      "apps/notes/project.yml",
      """
      name: Notes
      include: [targets.yml]
      targets:
        Notes:
          type: application
          platform: iOS
          sources: [Notes]
          settings: {PRODUCT_BUNDLE_IDENTIFIER: com.example.notes}
          dependencies: [{target: NotesWidgets}]
      """
    ),
    (
      "apps/notes/targets.yml",
      """
      targets:
        NotesWidgets:
          type: app-extension
          platform: iOS
          sources: [NotesWidgets]
          settings: {PRODUCT_BUNDLE_IDENTIFIER: com.example.notes.widgets}
          info:
            path: NotesWidgets/Info.plist
            properties:
              NSExtension: {NSExtensionPointIdentifier: com.apple.widgetkit-extension}
      """
    ),
    ("apps/notes/Notes/NotesApp.swift", "import SwiftUI\n"),
    ("apps/notes/NotesWidgets/NoteWidget.swift", widgetSwift),
    // The generated project, committed: the spec is the source.
    ("apps/notes/Notes.xcodeproj/project.pbxproj", "// com.apple.product-type.app-extension\n"),
    ("tools/project.yml", "name: Tool\ntargets:\n  Tool: {type: tool, platform: macOS}\n"),
  ]

  @Test func aFolderWithASpecOfAnAppExtensionIsAnXcodeGenProject() throws {
    let directory = try TestSupport.directory(with: Self.discoverable)
    defer { try? FileManager.default.removeItem(at: directory) }
    let root = directory.path
    let spec = root + "/apps/notes/project.yml"
    #expect(ProjectDiscovery.discover([root]).inputs == [.xcodeGenProject(spec: spec)])
    #expect(ProjectDiscovery.discover([root + "/apps/notes"]).inputs == [.xcodeGenProject(spec: spec)])
    // A spec without an app extension (its own targets or its includes') is no widget project.
    let skipped = ProjectDiscovery.discover([root + "/tools/project.yml"])
    #expect(skipped.inputs.isEmpty && skipped.skipped.map(\.path) == [root + "/tools/project.yml"])
    let report = LintRun(discoversConfiguration: false).run(arguments: [root])
    #expect(report.projects.map(\.kindName) == ["XcodeGen project"])
    #expect(report.findings.map(\.ruleID) == [])
  }

  /// A spec that no longer builds the widget extension whose folder is still there (kiwix-apple's shape):
  /// the spec is the source, so the folder's extension Info.plist makes no app of it.
  @Test func aSpecWithoutAnExtensionLeavesItsOrphanedWidgetFolderAlone() throws {
    let spec = "name: Reader\ntargets:\n  Reader: {type: application, platform: iOS, sources: [App]}\n"
    let directory = try TestSupport.directory(with: [
      ("project.yml", spec), ("App/ReaderApp.swift", "import SwiftUI\n"),
      ("Widgets/Info.plist", XcodeProjectTests.widgetInfo), ("Widgets/NoteWidget.swift", Self.widgetSwift),
    ])
    defer { try? FileManager.default.removeItem(at: directory) }
    let discovered = ProjectDiscovery.discover([directory.path])
    #expect(discovered.inputs.isEmpty)
    #expect(discovered.errors.map(\.message).first?.hasPrefix("contains no manifest") == true)
  }

  /// Foundation's `deletingLastPathComponent` traps on a one-character relative path: specs and
  /// includes in such folders are found all the same.
  @Test func oneCharacterFoldersAreFoldersToo() throws {
    #expect(PathUtilities.folder(of: "g/") == "")
    #expect(PathUtilities.folder(of: "a/b") == "a")
    #expect(PathUtilities.folder(of: "/a") == "/")
    let files = Self.discoverable.map { file in
      (path: file.path.replacingOccurrences(of: "apps/notes/", with: "a/b/"), contents: file.contents)
    }
    let directory = try TestSupport.directory(with: files)
    defer { try? FileManager.default.removeItem(at: directory) }
    #expect(
      ProjectDiscovery.discover([directory.path]).inputs == [
        .xcodeGenProject(spec: directory.path + "/a/b/project.yml")
      ]
    )
  }

  @Test func aChangedFileOfTheProjectNamesIt() throws {
    let directory = try TestSupport.directory(with: Self.discoverable)
    defer { try? FileManager.default.removeItem(at: directory) }
    let app = directory.path + "/apps/notes"
    let spec = app + "/project.yml"
    for file in ["project.yml", "NotesWidgets/NoteWidget.swift", "Notes/NotesApp.swift", "Notes.xcodeproj"] {
      #expect(ProjectDiscovery.discover([app + "/" + file]).inputs == [.xcodeGenProject(spec: spec)], "\(file)")
    }
    #expect(ProjectDiscovery.role(ofFileNamed: "project.yml")?.kind.id == XcodeGenKind.id)
    #expect(ProjectDiscovery.readsFile(named: "project.yml"))
  }

  @Test func aSpecWithASyntaxErrorIsLintedNotSkipped() throws {
    let report = try Self.lint([
      (
        "project.yml",
        """
        name: Notes
        targets:
          Notes: {type: application, platform: iOS
          NotesWidgets:
            type: app-extension
        """
      )
    ])
    #expect(report.projects.map(\.kindName) == ["XcodeGen project"])
    #expect(report.findings.map { "\($0.ruleID) \(TestSupport.start($0))" } == ["yaml-syntax 4:15"])
  }

  // MARK: A committed generated project

  static func committed(widgetID: String, widgetType: String = "com.apple.product-type.app-extension") -> String {
    """
    // !$*UTF8*$!
    {
    	objects = {
    		P = {isa = PBXProject; buildConfigurationList = PL; targets = (A, W, X);};
    		PL = {isa = XCConfigurationList; buildConfigurations = (PR);};
    		PR = {isa = XCBuildConfiguration; buildSettings = {IPHONEOS_DEPLOYMENT_TARGET = 17.0;}; name = Release;};
    		A = {isa = PBXNativeTarget; buildConfigurationList = AL; name = Notes; productType = "com.apple.product-type.application";};
    		AL = {isa = XCConfigurationList; buildConfigurations = (AR);};
    		AR = {isa = XCBuildConfiguration; buildSettings = {PRODUCT_BUNDLE_IDENTIFIER = com.example.notes; CODE_SIGN_ENTITLEMENTS = Notes/Notes.entitlements;}; name = Release;};
    		W = {isa = PBXNativeTarget; buildConfigurationList = WL; name = NotesWidgets; productType = "\(widgetType)";};
    		WL = {isa = XCConfigurationList; buildConfigurations = (WR);};
    		WR = {isa = XCBuildConfiguration; buildSettings = {PRODUCT_BUNDLE_IDENTIFIER = \(widgetID); INFOPLIST_FILE = NotesWidgets/Info.plist;}; name = Release;};
    		X = {isa = PBXNativeTarget; buildConfigurationList = XL; name = NotesIntents; productType = "com.apple.product-type.app-extension";};
    		XL = {isa = XCConfigurationList; buildConfigurations = (XR);};
    		XR = {isa = XCBuildConfiguration; buildSettings = {PRODUCT_BUNDLE_IDENTIFIER = com.example.notes.intents;}; name = Release;};
    	};
    	rootObject = P;
    }
    """
  }

  static let committedSpec = """
    name: Notes
    options:
      deploymentTarget: {iOS: "17.0"}
    targets:
      Notes:
        type: application
        platform: iOS
        settings: {PRODUCT_BUNDLE_IDENTIFIER: com.example.notes}
        entitlements:
          path: Notes/Notes.entitlements
          properties:
            com.apple.security.application-groups: [group.com.example.notes]
        dependencies: [{target: NotesWidgets}, {target: NotesShare}]
      NotesWidgets:
        type: app-extension
        platform: iOS
        sources: [NotesWidgets]
        settings: {PRODUCT_BUNDLE_IDENTIFIER: com.example.notes.widgets}
        info:
          path: NotesWidgets/Info.plist
          properties:
            NSExtension: {NSExtensionPointIdentifier: com.apple.widgetkit-extension}
      NotesShare:
        type: app-extension
        platform: iOS
        settings: {PRODUCT_BUNDLE_IDENTIFIER: com.example.notes.share}
    """

  @Test func eachDifferenceOfACommittedProjectIsOneFindingInIt() throws {
    let report = try Self.lint([
      ("project.yml", Self.committedSpec),
      ("Notes.xcodeproj/project.pbxproj", Self.committed(widgetID: "com.example.notes.widget")),
      ("Notes/Notes.entitlements", XcodeProjectTests.groups("group.com.example.old")),
      ("NotesWidgets/Info.plist", Self.widgetInfo),
      ("NotesWidgets/NoteWidget.swift", Self.widgetSwift),
    ])
    let found = report.findings.map { "\($0.ruleID) \(Self.place($0.span)) \(Self.place($0.related.first?.span))" }
    // The app's name for a target it lacks, the widget's identifier, a target the spec does not have, the
    // App Groups (in the entitlements file the committed project names), each with the spec's value.
    #expect(
      found.sorted() == [
        "stale-generated-project Notes.entitlements:6:3 project.yml:12:48",
        "stale-generated-project project.pbxproj:12:82 project.yml:18:43",
        "stale-generated-project project.pbxproj:13:67 -",
        "stale-generated-project project.pbxproj:7:67 project.yml:23:3",
      ])
    let messages = report.findings.map(\.message)
    #expect(
      messages.allSatisfy { $0.hasSuffix("the generated project is stale; regenerate it with `xcodegen generate`") })
    #expect(
      messages.contains {
        $0.hasPrefix(
          "the bundle identifier of target 'NotesWidgets' is 'com.example.notes.widget' here, 'com.example.notes.widgets' in project.yml"
        )
      })
    #expect(
      messages.contains {
        $0.hasPrefix(
          "the App Groups of the app are 'group.com.example.old' here, 'group.com.example.notes' in project.yml")
      })
    #expect(
      messages.contains {
        $0.hasPrefix("the app has no extension target 'NotesShare' here, which project.yml declares")
      })
    #expect(
      messages.contains {
        $0.hasPrefix("the app has extension target 'NotesIntents' here, which project.yml does not declare")
      })
  }

  @Test func aCommittedProjectGeneratedFromTheSpecIsNotReported() throws {
    var spec = Self.committedSpec
    spec = spec.replacingOccurrences(of: "{target: NotesShare}", with: "{target: NotesIntents}")
    spec = spec.replacingOccurrences(
      of:
        "  NotesShare:\n    type: app-extension\n    platform: iOS\n    settings: {PRODUCT_BUNDLE_IDENTIFIER: com.example.notes.share}",
      with:
        "  NotesIntents:\n    type: app-extension\n    platform: iOS\n    settings: {PRODUCT_BUNDLE_IDENTIFIER: com.example.notes.intents}"
    )
    let report = try Self.lint([
      ("project.yml", spec),
      ("Notes.xcodeproj/project.pbxproj", Self.committed(widgetID: "com.example.notes.widgets")),
      ("Notes/Notes.entitlements", XcodeProjectTests.groups("group.com.example.notes")),
      ("NotesWidgets/Info.plist", Self.widgetInfo),
      ("NotesWidgets/NoteWidget.swift", Self.widgetSwift),
    ])
    #expect(report.findings.map { "\($0.ruleID) \(Self.place($0.span)): \($0.message)" } == [])
    #expect(report.projects.first?.filesRead.contains { $0.hasSuffix("Notes.xcodeproj/project.pbxproj") } == true)
  }
}
