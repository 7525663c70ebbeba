import WidgetLintCore
import WidgetLintEngine

/// `path:line:col: severity: message [rule]`, the form Xcode and editors parse, followed by the
/// source line with the range underlined, and the related locations as notes.
public struct TextReporter: Reporter {
  public var color: Bool
  /// Whether the report ends with its counts (`1 error, 0 warnings, 0 notes in 1 file`); `--quiet` drops it.
  public var showsSummary: Bool

  public init(color: Bool, showsSummary: Bool = true) {
    self.color = color
    self.showsSummary = showsSummary
  }

  /// Appends what `write` appends, in the terminal style `code` when colouring. A report holds a few
  /// lines per finding, written straight into one string rather than built from pieces.
  private func painted(_ code: String, _ output: inout String, _ write: (inout String) -> Void) {
    if color {
      output += "\u{1B}["
      output += code
      output += "m"
    }
    write(&output)
    if color { output += "\u{1B}[0m" }
  }

  private static func severityStyle(_ severity: Severity) -> String {
    switch severity {
    case .error: return "1;31"
    case .warning: return "1;33"
    case .note: return "1;36"
    }
  }

  private func writeSeverity(_ severity: Severity, to output: inout String) {
    painted(Self.severityStyle(severity), &output) { $0 += severity.rawValue }
  }

  /// `path:line:column: severity: message`.
  private func writeHeading(
    _ path: String, _ position: SourcePosition, _ severity: Severity, _ message: String, to output: inout String
  ) {
    painted("1", &output) {
      $0 += Self.printable(path)
      $0 += ":"
      $0 += String(position.line)
      $0 += ":"
      $0 += String(position.column)
      $0 += ":"
    }
    output += " "
    writeSeverity(severity, to: &output)
    output += ": "
    output += Self.printable(message)
  }

  public func render(_ report: LintReport) -> String {
    var output = ""
    // One cause met in many places (an API a target calls a dozen times) is said in full once: each
    // later place gets its first clause and where the whole was said, and no note said before.
    var firstSaid: [String: (file: String, position: SourcePosition)] = [:]
    var notesSaid: Set<String> = []
    for finding in report.findings {
      let range = finding.range
      let cause = "\(finding.ruleID)\u{0}\(finding.severity.rawValue)\u{0}\(finding.message)"
      var message = finding.message
      if let first = firstSaid[cause] {
        let place =
          (first.file == finding.file ? "" : "\(first.file):") + "\(first.position.line):\(first.position.column)"
        message = "\(Self.firstClause(of: finding.message)) (as at \(place) above)"
      } else {
        firstSaid[cause] = (finding.file, range.start)
      }
      writeHeading(finding.file, range.start, finding.severity, message, to: &output)
      if finding.fix != nil { output += " [fixable]" }
      output += " ["
      output += finding.ruleID
      output += "]\n"
      writeExcerpt(finding.span.file, range, to: &output)
      for related in finding.related {
        let start = related.span.range.start
        let note = "\(cause)\u{0}\(related.span.file.path):\(start.line):\(start.column)\u{0}\(related.message)"
        guard notesSaid.insert(note).inserted else { continue }
        // Related messages quote the input too (a target's name, a duplicated key).
        writeHeading(related.span.file.path, start, .note, related.message, to: &output)
        output += "\n"
      }
    }
    for (file, count) in report.omitted.sorted(by: { $0.key < $1.key }) {
      output += Self.printable(file)
      output += ": "
      writeSeverity(.note, to: &output)
      output += ": \(count) more finding\(count == 1 ? "" : "s") not shown (--max-findings raises the limit)\n"
    }
    for error in report.inputErrors {
      painted("1", &output) {
        $0 += Self.printable(error.path)
        $0 += ":"
      }
      output += " "
      writeSeverity(.error, to: &output)
      output += ": "
      output += Self.printable(error.message)
      output += "\n"
    }
    let summary = report.summary
    if showsSummary && !report.findings.isEmpty {
      let counts = [
        plural(summary.errors, "error"), plural(summary.warnings, "warning"), plural(summary.notes, "note"),
      ]
      output += "\(counts.joined(separator: ", ")) in \(Self.inputs(of: report))"
      let fixable = report.findings.filter { $0.fix != nil }.count
      output += fixable == 0 ? "\n" : "; --fix would fix \(fixable)\n"
    }
    return output
  }

  /// A message up to its first `; ` (where the advice starts), at most 160 characters.
  package static func firstClause(of message: String) -> String {
    let clause = message.range(of: "; ").map { String(message[..<$0.lowerBound]) } ?? message
    return clause.count <= 160 ? clause : String(clause.prefix(159)) + "…"
  }

  /// Control characters from a file (a hostile one may hold terminal escape sequences) shown as U+FFFD.
  package static func printable(_ text: String) -> String {
    // Most text has no control character: a byte scan says so without decoding it. 0xC2 leads the C1
    // controls' encodings (and those of U+00A0–U+00BF, which the scalar check below then passes).
    guard text.utf8.contains(where: { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F || $0 == 0xC2 }),
      text.unicodeScalars.contains(where: isControl)
    else { return text }
    // One scalar at a time: appending a collection of scalars to a string allocates once per scalar.
    var shown = String.UnicodeScalarView()
    for scalar in text.unicodeScalars { shown.append(isControl(scalar) ? "\u{FFFD}" : scalar) }
    return String(shown)
  }

  package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    (scalar.value < 0x20 && scalar != "\t") || (0x7F...0x9F).contains(scalar.value)
  }

  private func plural(_ count: Int, _ word: String) -> String { Self.plural(count, word) }

  package static func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }

  /// What was linted, each as what it is: an app read from its own files is a project (however many
  /// files it has), a manifest a file, a `--sources` folder a folder.
  package static func inputs(of report: LintReport) -> String {
    let projects = report.projects.filter(\.isApp).count
    let folders = min(report.sourceFolders, report.summary.files - projects)
    let files = report.summary.files - projects - folders
    var parts: [String] = []
    if projects > 0 { parts.append(plural(projects, "project")) }
    if files > 0 || (projects == 0 && folders == 0) { parts.append(plural(files, "file")) }
    if folders > 0 { parts.append(plural(folders, "folder")) }
    return parts.joined(separator: " and ")
  }

  /// What a clean run says on a terminal, so that a first run does not look as if nothing ran: what was
  /// linted, each kind counted, and the files read for it (`no problems: 1 manifest, 3 files read`).
  package static func cleanRunSummary(of report: LintReport) -> String {
    let manifests = report.projects.count(where: \.isManifest)
    let apps = report.projects.count(where: \.isApp)
    let folders = report.projects.count(where: \.isSwiftSources)
    var inputs: [String] = []
    if manifests > 0 { inputs.append(plural(manifests, "manifest")) }
    if apps > 0 { inputs.append(plural(apps, "project")) }
    if folders > 0 { inputs.append(plural(folders, "folder")) }
    if inputs.isEmpty { inputs.append(plural(report.files.count, "input")) }
    return "no problems: \(inputs.joined(separator: " and ")), \(plural(report.filesReadCount, "file")) read"
  }

  /// The line with a gutter, and a caret under the start followed by `~` to the range's end (or the
  /// line's end when the range spans lines).
  private func writeExcerpt(_ file: SourceText, _ range: SourceRange, to output: inout String) {
    // A binary file's line would be replacement characters; its finding says what it is.
    guard !file.looksBinary else { return }
    let (text, isTruncated) = file.lineText(range.start.line, maxScalars: 300)
    let line = Self.printable(text)
    guard !line.isEmpty || range.start.line <= file.lineCount else { return }
    let shown = isTruncated ? line + "…" : line
    let number = String(range.start.line)
    output += " "
    output += number
    output += " | "
    output += shown
    output += "\n "
    Self.append(number.utf8.count, of: Self.spaces, to: &output)
    output += " | "
    let scalars = shown.unicodeScalars
    // Tabs are kept in the padding so the caret lines up under a tab-indented line.
    var spaces = 0
    for scalar in scalars.prefix(max(0, range.start.column - 1)) {
      guard scalar == "\t" else {
        spaces += 1
        continue
      }
      Self.append(spaces, of: Self.spaces, to: &output)
      output += "\t"
      spaces = 0
    }
    Self.append(spaces, of: Self.spaces, to: &output)
    let scalarCount = scalars.count
    let startIndex = min(range.start.column - 1, scalarCount)
    let endIndex =
      range.end.line == range.start.line ? min(max(range.end.column - 1, startIndex + 1), scalarCount) : scalarCount
    painted("1;32", &output) {
      $0 += "^"
      Self.append(endIndex - startIndex - 1, of: Self.tildes, to: &$0)
    }
    output += "\n"
  }

  /// Appends the first `count` characters of `run`, a run of one ASCII character, as often as it takes
  /// (nothing for a count below 1). Appending a sequence of characters allocates once per character.
  private static func append(_ count: Int, of run: String, to output: inout String) {
    var left = count
    while left > 0 {
      let length = min(left, run.utf8.count)
      output += run[..<run.utf8.index(run.startIndex, offsetBy: length)]
      left -= length
    }
  }

  private static let spaces = String(repeating: " ", count: 64)
  private static let tildes = String(repeating: "~", count: 64)
}
