import Foundation
import Testing

@testable import WidgetLintCore
@testable import WidgetLintEngine
@testable import WidgetLintFrontends
@testable import WidgetLintKit
@testable import WidgetLintModel
@testable import WidgetLintReaders
@testable import WidgetLintReports
@testable import WidgetLintRules

@Suite struct SwiftScannerTests {
  @Test func longBracketRunsAreRefusedWithTheirLine() {
    let allowed = "let a = " + String(repeating: "[ ", count: 12) + "\n"
    #expect(SwiftSourceScanner.refusal(for: Array(allowed.utf8)) == nil)
    // White space, line breaks included, does not end a run; anything else does.
    let split = "let a = [[[[[[\n  [[[[[[x]\nlet b = [[[[[[ [[[[[[\n"
    #expect(SwiftSourceScanner.refusal(for: Array(split.utf8)) == nil)
    let refused = "// header\nlet a = 1\nlet b = [[[[[[\n   [[[[[[\n [x]]\n"
    let message = SwiftSourceScanner.refusal(for: Array(refused.utf8))
    #expect(message?.hasPrefix("line 5 opens more than 12 '['") == true)
    #expect(SwiftSourceScanner.refusal(for: []) == nil)
  }

  /// The parser skips comments and bytes no token starts with, so they do not end a run either (the
  /// swift fuzz target found a run split by control characters that parsed for minutes).
  @Test func commentsAndUnexpectedBytesDoNotEndABracketRun() throws {
    let half = String(repeating: "[", count: 7)
    for separator in ["/* a /* nested */ comment */", "// a comment\n", "\u{1A}", "\u{0}", "\u{7F}", "\u{A0}"] {
      let code = "let a = \(half)\(separator)\(half)\n"
      #expect(SwiftSourceScanner.refusal(for: Array(code.utf8))?.contains("opens more than 12") == true, "\(separator)")
    }
    // A token between the brackets ends the run, and so does a comment that never closes.
    for separator in ["x", ",", "\"s\"", "/* open"] {
      #expect(SwiftSourceScanner.refusal(for: Array("let a = \(half)\(separator)\(half)\n".utf8)) == nil)
    }
    let found = try Data(
      contentsOf: URL(
        fileURLWithPath: TestSupport.path(
          "Tests/Fixtures/fuzz-regressions/swift/timeout-bracket-run-split-by-control-characters")))
    #expect(SwiftSourceScanner.refusal(for: Array(found)) != nil)
  }

  func uses(_ code: String) -> [String] {
    SwiftSourceScanner.scan(SourceText(path: "W.swift", text: code)).unavailableAPIUses.map {
      let start = $0.span.range.start
      return "\($0.api.symbol)@\(start.line):\(start.column)"
    }
  }

  @Test func findsUIApplicationSharedOnceForAnOpenCall() {
    let code = """
      import UIKit
      func go(_ url: URL) {
          UIApplication.shared.open(url, options: [:])
          let app = UIApplication.shared
          UIKit.UIApplication.shared.openURL(url)
      }
      """
    #expect(
      uses(code) == [
        "UIApplication.shared.open(_:options:completionHandler:)@3:5", "UIApplication.shared@4:15",
        "UIApplication.shared.openURL(_:)@5:5",
      ])
  }

  @Test func filesThatNameNoneOfTheAPIsAreNotWalked() {
    let plain = Array("struct V: View { var body: some View { Text(verbatim: \"open\").widgetURL(url) } }".utf8)
    #expect(!ExtensionUnavailableAPI.mayBeUsed(in: plain))
    // Every identifier a use needs lets the tree decide, even in a comment (where the tree finds nothing).
    for api in ExtensionUnavailableAPI.all {
      for identifier in api.requiredIdentifiers {
        #expect(ExtensionUnavailableAPI.mayBeUsed(in: Array("// \(identifier)\n".utf8)), "\(identifier)")
      }
    }
    #expect(uses("// UIApplication.shared.open(url)\nlet x = 1").isEmpty)
  }

  @Test func commentsAndStringsNeverMatch() {
    let code = """
      // UIApplication.shared.open(url)
      /* UIApplication.shared.setAlternateIconName(nil) */
      /// Calls `UIApplication.shared`.
      let hint = "UIApplication.shared is unavailable"
      let multi = \"\"\"
        UIApplication.shared.beginIgnoringInteractionEvents()
        \"\"\"
      let raw = #"ForegroundContinuableIntent"#
      """
    #expect(uses(code).isEmpty)
  }

  @Test func codeInsideInterpolationIsCode() {
    #expect(uses(#"let s = "\(UIApplication.shared.alternateIconName ?? "")""#) == ["alternateIconName@1:12"])
  }

  @Test func memberNamesOnOtherReceiversAndTypes() {
    let code = """
      struct OpenIntent: AppIntent, ForegroundContinuableIntent {}
      func f(app: UIApplication) {
          app.setAlternateIconName(nil)
          self.alternateIconName = nil
          app.open(url)
          openURL(url)
      }
      """
    #expect(uses(code) == ["ForegroundContinuableIntent@1:31", "setAlternateIconName(_:completionHandler:)@3:5"])
  }

  @Test func extensionUnavailableDeclarationsAndCustomFlagsAreSkipped() {
    let code = """
      @available(iOSApplicationExtension, unavailable)
      func openSettings() { UIApplication.shared.open(settingsURL) }

      #if !WIDGET_EXTENSION
      let badge = UIApplication.shared.applicationIconBadgeNumber
      #endif

      #if os(iOS)
      let icon = UIApplication.shared.supportsAlternateIcons
      #endif
      """
    #expect(uses(code) == ["supportsAlternateIcons@9:12"])
  }

  @Test func unparseableSwiftDoesNotCrash() {
    // An unclosed body: swift-syntax recovers, and what it could read is still judged.
    #expect(
      uses("struct W {\n  func f() {\n    UIApplication.shared.open(url)\n") == [
        "UIApplication.shared.open(_:options:completionHandler:)@3:5"
      ])
    #expect(uses("struct { func ( }}}} ))").isEmpty)
  }
}
