import Foundation
import Testing

@testable import WidgetLintKit

/// Every input a fuzz target ever crashed, leaked or timed out on is kept in
/// `Tests/Fixtures/fuzz-regressions/<target>/` and runs here through the same code as the fuzz target
/// (`FuzzTarget.run`, which checks the same properties and traps when one is broken).
@Suite struct FuzzRegressionTests {
  static let root = "Tests/Fixtures/fuzz-regressions"

  /// Each target's kept inputs, one case per file; a target without a folder is a failing case.
  static var cases: [String] {
    FuzzTarget.allCases.flatMap { target in
      let folder = "\(root)/\(target.rawValue)"
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: TestSupport.path(folder), isDirectory: &isDirectory),
        isDirectory.boolValue
      else { return ["\(folder) (missing)"] }
      let names = ((try? FileManager.default.contentsOfDirectory(atPath: TestSupport.path(folder))) ?? [])
        .filter { !$0.hasPrefix(".") && $0 != "README.md" }.sorted()
      return names.map { "\(folder)/\($0)" }
    }
  }

  @Test func everyTargetHasItsFolder() {
    for target in FuzzTarget.allCases {
      var isDirectory: ObjCBool = false
      let folder = TestSupport.path("\(Self.root)/\(target.rawValue)")
      #expect(
        FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) && isDirectory.boolValue,
        "\(folder) is missing: scripts/fuzz keeps \(target.rawValue)'s crashes there")
    }
  }

  @Test(arguments: cases)
  func keptInputStillPasses(_ file: String) throws {
    let parts = file.split(separator: "/").map(String.init)
    let target = try #require(FuzzTarget(rawValue: parts[parts.count - 2]), "\(file): no such fuzz target")
    let data = try #require(FileManager.default.contents(atPath: TestSupport.path(file)), "\(file) is missing")
    target.run(Array(data))
  }
}

/// The keys by which a fuzz worker checks each kind of report once (`CheckedReports`).
@Suite struct CheckedReportsTests {
  static let source = SourceText(path: "widgets.yaml", text: "version: 1\napp:\n  name: \"a/b\"\n")

  static func document(_ findings: [(start: Int, message: String)]) -> JSONReporter.Document {
    let found = findings.map { start, message in
      Finding(
        Observation(
          ruleID: .invalidValue, message: message, span: SourceSpan(file: source, start: start, end: start + 1),
          pointer: .root),
        severity: .error)
    }
    return JSONReporter().document(for: FuzzProperties.report(of: found))
  }

  /// A finding with a related location and a fix, each placed at `start`.
  static func documentWithRelatedAndFix(at start: Int, related: String, fixText: String) -> JSONReporter.Document {
    let span = SourceSpan(file: source, start: start, end: start + 1)
    let finding = Finding(
      Observation(
        ruleID: .invalidValue, message: "'app' is wrong", span: span, pointer: JSONPointer(["app"]),
        related: [RelatedLocation(related, at: span)], fix: Fix("replace it", replacing: span, with: fixText)),
      severity: .error)
    return JSONReporter().document(for: FuzzProperties.report(of: [finding]))
  }

  @Test func wordsLeaveOutThePositionsOfRelatedLocationsAndFixesButNotTheirTexts() {
    let first = Self.documentWithRelatedAndFix(at: 0, related: "first here", fixText: "x")
    let moved = Self.documentWithRelatedAndFix(at: 12, related: "first here", fixText: "x")
    #expect(first.diagnostics[0].related[0].line != moved.diagnostics[0].related[0].line)
    #expect(CheckedReports.wordsHash(first, []) == CheckedReports.wordsHash(moved, []))
    let otherRelated = Self.documentWithRelatedAndFix(at: 0, related: "second here", fixText: "x")
    let otherFix = Self.documentWithRelatedAndFix(at: 0, related: "first here", fixText: "y")
    #expect(CheckedReports.wordsHash(first, []) != CheckedReports.wordsHash(otherRelated, []))
    #expect(CheckedReports.wordsHash(first, []) != CheckedReports.wordsHash(otherFix, []))
    // Two readings must agree on findings past the per-file limit too: their stable paths count.
    var finding = Finding(
      Observation(
        ruleID: .invalidValue, message: "m", span: SourceSpan(file: Self.source, start: 0, end: 1), pointer: .root),
      severity: .error)
    let before = CheckedReports.wordsHash(first, [finding])
    finding.stablePath = "/app/name"
    #expect(before != CheckedReports.wordsHash(first, [finding]))
  }

  @Test func encodingClassKeepsOnlyWhatJSONEncodingTreatsApart() {
    let plain = CheckedReports.encodingClass("'name' is not a bundle identifier")
    #expect(plain == CheckedReports.encodingClass("x"))
    #expect(plain != CheckedReports.encodingClass(""))
    // Each character JSON escapes counts once, whatever else the text says and however often.
    #expect(CheckedReports.encodingClass("a \"b\" \\ c") == CheckedReports.encodingClass("\\\"\""))
    #expect(CheckedReports.encodingClass("a/b") != plain)
    #expect(CheckedReports.encodingClass("tab\there") != CheckedReports.encodingClass("nl\nhere"))
    // Characters past ASCII count by their UTF-8 width.
    #expect(CheckedReports.encodingClass("é") == CheckedReports.encodingClass("ü"))
    #expect(CheckedReports.encodingClass("é") != CheckedReports.encodingClass("→"))
    #expect(CheckedReports.encodingClass("→") != CheckedReports.encodingClass("😀"))
  }

  @Test func reportsAreCheckedOncePerWordsAndOncePerShape() {
    let words = CheckedReports()
    let first = Self.document([(0, "'app' is wrong")])
    let elsewhere = Self.document([(12, "'app' is wrong")])
    #expect(first.diagnostics[0].line != elsewhere.diagnostics[0].line)
    #expect(words.isFirst(hash: CheckedReports.wordsHash(first, [])))
    #expect(!words.isFirst(hash: CheckedReports.wordsHash(elsewhere, [])), "positions are checked for every input")
    #expect(words.isFirst(hash: CheckedReports.wordsHash(Self.document([(0, "'app' is right")]), [])))

    let shapes = CheckedReports()
    #expect(shapes.holdsNewShape(first))
    #expect(!shapes.holdsNewShape(elsewhere))
    #expect(!shapes.holdsNewShape(Self.document([(0, "'name' is wrong")])), "same shape, other words")
    #expect(shapes.holdsNewShape(Self.document([(0, "'a/b' is wrong")])), "a slash JSON may escape")
    // A report is new while any one of its diagnostics is.
    #expect(shapes.holdsNewShape(Self.document([(0, "plain"), (2, "tab\there")])))
    #expect(!shapes.holdsNewShape(Self.document([(2, "tab\there"), (4, "plain"), (6, "also plain")])))
  }
}
