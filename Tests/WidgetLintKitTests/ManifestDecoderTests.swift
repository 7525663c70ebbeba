import Testing

@testable import WidgetLintCore
@testable import WidgetLintEngine
@testable import WidgetLintFrontends
@testable import WidgetLintKit
@testable import WidgetLintModel
@testable import WidgetLintReaders
@testable import WidgetLintReports
@testable import WidgetLintRules

@Suite struct ManifestDecoderTests {
  func decode(_ text: String) -> (Manifest?, [ReadingProblem]) {
    let (document, problems) = YAMLParser().parse(SourceText(path: "widgets.yaml", text: text))
    #expect(problems.isEmpty)
    return ManifestDecoder.decode(document)
  }

  func describe(_ observation: ReadingProblem) -> String {
    let range = observation.span.range
    return
      "\(observation.ruleID) \(range.start.line):\(range.start.column)-\(range.end.line):\(range.end.column) \(observation.pointer)"
  }

  let minimal = """
    app:
      bundleIdentifier: com.example.app
    targets:
      - name: widgets
        bundleIdentifier: com.example.app.widgets
        widgets:
          - kind: Status
            families: [systemSmall]

    """

  /// Many targets: every eleventh is clean, the others each have one kind of mistake, so findings are
  /// spread over all the runs of a parallel decode.
  func manyTargets(_ count: Int) -> String {
    let mistakes = [
      "    bundleIdentifer: x\n", "    platform: tvos\n",
      "    entitlements: {com.apple.security.application-groups: g}\n",
      "    sources: src\n", "    deploymentTarget: seventeen\n", "    entitlements: [a]\n",
      "    widgets:\n      - {kind: K, families: small, refresh: sometimes}\n",
      "    widgets:\n      - {displayName: D, colour: red}\n", "    platform: [ios]\n", "    extra: [1, 2]\n", "",
    ]
    var text = "app:\n  bundleIdentifier: com.example.app\ntargets:\n"
    for index in 0..<count {
      let mistake = mistakes[index % mistakes.count]
      text += "  - name: T\(index)\n    bundleIdentifier: com.example.app.t\(index)\n" + mistake
      if !mistake.contains("widgets") {
        text += "    widgets:\n      - {kind: W\(index), families: [systemSmall], refresh: 1h}\n"
      }
    }
    return text + "eas:\n  appExtensions: []\n"
  }

  @Test func targetsDecodedInParallelRunsGiveTheSequentialResult() throws {
    let text = manyTargets(1_000)
    let (document, problems) = YAMLParser().parse(SourceText(path: "widgets.yaml", text: text))
    #expect(problems.count == 0)
    #expect(!document.containsAliases)
    let sequential = ManifestDecoder.decode(document, targetsPerRun: .max)
    let parallel = ManifestDecoder.decode(document, targetsPerRun: 16)
    let describeAll = { (observations: [ReadingProblem]) in observations.map { self.describe($0) + " " + $0.message } }
    #expect(describeAll(sequential.observations).count > 700)
    #expect(describeAll(parallel.observations) == describeAll(sequential.observations))
    let names = { (manifest: Manifest?) in manifest?.targets.map { "\($0.name?.value ?? "-") \($0.widgets.count)" } }
    #expect(names(parallel.manifest) == names(sequential.manifest))
    #expect(parallel.manifest?.targets.count == sequential.manifest?.targets.count)
  }

  @Test func decodesTypedValuesWithPointers() throws {
    let (manifest, problems) = decode(
      minimal.replacingOccurrences(
        of: "families: [systemSmall]", with: "families: [systemSmall]\n        refresh: 1h30m"))
    #expect(problems.isEmpty)
    let widget = try #require(manifest?.targets.first?.widgets.first)
    #expect(widget.kind?.value == "Status")
    #expect(widget.kind?.pointer.description == "/targets/0/widgets/0/kind")
    #expect(widget.refresh?.policy.value == .after)
    #expect(widget.refresh?.interval?.value == 5400)
    #expect(widget.refresh?.interval?.pointer.description == "/targets/0/widgets/0/refresh")
  }

  @Test func unknownKeySuggestsTheClosest() throws {
    let (_, problems) = decode(minimal.replacingOccurrences(of: "families:", with: "familes:"))
    let unknown = try #require(problems.first { $0.ruleID == .unknownKey })
    #expect(unknown.message == "unknown key 'familes' in a widget; did you mean 'families'?")
    #expect(describe(unknown) == "unknown-key 8:9-8:16 /targets/0/widgets/0/familes")
    // The misspelling also leaves the required key missing.
    #expect(problems.map(\.ruleID.rawValue).sorted() == ["missing-key", "unknown-key"])
  }

  @Test func missingKeyPointsAtTheItemsFirstLine() throws {
    let (_, problems) = decode(
      minimal.replacingOccurrences(of: "    bundleIdentifier: com.example.app.widgets\n", with: ""))
    let missing = try #require(problems.first)
    #expect(problems.count == 1)
    #expect(missing.message == "target 'widgets' is missing the required key 'bundleIdentifier'")
    #expect(describe(missing) == "missing-key 4:5-4:9 /targets/0")
  }

  @Test func wrongTypesAreInvalidValues() throws {
    let text = """
      version: 2
      app:
        bundleIdentifier: 42
        deploymentTarget: 16.0
        urlSchemes: podcasts
      targets:
        - name: no
          bundleIdentifier: com.example.app.widgets
          platform: tvos
          widgets:
            - kind: Status
              configuration: dynamic
              families: systemSmall
              refresh: soon

      """
    let (_, problems) = decode(text)
    #expect(problems.allSatisfy { $0.ruleID == .invalidValue })
    #expect(
      problems.map { "\($0.span.range.start.line):\($0.span.range.start.column)" } == [
        "1:10", "3:21", "4:21", "5:15", "7:11", "9:15", "12:24", "13:19", "14:18",
      ])
    #expect(problems[2].message.contains("write \"16.0\" in quotes"))
    #expect(problems[3].message.contains("write [podcasts]"))
    #expect(problems[4].message.contains("YAML 1.1 tools read as a boolean"))
    #expect(problems[5].message.contains("must be one of ios, watchos"))
  }

  @Test func refreshForms() throws {
    func refresh(_ text: String) -> (Manifest.Refresh?, [ReadingProblem]) {
      let (manifest, problems) = decode(
        minimal.replacingOccurrences(
          of: "families: [systemSmall]", with: "families: [systemSmall]\n        refresh: \(text)"))
      return (manifest?.targets.first?.widgets.first?.refresh, problems)
    }
    #expect(refresh("atEnd").0?.policy.value == .atEnd)
    #expect(refresh("never").0?.policy.value == .never)
    #expect(refresh("\"never\"").0?.policy.value == .never)
    #expect(refresh("900").0?.interval?.value == 900)
    #expect(refresh("90s").0?.interval?.value == 90)
    #expect(refresh("{policy: atEnd, interval: 10m}").0?.interval?.value == 600)
    #expect(refresh("{policy: after}").1.map(\.ruleID.rawValue) == ["missing-key"])
    #expect(refresh("after").1.first?.message.contains("needs an interval") == true)
    #expect(refresh("{policy: never, interval: 1h}").1.map(\.ruleID.rawValue) == ["invalid-value"])
    #expect(refresh("-5").1.map(\.ruleID.rawValue) == ["invalid-value"])
    #expect(refresh("atend").1.first?.message == "'refresh' is 'atend'; did you mean 'atEnd'?")
  }

  @Test func mergeKeysAreFollowed() throws {
    let text = """
      app:
        bundleIdentifier: com.example.app
      targets:
        - name: widgets
          bundleIdentifier: com.example.app.widgets
          widgets:
            - &base
              kind: A
              displayName: A
              description: First.
              families: [systemSmall]
            - <<: *base
              kind: B

      """
    let (manifest, problems) = decode(text)
    #expect(problems.isEmpty)
    let widgets = try #require(manifest?.targets.first?.widgets)
    #expect(widgets.map { $0.kind?.value } == ["A", "B"])
    #expect(widgets[1].families.map(\.value) == ["systemSmall"])
    #expect(widgets[1].families.first?.pointer.description == "/targets/0/widgets/1/families/0")
  }

  @Test func emptyAndScalarDocuments() throws {
    let (_, empty) = decode("")
    #expect(empty.map(\.ruleID.rawValue) == ["missing-key"])
    let (_, scalar) = decode("just text\n")
    #expect(scalar.map(\.ruleID.rawValue) == ["invalid-value"])
    #expect(scalar.first?.message == "the manifest must be a mapping, found 'just text'")
  }

  @Test func durationsParse() {
    #expect(Duration.seconds(parsing: "1h30m") == 5400)
    #expect(Duration.seconds(parsing: "1h30m15s") == 5415)
    #expect(Duration.seconds(parsing: "300") == 300)
    #expect(Duration.seconds(parsing: "30m1h") == nil)
    #expect(Duration.seconds(parsing: "5m5m") == nil)
    #expect(Duration.seconds(parsing: "m") == nil)
    #expect(Duration.seconds(parsing: "5 m") == nil)
    #expect(Duration.seconds(parsing: "99999999999999999999") == nil)
    #expect(Duration.describe(5415) == "1h30m15s")
  }

  @Test func suggestions() {
    #expect(Suggestions.closest(to: "familes", in: ["kind", "families"]) == "families")
    #expect(Suggestions.closest(to: "bundleID", in: ["bundleIdentifier", "name"]) == "bundleIdentifier")
    #expect(Suggestions.closest(to: "zzz", in: ["kind", "families"]) == nil)
    #expect(Suggestions.editDistance("ab", "ba") == 1)
  }
}

extension ManifestDecoderTests {
  /// Entitlement arrays compare as sets, also when they hold objects: two equal objects may list their
  /// keys in different orders (a dictionary's order depends on how it was built), which must not matter.
  @Test func arraysOfObjectsCompareAsSetsWhateverTheKeyOrder() {
    let keys = (0..<50).map { "key\($0)" }
    var forward: [String: PlainValue] = [:]
    for key in keys { forward[key] = .string(key) }
    var backward: [String: PlainValue] = [:]
    backward.reserveCapacity(1_000)
    for key in keys.reversed() { backward[key] = .string(key) }
    let other = PlainValue.object(["a": .number("1")])
    let lhs = PlainValue.array([.object(forward), other, .string("x")])
    let rhs = PlainValue.array([.string("x"), other, .object(backward), other])
    #expect(lhs.normalized == rhs.normalized)
    #expect(PlainValue.array([.string("1")]).normalized != PlainValue.array([.number("1")]).normalized)
  }
}
