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

/// Realistic widget extensions under Tests/Fixtures/swift/: each case's `expected.txt` lists the
/// findings (`rule path:line:column`) its manifest and Swift must produce, and nothing else.
@Suite struct SwiftFixtureTests {
  static let root = TestSupport.packageRoot.appendingPathComponent("Tests/Fixtures/swift")

  static var cases: [String] {
    TestSupport.entries(of: "Tests/Fixtures/swift")
  }

  @Test(arguments: cases)
  func fixture(name: String) throws {
    let directory = Self.root.appendingPathComponent(name)
    let expected = try String(contentsOf: directory.appendingPathComponent("expected.txt"), encoding: .utf8)
      .split(separator: "\n").map(String.init).filter { !$0.isEmpty }.sorted()
    let manifest = directory.appendingPathComponent("widgets.yaml")
    let source = SourceText(path: "widgets.yaml", bytes: Array(try Data(contentsOf: manifest)))
    let findings = Linter().lint(manifest: source, directory: directory.path, displayDirectory: "")
    let actual = findings.map { finding in
      "\(finding.ruleID) \(finding.file):\(finding.range.start.line):\(finding.range.start.column)"
    }.sorted()
    #expect(actual == expected)
  }

  /// Sources are resolved and scanned while the manifest is still read, target by target. An alias
  /// anywhere makes the decoder start over without the targets read early: what they started must
  /// change no finding, and an entry that matches nothing is reported either way.
  @Test(arguments: [false, true])
  func sourcesReadWhileTheManifestIsRead(withAlias: Bool) throws {
    let swift = """
      import SwiftUI
      import WidgetKit

      @main
      struct NotesWidgets: WidgetBundle {
          var body: some Widget { RecentNoteWidget() }
      }

      struct RecentNoteWidget: Widget {
          var body: some WidgetConfiguration {
              StaticConfiguration(kind: "RecentNote", provider: Provider()) { entry in
                  Text(entry.title).widgetBackground()
              }
              .supportedFamilies([.systemSmall, .systemMedium])
          }
      }

      extension View {
          @ViewBuilder func widgetBackground() -> some View {
              if #available(iOS 17.0, *) { containerBackground(.fill, for: .widget) } else { self }
          }
      }
      """
    let families = withAlias ? "&families [systemSmall]" : "[systemSmall]"
    let otherFamilies = withAlias ? "*families" : "[systemSmall]"
    let manifest = """
      app:
        bundleIdentifier: com.example.notes
      targets:
        - name: NotesWidgets
          bundleIdentifier: com.example.notes.widgets
          sources: [NotesWidgets, Missing]
          widgets:
            - {kind: RecentNote, displayName: Recent, description: The latest note., families: \(families)}
        - name: MoreWidgets
          bundleIdentifier: com.example.notes.more
          sources: [NotesWidgets]
          widgets:
            - {kind: RecentNote, displayName: Recent, description: The latest note., families: \(otherFamilies)}
      """
    let findings = try TestSupport.lint(manifest, files: [("NotesWidgets/Widgets.swift", swift)])
    let described = findings.map { "\($0.ruleID) \($0.file):\(TestSupport.position($0))" }
    // Both targets build the same bundle: its drift is one place in the code, reported once, and the
    // kind is declared twice.
    #expect(
      described == [
        "manifest-drift NotesWidgets/Widgets.swift:14:28-14:57",
        "invalid-value widgets.yaml:6:29-6:36",
        "duplicate-widget-kind widgets.yaml:13:16-13:26",
      ])
    #expect(
      findings[1].message == "sources entry 'Missing' matches no file (paths are relative to the manifest)")
  }

  @Test func casesAreCovered() {
    #expect(Self.cases.count >= 14)
  }

  @Test func sourcesModeJudgesOnlyWhatTheCodeSays() throws {
    let directory = Self.root.appendingPathComponent("availability-guards/Sources").path
    let linter = Linter()
    // No deployment target known: availability is not judged, and nothing about a manifest is assumed.
    #expect(
      linter.lint(SwiftSourcesFrontend(directory: directory, displayDirectory: "src", deploymentTarget: nil)).isEmpty)
    let judged = linter.lint(
      SwiftSourcesFrontend(directory: directory, displayDirectory: "src", deploymentTarget: OSVersion(16)))
    #expect(!judged.isEmpty && judged.allSatisfy { $0.ruleID == "availability" && $0.file.hasPrefix("src/") })
    #expect(judged.allSatisfy { $0.related.isEmpty })
  }

  @Test func initWritesAManifestThatAgreesWithTheCode() throws {
    let sources = TestSupport.path("examples/trip-widgets/targets/TripWidgets")
    let project = Linter().read(
      SwiftSourcesFrontend(directory: sources, displayDirectory: sources, deploymentTarget: nil))
    let text = ManifestWriter.manifest(for: project, sourcesPath: sources)
    #expect(text.contains("      - kind: FlightStatusWidget\n"))
    #expect(text.contains("        configuration: intent\n"))
    #expect(text.contains("com.apple.security.application-groups: [group.com.example.voyage]"))
    // Linted with a deployment target, the written manifest has no drift from its own code.
    let manifest = text.replacingOccurrences(
      of: "  # deploymentTarget: \"16.0\"", with: "  deploymentTarget: \"16.0\"")
    let findings = try TestSupport.lint(manifest)
    #expect(findings.map(\.ruleID) == [])
  }

  /// Every example's widget folder: init writes the lowest deployment target the code needs, and the
  /// manifest it writes lints with no error.
  static var exampleWidgetFolders: [String] {
    let withTargets = TestSupport.entries(of: "examples").filter {
      !$0.hasPrefix("broken") && FileManager.default.fileExists(atPath: TestSupport.path("examples/\($0)/targets"))
    }
    return withTargets.flatMap { example in
      TestSupport.entries(of: "examples/\(example)/targets").map { "examples/\(example)/targets/\($0)" }
    } + ["examples/flutter-home-widget/ios/CounterWidget"]
  }

  @Test(arguments: exampleWidgetFolders)
  func initWritesAManifestThatLintsWithNoError(folder: String) throws {
    let sources = TestSupport.path(folder)
    let linter = Linter()
    let project = linter.read(
      SwiftSourcesFrontend(directory: sources, displayDirectory: sources, deploymentTarget: nil))
    let lowest = ManifestWriter.lowestDeploymentTarget(sourcesIn: sources, linter: linter)
    let text = ManifestWriter.manifest(for: project, sourcesPath: sources, deploymentTarget: lowest)
    let errors = try TestSupport.lint(text).filter { $0.severity == .error }
    #expect(errors.map { "\($0.ruleID) \($0.file):\(TestSupport.position($0)) \($0.message)" } == [])
  }

  @Test func initWritesTheLowestDeploymentTargetTheCodeNeeds() throws {
    let linter = Linter()
    let lockScreen = TestSupport.path("examples/up-next/targets/UpNextWidgets")
    #expect(ManifestWriter.lowestDeploymentTarget(sourcesIn: lockScreen, linter: linter) == OSVersion(16))
    let project = linter.read(
      SwiftSourcesFrontend(directory: lockScreen, displayDirectory: lockScreen, deploymentTarget: nil))
    let text = ManifestWriter.manifest(for: project, sourcesPath: lockScreen, deploymentTarget: OSVersion(16))
    #expect(
      text.contains(
        "\n  deploymentTarget: \"16.0\"  # TODO: the lowest iOS this widget code needs; write the app's own\n"))
  }
}
