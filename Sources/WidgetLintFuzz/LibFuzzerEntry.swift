import Foundation
import WidgetLintFuzzing

/// libFuzzer's entry point: runs the target named by WIDGETLINT_FUZZ_TARGET (manifest, javascript,
/// plist, dart, swift, pbxproj; see `FuzzTarget` in WidgetLintFuzzing). Built only by scripts/fuzz
/// (WIDGETLINT_FUZZ=1), optimised, with -sanitize=fuzzer,address.
@_cdecl("LLVMFuzzerTestOneInput")
public func widgetLintFuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  FuzzSelection.target.run(Array(UnsafeBufferPointer(start: data, count: size)))
  return 0
}

enum FuzzSelection {
  static let target: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["WIDGETLINT_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
      let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
      FileHandle.standardError.write(Data("WIDGETLINT_FUZZ_TARGET must be one of: \(names)\n".utf8))
      exit(2)
    }
    return target
  }()
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
  _ = FuzzSelection.target
  var count = argc
  var arguments = argv
  return runFuzzerDriver(&count, &arguments) { widgetLintFuzzOneInput($0, $1) }
}
