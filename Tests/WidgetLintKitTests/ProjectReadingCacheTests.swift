import Foundation
import Testing

@testable import WidgetLintCore
@testable import WidgetLintEngine
@testable import WidgetLintFrontends

/// The language server keeps a project file's parse and an app's code search from one lint to the next,
/// only while every file they were made from is unchanged: its text in the overlay, or the file on disk.
@Suite struct ProjectReadingCacheTests {
  /// A copy of the native example whose files were all last changed an hour ago, as an app's files are
  /// between two keystrokes in another file.
  private static func settledCopyOfNativeExample() throws -> URL {
    let copy = FileManager.default.temporaryDirectory.appendingPathComponent("widgetlint-cache-\(UUID().uuidString)")
    try FileManager.default.copyItem(at: URL(fileURLWithPath: TestSupport.path("examples/native-widgets")), to: copy)
    let enumerator = FileManager.default.enumerator(at: copy, includingPropertiesForKeys: nil)
    while let url = enumerator?.nextObject() as? URL { try settle(url, secondsAgo: 3_600) }
    return copy
  }

  private static func settle(_ url: URL, secondsAgo: TimeInterval) throws {
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: -secondsAgo)], ofItemAtPath: url.path)
  }

  @Test func aProjectFileIsParsedAgainOnlyWhenItChanged() throws {
    let app = try Self.settledCopyOfNativeExample()
    defer { try? FileManager.default.removeItem(at: app) }
    let pbxproj = app.appendingPathComponent("NativeWidgets.xcodeproj/project.pbxproj")
    let cache = ProjectReadingCache()
    var parses = 0
    func read(overlay: TextOverlay = TextOverlay()) -> SourceText? {
      cache.xcodeProject(at: pbxproj.path, overlay: overlay) {
        parses += 1
        return FrontendContext().readXcodeProject(at: pbxproj.path)
      }.2
    }
    let first = read()
    #expect(read() === first)
    #expect(parses == 1)
    // The project's objects too, by the folder their paths start from.
    var indexings = 0
    for folder in [app.path, app.path, app.path + "/other"] {
      _ = cache.xcodeObjects(at: pbxproj.path, projectFolder: folder, overlay: TextOverlay()) {
        indexings += 1
        return nil
      }
    }
    #expect(indexings == 2)
    // A change on disk (a new time), then the editor's text for the file: each is parsed.
    let text = try String(contentsOf: pbxproj, encoding: .utf8)
    try (text + "\n").write(to: pbxproj, atomically: true, encoding: .utf8)
    try Self.settle(pbxproj, secondsAgo: 1_800)
    #expect(read() !== first)
    #expect(parses == 2)
    let overlay = TextOverlay([pbxproj.path: Array(text.utf8)])
    _ = read(overlay: overlay)
    _ = read(overlay: overlay)
    #expect(parses == 3)
    // A file changed a moment ago is not trusted to show its next change in its time: never kept.
    try Self.settle(pbxproj, secondsAgo: 0)
    _ = read()
    _ = read()
    #expect(parses == 5)
  }

  /// The app's code is searched again when one of its files changes on disk or in the editor, and the
  /// finding follows; while nothing changes, lints reuse the search.
  @Test func anAppsCodeIsSearchedAgainOnlyWhenOneOfItsFilesChanged() throws {
    let app = try Self.settledCopyOfNativeExample()
    defer { try? FileManager.default.removeItem(at: app) }
    let appSwift = app.appendingPathComponent("NativeWidgets/NativeWidgetsApp.swift")
    let original = try String(contentsOf: appSwift, encoding: .utf8)
    let misspelt = original.replacingOccurrences(of: "\"Forecast\"", with: "\"Forecasts\"")
    var run = LintRun()
    run.projectCache = ProjectReadingCache()
    func rules() -> [String] { run.run(arguments: [app.path]).findings.map(\.ruleID) }
    #expect(rules() == [])
    #expect(rules() == [])

    try misspelt.write(to: appSwift, atomically: true, encoding: .utf8)
    try Self.settle(appSwift, secondsAgo: 1_800)
    #expect(rules() == ["unknown-widget-kind"])

    run.fileContents = [appSwift.path: Array(original.utf8)]
    #expect(rules() == [])
    run.fileContents = [:]
    #expect(rules() == ["unknown-widget-kind"])

    // Counted: a second lint with nothing changed does not search again.
    var searches = 0
    let files = [SwiftFileResolver.ResolvedFile(path: appSwift.path, displayPath: appSwift.path)]
    for _ in 0..<2 {
      _ = run.projectCache!.appCode(files, maxFileSize: 1 << 20, overlay: TextOverlay()) {
        searches += 1
        return nil
      }
    }
    #expect(searches == 1)
  }

  /// An Expo app's scripts are searched again when one of them changes, on disk or in the editor.
  @Test func anExpoAppsScriptsAreSearchedAgainOnlyWhenOneChanged() throws {
    let app = try TestSupport.directory(with: [
      ("src/a.ts", "export const a = 1\n"), ("src/widget.ts", "ExtensionStorage.reloadWidget()\n"),
    ])
    defer { try? FileManager.default.removeItem(at: app) }
    let paths = ["src/a.ts", "src/widget.ts"].map { app.appendingPathComponent($0).path }
    for path in paths { try Self.settle(URL(fileURLWithPath: path), secondsAgo: 3_600) }
    let cache = ProjectReadingCache()
    var searches = 0
    func search(_ overlay: TextOverlay = TextOverlay()) -> [[UInt8]??] {
      cache.scriptSearch(paths, maxFileSize: 1 << 20, overlay: overlay) {
        searches += 1
        return paths.map { _ in nil }
      }
    }
    _ = search()
    _ = search()
    #expect(searches == 1)
    let edited = TextOverlay([paths[0]: Array("export const a = 2\n".utf8)])
    _ = search(edited)
    _ = search(edited)
    #expect(searches == 2)
    try "export const a = 3\n".write(toFile: paths[0], atomically: true, encoding: .utf8)
    try Self.settle(URL(fileURLWithPath: paths[0]), secondsAgo: 1_800)
    _ = search()
    #expect(searches == 3)
    // Changed a moment ago: not trusted to show its next change in its time, so never kept.
    try "export const a = 4\n".write(toFile: paths[0], atomically: true, encoding: .utf8)
    _ = search()
    _ = search()
    #expect(searches == 5)
  }

  /// When the client reports changes on disk, the disk is not asked: a change is seen once reported (the
  /// file, or a folder above it), and the editor's texts count as before.
  @Test func aWatchedAppsScriptsAreSearchedAgainWhenAChangeIsReported() throws {
    let app = try TestSupport.directory(with: [
      ("src/a.ts", "export const a = 1\n"), ("lib/b.ts", "export const b = 1\n"),
    ])
    defer { try? FileManager.default.removeItem(at: app) }
    let paths = ["src/a.ts", "lib/b.ts"].map { app.appendingPathComponent($0).path }
    let cache = ProjectReadingCache()
    cache.trustWatchedFiles()
    var searches = 0
    func search(_ overlay: TextOverlay = TextOverlay()) {
      _ = cache.scriptSearch(paths, maxFileSize: 1 << 20, overlay: overlay) {
        searches += 1
        return paths.map { _ in nil }
      }
    }
    search()
    // Changed on disk a moment ago, which the disk's stamps would never trust: kept until reported.
    try "export const a = 2\n".write(toFile: paths[0], atomically: true, encoding: .utf8)
    search()
    #expect(searches == 1)
    cache.filesChanged([app.appendingPathComponent("other.ts").path, app.appendingPathComponent("sr").path])
    search()
    #expect(searches == 1)
    cache.filesChanged([app.appendingPathComponent("src").path])
    search()
    search()
    #expect(searches == 2)
    let edited = TextOverlay([paths[1]: Array("export const b = 2\n".utf8)])
    search(edited)
    search(edited)
    search()
    #expect(searches == 4)
  }
}
