import Foundation

/// One libFuzzer target per reader of untrusted text. Each takes bytes, runs its reader and the rules
/// and reporters that read its output, and traps with a `widgetlint fuzz property` message when
/// something that must hold for every input does not (see `FuzzProperties`). Nothing touches the file
/// system: the other files a project needs (a manifest, a widget's Swift) are fixed texts in memory.
///
/// `scripts/fuzz` builds one optimised executable (WidgetLintFuzz) that runs the target named by
/// `WIDGETLINT_FUZZ_TARGET`; the unit tests run every file of `Tests/Fixtures/fuzz-regressions/<target>/`
/// through `run` too. To add a reader: add a case, its `findings(for:)` branch, and a dictionary in
/// `Tests/Fixtures/fuzz-dictionaries/<target>.dict`; the script and the regression test take every case.
public enum FuzzTarget: String, CaseIterable, Sendable {
  /// YAML and JSON manifests (JSON when the first byte that is not white space is `{`): libyaml events,
  /// decoding and every rule, without Swift.
  case manifest
  /// `expo-target.config.js` / `.ts`, read as data, applied to a target as the Expo frontend does; an
  /// input starting with `{` is read as JSON5, as Expo reads app.json.
  case javascript
  /// Property lists, XML and binary, as entitlements and as an Info.plist with an NSExtension point.
  case plist
  /// Dart files scanned for home_widget calls, with the scanner's work counter held linear.
  case dart
  /// One widget Swift file through swift-syntax, the facts walk and the code rules.
  case swift
  /// An Xcode `project.pbxproj`: the reader, the object graph (targets, configurations, group paths)
  /// and the toolchain it names. Files the project points at are not read.
  case pbxproj

  /// Runs one input and checks the properties; traps when one is broken.
  public func run(_ bytes: [UInt8]) {
    let found = findings(for: bytes, linter: FuzzState.linter)
    FuzzProperties.checkRanges(found, target: self)
    if self == .manifest { FuzzProperties.checkFixes(found, linter: FuzzState.linter) }
    let report = FuzzProperties.report(of: found)
    // The text report quotes the input's lines, so it is rendered for every input.
    _ = TextReporter(color: true).render(report)
    // Most mutations lint like an input checked already, and the rest is checked once per kind of
    // report (see `CheckedReports`). An input whose reports say something new is read again, on another
    // thread and with another linter, while this thread renders the reports that escape its words; the
    // two readings must give the same findings. A reader that is not deterministic makes new reports,
    // so its inputs are the ones read twice.
    let document = JSONReporter().document(for: report)
    guard CheckedReports.words.isFirst(hash: CheckedReports.wordsHash(document, found)) else { return }
    let again = FuzzState.onAnotherThread { self.findings(for: bytes, linter: FuzzState.otherLinter) }
    _ = GitHubReporter().render(report)
    _ = JUnitReporter().render(report)
    if CheckedReports.shapes.holdsNewShape(document) {
      FuzzProperties.checkReports(report, document: document, target: self)
    }
    let first = found.map(FuzzProperties.Agreement.init)
    let second = again.wait().map(FuzzProperties.Agreement.init)
    if first != second {
      let (firstText, secondText) = (first.map(\.description), second.map(\.description))
      FuzzProperties.broken(
        "\(self): two readings of the same bytes differ:\n\(firstText.joined(separator: "\n"))\n--\n\(secondText.joined(separator: "\n"))"
      )
    }
  }

  /// Whether the first byte that is not white space is `{`: how a target tells JSON input from the rest.
  static func startsWithBrace(_ bytes: [UInt8]) -> Bool {
    bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } == UInt8(ascii: "{")
  }

  /// The findings of one input, read and linted by `linter`.
  func findings(for bytes: [UInt8], linter: Linter) -> [Finding] {
    switch self {
    case .manifest:
      let source = SourceText(path: Self.startsWithBrace(bytes) ? "widgets.json" : "widgets.yaml", bytes: bytes)
      var project = FuzzState.readManifest(source, linter: linter)
      // app.json and expo-target.config.json are read as config values from the same document.
      if source.path.hasSuffix(".json"), project.readingObservations.isEmpty,
        let document = project.document, let value = ConfigValues.value(of: document)
      {
        project.readingObservations += linter.frontendContext.computedNotes(value)
      }
      return linter.lint(project)

    case .javascript:
      // An input that starts with `{` is read as Expo reads app.json (JSON5); any other as a target's
      // expo-target.config.js. Either way its value is applied as a target's config.
      let isJSON5 = Self.startsWithBrace(bytes)
      let source = SourceText(path: isJSON5 ? "app.json" : "targets/widget/expo-target.config.js", bytes: bytes)
      let (value, problems) = isJSON5 ? JavaScriptConfigReader.readJSON5(source) : JavaScriptConfigReader.read(source)
      var project = FuzzState.baseProject(linter: linter)
      project.readingObservations += problems
      if let value {
        project.readingObservations += linter.frontendContext.computedNotes(value)
        if !value.value.isComputed, let target = FuzzState.expoTarget(value.withoutMembersBeforeSpread(), project) {
          project.manifest?.targets.append(target)
          project.targetSwiftFiles.append([])
          project.targetCode.append(TargetCode(files: []))
        }
      }
      return linter.lint(project)

    case .plist:
      let source = SourceText(path: "ios/WidgetExtension/Info.plist", bytes: bytes)
      let (value, problems) = PropertyListReader.read(source)
      var project = FuzzState.baseProject(linter: linter)
      project.readingObservations += problems
      if let value {
        // Read as the widget's entitlements, and as an Info.plist naming the extension point.
        if let entitlements = ConfigValues.entitlements(value), let widgetTarget = project.manifest?.targets.first {
          let target = FuzzState.copy(of: widgetTarget)
          target.entitlements = entitlements
          project.manifest?.targets[0] = target
          project.manifest?.app?.entitlements = entitlements
        }
        if let point = value.at("NSExtension", "NSExtensionPointIdentifier")?.stringValue {
          let target = Manifest.Target(span: point.span, pointer: point.pointer)
          target.name = point.map { _ in "WidgetExtension" }
          project.manifest?.targets.append(target)
          project.targetSwiftFiles.append([])
          project.targetCode.append(TargetCode(files: []))
        }
      }
      return linter.lint(project)

    case .dart:
      let source = SourceText(path: "lib/main.dart", bytes: bytes)
      var work = 0
      let calls = DartHomeWidgetScanner.scan(source, work: &work)
      // The scanner's bound in its own tests is a few steps per token; a token is at least a byte.
      if work > 4 * bytes.count + 16 {
        FuzzProperties.broken("dart: the scanner did \(work) steps for \(bytes.count) bytes")
      }
      var project = FuzzState.baseProject(linter: linter)
      project.homeWidgetCalls = calls.map { HomeWidgetCall(method: $0.method, argument: $0.argument, span: $0.span) }
      return linter.lint(project)

    case .pbxproj:
      let source = SourceText(path: "ios/Runner.xcodeproj/project.pbxproj", bytes: bytes)
      let (value, problems) = XcodeProjectReader.read(source)
      var project = FuzzState.baseProject(linter: linter)
      project.readingObservations += problems
      if let value, let objects = XcodeProjectObjects(root: value, projectFolder: "/nonexistent-widgetlint-fuzz") {
        // Walk what the frontend walks: every target with its configurations, and the project's own.
        _ = objects.nativeTargets.map(\.configurations)
        _ = objects.projectConfigurations
        project.toolchain = XcodeAppFrontend.toolchain(of: objects)
      }
      return linter.lint(project)

    case .swift:
      var project = FuzzState.baseProject(linter: linter)
      if SwiftSourceScanner.refusal(for: bytes) == nil {
        let facts = SwiftSourceScanner.scan(SourceText(path: "Sources/Widget.swift", bytes: bytes))
        project.targetSwiftFiles[0] = [facts]
        project.targetCode[0] = TargetCode(files: [facts])
      }
      return linter.lint(project)
    }
  }
}

/// What the targets share: the linters, and the fixed manifest and widget code inputs are read against.
enum FuzzState {
  static let linter = Linter(configuration: configuration)
  static let otherLinter = Linter(configuration: configuration)

  /// scripts/fuzz runs one worker per core, and each worker reads every input on two threads already.
  private static var configuration: LintConfiguration {
    var configuration = LintConfiguration()
    configuration.runsRulesSideBySide = false
    return configuration
  }
  fileprivate static let queue = DispatchQueue(label: "widgetlint.fuzz.determinism")

  /// A small app with one widget target whose Swift is `widgetSwift`, in memory.
  static let baseManifest = SourceText(
    path: "widgets.yaml",
    text: """
      version: 1
      app:
        bundleIdentifier: com.example.counter
        deploymentTarget: "17.0"
        urlSchemes: [counter]
        entitlements:
          com.apple.security.application-groups: [group.com.example.counter]
      targets:
        - name: CounterWidget
          bundleIdentifier: com.example.counter.CounterWidget
          entitlements:
            com.apple.security.application-groups: [group.com.example.counter]
          sources: [Sources]
          widgets:
            - kind: CounterWidget
              displayName: Counter
              description: The count, from the app.
              configuration: static
              families: [systemSmall, systemMedium, accessoryCircular]
              refresh: 30m
              appGroup: group.com.example.counter
              url: counter://count

      """)

  static let widgetFacts = SwiftSourceScanner.scan(
    SourceText(
      path: "Sources/CounterWidget.swift",
      text: """
        import SwiftUI
        import WidgetKit

        @main
        struct CounterWidget: Widget {
            var body: some WidgetConfiguration {
                StaticConfiguration(kind: "CounterWidget", provider: Provider()) { entry in
                    CounterView(entry: entry).widgetURL(URL(string: "counter://count"))
                }
                .configurationDisplayName("Counter")
                .description("The count, from the app.")
                .supportedFamilies([.systemSmall, .systemMedium, .accessoryCircular])
            }
        }

        """))

  /// A manifest read as ManifestFrontend reads it, except that its `sources` are never resolved: every
  /// target has no Swift file, whatever paths the input names.
  static func readManifest(_ source: SourceText, linter: Linter) -> Project {
    ManifestFrontend(
      source: source, directory: "/nonexistent-widgetlint-fuzz", displayDirectory: "", resolvesSwiftFiles: false
    )
    .readProject(linter.frontendContext)
  }

  /// The fixed manifest with the fixed widget code as its one target's Swift, read once per linter so
  /// that each input pays only for its own reading. An input never changes it: targets are classes,
  /// so a target an input changes is a copy (`copy(of:)`).
  static func baseProject(linter: Linter) -> Project {
    linter === self.linter ? baseProject : otherBaseProject
  }

  private static let baseProject = readBaseProject(linter: linter)
  private static let otherBaseProject = readBaseProject(linter: otherLinter)

  private static func readBaseProject(linter: Linter) -> Project {
    var project = readManifest(baseManifest, linter: linter)
    project.targetSwiftFiles = [[widgetFacts]]
    project.targetCode = [TargetCode(files: [widgetFacts])]
    return project
  }

  /// A target with the same fields as `target`, for an input to change.
  static func copy(of target: Manifest.Target) -> Manifest.Target {
    let copy = Manifest.Target(span: target.span, pointer: target.pointer)
    copy.name = target.name
    copy.bundleIdentifier = target.bundleIdentifier
    copy.deploymentTarget = target.deploymentTarget
    copy.hasUnreadableDeploymentTarget = target.hasUnreadableDeploymentTarget
    copy.platform = target.platform
    copy.entitlements = target.entitlements
    copy.sources = target.sources
    copy.widgets = target.widgets
    copy.widgetsSpan = target.widgetsSpan
    return copy
  }

  /// An expo-target.config's target, as ExpoAppFrontend derives it (without the file system).
  static func expoTarget(_ config: Located<ConfigValue>, _ project: Project) -> Manifest.Target? {
    guard let type = config["type"]?.stringValue else { return nil }
    let target = Manifest.Target(span: type.span, pointer: type.pointer)
    target.name = config["name"]?.stringValue ?? type.map { _ in "widget" }
    let appID = project.manifest?.app?.bundleIdentifier?.value ?? ""
    if let written = config["bundleIdentifier"]?.stringValue {
      target.bundleIdentifier = written.value.hasPrefix(".") ? written.map { appID + $0 } : written
    }
    target.deploymentTarget = ConfigValues.version(config["deploymentTarget"])
    if type.value == "watch-widget" { target.platform = type.map { _ in .watchos } }
    target.entitlements = config["entitlements"].flatMap(ConfigValues.entitlements)
    return target
  }

  /// A reading running on a dispatch worker thread; `wait()` gives its findings.
  final class Reading: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var result: [Finding] = []

    fileprivate init(_ body: @escaping @Sendable () -> [Finding]) {
      FuzzState.queue.async {
        self.result = body()
        self.done.signal()
      }
    }

    func wait() -> [Finding] {
      done.wait()
      return result
    }
  }

  /// Starts `body` on a dispatch worker thread.
  static func onAnotherThread(_ body: @escaping @Sendable () -> [Finding]) -> Reading { Reading(body) }
}

/// What must hold for every input, checked on every fuzz run.
enum FuzzProperties {
  static func broken(_ message: String) -> Never {
    fatalError("widgetlint fuzz property: \(message)")
  }

  /// What two readings of the same bytes must agree on in a finding: all of it but the identity of the
  /// file each reading made. Compared as values, and written out only when they differ.
  struct Agreement: Equatable, CustomStringConvertible {
    struct Related: Equatable {
      var file: String
      var start: Int
      var end: Int
      var message: String
    }

    var ruleID: String
    var severity: Severity
    var file: String
    var start: Int
    var end: Int
    var pointer: JSONPointer
    var message: String
    var related: [Related]

    init(_ finding: Finding) {
      ruleID = finding.ruleID
      severity = finding.severity
      file = finding.file
      start = finding.span.start
      end = finding.span.end
      pointer = finding.pointer
      message = finding.message
      related = finding.related.map {
        Related(file: $0.span.file.path, start: $0.span.start, end: $0.span.end, message: $0.message)
      }
    }

    var description: String {
      let related = related.map { "\($0.file):\($0.start)-\($0.end) \($0.message)" }
      return
        "\(ruleID) \(severity) \(file):\(start)-\(end) \(pointer) \(message) [\(related.joined(separator: "; "))]"
    }
  }

  /// Every finding's range, and every related location's and fix replacement's, lies inside its file,
  /// start before end.
  static func checkRanges(_ findings: [Finding], target: FuzzTarget) {
    for finding in findings {
      checkRange(finding.span, of: finding, target: target)
      for related in finding.related { checkRange(related.span, of: finding, target: target) }
      for replacement in finding.fix?.replacements ?? [] { checkRange(replacement.span, of: finding, target: target) }
    }
  }

  private static func checkRange(_ span: SourceSpan, of finding: Finding, target: FuzzTarget) {
    guard 0 <= span.start, span.start <= span.end, span.end <= span.file.bytes.count else {
      broken(
        "\(target): \(finding.ruleID) range \(span.start)-\(span.end) outside \(span.file.path) (\(span.file.bytes.count) bytes)"
      )
    }
    let range = span.range
    guard range.start.line >= 1, range.start.column >= 1,
      (range.start.line, range.start.column) <= (range.end.line, range.end.column)
    else {
      broken("\(target): \(finding.ruleID) position \(range) is not a range")
    }
  }

  /// Fixes keep a manifest readable: applied, they never make the file a syntax error.
  static func checkFixes(_ findings: [Finding], linter: Linter) {
    for (path, fixes) in FixApplier.chosenFixes(findings) {
      guard let file = fixes.first?.replacements.first?.span.file else { continue }
      let fixed = FixApplier.apply(fixes.flatMap(\.replacements), to: file.bytes)
      // Only parsing reports syntax errors: the fixed file is parsed, not decoded.
      let (_, problems) = linter.frontendContext.parseDocument(SourceText(path: path, bytes: fixed))
      if problems.contains(where: { $0.ruleID == .yamlSyntax }),
        !findings.contains(where: { $0.ruleID == RuleID.yamlSyntax.rawValue })
      {
        broken("manifest: fixes \(fixes.map(\.description)) made \(path) a syntax error")
      }
    }
  }

  /// The report of one input's findings, as the command line makes it.
  static func report(of findings: [Finding]) -> LintReport {
    LintReport(
      files: Array(Set(findings.map(\.file))).sorted(), findings: findings, inputErrors: [], maxFindingsPerFile: 50)
  }

  /// The JSON report decodes with every field the schema requires, at the type it requires, and
  /// well-formed ranges; the SARIF log's regions are well formed.
  static func checkReports(_ report: LintReport, document: JSONReporter.Document, target: FuzzTarget) {
    let jsonText = JSONReporter().render(document)
    let json = decode(ReportSchemaV1.self, from: jsonText, as: "JSON report", target: target)
    guard json.version == 1 else { broken("\(target): the JSON report's version is \(json.version), not 1") }
    for diagnostic in json.diagnostics {
      checkRegion(diagnostic.region, in: "JSON report", target: target)
      for related in diagnostic.related { checkRegion(related.region, in: "JSON report", target: target) }
      for replacement in diagnostic.fix?.replacements ?? [] {
        checkRegion(replacement.region, in: "JSON report", target: target)
      }
    }
    guard everyRuleHelpParses else { broken("\(target): the SARIF log describing every rule does not parse") }
    // The rules of the findings listed, by id and summary: their help does not depend on the input and
    // is checked once (`everyRuleHelpParses`); rendering every rule's page for every input was most of
    // the work.
    let fired = Set(report.findings.map(\.ruleID))
    let sarifReporter = SARIFReporter(
      rules: RuleRegistry.all.map { $0.metadata }.filter { fired.contains($0.id.rawValue) }.map { rule in
        var withoutHelp = rule
        withoutHelp.rationale = ""
        withoutHelp.options = []
        withoutHelp.examples = []
        return withoutHelp
      },
      rootDirectory: "/")
    let sarif = decode(SARIFRegions.self, from: sarifReporter.render(report), as: "SARIF log", target: target)
    for region in sarif.regions { checkRegion(region, in: "SARIF log", target: target) }
  }

  /// A SARIF log describing every rule, with its whole help, parses as JSON.
  static let everyRuleHelpParses: Bool = {
    let reporter = SARIFReporter(rules: RuleRegistry.all.map { $0.metadata }, rootDirectory: "/")
    let log = reporter.render(LintReport(files: [], findings: [], inputErrors: [], maxFindingsPerFile: 50))
    return (try? JSONSerialization.jsonObject(with: Data(log.utf8))) is [String: Any]
  }()

  /// Decodes a report with JSONDecoder, which refuses a missing field or one of another type.
  static func decode<Report: Decodable>(_ type: Report.Type, from text: String, as what: String, target: FuzzTarget)
    -> Report
  {
    do {
      return try JSONDecoder().decode(type, from: Data(text.utf8))
    } catch {
      broken("\(target): the \(what) does not decode (\(error)):\n\(text)")
    }
  }

  static func checkRegion(_ region: ReportRegion, in what: String, target: FuzzTarget) {
    guard region.startLine >= 1, region.startColumn >= 1, region.endLine >= region.startLine,
      region.endLine > region.startLine || region.endColumn >= region.startColumn
    else {
      broken("\(target): \(what) region \(region) is not well formed")
    }
  }
}

/// The reports a fuzz worker has checked, by what they depend on. Most mutations of an input lint
/// alike (the ones after the byte that stopped a reader, or in a part no rule reads) and make the same
/// reports: checking those once leaves the time to inputs that do not.
///
/// Every reporter writes a range as the lines and columns of `span.range`, which `checkRanges` checks
/// for every input, so no key holds positions. The GitHub and JUnit reports escape the texts they quote
/// themselves, so they, and the second reading, run for every report that says something new (`words`).
/// The JSON and SARIF reports pass every text (messages, pointers, replacement text) to JSONEncoder
/// unchanged, and JSONEncoder writes each diagnostic, and each text, on its own: a text matters to them
/// only by what JSON encoding does with it (`encodingClass`), and a report only by the diagnostics it
/// holds. They are checked for every report that holds a diagnostic of a new shape (`shapes`).
/// A reporter that reads more from a finding needs it in a key.
final class CheckedReports: @unchecked Sendable {
  /// Reports alike in all but positions.
  static let words = CheckedReports()
  /// Diagnostics alike in all but positions and what their texts say.
  static let shapes = CheckedReports()

  private let lock = NSLock()
  /// The keys' hashes, not the keys: a report is a few KB, a hash 8 bytes, so a worker remembers every
  /// report of a ten-minute run. Two keys share a 64-bit hash about once in 10^7 runs of a million
  /// reports, and then one report goes unchecked.
  private var checked: Set<Int> = []
  /// Past this many the set starts again, which keeps a worker's memory bounded (16 MB).
  private let capacity = 1 << 20

  /// Whether a key whose hash is `hash` is seen for the first time; remembers it.
  func isFirst(hash: Int) -> Bool {
    lock.withLock {
      if checked.count >= capacity { checked.removeAll(keepingCapacity: true) }
      return checked.insert(hash).inserted
    }
  }

  func isFirst(_ key: some Hashable) -> Bool { isFirst(hash: key.hashValue) }

  /// The hash of a report's words: its JSON document without positions, and every finding's stable
  /// path (past the per-file limit too: two readings must agree on all of them).
  static func wordsHash(_ document: JSONReporter.Document, _ findings: [Finding]) -> Int {
    var hasher = Hasher()
    document.hashWithoutPositions(into: &hasher) { $0 }
    for finding in findings {
      hasher.combine(finding.ruleID)
      hasher.combine(finding.stablePath)
    }
    return hasher.finalize()
  }

  /// Whether `document` holds a diagnostic, or read errors, of a shape not seen before; remembers them.
  func holdsNewShape(_ document: JSONReporter.Document) -> Bool {
    var holdsNew = isFirst(document.errors.map { $0.withoutPositions(Self.encodingClass) })
    for diagnostic in document.diagnostics where isFirst(diagnostic.withoutPositions(Self.encodingClass)) {
      holdsNew = true
    }
    return holdsNew
  }

  /// What JSON encoding does with `text` beyond copying it: the characters it writes escaped (control
  /// characters, quote, backslash, slash), each once, and the UTF-8 widths of the characters past ASCII.
  /// Two texts of the same class are encoded by the same code paths. Computed for every text of every
  /// report, so it allocates nothing: a bit per character and per width, written as a short string.
  static func encodingClass(_ text: String) -> String {
    guard !text.isEmpty else { return "empty" }
    // Bits 0–31: the control characters; 32–34: quote, backslash, slash; 35–37: UTF-8 widths 2–4.
    var bits: UInt64 = 0
    for byte in text.utf8 {
      switch byte {
      case 0..<0x20: bits |= 1 << UInt64(byte)
      case UInt8(ascii: "\""): bits |= 1 << 32
      case UInt8(ascii: "\\"): bits |= 1 << 33
      case UInt8(ascii: "/"): bits |= 1 << 34
      // A Swift string is valid UTF-8, so a byte from 0xC0 leads a character of 2 to 4 bytes.
      case 0xC0...: bits |= 1 << UInt64(33 + SourceText.scalarWidth(byte))
      default: break
      }
    }
    // At most 8 digits: Swift keeps a string that short inline, without allocating.
    return String(bits, radix: 36)
  }
}

extension JSONReporter.Document {
  /// Hashes the document as it would be with every line and column 0 and every text it quotes from a
  /// finding replaced by `text` of it (see `JSONReporter.Diagnostic.withoutPositions`), without copying
  /// it: this runs for every input.
  func hashWithoutPositions(into hasher: inout Hasher, _ text: (String) -> String) {
    // Every field but the lists (emptying an array copies nothing), then the lists item by item.
    var rest = self
    rest.diagnostics = []
    rest.errors = []
    hasher.combine(rest)
    hasher.combine(diagnostics.count)
    for diagnostic in diagnostics { hasher.combine(diagnostic.withoutPositions(text)) }
    hasher.combine(errors.count)
    for error in errors { hasher.combine(error.withoutPositions(text)) }
  }
}

extension JSONReporter.Diagnostic {
  /// The diagnostic with every line and column 0, and every text it quotes from a finding (its message,
  /// JSON pointer and subject, its related locations' messages, its fix's description and text) replaced
  /// by `text` of it. Rule id, severity and file paths stay.
  func withoutPositions(_ text: (String) -> String) -> Self {
    var diagnostic = self
    (diagnostic.line, diagnostic.column, diagnostic.endLine, diagnostic.endColumn) = (0, 0, 0, 0)
    diagnostic.message = text(message)
    diagnostic.path = text(path)
    diagnostic.subject = subject.map(text)
    diagnostic.related = related.map { related in
      var related = related
      (related.line, related.column, related.endLine, related.endColumn) = (0, 0, 0, 0)
      related.message = text(related.message)
      return related
    }
    if var fix {
      fix.description = text(fix.description)
      fix.replacements = fix.replacements.map { replacement in
        var replacement = replacement
        (replacement.line, replacement.column, replacement.endLine, replacement.endColumn) = (0, 0, 0, 0)
        replacement.text = text(replacement.text)
        return replacement
      }
      diagnostic.fix = fix
    }
    return diagnostic
  }
}

extension JSONReporter.ReadError {
  /// The read error with its message replaced by `text` of it.
  func withoutPositions(_ text: (String) -> String) -> Self { Self(file: file, message: text(message)) }
}

/// A range as both reports write it: lines and columns from 1, the end column just past the range.
struct ReportRegion: CustomStringConvertible {
  var startLine: Int
  var startColumn: Int
  var endLine: Int
  var endColumn: Int

  var description: String { "\(startLine):\(startColumn)-\(endLine):\(endColumn)" }
}

/// A range as the JSON report writes it, on a diagnostic, a related location and a fix replacement.
protocol ReportedRange {
  var line: Int { get }
  var column: Int { get }
  var endLine: Int { get }
  var endColumn: Int { get }
}

extension ReportedRange {
  var region: ReportRegion {
    ReportRegion(startLine: line, startColumn: column, endLine: endLine, endColumn: endColumn)
  }
}

/// What schemas/report-v1.schema.json requires of a JSON report, written out independently of
/// JSONReporter's own types so that a field the reporter stops writing fails to decode.
struct ReportSchemaV1: Decodable {
  struct Tool: Decodable {
    var name: String
    var version: String
  }

  struct Summary: Decodable {
    var files: Int
    var errors: Int
    var warnings: Int
    var notes: Int
    var omitted: Int
  }

  struct Diagnostic: Decodable, ReportedRange {
    var rule: String
    var severity: Severity
    var message: String
    var file: String
    var line: Int
    var column: Int
    var endLine: Int
    var endColumn: Int
    var path: String
    var related: [Related]
    var fix: Fix?
  }

  struct Related: Decodable, ReportedRange {
    var file: String
    var message: String
    var line: Int
    var column: Int
    var endLine: Int
    var endColumn: Int
  }

  struct Fix: Decodable {
    var description: String
    var replacements: [Replacement]
  }

  struct Replacement: Decodable, ReportedRange {
    var file: String
    var text: String
    var line: Int
    var column: Int
    var endLine: Int
    var endColumn: Int
  }

  struct ReadError: Decodable {
    var file: String
    var message: String
  }

  var version: Int
  var tool: Tool
  var summary: Summary
  var diagnostics: [Diagnostic]
  var errors: [ReadError]
}

/// The regions of a SARIF log: each result's locations, related locations and fix replacements.
struct SARIFRegions: Decodable {
  struct Run: Decodable { var results: [Result] }

  struct Result: Decodable {
    var locations: [Location]?
    var relatedLocations: [Location]?
    var fixes: [Fix]?
  }

  struct Location: Decodable { var physicalLocation: PhysicalLocation? }

  struct PhysicalLocation: Decodable { var region: Region? }

  struct Fix: Decodable { var artifactChanges: [ArtifactChange] }

  struct ArtifactChange: Decodable { var replacements: [Replacement] }

  struct Replacement: Decodable { var deletedRegion: Region }

  /// SARIF lets every field but the start line default (the columns to 1, the end to the start).
  struct Region: Decodable {
    var startLine: Int
    var startColumn: Int?
    var endLine: Int?
    var endColumn: Int?

    var region: ReportRegion {
      let startColumn = startColumn ?? 1
      return ReportRegion(
        startLine: startLine, startColumn: startColumn, endLine: endLine ?? startLine,
        endColumn: endColumn ?? startColumn)
    }
  }

  var runs: [Run]

  var regions: [ReportRegion] {
    runs.flatMap(\.results).flatMap { result in
      let locations = (result.locations ?? []) + (result.relatedLocations ?? [])
      let fixed = (result.fixes ?? []).flatMap(\.artifactChanges).flatMap(\.replacements).map(\.deletedRegion)
      return locations.compactMap(\.physicalLocation?.region) + fixed
    }
    .map(\.region)
  }
}
