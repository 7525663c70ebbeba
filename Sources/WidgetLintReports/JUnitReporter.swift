import WidgetLintEngine

/// JUnit XML for CI dashboards: a test suite per linted file, a failing test case per finding (a
/// passing one for a clean file), and an errored case per input that could not be read.
public struct JUnitReporter: Reporter {
  public init() {}

  package static func escape(_ text: String) -> String {
    var escaped = ""
    appendEscaped(text, to: &escaped)
    return escaped
  }

  /// Appends `text` to `xml` with `&`, `<`, `>` and the quotes escaped, and the characters XML 1.0
  /// cannot hold at all (control characters, U+FFFE, U+FFFF) as `?`. Written straight into the report:
  /// a string built per text grew one allocation at a time for texts full of control characters.
  package static func appendEscaped(_ text: String, to xml: inout String) {
    // Most text needs nothing escaped: a byte scan says so without decoding it. 0xEF leads the
    // encodings of U+FFFE and U+FFFF (and of other characters, which the loop below then keeps).
    let needsEscaping = text.utf8.contains { byte in
      switch byte {
      case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"), 0xEF: true
      case 0x09, 0x0A, 0x0D: false
      default: byte < 0x20
      }
    }
    guard needsEscaping else {
      xml += text
      return
    }
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": xml += "&amp;"
      case "<": xml += "&lt;"
      case ">": xml += "&gt;"
      case "\"": xml += "&quot;"
      case "'": xml += "&apos;"
      case "\n", "\t", "\r": xml.unicodeScalars.append(scalar)
      // Control characters are not allowed in XML 1.0, even escaped.
      case _ where scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value): xml += "?"
      default: xml.unicodeScalars.append(scalar)
      }
    }
  }

  /// Appends ` name="value"`, the value escaped.
  private static func attribute(_ name: String, _ value: String, to xml: inout String) {
    xml += " "
    xml += name
    xml += "=\""
    appendEscaped(value, to: &xml)
    xml += "\""
  }

  public func render(_ report: LintReport) -> String {
    var byFile: [String: [Finding]] = [:]
    for finding in report.findings { byFile[finding.file, default: []].append(finding) }
    let linted = Set(report.files)
    let files = report.files + byFile.keys.filter { !linted.contains($0) }.sorted()
    let failures = report.findings.filter { $0.severity == .error }.count
    var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    let total = report.findings.count + files.filter { byFile[$0] == nil }.count + report.inputErrors.count
    xml +=
      "<testsuites name=\"widgetlint\" tests=\"\(total)\" failures=\"\(failures)\" errors=\"\(report.inputErrors.count)\">\n"
    for file in files {
      let findings = byFile[file] ?? []
      let failing = findings.filter { $0.severity == .error }.count
      xml +=
        "  <testsuite name=\"\(Self.escape(file))\" tests=\"\(max(findings.count, 1))\" failures=\"\(failing)\" errors=\"0\">\n"
      if findings.isEmpty { xml += "    <testcase classname=\"\(Self.escape(file))\" name=\"widgetlint\"/>\n" }
      for finding in findings {
        // Written piece by piece into `xml`: a report holds a few lines per finding.
        let range = finding.range
        let line = String(range.start.line)
        let position = "\(line):\(range.start.column)"
        xml += "    <testcase"
        Self.attribute("classname", file, to: &xml)
        // A rule id and numbers: nothing in the name needs escaping.
        xml += " name=\""
        xml += finding.ruleID
        xml += " at "
        xml += position
        xml += "\""
        Self.attribute("file", finding.file, to: &xml)
        Self.attribute("line", line, to: &xml)
        xml += ">\n      "
        let isFailure = finding.severity == .error
        if isFailure {
          xml += "<failure"
          Self.attribute("type", finding.ruleID, to: &xml)
          Self.attribute("message", finding.message, to: &xml)
          xml += ">"
        } else {
          xml += "<system-out>"
        }
        Self.appendEscaped(finding.file, to: &xml)
        xml += ":"
        xml += position
        xml += ": "
        xml += finding.severity.rawValue
        xml += ": "
        Self.appendEscaped(finding.message, to: &xml)
        xml += isFailure ? "</failure>\n" : "</system-out>\n"
        xml += "    </testcase>\n"
      }
      xml += "  </testsuite>\n"
    }
    if !report.inputErrors.isEmpty {
      xml +=
        "  <testsuite name=\"inputs\" tests=\"\(report.inputErrors.count)\" failures=\"0\" errors=\"\(report.inputErrors.count)\">\n"
      for error in report.inputErrors {
        xml += "    <testcase classname=\"inputs\" name=\"\(Self.escape(error.path))\">\n"
        xml += "      <error message=\"\(Self.escape(error.message))\"/>\n    </testcase>\n"
      }
      xml += "  </testsuite>\n"
    }
    return xml + "</testsuites>\n"
  }
}
