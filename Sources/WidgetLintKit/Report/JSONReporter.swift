import Foundation

/// The JSON report, version 1: one object with the tool, a summary and every diagnostic.
public struct JSONReporter: Reporter {
  public init() {}

  struct Document: Encodable, Hashable {
    var version = 1
    var tool = Tool()
    var summary: Summary
    var diagnostics: [Diagnostic]
    var errors: [ReadError]
  }

  struct Tool: Encodable, Hashable {
    var name = WidgetLintInfo.name
    var version = WidgetLintInfo.version
  }

  struct Summary: Encodable, Hashable {
    var files: Int
    var errors: Int
    var warnings: Int
    var notes: Int
    /// Findings counted above but not listed (the per-file limit).
    var omitted: Int
  }

  struct Diagnostic: Encodable, Hashable {
    var rule: String
    var severity: String
    var message: String
    var file: String
    var line: Int
    var column: Int
    var endLine: Int
    var endColumn: Int
    var path: String
    var subject: String?
    var related: [Related]
    var fix: FixEntry?
  }

  /// The edit `--fix` would make, in the diagnostic's own position convention.
  struct FixEntry: Encodable, Hashable {
    var description: String
    var replacements: [Replacement]
  }

  struct Replacement: Encodable, Hashable {
    var file: String
    var line: Int
    var column: Int
    var endLine: Int
    var endColumn: Int
    var text: String
  }

  struct Related: Encodable, Hashable {
    var file: String
    var line: Int
    var column: Int
    var endLine: Int
    var endColumn: Int
    var message: String
  }

  struct ReadError: Encodable, Hashable {
    var file: String
    var message: String
  }

  public func render(_ report: LintReport) -> String {
    render(document(for: report))
  }

  /// What the report says, before it is written as JSON: equal documents make the same text.
  func document(for report: LintReport) -> Document {
    let summary = report.summary
    return Document(
      summary: Summary(
        files: summary.files, errors: summary.errors, warnings: summary.warnings, notes: summary.notes,
        omitted: report.omitted.values.reduce(0, +)),
      diagnostics: report.findings.map { finding in
        let range = finding.range
        return Diagnostic(
          rule: finding.ruleID, severity: finding.severity.rawValue, message: finding.message, file: finding.file,
          line: range.start.line, column: range.start.column, endLine: range.end.line, endColumn: range.end.column,
          path: finding.pointer.description, subject: finding.subject,
          related: finding.related.map { related in
            let relatedRange = related.span.range
            return Related(
              file: related.span.file.path, line: relatedRange.start.line, column: relatedRange.start.column,
              endLine: relatedRange.end.line, endColumn: relatedRange.end.column, message: related.message)
          },
          fix: finding.fix.map { fix in
            FixEntry(
              description: fix.description,
              replacements: fix.replacements.map { replacement in
                let range = replacement.span.range
                return Replacement(
                  file: replacement.file, line: range.start.line, column: range.start.column, endLine: range.end.line,
                  endColumn: range.end.column, text: replacement.text)
              })
          })
      },
      errors: report.inputErrors.map { ReadError(file: $0.path, message: $0.message) })
  }

  func render(_ document: Document) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(document) else {
      // Every field is a string or an integer, so encoding cannot fail; never print half a report.
      return
        "{\"version\":1,\"diagnostics\":[],\"errors\":[{\"file\":\"-\",\"message\":\"report could not be encoded\"}]}\n"
    }
    return String(decoding: data, as: UTF8.self) + "\n"
  }
}
