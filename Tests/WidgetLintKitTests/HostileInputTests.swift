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

/// Every input gets an answer: the built CLI on the hostile corpus exits 1 or 2 (never a signal),
/// names the file, finishes in time, and prints a JSON report that parses.
@Suite(.serialized) struct HostileInputTests {
  static let corpus = TestSupport.packageRoot.appendingPathComponent("Tests/Fixtures/hostile")

  static var committedCases: [String] {
    let names = TestSupport.entries(of: "Tests/Fixtures/hostile")
    return names.filter { $0 != "README.md" }.sorted().map { name in
      var isDirectory: ObjCBool = false
      _ = FileManager.default.fileExists(atPath: corpus.appendingPathComponent(name).path, isDirectory: &isDirectory)
      return isDirectory.boolValue ? "\(name)/widgets.yaml" : name
    }
  }

  /// Runs one input in both formats and checks the promises; returns the text output.
  @discardableResult
  func check(
    _ arguments: [String], naming file: String, stdin: String? = nil, currentDirectory: URL? = nil
  ) throws -> String {
    var text = ""
    for format in ["text", "json"] {
      let result = try TestSupport.run(
        ["--format", format] + arguments, stdin: stdin, currentDirectory: currentDirectory)
      #expect([1, 2].contains(result.status), "\(file) (\(format)) exited \(result.status)")
      #expect(
        (result.stdout + result.stderr).contains(file), "\(file) (\(format)) output does not name the file")
      #expect(
        !(result.stdout + result.stderr).contains("\u{1B}"), "\(file): a control character reached the terminal")
      if format == "json" {
        let report = try TestSupport.json(result.stdout)
        #expect(report["version"] as? Int == 1)
        let diagnostics = try #require(report["diagnostics"] as? [[String: Any]])
        let errors = try #require(report["errors"] as? [[String: Any]])
        #expect(!diagnostics.isEmpty || !errors.isEmpty, "\(file): no diagnostic")
        for diagnostic in diagnostics { #expect((diagnostic["line"] as? Int ?? 0) >= 1) }
      } else {
        // What a person sees: the report, and on standard error what could not be read.
        text = result.stdout + result.stderr
      }
    }
    return text
  }

  /// A hostile file staged as a manifest (`<case>/widgets.yaml` or `.json`): under any other name, a
  /// file without a manifest's top-level keys is skipped, not read.
  static func stageAsManifest(_ data: Data, case name: String, in directory: URL) throws -> String {
    let stem = ((name as NSString).lastPathComponent as NSString).deletingPathExtension
    let manifestName = name.hasSuffix(".json") ? "widgets.json" : "widgets.yaml"
    let folder = directory.appendingPathComponent(stem)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let url = folder.appendingPathComponent(manifestName)
    try data.write(to: url)
    return url.path
  }

  @Test(arguments: committedCases)
  func committedCase(name: String) throws {
    let source = Self.corpus.appendingPathComponent(name)
    guard !name.contains("/") else {
      try check([source.path], naming: name)
      return
    }
    let directory = try TestSupport.directory(with: [])
    defer { try? FileManager.default.removeItem(at: directory) }
    let staged = try Self.stageAsManifest(Data(contentsOf: source), case: name, in: directory)
    let stem = (name as NSString).deletingPathExtension
    try check([staged], naming: "\(stem)/\((staged as NSString).lastPathComponent)")
  }

  @Test func generatedLargeAndSpecialCases() throws {
    let directory = try TestSupport.directory(with: [])
    defer { try? FileManager.default.removeItem(at: directory) }
    func write(_ name: String, _ data: Data) throws -> String {
      let url = directory.appendingPathComponent(name)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try data.write(to: url)
      return url.path
    }
    func manifest(_ name: String, _ data: Data) throws -> String {
      try Self.stageAsManifest(data, case: name, in: directory)
    }
    let depth = 100_000
    let sequence = try manifest(
      "deep-sequence.yaml", Data((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8))
    #expect(try check([sequence], naming: "deep-sequence/widgets.yaml").contains("nesting deeper than 200 levels"))
    let mapping = try manifest(
      "deep-mapping.yaml", Data((String(repeating: "{a: ", count: depth) + String(repeating: "}", count: depth)).utf8))
    try check([mapping], naming: "deep-mapping/widgets.yaml")

    var aliases = "base: &b [systemSmall]\nlist:\n"
    for _ in 0..<10_000 { aliases += "  - *b\n" }
    let aliasFile = try manifest("aliases.yaml", Data(aliases.utf8))
    #expect(try check([aliasFile], naming: "aliases/widgets.yaml").contains("more than 1000 aliases"))

    var big = Data("app:\n  bundleIdentifier: com.example.app\n".utf8)
    big.append(Data(repeating: UInt8(ascii: "#"), count: 64 << 20))
    let bigFile = try manifest("big.yaml", big)
    #expect(try check([bigFile], naming: "big/widgets.yaml").contains("is 64.0 MiB, over the 16 MiB limit"))

    let line =
      "app: {bundleIdentifier: com.example.app, urlSchemes: [\"" + String(repeating: "x", count: 1 << 20) + "\"]}\n"
    let lineFile = try manifest("long-line.yaml", Data((line + "targets: 3\n").utf8))
    try check([lineFile], naming: "long-line/widgets.yaml")

    var swift = "import WidgetKit\nlet a = UIApplication.shared\n"
    let filler = "let value = [1, 2, 3].map { $0 * 2 }.filter { $0 > 2 } // filler\n"
    while swift.utf8.count < 10 << 20 { swift += filler }
    _ = try write("huge/Huge.swift", Data(swift.utf8))
    let hugeManifest = try write(
      "huge/widgets.yaml",
      Data(
        "app: {bundleIdentifier: com.example.app}\ntargets:\n  - name: w\n    bundleIdentifier: com.example.app.w\n    sources: [Huge.swift]\n"
          .utf8))
    #expect(try check([hugeManifest], naming: "Huge.swift").contains("over the 2 MiB limit"))

    // Generated rather than committed so that the package's own `swift format lint` never reads it.
    _ = try write(
      "unparseable/Broken.swift",
      Data(
        """
        struct W: Widget {
          var body: some WidgetConfiguration {
            StaticConfiguration(kind: "W" { _ in
              Button(action: { UIApplication.shared.open(url) }
          }}}}}} ))) #if

        """.utf8))
    let unparseable = try write(
      "unparseable/widgets.yaml",
      Data(
        """
        app: {bundleIdentifier: com.example.app}
        targets:
          - name: widgets
            bundleIdentifier: com.example.app.widgets
            sources: [Broken.swift]

        """.utf8))
    #expect(
      try check([unparseable], naming: "Broken.swift").contains("Broken.swift:4:24: error: UIApplication.shared.open"))

    let named = directory.appendingPathComponent("named/widgets.yaml")
    try FileManager.default.createDirectory(at: named, withIntermediateDirectories: true)
    // Named on the command line it is searched as a folder; inside a folder it is not taken for a file.
    #expect(try check([named.path], naming: "widgets.yaml").contains("contains no manifest"))
    #expect(try check([named.deletingLastPathComponent().path], naming: "named").contains("contains no manifest"))

    let loop = directory.appendingPathComponent("loop")
    try FileManager.default.createDirectory(at: loop, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: loop.appendingPathComponent("self").path, withDestinationPath: loop.path)
    try FileManager.default.createSymbolicLink(
      atPath: loop.appendingPathComponent("dangling").path, withDestinationPath: "nowhere")
    #expect(try check([loop.path], naming: "loop").contains("contains no manifest"))

    let device = directory.appendingPathComponent("device/widgets.yaml")
    try FileManager.default.createDirectory(at: device.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: device.path, withDestinationPath: "/proc/self/mem")
    #expect(try check([device.path], naming: "device/widgets.yaml").contains("error"))
    #expect(
      try check([directory.appendingPathComponent("missing.yaml").path], naming: "missing.yaml").contains(
        "no such file"))
  }

  @Test func closedStandardInput() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "\"$0\" - <&-; echo \"status=$?\"", TestSupport.executable.path]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(text.contains("<stdin>:1:1: error: the manifest is empty"))
    #expect(text.contains("status=1"))
  }
}
