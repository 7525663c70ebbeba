public protocol Reporter {
  func render(_ report: LintReport) -> String
}
