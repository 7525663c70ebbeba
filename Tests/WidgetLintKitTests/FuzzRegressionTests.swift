import Foundation
import Testing
import WidgetLintFuzzing

@testable import WidgetLintCore
@testable import WidgetLintEngine
@testable import WidgetLintFrontends
@testable import WidgetLintKit
@testable import WidgetLintModel
@testable import WidgetLintReaders
@testable import WidgetLintReports
@testable import WidgetLintRules

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

/// The seed corpus kept in the repository (`Tests/Fixtures/fuzz-corpus/<target>/`): small, and every
/// seed passes the fuzz target's checks. scripts/fuzz grows the corpus from it outside the repository.
@Suite struct FuzzSeedCorpusTests {
  static let root = "Tests/Fixtures/fuzz-corpus"

  static func seeds(of target: FuzzTarget) -> [String] {
    let folder = TestSupport.path("\(root)/\(target.rawValue)")
    return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted().map { "\(folder)/\($0)" }
  }

  @Test func theSeedCorpusStaysSmall() throws {
    let files = FuzzTarget.allCases.flatMap(Self.seeds)
    let bytes = try files.reduce(0) { sum, file in
      sum + (try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int ?? 0)
    }
    #expect(files.count <= 400, "\(files.count) seed files: keep a few hundred at most")
    #expect(bytes <= 1 << 20, "\(bytes) bytes of seeds: keep about 1 MB at most")
    for target in FuzzTarget.allCases {
      #expect(!Self.seeds(of: target).isEmpty, "\(target.rawValue) has no seeds")
    }
  }

  @Test(arguments: FuzzTarget.allCases)
  func everySeedPasses(_ target: FuzzTarget) throws {
    for file in Self.seeds(of: target) {
      let data = try #require(FileManager.default.contents(atPath: file), "\(file) is missing")
      target.run(Array(data))
    }
  }
}

/// The keys by which a fuzz worker checks each kind of report once (`CheckedReports`).
@Suite struct CheckedReportsTests {
  static let source = SourceText(path: "widgets.yaml", text: "version: 1\napp:\n  name: \"a/b\"\n")

  static func findings(_ findings: [(start: Int, message: String)]) -> [Finding] {
    findings.map { start, message in
      Finding(
        Observation(
          ruleID: .invalidValue, message: message, span: SourceSpan(file: source, start: start, end: start + 1),
          pointer: .root),
        severity: .error)
    }
  }

  /// A finding with a related location and a fix, each placed at `start`.
  static func findingWithRelatedAndFix(at start: Int, related: String, fixText: String) -> Finding {
    let span = SourceSpan(file: source, start: start, end: start + 1)
    return Finding(
      Observation(
        ruleID: .invalidValue, message: "'app' is wrong", span: span, pointer: JSONPointer(["app"]),
        related: [RelatedLocation(related, at: span)], fix: Fix("replace it", replacing: span, with: fixText)),
      severity: .error)
  }

  @Test func wordsLeaveOutThePositionsOfRelatedLocationsAndFixesButNotTheirTexts() {
    let first = Self.findingWithRelatedAndFix(at: 0, related: "first here", fixText: "x")
    let moved = Self.findingWithRelatedAndFix(at: 12, related: "first here", fixText: "x")
    #expect(first.related[0].span.range.start.line != moved.related[0].span.range.start.line)
    #expect(CheckedReports.wordsHash([first]) == CheckedReports.wordsHash([moved]))
    let otherRelated = Self.findingWithRelatedAndFix(at: 0, related: "second here", fixText: "x")
    let otherFix = Self.findingWithRelatedAndFix(at: 0, related: "first here", fixText: "y")
    #expect(CheckedReports.wordsHash([first]) != CheckedReports.wordsHash([otherRelated]))
    #expect(CheckedReports.wordsHash([first]) != CheckedReports.wordsHash([otherFix]))
    // Two readings must agree on findings past the per-file limit too: their stable paths count.
    var finding = Self.findings([(0, "m")])[0]
    let before = CheckedReports.wordsHash([first, finding])
    finding.stablePath = "/app/name"
    #expect(before != CheckedReports.wordsHash([first, finding]))
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
    let first = Self.findings([(0, "'app' is wrong")])
    let elsewhere = Self.findings([(12, "'app' is wrong")])
    #expect(first[0].range.start.line != elsewhere[0].range.start.line)
    #expect(words.isFirst(hash: CheckedReports.wordsHash(first)))
    #expect(!words.isFirst(hash: CheckedReports.wordsHash(elsewhere)), "positions are checked for every input")
    #expect(words.isFirst(hash: CheckedReports.wordsHash(Self.findings([(0, "'app' is right")]))))

    let shapes = CheckedReports()
    #expect(shapes.holdsNewShape(first))
    #expect(!shapes.holdsNewShape(elsewhere))
    #expect(!shapes.holdsNewShape(Self.findings([(0, "'name' is wrong")])), "same shape, other words")
    #expect(shapes.holdsNewShape(Self.findings([(0, "'a/b' is wrong")])), "a slash JSON may escape")
    // A report is new while any one of its diagnostics is.
    #expect(shapes.holdsNewShape(Self.findings([(0, "plain"), (2, "tab\there")])))
    #expect(!shapes.holdsNewShape(Self.findings([(2, "tab\there"), (4, "plain"), (6, "also plain")])))
  }
}
