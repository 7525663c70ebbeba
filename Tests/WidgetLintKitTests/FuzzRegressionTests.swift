import Foundation
import Testing

@testable import WidgetLintKit

/// Every input a fuzz target ever crashed, leaked or timed out on is kept in
/// `Tests/Fixtures/fuzz-regressions/<target>/` and runs here through the same code as the fuzz target
/// (`FuzzTarget.run`, which checks the same properties and traps when one is broken).
@Suite struct FuzzRegressionTests {
  static let root = "Tests/Fixtures/fuzz-regressions"

  /// Each target's kept inputs, one case per file; a target without a folder is a failing case.
  static var cases: [String] {
    FuzzTarget.allCases.flatMap { target in
      let folder = "\(root)/\(target.rawValue)"
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: TestSupport.path(folder), isDirectory: &isDirectory),
        isDirectory.boolValue
      else { return ["\(folder) (missing)"] }
      let names = ((try? FileManager.default.contentsOfDirectory(atPath: TestSupport.path(folder))) ?? [])
        .filter { !$0.hasPrefix(".") && $0 != "README.md" }.sorted()
      return names.map { "\(folder)/\($0)" }
    }
  }

  @Test func everyTargetHasItsFolder() {
    for target in FuzzTarget.allCases {
      var isDirectory: ObjCBool = false
      let folder = TestSupport.path("\(Self.root)/\(target.rawValue)")
      #expect(
        FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) && isDirectory.boolValue,
        "\(folder) is missing: scripts/fuzz keeps \(target.rawValue)'s crashes there")
    }
  }

  @Test(arguments: cases)
  func keptInputStillPasses(_ file: String) throws {
    let parts = file.split(separator: "/").map(String.init)
    let target = try #require(FuzzTarget(rawValue: parts[parts.count - 2]), "\(file): no such fuzz target")
    let data = try #require(FileManager.default.contents(atPath: TestSupport.path(file)), "\(file) is missing")
    target.run(Array(data))
  }
}
