/// A range as the JSON and SARIF reports write it: lines and columns from 1, the end column just past
/// the range.
struct ReportRegion: CustomStringConvertible {
  var startLine: Int
  var startColumn: Int
  var endLine: Int
  var endColumn: Int

  var description: String { "\(startLine):\(startColumn)-\(endLine):\(endColumn)" }

  /// Whether the range starts at a line and column and ends at or after its start.
  var isWellFormed: Bool {
    startLine >= 1 && startColumn >= 1 && endLine >= startLine && (endLine > startLine || endColumn >= startColumn)
  }

  /// The regions of a JSON report read by JSONSerialization: each diagnostic's, its related locations'
  /// and its fix replacements'. The schema has checked that each holds the four integers.
  static func regions(inJSONReport report: [String: Any]) -> [ReportRegion] {
    func region(_ object: Any) -> ReportRegion? {
      guard let object = object as? [String: Any], let line = object["line"] as? Int,
        let column = object["column"] as? Int, let endLine = object["endLine"] as? Int,
        let endColumn = object["endColumn"] as? Int
      else { return nil }
      return ReportRegion(startLine: line, startColumn: column, endLine: endLine, endColumn: endColumn)
    }
    return (report["diagnostics"] as? [[String: Any]] ?? []).flatMap { diagnostic in
      let related = diagnostic["related"] as? [Any] ?? []
      let replacements = (diagnostic["fix"] as? [String: Any])?["replacements"] as? [Any] ?? []
      return ([diagnostic] + related + replacements).compactMap(region)
    }
  }
}
