import Foundation
import Testing

@testable import WidgetLintCore
@testable import WidgetLintFrontends
@testable import WidgetLintLanguageServer

/// The parts of `widgetlint lsp` that the end-to-end tests (Tests/LanguageServer, a real LSP client)
/// cannot reach exactly: message framing, and positions counted as the protocol counts them.
@Suite struct LanguageServerTests {
  /// Writes `bytes` into a pipe and reads the messages back.
  func messages(_ bytes: [UInt8]) throws -> (bodies: [String], failure: MessageReader.Failure?) {
    var descriptors: [Int32] = [0, 0]
    #expect(pipe(&descriptors) == 0)
    _ = bytes.withUnsafeBytes { write(descriptors[1], $0.baseAddress!, $0.count) }
    close(descriptors[1])
    defer { close(descriptors[0]) }
    var reader = MessageReader(descriptor: descriptors[0], maxLength: 1 << 10)
    var bodies: [String] = []
    do {
      while let body = try reader.next() { bodies.append(String(decoding: body, as: UTF8.self)) }
    } catch let failure as MessageReader.Failure {
      return (bodies, failure)
    }
    return (bodies, nil)
  }

  @Test func messagesAreFramedByTheirContentLength() throws {
    let framed =
      "Content-Length: 2\r\n\r\n{}Content-Type: application/vscode-jsonrpc\r\ncontent-length: 7\r\n\r\n[1,2,3]"
    let read = try messages(Array(framed.utf8))
    #expect(read.bodies == ["{}", "[1,2,3]"])
    #expect(read.failure == nil)
  }

  @Test func brokenFramesSayWhy() throws {
    #expect(try messages(Array("Content-Length: 10\r\n\r\n{}".utf8)).failure == .truncated)
    #expect(try messages(Array("Content-Length: x\r\n\r\n".utf8)).failure == .badHeader("Content-Length: x"))
    #expect(try messages(Array("Content-Length: 99999\r\n\r\n".utf8)).failure == .badHeader("Content-Length: 99999"))
    #expect(try messages(Array("Other: 1\r\n\r\n".utf8)).failure == .badHeader("no Content-Length"))
  }

  /// Characters are UTF-16 code units: an emoji is two, an accented letter one, whatever its bytes;
  /// lines end at `\n`, `\r\n` or `\r`; a byte order mark is no character.
  @Test func positionsCountUTF16CodeUnits() {
    let file = SourceText(path: "a.yaml", bytes: Array("\u{FEFF}é: 1\r\n😀x: 2\rkind: y".utf8))
    let text = file.bytes
    func position(ofByte byte: String, after start: Int = 0) -> EditorPosition {
      let index = text.indices.first { $0 >= start && text[$0...].starts(with: Array(byte.utf8)) }!
      return EditorPosition(offset: index, in: file)
    }
    #expect(position(ofByte: ":") == EditorPosition(line: 0, character: 1))
    #expect(position(ofByte: "x") == EditorPosition(line: 1, character: 2))
    #expect(position(ofByte: "kind") == EditorPosition(line: 2, character: 0))
    #expect(position(ofByte: "y") == EditorPosition(line: 2, character: 6))
  }

  @Test func fileURIsAndPathsRoundTrip() {
    let path = "/tmp/My App/widgets.yaml"
    let uri = LanguageServer.fileURI(path)
    #expect(uri == "file:///tmp/My%20App/widgets.yaml")
    #expect(LanguageServer.path(ofURI: uri) == path)
    #expect(LanguageServer.path(ofURI: "untitled:Untitled-1") == nil)
  }

  /// Text an editor holds is read instead of the file, by any path that names it, within the same limit;
  /// other files are read from disk.
  @Test func overlayTextsStandInForFiles() throws {
    let directory = try TestSupport.directory(with: [("a.txt", "on disk\n"), ("b.txt", "b on disk\n")])
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("a.txt").path
    let overlay = TextOverlay([path: Array("in the editor\n".utf8)])
    #expect(try overlay.read(path: path + "/../a.txt", maxSize: 100).get() == Array("in the editor\n".utf8))
    #expect(try InputReader.read(path: path, maxSize: 100).get() == Array("on disk\n".utf8))
    let other = directory.appendingPathComponent("b.txt").path
    #expect(try overlay.read(path: other, maxSize: 100).get() == Array("b on disk\n".utf8))
    #expect(
      overlay.read(path: path, maxSize: 4).map { _ in true }
        == .failure(
          InputError(path: path, message: InputReader.tooLarge(14, 4))))
  }

  /// A YAML file named otherwise than `widgets.yaml` is a manifest when its text has a manifest's keys,
  /// and discovery judges the text the run lints: an editor's unsaved text, where it has one.
  @Test func discoveryJudgesAFileByTheTextItLints() throws {
    let directory = try TestSupport.directory(with: [
      ("habits.yaml", "app:\n  bundleIdentifier: com.example.habits\n"), ("notes.yaml", "title: notes\n"),
    ])
    defer { try? FileManager.default.removeItem(at: directory) }
    let habits = directory.appendingPathComponent("habits.yaml").path
    let notes = directory.appendingPathComponent("notes.yaml").path
    #expect(ProjectDiscovery.discover([habits]).inputs == [.manifest(path: habits)])
    #expect(ProjectDiscovery.discover([habits], overlay: TextOverlay([habits: []])).inputs.isEmpty)
    #expect(ProjectDiscovery.discover([notes]).inputs.isEmpty)
    let notesWithTargets = TextOverlay([notes: Array("targets: []\n".utf8)])
    #expect(ProjectDiscovery.discover([notes], overlay: notesWithTargets).inputs == [.manifest(path: notes)])
  }

  /// An `app.json` is an Expo app's config when its text names Expo's keys: broken in the editor (the
  /// session fuzzer's second finding, in `examples/expo-photo-frame`), it is none, as when saved.
  @Test func discoveryJudgesAnExpoConfigByTheTextItLints() throws {
    let directory = try TestSupport.directory(with: [("app/app.json", #"{"expo": {"name": "Frames"}}"#)])
    defer { try? FileManager.default.removeItem(at: directory) }
    let config = directory.appendingPathComponent("app/app.json").path
    #expect(ProjectDiscovery.discover([config]).inputs.count == 1)
    let broken = TextOverlay([config: Array(#"{"name": "Fra"#.utf8)])
    #expect(ProjectDiscovery.discover([config], overlay: broken).inputs.isEmpty)
  }

  /// An XcodeGen spec is a project of widgets when its text declares an app extension: the spec is read
  /// through the editor's text too, not only looked at (the session fuzzer's third finding).
  @Test func discoveryReadsAnXcodeGenSpecThroughTheEditorsText() throws {
    let copy = FileManager.default.temporaryDirectory.appendingPathComponent("widgetlint-spec-\(UUID().uuidString)")
    try FileManager.default.copyItem(at: URL(fileURLWithPath: TestSupport.path("examples/xcodegen-widgets")), to: copy)
    defer { try? FileManager.default.removeItem(at: copy) }
    let spec = copy.appendingPathComponent("project.yml").path
    #expect(ProjectDiscovery.discover([spec]).inputs == [.xcodeGenProject(spec: spec)])
    let appOnly = "name: App\ntargets:\n  App:\n    type: application\n    platform: iOS\n"
    #expect(ProjectDiscovery.discover([spec], overlay: TextOverlay([spec: Array(appOnly.utf8)])).inputs.isEmpty)
  }

  /// An app whose `ios/` has no project file is one by its extension's Info.plist: broken in the editor
  /// (the session fuzzer's fifth finding, in `examples/broken-projects/flutter-app-group-mismatch`), the
  /// Info.plist makes no app, as when saved. It was read from disk, so the server went on publishing the
  /// project's finding on it that the command line, given the saved text, never made.
  @Test func discoveryJudgesAnExtensionsInfoPlistByTheTextItLints() throws {
    let info = TestSupport.path("examples/broken-projects/flutter-app-group-mismatch/ios/CounterWidget/Info.plist")
    let app = TestSupport.path("examples/broken-projects/flutter-app-group-mismatch")
    #expect(ProjectDiscovery.discover([info]).inputs.map(\.path) == [app])
    let broken = TextOverlay([info: Array(" /  guv}".utf8)])
    #expect(ProjectDiscovery.discover([info], overlay: broken).inputs.isEmpty)
  }

  /// An Expo app with a committed `ios/` project that has a widget extension builds from that project,
  /// unless an @bacons/apple-targets target folder is in the targets root its config names. Both the
  /// extension's Info.plist and the config are judged by the texts the run lints.
  @Test func discoveryJudgesAnExpoAppsCommittedProjectByTheTextsItLints() throws {
    let extensionInfo = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>NSExtension</key><dict><key>NSExtensionPointIdentifier</key>
      <string>com.apple.widgetkit-extension</string></dict></dict></plist>
      """
    let directory = try TestSupport.directory(with: [
      ("app.json", #"{"expo": {"name": "Habits", "plugins": [["@bacons/apple-targets", {"root": "./native"}]]}}"#),
      ("package.json", #"{"dependencies": {"expo": "~52.0.0"}}"#),
      ("ios/HabitsWidget/Info.plist", extensionInfo),
      ("targets/widget/expo-target.config.js", "module.exports = { type: 'widget' };\n"),
    ])
    defer { try? FileManager.default.removeItem(at: directory) }
    let config = directory.appendingPathComponent("app.json").path
    let info = directory.appendingPathComponent("ios/HabitsWidget/Info.plist").path
    func kinds(_ overlay: TextOverlay) -> [String] {
      ProjectDiscovery.discover([config], overlay: overlay).inputs.map { $0.kind.id }
    }
    #expect(kinds(TextOverlay()) == ["xcode"])
    #expect(kinds(TextOverlay([info: Array("<plist><dict/></plist>".utf8)])) == ["expo"])
    #expect(kinds(TextOverlay([config: Array(#"{"expo": {"name": "Habits"}}"#.utf8)])) == ["expo"])
  }

  /// Found by the session fuzzer (docs/fuzzing.md): a manifest named otherwise than `widgets.yaml`,
  /// emptied in the editor, was still linted as a manifest ("the manifest is empty"), because the server
  /// asked the file on disk whether it was one; the command line, given the same text, skips the file.
  @Test func aManifestEmptiedInTheEditorIsNoLongerLintedAsOne() async throws {
    let text = "app:\n  bundleIdentifier: com.example.habits\ntargets: 5\n"
    let directory = try TestSupport.directory(with: [("habits.yaml", text)])
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("habits.yaml").path
    let uri = LanguageServer.fileURI(path)
    var descriptors: [Int32] = [0, 0]
    #expect(pipe(&descriptors) == 0)
    // A debounce no test waits out: the lint after the change is started by hand.
    let server = LanguageServer(writer: MessageWriter(descriptor: descriptors[1]), debounce: .seconds(3600))
    func message(_ object: [String: Any]) throws -> Data { try JSONSerialization.data(withJSONObject: object) }
    _ = await server.handle(
      try message([
        "jsonrpc": "2.0", "method": "textDocument/didOpen",
        "params": ["textDocument": ["uri": uri, "languageId": "yaml", "version": 1, "text": text]],
      ]))
    _ = await server.handle(
      try message([
        "jsonrpc": "2.0", "method": "textDocument/didChange",
        "params": ["textDocument": ["uri": uri, "version": 2], "contentChanges": [["text": ""]]],
      ]))
    await server.lint(fileAt: path)
    close(descriptors[1])
    defer { close(descriptors[0]) }
    var reader = MessageReader(descriptor: descriptors[0])
    var published: [[Any]] = []
    while let body = try reader.next() {
      let object = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
      let params = try #require(object["params"] as? [String: Any])
      #expect(params["uri"] as? String == uri)
      published.append(try #require(params["diagnostics"] as? [Any]))
    }
    // Opened: a manifest whose `targets` is no list; emptied: not a manifest, nothing to show.
    #expect(published.count >= 2)
    #expect(published.first?.isEmpty == false)
    #expect(published.last?.isEmpty == true)
  }

  /// Found by the session fuzzer: the configuration is read from the editor's text too, as every other
  /// file is. Broken there (unsaved), it stops the lint as the command line's lint of the saved text does.
  @Test func theConfigurationIsReadFromTheEditorsText() async throws {
    let manifest = "app:\n  bundleIdentifier: com.example.habits\ntargets: 5\n"
    let directory = try TestSupport.directory(with: [
      ("habits.yaml", manifest), (".widgetlint.yml", "rules: {}\n"),
    ])
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("habits.yaml").path
    let configuration = directory.appendingPathComponent(".widgetlint.yml").path
    var descriptors: [Int32] = [0, 0]
    #expect(pipe(&descriptors) == 0)
    let server = LanguageServer(writer: MessageWriter(descriptor: descriptors[1]), debounce: .seconds(3600))
    func send(_ method: String, _ path: String, _ text: String) async throws {
      let document: [String: Any] = ["uri": LanguageServer.fileURI(path), "version": 1, "text": text]
      let params: [String: Any] =
        method == "textDocument/didOpen"
        ? ["textDocument": document] : ["textDocument": document, "contentChanges": [["text": text]]]
      _ = await server.handle(
        try JSONSerialization.data(withJSONObject: ["jsonrpc": "2.0", "method": method, "params": params]))
    }
    try await send("textDocument/didOpen", path, manifest)
    try await send("textDocument/didOpen", configuration, "rules: {}\n")
    try await send("textDocument/didChange", configuration, "rules: \u{1B}\n")
    await server.lint(fileAt: path)
    close(descriptors[1])
    defer { close(descriptors[0]) }
    var reader = MessageReader(descriptor: descriptors[0])
    var published: [[Any]] = []
    var logged: [String] = []
    while let body = try reader.next() {
      let object = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
      let params = try #require(object["params"] as? [String: Any])
      if object["method"] as? String == "window/logMessage" { logged.append(params["message"] as? String ?? "") }
      if params["uri"] as? String == LanguageServer.fileURI(path) {
        published.append(try #require(params["diagnostics"] as? [Any]))
      }
    }
    // Opened with the saved configuration: the manifest's finding; with the editor's broken one: none,
    // and the configuration's problem is said.
    #expect(published.first?.isEmpty == false)
    #expect(published.last?.isEmpty == true)
    #expect(logged.contains { $0.contains(".widgetlint.yml") && $0.contains("control characters") }, "\(logged)")
  }

  /// Found by the session fuzzer: an Expo app's `app.json` broken in the editor, with a package.json
  /// that does not name expo, is no Expo config, so the app is gone, and the findings it had published on another open file (its widget's config)
  /// are cleared, as a lint of the saved texts would show none.
  @Test func findingsOfAProjectThatIsGoneAreCleared() async throws {
    let app = FileManager.default.temporaryDirectory.appendingPathComponent("widgetlint-gone-\(UUID().uuidString)")
    try FileManager.default.copyItem(at: URL(fileURLWithPath: TestSupport.path("examples/expo-widgets")), to: app)
    defer { try? FileManager.default.removeItem(at: app) }
    let config = app.appendingPathComponent("app.json").path
    let widget = app.appendingPathComponent("targets/widget/expo-target.config.js").path
    var descriptors: [Int32] = [0, 0]
    #expect(pipe(&descriptors) == 0)
    let server = LanguageServer(writer: MessageWriter(descriptor: descriptors[1]), debounce: .seconds(3600))
    func send(_ method: String, _ path: String, _ text: String, version: Int) async throws {
      let document: [String: Any] = ["uri": LanguageServer.fileURI(path), "version": version, "text": text]
      let params: [String: Any] =
        method == "textDocument/didOpen"
        ? ["textDocument": document] : ["textDocument": document, "contentChanges": [["text": text]]]
      _ = await server.handle(
        try JSONSerialization.data(withJSONObject: ["jsonrpc": "2.0", "method": method, "params": params]))
    }
    try await send("textDocument/didOpen", config, try String(contentsOfFile: config, encoding: .utf8), version: 1)
    try await send("textDocument/didOpen", widget, try String(contentsOfFile: widget, encoding: .utf8), version: 1)
    try await send("textDocument/didChange", widget, "module.exports = (config) => ({ type: 'widget' ", version: 2)
    await server.lint(fileAt: widget)
    // Neither app.json nor package.json (which names expo) says Expo any more.
    let package = app.appendingPathComponent("package.json").path
    try await send("textDocument/didOpen", package, "{}", version: 1)
    try await send("textDocument/didChange", config, "{", version: 2)
    await server.lint(fileAt: config)
    close(descriptors[1])
    defer { close(descriptors[0]) }
    var reader = MessageReader(descriptor: descriptors[0])
    var last: [String: Int] = [:]
    var widgetHadFindings = false
    while let body = try reader.next() {
      let object = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
      guard let params = object["params"] as? [String: Any], let uri = params["uri"] as? String,
        let diagnostics = params["diagnostics"] as? [Any]
      else { continue }
      last[uri] = diagnostics.count
      if uri == LanguageServer.fileURI(widget), !diagnostics.isEmpty { widgetHadFindings = true }
    }
    #expect(widgetHadFindings, "the broken widget config was reported while the app was one")
    #expect(last[LanguageServer.fileURI(widget)] == 0)
    #expect(last[LanguageServer.fileURI(config)] == 0)
  }

  /// The server's Swift facts are kept between lints: a file is parsed again only when its text changed.
  @Test func keptSwiftFactsAreReadAgainOnlyWhenTheTextChanges() throws {
    let directory = try TestSupport.directory(with: [("W.swift", "struct A {}\n")])
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("W.swift").path
    let file = SwiftFileResolver.ResolvedFile(path: path, displayPath: path)
    let cache = SwiftFactsCache(revalidates: true)
    let disk = TextOverlay()
    let first = try #require(cache.facts(for: [file], maxFileSize: 1 << 20, overlay: disk).0[file])
    let again = try #require(cache.facts(for: [file], maxFileSize: 1 << 20, overlay: disk).0[file])
    #expect(again.file === first.file, "unchanged: the facts read before")
    let editor = TextOverlay([path: Array("struct B {}\n".utf8)])
    let edited = try #require(cache.facts(for: [file], maxFileSize: 1 << 20, overlay: editor).0[file])
    #expect(edited.file !== first.file)
    #expect(edited.file.bytes == Array("struct B {}\n".utf8))
  }

  /// A client that watches files for the server: once it agrees, the server keeps an app's code search
  /// without asking the disk about the app's files, and searches again when the client reports a change.
  @Test func aWatchingClientsReportOfAChangedFileIsWhatSearchesTheAppAgain() async throws {
    let app = FileManager.default.temporaryDirectory.appendingPathComponent("widgetlint-watch-\(UUID().uuidString)")
    try FileManager.default.copyItem(at: URL(fileURLWithPath: TestSupport.path("examples/native-widgets")), to: app)
    defer { try? FileManager.default.removeItem(at: app) }
    let appSwift = app.appendingPathComponent("NativeWidgets/NativeWidgetsApp.swift")
    let widget = app.appendingPathComponent("WeatherWidgets/ForecastWidget.swift").path
    func settle(_ path: String) throws {
      try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3_600)], ofItemAtPath: path)
    }
    let enumerator = FileManager.default.enumerator(atPath: app.path)
    while let relative = enumerator?.nextObject() as? String { try settle(app.appendingPathComponent(relative).path) }
    var descriptors: [Int32] = [0, 0]
    #expect(pipe(&descriptors) == 0)
    let server = LanguageServer(writer: MessageWriter(descriptor: descriptors[1]), debounce: .seconds(3600))
    func handle(_ object: [String: Any]) async throws {
      _ = await server.handle(try JSONSerialization.data(withJSONObject: object))
    }
    let watching = ["workspace": ["didChangeWatchedFiles": ["dynamicRegistration": true]]]
    try await handle(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["capabilities": watching]])
    try await handle(["jsonrpc": "2.0", "method": "initialized", "params": [String: Any]()])
    try await handle(["jsonrpc": "2.0", "id": LanguageServer.watchRegistrationID, "result": NSNull()])
    let text = try String(contentsOfFile: widget, encoding: .utf8)
    let document: [String: Any] = ["uri": LanguageServer.fileURI(widget), "version": 1, "text": text]
    try await handle(["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": ["textDocument": document]])
    await server.lint(fileAt: widget)
    // Misspelt on disk, not reported: the kept search stands.
    let original = try String(contentsOf: appSwift, encoding: .utf8)
    try original.replacingOccurrences(of: "\"Forecast\"", with: "\"Forecasts\"")
      .write(to: appSwift, atomically: true, encoding: .utf8)
    try settle(appSwift.path)
    await server.lint(fileAt: widget)
    // Reported (its folder, as a client may report a folder changed): searched again.
    let folder = LanguageServer.fileURI(appSwift.deletingLastPathComponent().path)
    try await handle([
      "jsonrpc": "2.0", "method": "workspace/didChangeWatchedFiles",
      "params": ["changes": [["uri": folder, "type": 2]]],
    ])
    await server.lint(fileAt: widget)
    close(descriptors[1])
    defer { close(descriptors[0]) }
    var reader = MessageReader(descriptor: descriptors[0])
    var registrations: [String] = []
    var appDiagnostics: [[String]] = []
    while let body = try reader.next() {
      let object = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
      if object["method"] as? String == "client/registerCapability" {
        let params = try #require(object["params"] as? [String: Any])
        let registration = try #require((params["registrations"] as? [[String: Any]])?.first)
        registrations.append(try #require(registration["method"] as? String))
      }
      guard object["method"] as? String == "textDocument/publishDiagnostics",
        let params = object["params"] as? [String: Any],
        params["uri"] as? String == LanguageServer.fileURI(appSwift.path)
      else { continue }
      appDiagnostics.append((params["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String })
    }
    #expect(registrations == ["workspace/didChangeWatchedFiles"])
    // The first two lints publish nothing on the app's file; the third finds the misspelt kind.
    #expect(appDiagnostics == [["unknown-widget-kind"]])
  }
}
