import Foundation
import Testing

@testable import WidgetLintKit

/// Flutter and native Xcode apps: targets from Info.plist, entitlements with build settings, Dart calls.
@Suite struct XcodeProjectTests {
  static func plist(_ body: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \(body)
    </dict>
    </plist>
    """
  }

  static func groups(_ names: String...) -> String {
    plist(
      "  <key>com.apple.security.application-groups</key>\n  <array>\n"
        + names.map { "    <string>\($0)</string>\n" }.joined() + "  </array>")
  }

  static let widgetInfo = plist(
    """
      <key>NSExtension</key>
      <dict>
        <key>NSExtensionPointIdentifier</key>
        <string>com.apple.widgetkit-extension</string>
      </dict>
    """)

  static let widgetSwift = """
    import WidgetKit
    @main
    struct CounterWidget: Widget {
        var body: some WidgetConfiguration {
            StaticConfiguration(kind: "CounterWidget", provider: Provider()) { CounterView(entry: $0) }
        }
    }
    struct Provider {
        let defaults = UserDefaults(suiteName: "group.com.example.counter")
        let computed = UserDefaults(suiteName: "group." + Bundle.main.bundleIdentifier!)
    }
    """

  func lint(_ files: [(path: String, contents: String)]) throws -> [Finding] {
    let directory = try TestSupport.directory(with: files)
    defer { try? FileManager.default.removeItem(at: directory) }
    return Linter().lint(XcodeAppFrontend(directory: directory.path))
  }

  @Test func buildSettingsAreExpandedWhereTheProjectDefinesThem() throws {
    let files: [(path: String, contents: String)] = [
      ("ios/Flutter/Shared.xcconfig", "// shared settings\nAPP_GROUP_SUFFIX = counter\n"),
      ("ios/Runner/Info.plist", Self.plist("  <key>CFBundleName</key>\n  <string>Runner</string>")),
      ("ios/Runner/Runner.entitlements", Self.groups("group.com.example.$(APP_GROUP_SUFFIX)")),
      ("ios/CounterWidget/Info.plist", Self.widgetInfo),
      ("ios/CounterWidget/CounterWidget.entitlements", Self.groups("group.com.example.$(APP_GROUP_SUFFIX)")),
      ("ios/CounterWidget/CounterWidget.swift", Self.widgetSwift),
      ("lib/main.dart", "void main() { HomeWidget.setAppGroupId('group.com.example.counter'); }\n"),
    ]
    // Expanded, the groups agree everywhere; the suite name built at run time is not guessed.
    #expect(try lint(files).isEmpty)
    var wrong = files
    wrong[0] = ("ios/Flutter/Shared.xcconfig", "APP_GROUP_SUFFIX = other\n")
    let findings = try lint(wrong)
    #expect(findings.map(\.ruleID) == ["app-group-mismatch", "app-group-mismatch"])
  }

  @Test func unknownSettingsAreSkippedNotGuessed() throws {
    let files: [(path: String, contents: String)] = [
      ("ios/Runner/Info.plist", Self.plist("")),
      ("ios/Runner/Runner.entitlements", Self.groups("group.$(TEAM_GROUP)")),
      ("ios/CounterWidget/Info.plist", Self.widgetInfo),
      ("ios/CounterWidget/CounterWidget.entitlements", Self.groups("group.$(TEAM_GROUP)")),
      ("ios/CounterWidget/CounterWidget.swift", Self.widgetSwift),
    ]
    #expect(try lint(files).isEmpty)
  }

  @Test func binaryEntitlementsAreRead() throws {
    let binary = try PropertyListSerialization.data(
      fromPropertyList: ["com.apple.security.application-groups": ["group.com.example.other"]], format: .binary,
      options: 0)
    let directory = try TestSupport.directory(with: [
      ("ios/Runner/Info.plist", Self.plist("")),
      ("ios/CounterWidget/Info.plist", Self.widgetInfo),
      ("ios/CounterWidget/CounterWidget.swift", Self.widgetSwift),
    ])
    defer { try? FileManager.default.removeItem(at: directory) }
    try binary.write(to: directory.appendingPathComponent("ios/CounterWidget/CounterWidget.entitlements"))
    let findings = Linter().lint(XcodeAppFrontend(directory: directory.path))
    // The widget reads a group its binary entitlements do not list, and the app (no entitlements
    // file) does not carry the widget's group either.
    #expect(findings.map(\.ruleID) == ["app-group-mismatch", "app-group-mismatch"])
    #expect(findings.contains { $0.message.contains("is entitled to 'group.com.example.other' only") })
    #expect(findings.contains { $0.message.contains("is not in the app's entitlements") })
  }
}
