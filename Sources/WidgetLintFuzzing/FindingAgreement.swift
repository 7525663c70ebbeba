import WidgetLintKit

/// What two readings of the same bytes must agree on in a finding: all of it but the identity of the
/// file each reading made. Compared as values, and written out only when they differ.
struct FindingAgreement: Equatable, CustomStringConvertible {
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
    return "\(ruleID) \(severity) \(file):\(start)-\(end) \(pointer) \(message) [\(related.joined(separator: "; "))]"
  }
}
