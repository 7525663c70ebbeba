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

enum TestSupport {
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static func path(_ relative: String) -> String { packageRoot.appendingPathComponent(relative).path }

  /// The names in a folder of the package, sorted, for tests whose cases are its entries. A missing or
  /// empty folder gives one entry naming the problem, so the test fails instead of running no case.
  static func entries(of relative: String) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: path(relative))) ?? []
    let visible = names.filter { !$0.hasPrefix(".") }.sorted()
    return visible.isEmpty ? ["(\(relative) is missing or empty)"] : visible
  }

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

  /// Lints a rule example without its marks, and returns its findings with the place each starts, in
  /// the terms of `RuleExample.Mark` (the file relative to the example, "" for the manifest).
  static func lint(example: RuleExample) throws -> [(finding: Finding, mark: RuleExample.Mark)] {
    let manifest = example.unmarkedManifest
    let files = example.unmarkedFiles
    let directory = try directory(with: manifest.isEmpty ? files : [("widgets.yaml", manifest)] + files)
    defer { try? FileManager.default.removeItem(at: directory) }
    let findings: [Finding]
    if manifest.isEmpty {
      findings = LintRun(discoversConfiguration: false).run(arguments: [directory.path]).findings
    } else {
      let source = SourceText(path: "widgets.yaml", bytes: Array(manifest.utf8))
      findings = Linter().lint(manifest: source, directory: directory.path, displayDirectory: "")
    }
    return findings.map { finding in
      var file = finding.file == "widgets.yaml" ? "" : finding.file
      if file.hasPrefix(directory.path + "/") { file = String(file.dropFirst(directory.path.count + 1)) }
      let start = finding.range.start
      return (finding, RuleExample.Mark(file: file, line: start.line, column: start.column))
    }
  }

  /// "line:column-endLine:endColumn" of a finding, for compact exact assertions.
  /// Where a finding starts, `line:column`.
  static func start(_ finding: Finding) -> String { "\(finding.range.start.line):\(finding.range.start.column)" }

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

extension ReadingProblem {
  /// The id of the rule that reports the problem, for tests that compare problems with findings.
  var ruleID: RuleID { RuleRegistry.readingRule(reporting: kind)!.metadata.id }
}
