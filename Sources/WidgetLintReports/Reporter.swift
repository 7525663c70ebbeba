import WidgetLintEngine

public protocol Reporter {
  func render(_ report: LintReport) -> String
}

extension LintReport {
  /// The files read for the projects linted, each once (projects may share a file, such as a package's
  /// Swift); the notes the frontends list among them are not files.
  package var filesReadCount: Int {
    var files: Set<String> = []
    for project in projects {
      for file in project.filesRead where !file.hasPrefix("note: ") { files.insert(file) }
    }
    return files.count
  }
}
