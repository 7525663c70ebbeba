import Foundation

/// The JSON report's published schema, `schemas/report-v1.schema.json`: the one description of the
/// report, which the fuzz targets check every new kind of report against and the reporters' tests
/// check their reports against.
public enum ReportSchema {
  /// The schema file, found from this source file's place in the package.
  public static let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("schemas/report-v1.schema.json")

  /// The schema, loaded once; a schema that cannot be loaded stops the process.
  public static let v1: JSONSchema = {
    do {
      return try JSONSchema(contentsOf: url)
    } catch {
      fatalError("widgetlint fuzz: cannot load \(url.path): \(error)")
    }
  }()
}
