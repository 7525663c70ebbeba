import Foundation
import WidgetLintCore
import WidgetLintFrontends
import WidgetLintReaders
import WidgetLintRules

/// Applies fixes: each fix whose ranges overlap none already taken (the first wins, in report order),
/// then lints again and repeats, since one fix can uncover the next (an EAS entry renamed to its target
/// then has that target's bundle identifier to match).
public struct FixApplier {
  public var run: LintRun
  /// At most this many rounds of fixing and linting again.
  public var maxRounds = 5

  public init(run: LintRun) { self.run = run }

  /// What `--fix` did: the files it changed, and what is left to report.
  public struct Outcome: Sendable {
    /// Each changed file's text before and after, by its path as shown, in the order first changed.
    public var changes: [(path: String, original: [UInt8], fixed: [UInt8])]
    public var appliedFixes: Int
    /// The texts to lint instead of the files (`LintRun.fileContents`): the fixed ones, and standard input.
    public var fileContents: [String: [UInt8]]
    /// Standard input as it reads after the fixes (unchanged when nothing was fixed), when it was linted.
    public var standardInput: [UInt8]? { fileContents["<stdin>"] }
    /// Why standard input, when named, could not be read.
    public var standardInputError: InputError?
    /// The fixes not made because the file they leave would not read (a bug of widgetlint's, reported
    /// rather than written), one per file.
    public var unreadableFixes: [InputError] = []
    /// The findings left after the fixes; nil when not asked for.
    public var report: LintReport?
  }

  /// Fixes what linting `arguments` finds, in memory: nothing is written. Standard input, when named, is
  /// read once, here. With `lintingWhatIsLeft`, the outcome has the report of what the fixes leave (a
  /// caller that lints again itself, with `fileContents`, need not ask).
  public func fix(arguments given: [String], lintingWhatIsLeft: Bool = true) -> Outcome {
    var rounds = run
    rounds.maxFindingsPerFile = nil
    var arguments = given
    var standardInputError: InputError?
    if arguments.contains("-"), rounds.fileContents["<stdin>"] == nil {
      switch InputReader.readStandardInput(maxSize: run.configuration.maxFileSize) {
      case .success(let bytes): rounds.fileContents["<stdin>"] = bytes
      case .failure(let error):
        // What is left of the stream is not the input: report the error once, lint the rest.
        standardInputError = InputError(path: "<stdin>", message: error.message)
        arguments.removeAll { $0 == "-" }
      }
    }
    var originals: [String: [UInt8]] = [:]
    var order: [String] = []
    var applied = 0
    var unreadable: [String: InputError] = [:]
    for _ in 0..<maxRounds {
      let report = rounds.run(arguments: arguments)
      // Manifests and the project files frontends read are all read through `fileContents`, so every
      // fix, in whichever file it names, is checked by linting again.
      var changed = false
      for (file, fixes) in Self.chosenFixes(report.findings) where unreadable[file] == nil {
        let bytes = fixes[0].replacements[0].span.file.bytes
        let fixed = Self.apply(fixes.flatMap(\.replacements), to: bytes)
        guard fixed != bytes else { continue }
        if let problem = Self.readingProblem(afterFixing: file, from: bytes, to: fixed) {
          let what = Wording.list(fixes.map { "'\($0.description)'" }, separator: " and ")
          unreadable[file] = InputError(
            path: file, message: "not fixed: \(what) would leave a file that does not read (\(problem))")
          continue
        }
        if originals[file] == nil {
          originals[file] = bytes
          order.append(file)
        }
        rounds.fileContents[file] = fixed
        applied += fixes.count
        changed = true
      }
      if !changed { break }
    }
    var report: LintReport?
    if lintingWhatIsLeft {
      var last = run
      last.fileContents = rounds.fileContents
      report = last.run(arguments: arguments)
      if let standardInputError { report?.inputErrors.append(standardInputError) }
    }
    let changes = order.compactMap { file -> (String, [UInt8], [UInt8])? in
      guard let original = originals[file], let fixed = rounds.fileContents[file], fixed != original else { return nil }
      return (file, original, fixed)
    }
    var outcome = Outcome(
      changes: changes, appliedFixes: applied, fileContents: rounds.fileContents,
      standardInputError: standardInputError, report: report)
    outcome.unreadableFixes = unreadable.keys.sorted().compactMap { unreadable[$0] }
    outcome.report?.inputErrors += outcome.unreadableFixes
    return outcome
  }

  /// What keeps a fixed file from reading as it did before (a reader's first new problem); nil when it
  /// reads, or is no file whose reader is known here (a manifest is read again by linting it). Property
  /// lists and Expo configs are read by the readers their frontends use; Swift, Dart and JavaScript
  /// sources must still be accepted, with as many calls found as before.
  package static func readingProblem(afterFixing path: String, from original: [UInt8], to fixed: [UInt8]) -> String? {
    if let read = valueReader(for: path) {
      let before = read(SourceText(path: path, bytes: original))
      let after = read(SourceText(path: path, bytes: fixed))
      guard !after.value || after.problems.count > before.problems.count else { return nil }
      return after.problems.last?.message ?? "it holds no value"
    }
    switch StringLiteralEdits.language(ofFileNamed: path) {
    case .swift?:
      // A file the scanner refuses is not parsed (see `SwiftSourceScanner.refusal`).
      guard SwiftSourceScanner.refusal(for: original) == nil else { return nil }
      if let refusal = SwiftSourceScanner.refusal(for: fixed) { return refusal }
      if SwiftSourceScanner.hasSyntaxErrors(fixed), !SwiftSourceScanner.hasSyntaxErrors(original) {
        return "Swift's parser finds a syntax error in it"
      }
      return nil
    case .dart?:
      func known(_ bytes: [UInt8]) -> (calls: Int, arguments: Int) {
        let calls = DartHomeWidgetScanner.scan(SourceText(path: path, bytes: bytes))
        return (calls.count, calls.count { $0.argument != nil })
      }
      let (before, after) = (known(original), known(fixed))
      guard after.calls < before.calls || after.arguments < before.arguments else { return nil }
      return "its home_widget calls no longer read"
    case .javaScript?:
      guard let before = JavaScriptAppCallScanner.scan(SourceText(path: path, bytes: original)) else { return nil }
      guard let after = JavaScriptAppCallScanner.scan(SourceText(path: path, bytes: fixed)) else {
        return "it no longer reads as JavaScript"
      }
      return after.calls.count < before.calls.count ? "its widget calls no longer read" : nil
    case nil:
      return nil
    }
  }

  /// How a property list or an Expo config is read into a value: as its frontend reads it
  /// (`FrontendContext.readValue`); nil for other files.
  private static func valueReader(for path: String) -> ((SourceText) -> (value: Bool, problems: [ReadingProblem]))? {
    guard Finisher.isPropertyList(path) || Finisher.isExpoConfig(path) else { return nil }
    let context = FrontendContext()
    return { source in
      let (value, problems) = context.readValue(source, at: path)
      return (value != nil, problems)
    }
  }

  /// The fixes to apply now, by file: in report order, each fix whose replacements are all in one text
  /// and overlap none taken before it.
  public static func chosenFixes(_ findings: [Finding]) -> [(String, [Fix])] {
    var taken: [String: (file: SourceText, fixes: [Fix], ranges: TakenRanges)] = [:]
    var order: [String] = []
    for finding in findings {
      guard let fix = finding.fix, let file = fix.replacements.first?.span.file,
        fix.replacements.allSatisfy({ $0.span.file === file })
      else { continue }
      var entry = taken[file.path] ?? (file, [], TakenRanges())
      // Two texts under one path (variants read apart) cannot both be edited.
      guard entry.file === file else { continue }
      var ranges = entry.ranges
      guard fix.replacements.allSatisfy({ ranges.take($0.span.start, $0.span.end) }) else { continue }
      if taken[file.path] == nil { order.append(file.path) }
      entry.fixes.append(fix)
      entry.ranges = ranges
      taken[file.path] = entry
    }
    return order.map { ($0, taken[$0]?.fixes ?? []) }
  }

  /// The ranges replaced so far, sorted; fixes come mostly in file order, so most are added at the end.
  package struct TakenRanges {
    private var ranges: [(start: Int, end: Int)] = []

    /// Takes `start..<end` when it conflicts with no range taken: shares no byte with one, and does not
    /// start where one starts (two insertions there would have no order).
    package mutating func take(_ start: Int, _ end: Int) -> Bool {
      var low = 0
      var high = ranges.count
      while low < high {
        let middle = (low + high) / 2
        if ranges[middle].start < start { low = middle + 1 } else { high = middle }
      }
      if low < ranges.count, ranges[low].start == start || ranges[low].start < end { return false }
      if low > 0, ranges[low - 1].end > start { return false }
      ranges.insert((start, end), at: low)
      return true
    }
  }

  /// The bytes with non-overlapping replacements made.
  public static func apply(_ replacements: [Fix.Replacement], to bytes: [UInt8]) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count)
    var cursor = 0
    for replacement in replacements.sorted(by: { $0.span.start < $1.span.start }) {
      let start = min(replacement.span.start, bytes.count)
      guard start >= cursor else { continue }
      result += bytes[cursor..<start]
      result += Array(replacement.text.utf8)
      cursor = min(max(replacement.span.end, start), bytes.count)
    }
    result += bytes[cursor...]
    return result
  }
}
