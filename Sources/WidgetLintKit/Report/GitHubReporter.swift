import Foundation

/// GitHub Actions workflow commands: each finding becomes an annotation on the pull request's diff.
public struct GitHubReporter: Reporter {
  public init() {}

  /// Escaping for a command's message (data).
  static func escapeData(_ text: String) -> String {
    text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
      .replacingOccurrences(of: "\n", with: "%0A")
  }

  /// Escaping for a property value, where ':' and ',' separate properties.
  static func escapeProperty(_ text: String) -> String {
    escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
  }

  static func command(_ severity: Severity) -> String {
    switch severity {
    case .error: return "error"
    case .warning: return "warning"
    case .note: return "notice"
    }
  }

  public func render(_ report: LintReport) -> String {
    var output = ""
    for finding in report.findings {
      let range = finding.range
      let properties = [
        "file=\(Self.escapeProperty(finding.file))", "line=\(range.start.line)", "col=\(range.start.column)",
        "endLine=\(range.end.line)", "endColumn=\(range.end.column)",
        "title=\(Self.escapeProperty("widgetlint \(finding.ruleID)"))",
      ]
      output +=
        "::\(Self.command(finding.severity)) \(properties.joined(separator: ","))::\(Self.escapeData(finding.message))\n"
    }
    for error in report.inputErrors {
      output += "::error file=\(Self.escapeProperty(error.path)),title=widgetlint::\(Self.escapeData(error.message))\n"
    }
    return output
  }
}
