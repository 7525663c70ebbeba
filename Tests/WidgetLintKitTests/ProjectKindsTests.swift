import Foundation
import Testing

@testable import WidgetLintEngine
@testable import WidgetLintFrontends

/// Each frontend is a folder of `Sources/WidgetLintFrontends` with a project kind registered in
/// `ProjectKinds.all`; discovery, the one-file mapping and the pre-commit pattern ask the kinds.
@Suite struct ProjectKindsTests {
  static let sharedFolders: Set<String> = ["Shared", "Discovery"]

  @Test func everyFrontendFolderRegistersOneKind() throws {
    let root = TestSupport.path("Sources/WidgetLintFrontends")
    let folders = try FileManager.default.contentsOfDirectory(atPath: root).filter {
      !Self.sharedFolders.contains($0)
    }
    let ids = ProjectKinds.all.map { kind in kind.id }
    let names = ProjectKinds.all.map { kind in String(describing: kind) }
    #expect(Set(ids).count == ids.count, "kind ids are unique")
    for folder in folders {
      let files = try FileManager.default.contentsOfDirectory(atPath: root + "/" + folder)
      let kinds = files.filter { $0.hasSuffix("Kind.swift") }.map { String($0.dropLast(".swift".count)) }
      #expect(kinds.count == 1, "\(folder) declares its project kind in one <Name>Kind.swift")
      for kind in kinds {
        #expect(names.contains(kind), "\(kind) is listed in ProjectKinds.all")
      }
    }
    #expect(folders.count == names.count)
  }

  /// A Flutter app is its own kind: found from its folder, its `ios/` and its Dart, and read with its
  /// Dart. The same `ios/` without `pubspec.yaml` is an Xcode app, whose `lib/` nothing reads.
  @Test func aFlutterAppIsFoundByItsPubspec() throws {
    let app = TestSupport.path("examples/flutter-home-widget")
    for argument in [app, app + "/ios", app + "/lib/main.dart", app + "/ios/Runner.xcodeproj"] {
      #expect(ProjectDiscovery.discover([argument]).inputs == [.flutterApp(directory: app)], "\(argument)")
    }
    let report = LintRun(discoversConfiguration: false).run(arguments: [app])
    #expect(report.projects.map(\.kindName) == ["Flutter app"])
    #expect(report.projects.first?.filesRead.contains(app + "/lib/main.dart") == true)
  }

  /// Capacitor keeps the Xcode project one folder down, `ios/App/App.xcodeproj`: the app is found from
  /// the repository's root, from `ios/`, from `ios/App` and from a widget's file, and read from its project.
  @Test func aCapacitorAppIsFoundInIosApp() throws {
    let example = TestSupport.path("examples/native-widgets")
    let root = try TestSupport.directory(with: [("capacitor.config.json", #"{"appId": "com.example.weather"}"#)])
    defer { try? FileManager.default.removeItem(at: root) }
    let app = root.appendingPathComponent("ios/App")
    try FileManager.default.createDirectory(at: app.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: example, toPath: app.path)
    for argument in [root.path, root.path + "/ios", app.path, app.path + "/WeatherWidgets/ForecastWidget.swift"] {
      let report = LintRun(discoversConfiguration: false).run(arguments: [argument])
      #expect(report.projects.map(\.kindName) == ["Xcode app"], "\(argument)")
      #expect(
        report.projects.first?.filesRead.contains { $0.hasSuffix("ios/App/NativeWidgets.xcodeproj/project.pbxproj") }
          == true, "\(argument)")
      #expect(report.findings.isEmpty, "\(argument)")
    }
  }
}
