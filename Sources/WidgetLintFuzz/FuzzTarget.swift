import WidgetLintKit

/// libFuzzer entry point over the whole pipeline: bytes → document → manifest → rules → every report
/// format. Built only by scripts/fuzz (WIDGETLINT_FUZZ=1), with -sanitize=fuzzer,address.
@_cdecl("LLVMFuzzerTestOneInput")
public func widgetLintFuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  // The first byte picks how the input is read, so one corpus exercises YAML, JSON and Swift.
  let mode = bytes.first.map { $0 % 3 } ?? 0
  let name = mode == 1 ? "widgets.json" : "widgets.yaml"
  if mode == 2, SwiftSourceScanner.refusal(for: bytes) == nil {
    _ = SwiftSourceScanner.scan(SourceText(path: "Fuzz.swift", bytes: bytes))
  }
  let source = SourceText(path: name, bytes: bytes)
  // `sources` entries resolve against a folder that does not exist, so the fuzzer never reads files.
  let findings = FuzzState.linter.lint(
    manifest: source, directory: "/nonexistent-widgetlint-fuzz", displayDirectory: "")
  let report = LintReport(files: [name], findings: findings, inputErrors: [], maxFindingsPerFile: 50)
  _ = TextReporter(color: true).render(report)
  _ = JSONReporter().render(report)
  _ = FuzzState.sarif.render(report)
  _ = GitHubReporter().render(report)
  _ = JUnitReporter().render(report)
  return 0
}

enum FuzzState {
  static let linter = Linter()
  static let sarif = SARIFReporter(rules: RuleRegistry.all.map { $0.metadata }, rootDirectory: "/")
}

// SwiftPM links an executable's entry point as `<module>_main`; hand control to libFuzzer's driver.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
  _ argc: UnsafeMutablePointer<CInt>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
  _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt

@_cdecl("WidgetLintFuzz_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  var count = argc
  var arguments = argv
  return runFuzzerDriver(&count, &arguments) { widgetLintFuzzOneInput($0, $1) }
}
