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

/// Linear-time invariants, checked by counting work instead of timing it: each structure that relates an
/// item to the items before it does a bounded amount of work per item, and linting 10,000 widgets that all
/// collide gives one finding per duplicate, each with one related location and a message of bounded size.
/// A quadratic algorithm would do about n²/2 = 50,000,000 steps at this size; the bounds are a few per item.
@Suite struct LinearTimeTests {
  static let itemCount = 10_000

  /// Counts every hash and equality of the keys that share it.
  final class WorkCounter: @unchecked Sendable {
    var operations = 0
  }

  struct CountedKey: Hashable {
    let value: Int
    let counter: WorkCounter

    static func == (lhs: CountedKey, rhs: CountedKey) -> Bool {
      lhs.counter.operations += 1
      return lhs.value == rhs.value
    }

    func hash(into hasher: inout Hasher) {
      counter.operations += 1
      hasher.combine(value)
    }
  }

  enum KeyShape: CaseIterable, Sendable {
    case allDistinct, allEqual, hundredGroups

    func key(_ item: Int) -> Int {
      switch self {
      case .allDistinct: item
      case .allEqual: 0
      case .hundredGroups: item % 100
      }
    }
  }

  @Test(arguments: KeyShape.allCases)
  func firstOccurrencesComparesEachItemAFewTimes(shape: KeyShape) {
    let counter = WorkCounter()
    var firsts = FirstOccurrences<CountedKey, Int>(expectedCount: Self.itemCount)
    var duplicates = 0
    for item in 0..<Self.itemCount {
      let key = CountedKey(value: shape.key(item), counter: counter)
      if let earlier = firsts.earlier(than: item, for: key) {
        duplicates += 1
        // The earlier one is always the key's first item, whatever came between.
        #expect(earlier == shape.key(earlier) && shape.key(earlier) == shape.key(item), "item \(item)")
      }
    }
    let distinctKeys = Set((0..<Self.itemCount).map(shape.key)).count
    #expect(duplicates == Self.itemCount - distinctKeys)
    // Two lookups per new key, one per repeat, each a hash and a short probe.
    #expect(counter.operations <= 8 * Self.itemCount, "\(counter.operations) key operations")
  }

  @Test func suggesterWorkIsBoundedWhateverIsAsked() {
    let candidates = (0..<Self.itemCount).map { "Widget\(String(format: "%05d", $0))" }
    var suggester = Suggester(candidates: candidates)
    // Misspelt: no exact or prefix match, so every question would compare every candidate.
    #expect(suggester.closest(to: "Widgte00042") == "Widget00042")
    var answered = 1
    for item in 1..<Self.itemCount where suggester.closest(to: "Widgte\(String(format: "%05d", item))") != nil {
      answered += 1
    }
    #expect(suggester.comparisons <= Suggester.defaultComparisonBudget)
    #expect(answered == Suggester.defaultComparisonBudget / Self.itemCount)
    // Past the budget, a name that differs only in case is still matched, from the table.
    #expect(suggester.closest(to: "WIDGET09999") == "Widget09999")
    #expect(suggester.comparisons <= Suggester.defaultComparisonBudget)
  }

  @Test func skippingByteSearchAgreesWithAPlainScan() {
    var random = SplitMix64(seed: 7)
    // A three-letter alphabet makes near misses and overlapping partial matches common.
    let alphabet = Array("abc".utf8)
    for _ in 0..<3_000 {
      let haystack = (0..<random.next(below: 60)).map { _ in alphabet[random.next(below: 3)] }
      let needle = (0..<(1 + random.next(below: 6))).map { _ in alphabet[random.next(below: 3)] }
      let expected =
        needle.count <= haystack.count
        && (0...(haystack.count - needle.count)).contains { Array(haystack[$0..<($0 + needle.count)]) == needle }
      #expect(ByteSearch.Pattern(needle).occurs(in: haystack) == expected, "\(haystack) \(needle)")
    }
    #expect(ByteSearch.contains(Array("x".utf8), []))
  }

  @Test func needleSetAgreesWithAPlainScan() {
    var random = SplitMix64(seed: 11)
    let alphabet = Array("abc".utf8)
    func occurs(_ needle: [UInt8], in haystack: [UInt8]) -> Bool {
      needle.count <= haystack.count
        && (0...(haystack.count - needle.count)).contains { Array(haystack[$0..<($0 + needle.count)]) == needle }
    }
    for _ in 0..<3_000 {
      let haystack = (0..<random.next(below: 60)).map { _ in alphabet[random.next(below: 3)] }
      // Needles of different lengths: a longer one's first bytes can match where it runs past the end.
      let needles = (0..<(1 + random.next(below: 3))).map { _ in
        (0..<(2 + random.next(below: 6))).map { _ in alphabet[random.next(below: 3)] }
      }
      let expected = needles.contains { occurs($0, in: haystack) }
      #expect(ByteSearch.NeedleSet(needles).anyOccurs(in: haystack) == expected, "\(haystack) \(needles)")
    }
    let identifiers = ByteSearch.NeedleSet([Array("UIApplication".utf8), Array("beginIgnoringInteractionEvents".utf8)])
    #expect(identifiers.anyOccurs(in: Array("x = UIApplication".utf8)))
    #expect(identifiers.anyOccurs(in: Array("beginIgnoringInteractionEvents()".utf8)))
    #expect(!identifiers.anyOccurs(in: Array("beginIgnoringInteractionEvent UIApplicatio".utf8)))
  }

  @Test func boundedEditDistanceAgreesWithTheFullTable() {
    var random = SplitMix64(seed: 7)
    let alphabet = Array("abcab".unicodeScalars)
    for _ in 0..<2_000 {
      let a = (0..<random.next(below: 9)).map { _ in alphabet[random.next(below: alphabet.count)] }
      let b = (0..<random.next(below: 9)).map { _ in alphabet[random.next(below: alphabet.count)] }
      let full = Self.restrictedDamerauLevenshtein(a, b)
      for limit in 0...4 {
        #expect(
          Suggestions.editDistance(a, b, limit: limit) == min(full, limit + 1),
          "'\(String(String.UnicodeScalarView(a)))' '\(String(String.UnicodeScalarView(b)))' limit \(limit)")
      }
    }
  }

  /// The textbook O(n·m) table, as the oracle.
  static func restrictedDamerauLevenshtein(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in stride(from: 1, through: a.count, by: 1) {
      for j in stride(from: 1, through: b.count, by: 1) {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
        }
      }
    }
    return table[a.count][b.count]
  }

  // MARK: positions on long lines

  /// A minified file is one long line: a column is counted from the nearest scalar checkpoint, not from
  /// the line's start, and must still be the scalar count a naive walk gives.
  @Test func columnsOnALongNonASCIILineMatchACountFromTheLineStart() {
    var random = SplitMix64(seed: 3)
    let pieces = ["a", "é", "€", "𝄞", "\t"]
    var text = "{\"first\": 1}\n"
    for _ in 0..<60_000 { text += pieces[random.next(below: pieces.count)] }
    text += "\nlast"
    let source = SourceText(path: "minified.json", text: text)
    let bytes = Array(text.utf8)
    let lineStart = Array("{\"first\": 1}\n".utf8).count
    var scalarStarts: [Int] = []
    for index in lineStart..<bytes.count where bytes[index] & 0xC0 != 0x80 { scalarStarts.append(index) }
    for _ in 0..<500 {
      let scalar = random.next(below: scalarStarts.count - 5)
      let position = source.position(atOffset: scalarStarts[scalar])
      #expect(position.line == 2 && position.column == scalar + 1, "offset \(scalarStarts[scalar])")
    }
    let (excerpt, isTruncated) = source.lineText(2, maxScalars: 300)
    #expect(isTruncated && excerpt.unicodeScalars.count == 300)
    #expect(source.lineText(3, maxScalars: 300) == ("last", false))
  }

  // MARK: widgetURL uses and their branches

  static let file = SourceText(path: "View.swift", text: "")

  static func use(_ branches: [WidgetCodeFacts.BranchStep]) -> WidgetCodeFacts.URLUse {
    WidgetCodeFacts.URLUse(
      isLink: false, span: SourceSpan(file: file, start: 0, end: 0), url: nil, enclosingType: "View",
      branches: branches)
  }

  @Test func compatibleUseIndexAgreesWithComparingEveryPair() {
    var random = SplitMix64(seed: 11)
    for _ in 0..<60 {
      // Random nests of `if`s and `switch`es: a construct is identified by where it is, so the same
      // choice under another branch is another construct.
      var constructIDs: [[Int]: Int] = [:]
      var uses: [WidgetCodeFacts.URLUse] = []
      for _ in 0..<120 {
        var outermostFirst: [WidgetCodeFacts.BranchStep] = []
        var place: [Int] = []
        while outermostFirst.count < 4, random.next(below: 3) != 0 {
          place.append(random.next(below: 2))
          let construct = constructIDs[place] ?? constructIDs.count
          constructIDs[place] = construct
          let branch = random.next(below: 3)
          outermostFirst.append(.init(construct: construct, index: branch))
          place.append(branch)
        }
        uses.append(Self.use(outermostFirst.reversed()))
      }
      var index = CompatibleUseIndex()
      for (number, use) in uses.enumerated() {
        let expected = uses[..<number].firstIndex { !$0.excludes(use) }
        #expect(index.firstCompatible(recording: use.branches) == expected, "use \(number)")
      }
    }
  }

  @Test func compatibleUseIndexVisitsAFewNodesPerUse() {
    // `if` { switch { case 0: .widgetURL(a) .widgetURL(b) ... case 4999: … } }: each case's second use
    // repeats its first; no use in one case applies together with one in another.
    let cases = Self.itemCount / 2
    var index = CompatibleUseIndex()
    var repeats = 0
    for number in 0..<Self.itemCount {
      let caseNumber = number / 2
      let branches: [WidgetCodeFacts.BranchStep] = [
        .init(construct: 1, index: caseNumber), .init(construct: 0, index: 0),
      ]
      let earlier = index.firstCompatible(recording: branches)
      #expect(earlier == (number % 2 == 1 ? number - 1 : nil), "use \(number)")
      if earlier != nil { repeats += 1 }
    }
    #expect(repeats == cases)
    // Down the path to look, down again to record: depth 2 plus the root, twice.
    #expect(index.visits <= 2 * 3 * Self.itemCount, "\(index.visits) nodes visited")
  }

  // MARK: the whole linter over 10,000 widgets

  /// 2,000 targets of 5 widgets in which every widget has one kind, every target one bundle identifier,
  /// and every URL a scheme the app does not declare among its 20.
  static func collidingManifest() -> String {
    var text = """
      app:
        bundleIdentifier: com.example.app
        urlSchemes: [\((0..<20).map { "scheme\($0)" }.joined(separator: ", "))]
      targets:

      """
    for target in 0..<(Self.itemCount / 5) {
      text += """
          - name: Target\(target)
            bundleIdentifier: com.example.app.widget
            widgets:

        """
      for _ in 0..<5 {
        text +=
          "      - {kind: Same, displayName: Same, description: The same widget., families: [systemSmall], url: 'unknown://x'}\n"
      }
    }
    return text
  }

  @Test func collidingWidgetsGiveOneFindingPerDuplicateEachOfBoundedSize() throws {
    let findings = try TestSupport.lint(Self.collidingManifest())
    let byRule = Dictionary(grouping: findings, by: \.ruleID)
    #expect(byRule["duplicate-widget-kind"]?.count == Self.itemCount - 1)
    #expect(byRule["duplicate-bundle-id"]?.count == Self.itemCount / 5 - 1)
    #expect(byRule["widget-url-scheme"]?.count == Self.itemCount)
    let firstKind = try #require(byRule["duplicate-widget-kind"]?.first?.related.first?.span)
    #expect(
      byRule["duplicate-widget-kind"]?.allSatisfy {
        $0.related.count == 1 && $0.related[0].span.start == firstKind.start
      } == true)
    #expect(byRule["widget-url-scheme"]?.first?.message.contains("scheme7 and 12 more") == true)
    for finding in findings {
      #expect(finding.related.count <= 2, "\(finding.ruleID): \(finding.related.count) related locations")
      #expect(finding.message.utf8.count <= 400, "\(finding.ruleID): \(finding.message.utf8.count) bytes")
    }
  }

  @Test func aMappingOfTenThousandEqualKeysGivesOneFindingPerRepeat() throws {
    let manifest = String(repeating: "a: 1\n", count: Self.itemCount)
    let duplicates = try TestSupport.lint(manifest).filter { $0.ruleID == "duplicate-key" }
    #expect(duplicates.count == Self.itemCount - 1)
    #expect(duplicates.allSatisfy { $0.related.count == 1 && $0.related[0].span.start == 0 })
  }

  /// A thousand merges of one anchor of 10,000 keys would be ten million entries (and as many unknown-key
  /// findings) from a file of 100 kB: merges are followed up to a budget linear in the document, and a
  /// merged key is reported once.
  @Test func mergingOneLargeAnchorEverywhereStaysLinear() throws {
    var manifest = "x-base: &base\n"
    for key in 0..<Self.itemCount { manifest += "  k\(key): 1\n" }
    manifest += "app:\n  bundleIdentifier: com.example.app\ntargets:\n"
    for target in 0..<1_000 {
      manifest += "  - {<<: *base, name: T\(target), bundleIdentifier: com.example.app.t\(target)}\n"
    }
    let findings = try TestSupport.lint(manifest)
    let unknown = findings.filter { $0.ruleID == "unknown-key" }
    // The anchor's keys once each, and the root's x-base.
    #expect(unknown.count == Self.itemCount + 1)
    #expect(Set(unknown.map(\.span.start)).count == unknown.count)
    #expect(findings.filter { $0.message.contains("expand the document far beyond its size") }.count == 1)
    #expect(findings.count < 2 * Self.itemCount)
  }

  @Test func tenThousandSuppressionsEachApplyToTheirOwnLine() throws {
    var manifest = """
      # widgetlint-disable-file widget-kind-limit -- one extension holds every variant
      app:
        bundleIdentifier: com.example.app
      targets:
        - name: Widgets
          bundleIdentifier: com.example.app.widgets
          widgets:

      """
    for _ in 0..<Self.itemCount {
      manifest += """
              # widgetlint-disable-next-line duplicate-widget-kind -- generated variants share a kind
              - {kind: Same, displayName: Same, description: The same widget., families: [systemSmall]}

        """
    }
    let findings = try TestSupport.lint(manifest)
    // Every duplicate is suppressed; the first widget's directive has nothing to suppress.
    #expect(findings.map(\.ruleID) == ["unused-suppression"])
    #expect(findings.first.map(TestSupport.position) == "8:38-8:59")
  }
}

/// A small deterministic generator (Steele, Lea and Flood's SplitMix64), so random cases repeat.
struct SplitMix64 {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  mutating func next(below bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
