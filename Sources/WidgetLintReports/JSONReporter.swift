import Foundation
import WidgetLintEngine

/// The JSON report, version 1: one object with the tool, a summary and every diagnostic.
public struct JSONReporter: Reporter {
  public init() {}

  package struct Document: Encodable, Hashable {
    package var version = 1
    package var tool = Tool()
    package var summary: Summary
    package var diagnostics: [Diagnostic]
    package var errors: [ReadError]
  }

  package struct Tool: Encodable, Hashable {
    package var name = WidgetLintInfo.name
    package var version = WidgetLintInfo.version
  }

  package struct Summary: Encodable, Hashable {
    /// What was linted: manifests, apps and `--sources` folders.
    package var inputs: Int
    /// The files read for them, each once.
    package var files: Int
    package var errors: Int
    package var warnings: Int
    package var notes: Int
    /// Findings counted above but not listed (the per-file limit).
    package var omitted: Int
  }

  package struct Diagnostic: Encodable, Hashable {
    package var rule: String
    package var severity: String
    package var message: String
    package var file: String
    package var line: Int
    package var column: Int
    package var endLine: Int
    package var endColumn: Int
    package var path: String
    package var subject: String?
    package var related: [Related]
    package var fix: FixEntry?
  }

  /// The edit `--fix` would make, in the diagnostic's own position convention.
  package struct FixEntry: Encodable, Hashable {
    package var description: String
    package var replacements: [Replacement]
  }

  package struct Replacement: Encodable, Hashable {
    package var file: String
    package var line: Int
    package var column: Int
    package var endLine: Int
    package var endColumn: Int
    package var text: String
  }

  package struct Related: Encodable, Hashable {
    package var file: String
    package var line: Int
    package var column: Int
    package var endLine: Int
    package var endColumn: Int
    package var message: String
  }

  package struct ReadError: Encodable, Hashable {
    package var file: String
    package var message: String
  }

  public func render(_ report: LintReport) -> String {
    render(document(for: report))
  }

  /// What the report says, before it is written as JSON: equal documents make the same text.
  package func document(for report: LintReport) -> Document {
    let summary = report.summary
    return Document(
      summary: Summary(
        inputs: summary.files, files: report.filesReadCount, errors: summary.errors, warnings: summary.warnings,
        notes: summary.notes,
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

  package func render(_ document: Document) -> String {
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
