/// `path:line:col: severity: message [rule]`, the form Xcode and editors parse, followed by the
/// source line with the range underlined, and the related locations as notes.
public struct TextReporter: Reporter {
  public var color: Bool

  public init(color: Bool) { self.color = color }

  private func paint(_ text: String, _ code: String) -> String {
    color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }

  private func severityLabel(_ severity: Severity) -> String {
    switch severity {
    case .error: return paint("error", "1;31")
    case .warning: return paint("warning", "1;33")
    case .note: return paint("note", "1;36")
    }
  }

  public func render(_ report: LintReport) -> String {
    var output = ""
    for finding in report.findings {
      let range = finding.range
      output += paint("\(Self.printable(finding.file)):\(range.start.line):\(range.start.column):", "1")
      let fixable = finding.fix == nil ? "" : " [fixable]"
      output +=
        " \(severityLabel(finding.severity)): \(Self.printable(finding.message))\(fixable) [\(finding.ruleID)]\n"
      output += excerpt(finding.span.file, range)
      for related in finding.related {
        let position = related.span.range.start
        output += paint("\(Self.printable(related.span.file.path)):\(position.line):\(position.column):", "1")
        // Related messages quote the input too (a target's name, a duplicated key).
        output += " \(severityLabel(.note)): \(Self.printable(related.message))\n"
      }
    }
    for (file, count) in report.omitted.sorted(by: { $0.key < $1.key }) {
      output +=
        "\(Self.printable(file)): \(severityLabel(.note)): \(count) more finding\(count == 1 ? "" : "s") not shown (--max-findings raises the limit)\n"
    }
    for error in report.inputErrors {
      output +=
        paint("\(Self.printable(error.path)):", "1") + " \(severityLabel(.error)): \(Self.printable(error.message))\n"
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
    // Most text has no control character: a byte scan says so without decoding it. 0xC2 leads the C1
    // controls' encodings (and those of U+00A0–U+00BF, which the scalar check below then passes).
    guard text.utf8.contains(where: { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F || $0 == 0xC2 }),
      text.unicodeScalars.contains(where: isControl)
    else { return text }
    return String(String.UnicodeScalarView(text.unicodeScalars.map { isControl($0) ? "\u{FFFD}" : $0 }))
  }

  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    (scalar.value < 0x20 && scalar != "\t") || (0x7F...0x9F).contains(scalar.value)
  }

  private func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }

  /// The line with a gutter, and a caret under the start followed by `~` to the range's end (or the
  /// line's end when the range spans lines).
  private func excerpt(_ file: SourceText, _ range: SourceRange) -> String {
    let (text, isTruncated) = file.lineText(range.start.line, maxScalars: 300)
    let line = Self.printable(text)
    guard !line.isEmpty || range.start.line <= file.lineCount else { return "" }
    let shown = isTruncated ? line + "…" : line
    let number = String(range.start.line)
    let gutter = String(repeating: " ", count: number.count)
    let scalarCount = shown.unicodeScalars.count
    let before = shown.unicodeScalars.prefix(max(0, range.start.column - 1))
    // Tabs are kept in the padding so the caret lines up under a tab-indented line.
    let padding =
      before.contains("\t")
      ? String(before.map { $0 == "\t" ? "\t" : " " }) : String(repeating: " ", count: before.count)
    let startIndex = min(range.start.column - 1, scalarCount)
    let endIndex =
      range.end.line == range.start.line ? min(max(range.end.column - 1, startIndex + 1), scalarCount) : scalarCount
    let marker = "^" + String(repeating: "~", count: max(0, endIndex - startIndex - 1))
    return " \(number) | \(shown)\n \(gutter) | \(padding)\(paint(marker, "1;32"))\n"
  }
}
