import Foundation
import WidgetLintCore
import WidgetLintEngine

/// GitHub Actions workflow commands: each finding becomes an annotation on the pull request's diff.
///
/// GitHub places an annotation by the file's path relative to the repository (`GITHUB_WORKSPACE`),
/// whatever folder widgetlint ran in, so paths are written relative to `workspace` when it is set.
public struct GitHubReporter: Reporter {
  /// The checkout's root (`GITHUB_WORKSPACE`); nil leaves paths as shown on the command line.
  public var workspace: String?

  public init(workspace: String? = nil) { self.workspace = workspace }

  /// A path as GitHub expects it: relative to the workspace when the file lies inside it.
  package func annotationPath(_ path: String) -> String {
    guard let workspace, !workspace.isEmpty, path != "<stdin>" else { return path }
    let root = PathUtilities.absolute(workspace)
    let absolute = PathUtilities.absolute(path)
    guard absolute.hasPrefix(root + "/") else { return path }
    return String(absolute.dropFirst(root.count + 1))
  }

  /// Escaping for a command's message (data).
  package static func escapeData(_ text: String) -> String { text.escaping(dataEscapes) }

  /// Escaping for a property value, where ':' and ',' separate properties.
  package static func escapeProperty(_ text: String) -> String { text.escaping(propertyEscapes) }

  private static let dataEscapes: ASCIIEscapes = ["%": "%25", "\r": "%0D", "\n": "%0A"]
  private static let propertyEscapes = dataEscapes.merging([":": "%3A", ",": "%2C"])

  package static func command(_ severity: Severity) -> String {
    switch severity {
    case .error: return "error"
    case .warning: return "warning"
    case .note: return "notice"
    }
  }

  public func render(_ report: LintReport) -> String {
    var output = ""
    for finding in report.findings {
      // Written piece by piece into `output`: a report holds a line per finding.
      let range = finding.range
      output += "::"
      output += Self.command(finding.severity)
      output += " file="
      output += Self.escapeProperty(annotationPath(finding.file))
      let positions = [
        ("line", range.start.line), ("col", range.start.column), ("endLine", range.end.line),
        ("endColumn", range.end.column),
      ]
      for (name, value) in positions {
        output += ","
        output += name
        output += "="
        output += String(value)
      }
      output += ",title=widgetlint "
      output += Self.escapeProperty(finding.ruleID)
      output += "::"
      output += Self.escapeData(finding.message)
      output += "\n"
    }
    for error in report.inputErrors {
      output +=
        "::error file=\(Self.escapeProperty(annotationPath(error.path))),title=widgetlint::\(Self.escapeData(error.message))\n"
    }
    return output
  }
}
