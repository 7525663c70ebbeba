/// `path:line:col: severity: message [rule]`, the form Xcode and editors parse, followed by the
/// source line with the range underlined, and the related locations as notes.
public struct TextReporter: Reporter {
  public var color: Bool

  public init(color: Bool) { self.color = color }

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
      Self.appendPrintable(path, to: &$0)
      $0 += ":"
      $0 += String(position.line)
      $0 += ":"
      $0 += String(position.column)
      $0 += ":"
    }
    output += " "
    writeSeverity(severity, to: &output)
    output += ": "
    Self.appendPrintable(message, to: &output)
  }

  public func render(_ report: LintReport) -> String {
    var output = ""
    for finding in report.findings {
      let range = finding.range
      writeHeading(finding.file, range.start, finding.severity, finding.message, to: &output)
      if finding.fix != nil { output += " [fixable]" }
      output += " ["
      output += finding.ruleID
      output += "]\n"
      writeExcerpt(finding.span.file, range, to: &output)
      for related in finding.related {
        // Related messages quote the input too (a target's name, a duplicated key).
        writeHeading(related.span.file.path, related.span.range.start, .note, related.message, to: &output)
        output += "\n"
      }
    }
    for (file, count) in report.omitted.sorted(by: { $0.key < $1.key }) {
      Self.appendPrintable(file, to: &output)
      output += ": "
      writeSeverity(.note, to: &output)
      output += ": \(count) more finding\(count == 1 ? "" : "s") not shown (--max-findings raises the limit)\n"
    }
    for error in report.inputErrors {
      painted("1", &output) {
        Self.appendPrintable(error.path, to: &$0)
        $0 += ":"
      }
      output += " "
      writeSeverity(.error, to: &output)
      output += ": "
      Self.appendPrintable(error.message, to: &output)
      output += "\n"
    }
    let summary = report.summary
    if !report.findings.isEmpty {
      let counts = [
        plural(summary.errors, "error"), plural(summary.warnings, "warning"), plural(summary.notes, "note"),
      ]
      output += "\(counts.joined(separator: ", ")) in \(plural(summary.files, "file"))"
      let fixable = report.findings.filter { $0.fix != nil }.count
      output += fixable == 0 ? "\n" : "; --fix would fix \(fixable)\n"
    }
    return output
  }

  /// Control characters from a file (a hostile one may hold terminal escape sequences) shown as U+FFFD.
  static func printable(_ text: String) -> String {
    var shown = ""
    appendPrintable(text, to: &shown)
    return shown
  }

  /// Appends `text` with its control characters shown as U+FFFD. Each replaced character is one
  /// scalar, as is U+FFFD: columns counted in `text` hold in what is written.
  static func appendPrintable(_ text: String, to output: inout String) {
    // 0xC2 leads the C1 controls' encodings (and those of U+00A0 to U+00BF): C1 controls are rare
    // enough to get a pass of their own.
    guard text.utf8.contains(0xC2), text.unicodeScalars.contains(where: isC1Control) else {
      text.appendEscaping(controlEscapes, to: &output)
      return
    }
    var replaced = ""
    for scalar in text.unicodeScalars { replaced.unicodeScalars.append(isC1Control(scalar) ? "\u{FFFD}" : scalar) }
    replaced.appendEscaping(controlEscapes, to: &output)
  }

  private static func isC1Control(_ scalar: Unicode.Scalar) -> Bool { (0x80...0x9F).contains(scalar.value) }

  /// The C0 controls but tab, and DEL.
  private static let controlEscapes = ASCIIEscapes.controlCharacters(except: ["\t"], replacedBy: "\u{FFFD}")
    .merging(["\u{7F}": "\u{FFFD}"])

  private func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }

  /// The line with a gutter, and a caret under the start followed by `~` to the range's end (or the
  /// line's end when the range spans lines).
  private func writeExcerpt(_ file: SourceText, _ range: SourceRange, to output: inout String) {
    let (text, isTruncated) = file.lineText(range.start.line, maxScalars: 300)
    guard !text.isEmpty || range.start.line <= file.lineCount else { return }
    let number = String(range.start.line)
    output += " "
    output += number
    output += " | "
    Self.appendPrintable(text, to: &output)
    if isTruncated { output += "…" }
    output += "\n "
    Self.append(number.utf8.count, of: Self.spaces, to: &output)
    output += " | "
    // The line as shown has the scalars, and the tabs, of `text` (see `appendPrintable`), and the
    // ellipsis of a cut line.
    let scalars = text.unicodeScalars
    let scalarCount = scalars.count + (isTruncated ? 1 : 0)
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
    if isTruncated, range.start.column > scalarCount { spaces += 1 }
    Self.append(spaces, of: Self.spaces, to: &output)
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
