import Foundation
import Testing

@testable import WidgetLintCore
@testable import WidgetLintEngine
@testable import WidgetLintFrontends
@testable import WidgetLintKit
@testable import WidgetLintModel
@testable import WidgetLintReaders

/// An app's code in a Swift package of the repository that the project uses by path
/// (`XCLocalSwiftPackageReference`): its products' files are read as the code of the targets that use them.
@Suite struct LocalPackageTests {
  /// A macOS app `MacApp` embedding `MacWidget` (a synchronized folder); `appProducts` and `widgetProducts`
  /// are the local package products of `Packages/Shared` each uses, and `Remote` a remote package's.
  static func pbxproj(appProducts: [String] = ["Shared"], widgetProducts: [String] = []) -> String {
    func dependencies(_ products: [String]) -> String {
      products.map { "D\($0), " }.joined()
    }
    var objects = """
      \t\tP0 /* Project object */ = {isa = PBXProject; buildConfigurationList = PL; mainGroup = G0; packageReferences = (KShared, KRemote, ); targets = (TApp, TWidget, ); };
      \t\tG0 = {isa = PBXGroup; children = (SApp, SWidget, ); sourceTree = "<group>"; };
      \t\tPL = {isa = XCConfigurationList; buildConfigurations = (PRelease, ); };
      \t\tPRelease = {isa = XCBuildConfiguration; buildSettings = {}; name = Release; };
      \t\tKShared = {isa = XCLocalSwiftPackageReference; relativePath = Packages/Shared; };
      \t\tKRemote = {isa = XCRemoteSwiftPackageReference; repositoryURL = "https://example.com/remote.git"; requirement = {kind = upToNextMajorVersion; minimumVersion = 1.0.0; }; };
      \t\tDRemote = {isa = XCSwiftPackageProductDependency; package = KRemote; productName = Remote; };
      \t\tSApp = {isa = PBXFileSystemSynchronizedRootGroup; path = MacApp; sourceTree = "<group>"; };
      \t\tSWidget = {isa = PBXFileSystemSynchronizedRootGroup; path = MacWidget; sourceTree = "<group>"; };
      \t\tRWidget = {isa = PBXFileReference; explicitFileType = "wrapper.app-extension"; path = MacWidget.appex; sourceTree = BUILT_PRODUCTS_DIR; };
      \t\tEWidget = {isa = PBXBuildFile; fileRef = RWidget; };
      \t\tCEmbed = {isa = PBXCopyFilesBuildPhase; dstSubfolderSpec = 13; files = (EWidget, ); };
      \t\tTApp = {isa = PBXNativeTarget; buildConfigurationList = LApp; buildPhases = (CEmbed, ); fileSystemSynchronizedGroups = (SApp, ); name = MacApp; packageProductDependencies = (\(dependencies(appProducts))DRemote, ); productType = "com.apple.product-type.application"; };
      \t\tTWidget = {isa = PBXNativeTarget; buildConfigurationList = LWidget; buildPhases = (); fileSystemSynchronizedGroups = (SWidget, ); name = MacWidget; packageProductDependencies = (\(dependencies(widgetProducts))); productReference = RWidget; productType = "com.apple.product-type.app-extension"; };
      \t\tLApp = {isa = XCConfigurationList; buildConfigurations = (XApp, ); };
      \t\tLWidget = {isa = XCConfigurationList; buildConfigurations = (XWidget, ); };
      \t\tXApp = {isa = XCBuildConfiguration; buildSettings = {PRODUCT_BUNDLE_IDENTIFIER = com.example.mac; SDKROOT = macosx; }; name = Release; };
      \t\tXWidget = {isa = XCBuildConfiguration; buildSettings = {PRODUCT_BUNDLE_IDENTIFIER = com.example.mac.widget; SDKROOT = macosx; INFOPLIST_FILE = MacWidget/Info.plist; MACOSX_DEPLOYMENT_TARGET = 14.0; }; name = Release; };

      """
    for product in Set(appProducts + widgetProducts) {
      objects +=
        "\t\tD\(product) = {isa = XCSwiftPackageProductDependency; package = KShared; productName = \(product); };\n"
    }
    return
      "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tobjectVersion = 77;\n\tobjects = {\n\(objects)\t};\n\trootObject = P0;\n}\n"
  }

  /// `Shared` is the target `Shared` (its default folder); `Extras` the target `ExtrasCode` at `Code` and
  /// `Base`, which it depends on.
  static let manifest = """
    // swift-tools-version: 5.9
    import PackageDescription

    let package = Package(
        name: "Shared",
        products: [
            .library(name: "Shared", targets: ["Shared"]),
            .library(name: "Extras", targets: ["ExtrasCode"]),
        ],
        targets: [
            .target(name: "Shared"),
            .target(name: "ExtrasCode", dependencies: ["Base"], path: "Code"),
            .target(name: "Base", dependencies: [.product(name: "Remote", package: "remote")]),
            .testTarget(name: "SharedTests", dependencies: [.target(name: "Shared")]),
        ]
    )
    """

  /// The project with the widget `MacNote`; `reloads` are the files of `Packages/Shared` that reload a kind.
  static func files(
    reloads: [(path: String, kind: String)], manifest: String = Self.manifest, appProducts: [String] = ["Shared"],
    widgetProducts: [String] = []
  ) -> [(path: String, contents: String)] {
    [
      ("Notes.xcodeproj/project.pbxproj", Self.pbxproj(appProducts: appProducts, widgetProducts: widgetProducts)),
      (
        "MacApp/MacApp.swift",
        "import SwiftUI\n@main\nstruct MacApp: App {\n    var body: some Scene { WindowGroup { Text(\"\") } }\n}\n"
      ),
      ("MacWidget/Info.plist", XcodeProjectTests.widgetInfo),
      ("MacWidget/MacWidget.swift", EveryAppTests.widget(kind: "MacNote")),
      ("Packages/Shared/Package.swift", manifest),
    ] + reloads.map { ("Packages/Shared/" + $0.path, EveryAppTests.app(reloading: $0.kind)) }
  }

  func lint(_ files: [(path: String, contents: String)]) throws -> (findings: [Finding], projects: [Project]) {
    let directory = try TestSupport.directory(with: files)
    defer { try? FileManager.default.removeItem(at: directory) }
    let linter = Linter()
    let projects = linter.readVariants(XcodeAppFrontend(directory: directory.path))
    return (linter.lint(variants: projects), projects)
  }

  @Test func aMisspeltReloadInTheAppsPackageIsFound() throws {
    let (findings, _) = try lint(Self.files(reloads: [("Sources/Shared/Refresh.swift", "Misspelt")]))
    #expect(findings.map(\.ruleID) == ["unknown-widget-kind"])
    let finding = try #require(findings.first)
    #expect(finding.file.hasSuffix("Packages/Shared/Sources/Shared/Refresh.swift"), "\(finding.file)")
    #expect(TestSupport.start(finding) == "3:49")
  }

  @Test func theRightKindInTheAppsPackageIsClean() throws {
    let (findings, projects) = try lint(Self.files(reloads: [("Sources/Shared/Refresh.swift", "MacNote")]))
    #expect(findings.isEmpty, "\(findings.map(\.message))")
    let appFiles = projects.first?.appCode?.files.map(\.file.path) ?? []
    #expect(appFiles.contains { $0.hasSuffix("Packages/Shared/Sources/Shared/Refresh.swift") }, "\(appFiles)")
  }

  /// A product's files are those of its library's targets and the targets they depend on, at the paths
  /// the manifest writes; other libraries' and test targets' are not the app's.
  @Test func theManifestSaysWhichFilesAProductHas() throws {
    let reloads = [
      (path: "Code/Refresh.swift", kind: "Misspelt"), (path: "Sources/ExtrasCode/Other.swift", kind: "Other"),
      (path: "Sources/Base/Base.swift", kind: "AlsoMisspelt"),
      (path: "Sources/Shared/Refresh.swift", kind: "Unused"), (path: "Tests/SharedTests/T.swift", kind: "Test"),
    ]
    let (findings, _) = try lint(Self.files(reloads: reloads, appProducts: ["Extras"]))
    #expect(findings.map(\.ruleID) == ["unknown-widget-kind", "unknown-widget-kind"])
    let found = findings.map { finding in
      "\(finding.file.split(separator: "/").suffix(2).joined(separator: "/")):\(TestSupport.start(finding))"
    }
    #expect(found.sorted() == ["Base/Base.swift:3:49", "Code/Refresh.swift:3:49"])
  }

  /// A manifest that computes its libraries: the package's `Sources/` is the product's code.
  @Test func aComputedManifestReadsThePackagesSources() throws {
    let computed = """
      // swift-tools-version: 5.9
      import PackageDescription
      let name = "Shared"
      let package = Package(name: name, products: [.library(name: name, targets: [name])], targets: [.target(name: name)])
      """
    let reloads = [(path: "Sources/Shared/Refresh.swift", kind: "Misspelt"), (path: "Tests/T/T.swift", kind: "Test")]
    let (findings, _) = try lint(Self.files(reloads: reloads, manifest: computed))
    #expect(findings.map(\.ruleID) == ["unknown-widget-kind"])
    let finding = try #require(findings.first)
    #expect(finding.file.hasSuffix("Packages/Shared/Sources/Shared/Refresh.swift"), "\(finding.file)")
    #expect(TestSupport.start(finding) == "3:49")
  }

  /// A package the repository does not hold (a submodule not checked out): nothing of it is read, and
  /// nothing is said.
  @Test func aPackageNotInTheRepositoryIsPassedOver() throws {
    let files = Self.files(reloads: []).filter { !$0.path.hasPrefix("Packages/") }
    let (findings, projects) = try lint(files)
    #expect(findings.isEmpty, "\(findings.map(\.message))")
    #expect(projects.map { $0.manifest?.targets.map(\.name?.value) } == [["MacWidget"]])
  }

  /// A product only the widget uses is the widget's code, not the app's; one both use is the app's.
  @Test func aProductOnlyTheWidgetUsesIsTheWidgetsCode() throws {
    let reloads = [(path: "Sources/Shared/Refresh.swift", kind: "MacNote")]
    let (_, widgetOnly) = try lint(Self.files(reloads: reloads, appProducts: [], widgetProducts: ["Shared"]))
    let widgetFiles = widgetOnly.first?.swiftFiles(ofTarget: 0).map(\.file.path) ?? []
    #expect(widgetFiles.contains { $0.hasSuffix("Sources/Shared/Refresh.swift") }, "\(widgetFiles)")
    #expect(!(widgetOnly.first?.appCode?.files ?? []).contains { $0.file.path.hasSuffix("Refresh.swift") })

    let (_, both) = try lint(Self.files(reloads: reloads, appProducts: ["Shared"], widgetProducts: ["Shared"]))
    #expect(!(both.first?.swiftFiles(ofTarget: 0) ?? []).contains { $0.file.path.hasSuffix("Refresh.swift") })
    #expect((both.first?.appCode?.files ?? []).contains { $0.file.path.hasSuffix("Refresh.swift") })
  }

  /// An XcodeGen spec's `packages:` with a `path:`, used through a target's `package:` dependency.
  @Test(arguments: ["Misspelt", "Note"])
  func anXcodeGenAppsPackageIsItsCode(kind: String) throws {
    let spec = """
      name: Notes
      packages:
        Shared:
          path: Packages/Shared
        Remote:
          url: https://example.com/remote.git
          from: 1.0.0
      targets:
        Notes:
          type: application
          platform: iOS
          deploymentTarget: "17.0"
          sources: [App]
          settings:
            base:
              PRODUCT_BUNDLE_IDENTIFIER: com.example.notes
          dependencies:
            - target: NotesWidgets
            - package: Shared
            - package: Remote
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
          settings:
            base:
              PRODUCT_BUNDLE_IDENTIFIER: com.example.notes.widgets
      """
    let report = try XcodeGenTests.lint([
      ("project.yml", spec),
      (
        "App/App.swift",
        "import SwiftUI\n@main\nstruct NotesApp: App {\n    var body: some Scene { WindowGroup { Text(\"\") } }\n}\n"
      ),
      ("Widgets/NoteWidget.swift", XcodeGenTests.widgetSwift),
      ("Packages/Shared/Package.swift", Self.manifest),
      ("Packages/Shared/Sources/Shared/Refresh.swift", EveryAppTests.app(reloading: kind)),
    ])
    let findings = report.findings.filter { $0.severity != .note }
    if kind == "Note" {
      #expect(findings.isEmpty, "\(findings.map(\.message))")
    } else {
      #expect(findings.map(\.ruleID) == ["unknown-widget-kind"], "\(findings.map(\.message))")
      #expect(findings.first.map(TestSupport.start) == "3:49")
      #expect(findings.first?.file.hasSuffix("Packages/Shared/Sources/Shared/Refresh.swift") == true)
    }
  }

  /// A Tuist project's `packages: [.local(path:)]`, used through a target's `.package(product:)`; a
  /// product no local package offers (`Remote`) is a remote package's and is passed over.
  @Test(arguments: ["Misspelt", "Tides"])
  func aTuistAppsPackageIsItsCode(kind: String) throws {
    let manifest = TuistProjectTests.cleanManifest
      .replacingOccurrences(
        of: "    name: \"Tides\",\n",
        with: """
              name: "Tides",
              packages: [
                  .local(path: "Packages/Shared"),
                  .remote(url: "https://example.com/remote.git", requirement: .upToNextMajor(from: "1.0.0")),
              ],

          """
      )
      .replacingOccurrences(
        of: "[.target(name: \"TidesWidget\")]",
        with: "[.target(name: \"TidesWidget\"), .package(product: \"Shared\"), .package(product: \"Remote\")]")
    #expect(manifest.contains(".package(product: \"Shared\")") && manifest.contains(".local(path:"))
    let (findings, _) = try TuistProjectTests().lint(
      TuistProjectTests.files(
        manifest: manifest,
        more: [
          ("Packages/Shared/Package.swift", Self.manifest),
          ("Packages/Shared/Sources/Shared/Refresh.swift", EveryAppTests.app(reloading: kind)),
        ]))
    if kind == "Tides" {
      #expect(findings.isEmpty, "\(findings.map(\.message))")
    } else {
      #expect(
        TuistProjectTests.places(findings) == ["unknown-widget-kind Packages/Shared/Sources/Shared/Refresh.swift:3:49"])
    }
  }

  @Test func theManifestReaderFollowsLiteralsOnly() {
    let manifest = SwiftPackageManifest.read(Self.manifest)
    #expect(manifest.sourceFolders(ofLibrary: "Shared") == ["Sources/Shared"])
    #expect(manifest.sourceFolders(ofLibrary: "Extras") == ["Code", "Sources/Base"])
    #expect(manifest.sourceFolders(ofLibrary: "Missing") == nil)
    let computed = SwiftPackageManifest.read(
      #"let n = "A"; let p = Package(products: [.library(name: n, targets: [n])])"#)
    #expect(computed.hasComputedValues)
    #expect(computed.sourceFolders(ofLibrary: "A") == nil)
  }
}
