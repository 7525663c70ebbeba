import Foundation
import Testing
import WidgetLintFuzzing

@testable import WidgetLintCore
@testable import WidgetLintEngine
@testable import WidgetLintFrontends
@testable import WidgetLintKit
@testable import WidgetLintModel
@testable import WidgetLintReaders
@testable import WidgetLintReports
@testable import WidgetLintRules

/// The JSON report against its one description, `schemas/report-v1.schema.json` (which the fuzz
/// targets check every new kind of report against too), read by the harness's `JSONSchema`.
@Suite struct ReportSchemaTests {
  static func json(_ text: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(text.utf8))
  }

  /// The JSON report of every broken example manifest, with the read errors of two missing inputs.
  static func exampleReports() throws -> [(String, String)] {
    let folders = ["examples/broken", "examples/broken-fix"]
    let linter = Linter()
    return try folders.flatMap { folder in
      try FileManager.default.contentsOfDirectory(atPath: TestSupport.path(folder)).sorted()
        .filter { ($0.hasSuffix(".yaml") || $0.hasSuffix(".json")) && !$0.contains(".fixed.") }
        .map { name in
          let path = "\(folder)/\(name)"
          let bytes = try #require(FileManager.default.contents(atPath: TestSupport.path(path)))
          let findings = linter.lint(
            manifest: SourceText(path: path, bytes: Array(bytes)), directory: TestSupport.path(folder),
            displayDirectory: folder)
          let report = LintReport(
            files: [path], findings: findings,
            inputErrors: [InputError(path: "missing.yaml", message: "no such file")], maxFindingsPerFile: 3)
          return (path, JSONReporter().render(report))
        }
    }
  }

  @Test func everyExampleReportIsValid() throws {
    let reports = try Self.exampleReports()
    #expect(reports.count > 20)
    var fields: Set<String> = []
    for (path, text) in reports {
      let report = try #require(try Self.json(text) as? [String: Any])
      #expect(ReportSchema.v1.problems(of: report) == [], "\(path)")
      for diagnostic in report["diagnostics"] as? [[String: Any]] ?? [] {
        fields.formUnion(diagnostic.keys)
        if !(diagnostic["related"] as? [Any] ?? []).isEmpty { fields.insert("related (not empty)") }
      }
      if (report["summary"] as? [String: Any])?["omitted"] as? Int ?? 0 > 0 { fields.insert("omitted") }
    }
    // The reports hold every optional part the schema describes, so each part is checked.
    #expect(fields.isSuperset(of: ["fix", "subject", "related (not empty)", "omitted"]))
  }

  @Test func theSchemaRefusesWhatTheReportMustNotBe() throws {
    let valid = try #require(try Self.exampleReports().first { $0.1.contains("\"fix\"") }?.1)
    #expect(ReportSchema.v1.problems(of: try Self.json(valid)) == [])
    func problems(_ change: (inout [String: Any]) -> Void) throws -> [String] {
      var report = try #require(try Self.json(valid) as? [String: Any])
      change(&report)
      return ReportSchema.v1.problems(of: report)
    }
    func changingFirstDiagnostic(_ change: @escaping (inout [String: Any]) -> Void) -> (inout [String: Any]) -> Void {
      { report in
        var diagnostics = report["diagnostics"] as? [[String: Any]] ?? []
        change(&diagnostics[0])
        report["diagnostics"] = diagnostics
      }
    }
    #expect(try problems { $0["version"] = 2 } == ["/version: not 1"])
    #expect(try problems { $0["extra"] = true } == [": 'extra' is not allowed"])
    #expect(try problems { $0["summary"] = nil } == [": 'summary' is missing"])
    #expect(try problems(changingFirstDiagnostic { $0["line"] = 0 }) == ["/diagnostics/0/line: 0 is less than 1.0"])
    #expect(
      try problems(changingFirstDiagnostic { $0["column"] = "1" }) == ["/diagnostics/0/column: not of type integer"])
    #expect(try problems(changingFirstDiagnostic { $0["severity"] = "fatal" }).count == 1)
    #expect(try problems(changingFirstDiagnostic { $0["rule"] = "Not An Id" }).count == 1)
    #expect(try problems(changingFirstDiagnostic { $0["path"] = "no-leading-slash" }).count == 1)
    #expect(try problems(changingFirstDiagnostic { $0["related"] = nil }) == ["/diagnostics/0: 'related' is missing"])
  }

  @Test func aKeywordTheValidatorDoesNotKnowIsRefused() {
    #expect(throws: JSONSchema.UnsupportedKeyword.self) {
      try JSONSchema(["type": "object", "properties": ["a": ["type": "string", "maxLength": 3]]])
    }
    #expect(throws: JSONSchema.UnsupportedKeyword.self) { try JSONSchema(["oneOf": [["type": "string"]]]) }
  }
}
