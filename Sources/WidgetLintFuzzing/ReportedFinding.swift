import WidgetLintKit

/// What the reports write of a finding, but its positions, with every text they quote from it (its
/// message, JSON pointer and subject, its related locations' messages, its fix's description and
/// text) replaced by `text` of it: the key `CheckedReports` remembers. Rule id, severity and file
/// paths stay.
struct ReportedFinding: Hashable {
  struct Related: Hashable {
    var file: String
    var message: String
  }

  struct Replacement: Hashable {
    var file: String
    var text: String
  }

  var rule: String
  var severity: Severity
  var file: String
  var message: String
  var path: String
  var subject: String?
  var related: [Related]
  var fixDescription: String?
  var replacements: [Replacement]

  init(_ finding: Finding, _ text: (String) -> String) {
    rule = finding.ruleID
    severity = finding.severity
    file = finding.file
    message = text(finding.message)
    path = text(finding.pointer.description)
    subject = finding.subject.map(text)
    related = finding.related.map { Related(file: $0.span.file.path, message: text($0.message)) }
    fixDescription = finding.fix.map { text($0.description) }
    replacements = (finding.fix?.replacements ?? []).map { Replacement(file: $0.file, text: text($0.text)) }
  }
}
