import Foundation
import Testing

@testable import WidgetLintKit

enum TestSupport {
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static func path(_ relative: String) -> String { packageRoot.appendingPathComponent(relative).path }

  /// A fresh temporary folder holding the given files.
  static func directory(with files: [(path: String, contents: String)]) throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "widgetlint-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    for file in files {
      let url = directory.appendingPathComponent(file.path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(file.contents.utf8).write(to: url)
    }
    return directory
  }

  /// Lints manifest text as `widgets.yaml` in a folder with the given extra files.
  static func lint(
    _ manifest: String, name: String = "widgets.yaml", files: [(path: String, contents: String)] = [],
    configuration: LintConfiguration = LintConfiguration()
  ) throws -> [Finding] {
    // No manifest: the files are a project (Expo, Flutter), linted as a folder.
    if manifest.isEmpty {
      let directory = try directory(with: files)
      defer { try? FileManager.default.removeItem(at: directory) }
      return LintRun(configuration: configuration, discoversConfiguration: false).run(arguments: [directory.path])
        .findings
    }
    let directory = try directory(with: [(name, manifest)] + files)
    defer { try? FileManager.default.removeItem(at: directory) }
    let source = SourceText(path: name, bytes: Array(manifest.utf8))
    return Linter(configuration: configuration).lint(manifest: source, directory: directory.path, displayDirectory: "")
  }

  /// "line:column-endLine:endColumn" of a finding, for compact exact assertions.
  static func position(_ finding: Finding) -> String {
    let range = finding.range
    return "\(range.start.line):\(range.start.column)-\(range.end.line):\(range.end.column)"
  }

  static func rules(_ findings: [Finding]) -> [String] { findings.map(\.ruleID) }

  /// The built `widgetlint` executable, beside the test bundle.
  static var executable: URL {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = directory.appendingPathComponent("widgetlint")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      directory = directory.deletingLastPathComponent()
    }
    return packageRoot.appendingPathComponent(".build/debug/widgetlint")
  }

  struct RunResult {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// Runs the CLI from the package root.
  static func run(
    _ arguments: [String], stdin: String? = nil, environment: [String: String] = [:], currentDirectory: URL? = nil
  ) throws -> RunResult {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = currentDirectory ?? packageRoot
    var env = ProcessInfo.processInfo.environment
    env["NO_COLOR"] = nil
    env["GITHUB_ACTIONS"] = nil
    for (key, value) in environment { env[key] = value }
    process.environment = env
    let out = Pipe()
    let err = Pipe()
    let input = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = input
    try process.run()
    if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
    try input.fileHandleForWriting.close()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationReason == .exit, "widgetlint was killed by a signal")
    return RunResult(
      status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
  }

  static func json(_ text: String) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
    return try #require(object as? [String: Any])
  }
}
