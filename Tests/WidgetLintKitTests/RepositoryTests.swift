import Foundation
import Testing

@testable import WidgetLintReports

/// CI, the scripts and the tests run from the repository alone: a fork's CI or a packager has nothing
/// beside the clone.
@Suite struct RepositoryTests {
  /// Files that CI runs or reads, by path relative to the package root.
  static func checkedFiles() throws -> [String] {
    let root = TestSupport.packageRoot.path
    var files = [".ci/run"]
    for folder in ["scripts", "Tests/WidgetLintKitTests", "Benchmarks"] {
      let enumerator = try #require(FileManager.default.enumerator(atPath: root + "/" + folder))
      for case let relative as String in enumerator where !relative.contains(".build") {
        var isDirectory: ObjCBool = false
        let path = folder + "/" + relative
        if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue
        {
          files.append(path)
        }
      }
    }
    return files
  }

  /// A `../` that climbs above the folder the file is in, from the file's own folder.
  static func escapes(_ reference: Substring, from file: String) -> Bool {
    var depth = file.split(separator: "/").count - 1
    for component in reference.split(separator: "/") {
      if component == ".." { depth -= 1 } else if component != "." { depth += 1 }
      if depth < 0 { return true }
    }
    return false
  }

  @Test func nothingReadsOutsideTheClone() throws {
    let files = try Self.checkedFiles()
    #expect(files.count > 20, "expected the scripts and tests to be listed, found \(files)")
    var offenders: [String] = []
    for file in files where file != "Tests/WidgetLintKitTests/RepositoryTests.swift" {
      let text = try String(contentsOfFile: TestSupport.path(file), encoding: .utf8)
      for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        // The parent of the repository root, however it is spelled.
        if line.contains("ROOT.parent") || line.contains("/shared/") {
          offenders.append("\(file):\(number + 1): \(line)")
          continue
        }
        var rest = line[...]
        while let range = rest.range(of: "../") {
          let start = rest[..<range.lowerBound].lastIndex(where: { " \"'=(`".contains($0) }).map(rest.index(after:))
          let end = rest[range.lowerBound...].firstIndex(where: { " \"'`);".contains($0) }) ?? rest.endIndex
          let reference = rest[(start ?? rest.startIndex)..<end]
          if Self.escapes(reference, from: file) { offenders.append("\(file):\(number + 1): \(line)") }
          rest = rest[end...]
        }
      }
    }
    #expect(offenders == [])
  }

  @Test func escapeCheckSeesAClimbOutOfTheRoot() {
    #expect(Self.escapes("../../shared/schemas/sarif-2.1.0.json", from: "scripts/validate-schemas"))
    #expect(!Self.escapes("../schemas/vendor/sarif-2.1.0.json", from: "scripts/validate-schemas"))
  }

  @Test func sarifSchemaIsInTheRepository() throws {
    let schema = try Data(contentsOf: TestSupport.packageRoot.appendingPathComponent("schemas/vendor/sarif-2.1.0.json"))
    let object = try #require(try JSONSerialization.jsonObject(with: schema) as? [String: Any])
    #expect((object["title"] as? String)?.contains("2.1.0") == true)
  }

  /// A committed Package.resolved pins the commit ids of whatever package copies its author resolved
  /// against; SwiftPM on any other machine refuses a pin whose revision is not the tag's, so a user's first
  /// `swift build` fails. Package.swift's version ranges are what pin the dependencies.
  @Test func noPackageResolvedIsTracked() throws {
    guard FileManager.default.fileExists(atPath: TestSupport.path(".git")) else { return }  // a tarball, not a clone
    let tracked = try Self.git(["ls-files", "--", "Package.resolved", "*/Package.resolved"])
    #expect(tracked.status == 0)
    #expect(tracked.output == "", "Package.resolved is tracked: \(tracked.output)")
    // The machine-wide excludes file may ignore it too; the repository must on its own.
    let ignored = try Self.git([
      "-c", "core.excludesFile=/dev/null", "check-ignore", "--no-index", "Package.resolved",
      "Benchmarks/Package.resolved",
    ])
    // check-ignore prints each ignored path it was given.
    #expect(ignored.output.split(separator: "\n") == ["Package.resolved", "Benchmarks/Package.resolved"])
  }

  static func git(_ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git", "-C", TestSupport.packageRoot.path] + arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, text)
  }

  /// The README's pre-commit example names a tag of this repository (pre-commit's `autoupdate` moves a
  /// tag, and a user reads a version, not a commit) whose hooks fire for the same files as today's, so a
  /// user who copies it gets what the README describes.
  @Test func readmePreCommitRevisionIsATag() throws {
    let readme = try String(contentsOfFile: TestSupport.path("README.md"), encoding: .utf8)
    let line = try #require(
      readme.split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("rev:") })
    let revision = try #require(line.split(separator: " ").dropFirst().first { !$0.isEmpty }.map(String.init))
    // The tag a release of this version makes (release.yml runs on it).
    #expect(revision == "v" + WidgetLintInfo.version, "README rev \(revision) is not this version's tag")
    guard FileManager.default.fileExists(atPath: TestSupport.path(".git")) else { return }  // a tarball, not a clone
    // A clone made without tags (CI checkouts often are) cannot say more.
    guard !(try Self.git(["tag", "--list"]).1).isEmpty else { return }
    let (_, tags) = try Self.git(["tag", "--list", revision])
    #expect(
      tags.trimmingCharacters(in: .newlines) == revision,
      "README rev \(revision) is no tag of this repository: create it (git tag -a \(revision)) or name one")
    let (status, hooks) = try Self.git(["show", "\(revision):.pre-commit-hooks.yaml"])
    #expect(status == 0, "README rev \(revision) is not a commit of this repository")
    let current = try String(contentsOfFile: TestSupport.path(".pre-commit-hooks.yaml"), encoding: .utf8)
    func filesPatterns(_ text: String) -> [Substring] {
      text.split(separator: "\n").filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("files:") }
    }
    #expect(filesPatterns(hooks) == filesPatterns(current), "README rev \(revision) has other hook file patterns")
  }

  /// The relative Markdown links of a page: `[text](target)` outside fenced code, without `#anchor`;
  /// web and mail links and links within the page are left out.
  static func relativeLinks(inMarkdown text: String) -> [String] {
    var links: [String] = []
    var inFence = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { inFence.toggle() }
      if inFence { continue }
      var rest = line[...]
      while let open = rest.range(of: "](") {
        let target = rest[open.upperBound...].prefix { $0 != ")" && $0 != " " }
        rest = rest[open.upperBound...]
        let file = target.prefix { $0 != "#" }
        if file.isEmpty || file.hasPrefix("http://") || file.hasPrefix("https://") || file.hasPrefix("mailto:") {
          continue
        }
        links.append(String(file))
      }
    }
    return links
  }

  /// The README stays the user's front door, and the documentation's links keep up as files move.
  @Test func readmeIsSmallAndDocumentationLinksResolve() throws {
    let readmeSize = try #require(
      try FileManager.default.attributesOfItem(atPath: TestSupport.path("README.md"))[.size] as? Int)
    #expect(readmeSize <= 12_288, "README.md is \(readmeSize) bytes; move details into docs/")
    let docs = try FileManager.default.contentsOfDirectory(atPath: TestSupport.path("docs"))
      .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    #expect(docs.count >= 5, "expected the pages in docs/, found \(docs)")
    var broken: [String] = []
    var checked = 0
    for page in ["README.md", "CONTRIBUTING.md"] + docs {
      let text = try String(contentsOfFile: TestSupport.path(page), encoding: .utf8)
      let folder = TestSupport.packageRoot.appendingPathComponent(page).deletingLastPathComponent()
      for link in Self.relativeLinks(inMarkdown: text) {
        checked += 1
        let target = folder.appendingPathComponent(link).standardizedFileURL.path
        if !FileManager.default.fileExists(atPath: target) { broken.append("\(page): \(link)") }
      }
    }
    #expect(checked > 50, "expected the pages' links to be found, found \(checked)")
    #expect(broken == [], "links to files that do not exist")
  }

  @Test func linkScanSeesRelativeLinksOnly() {
    let page = """
      See [usage](docs/usage.md#exit-status), [a site](https://example.com), [here](#set-up) and
      [mail](mailto:a@example.com), [`rules/`](rules/README.md).
      ```
      [not a link](inside/a/fence.md)
      ```
      """
    #expect(Self.relativeLinks(inMarkdown: page) == ["docs/usage.md", "rules/README.md"])
  }

  /// The README's sample runs print what widgetlint prints: the summary line on standard error, then
  /// the findings on standard output.
  @Test func readmeSampleRunsAreWhatWidgetlintPrints() throws {
    let readme = try String(contentsOfFile: TestSupport.path("README.md"), encoding: .utf8)
    let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var checked = 0
    for (index, line) in lines.enumerated() where line.hasPrefix("$ widgetlint examples/") {
      let printed = lines[(index + 1)...].prefix { !$0.hasPrefix("$ ") && !$0.hasPrefix("```") }
      let arguments = line.dropFirst("$ widgetlint ".count).split(separator: " ").map(String.init)
      let result = try TestSupport.run(arguments)
      #expect(result.stderr + result.stdout == printed.map { $0 + "\n" }.joined(), "\(line)")
      checked += 1
    }
    #expect(checked >= 5)
  }
}
