import Foundation
import Testing

@testable import WidgetLintCore
@testable import WidgetLintEngine
@testable import WidgetLintFrontends
@testable import WidgetLintReaders
@testable import WidgetLintReports

/// Findings said once: no clause or note repeated, one cause's many places in one report block, and
/// counts that count what they name.
@Suite struct NoiseTests {
  /// Each configuration reads the shared `.xcconfig` again, as a text of its own: the include it names
  /// is still one place, said once. Another file's include of the same name is a related location.
  @Test func aSettingLeftToTheBuilderIsSaidOnceForItsInclude() throws {
    let shared = "ORGANIZATION_IDENTIFIER =\n#include? \"Override.xcconfig\"\n"
    func include(_ file: SourceText) -> SettingsLeftToBuilder.Entry {
      let start = 37
      return SettingsLeftToBuilder.Entry(
        key: "ORGANIZATION_IDENTIFIER",
        reason: .mayBeSetBy(
          MissingInclude(path: "Override.xcconfig", span: SourceSpan(file: file, start: start, end: start + 17))),
        writtenAt: SourceSpan(file: file, start: 0, end: 23))
    }
    let debug = SourceText(path: "Config/Shared.xcconfig", text: shared)
    let release = SourceText(path: "Config/Shared.xcconfig", text: shared)
    let test = SourceText(path: "Config/Tests.xcconfig", text: shared)
    let note = try #require(BuildGraphProjects.note([include(debug), include(release), include(test)]))
    #expect(
      note.message
        == "left to whoever builds the app, so the values that use it are not checked: ORGANIZATION_IDENTIFIER may be set by 'Override.xcconfig', which is not in the repository"
    )
    #expect(note.span.file.path == "Config/Shared.xcconfig")
    #expect(
      note.related.map { "\($0.span.file.path):\($0.span.range.start.line) \($0.message)" } == [
        "Config/Tests.xcconfig:2 the same include, also not in the repository"
      ])
  }

  /// `summary.files` counts the files read; `summary.inputs` what was linted (here one Xcode app).
  @Test func theJSONSummaryCountsFilesRead() throws {
    let result = try TestSupport.run(["--format", "json", "examples/native-widgets"])
    #expect(result.status == 0)
    let summary = try #require(try TestSupport.json(result.stdout)["summary"] as? [String: Int])
    #expect(summary == ["inputs": 1, "files": 10, "errors": 0, "warnings": 0, "notes": 0, "omitted": 0])
  }

  /// Three calls of one unavailable API in one target: the cause in full once, then each place with its
  /// first clause, and the target's note once.
  @Test func oneCauseInManyPlacesIsSaidInFullOnce() throws {
    let manifest = try String(
      contentsOfFile: TestSupport.path("examples/broken/extension-unavailable-api.yaml"), encoding: .utf8
    ).replacingOccurrences(of: "sources: [extension-unavailable-api]", with: "sources: [Widget]")
    let swift = """
      import SwiftUI
      import UIKit

      func openScene(_ url: URL) { UIApplication.shared.open(url) }
      func openSettings(_ url: URL) { UIApplication.shared.open(url) }
      func openHelp(_ url: URL) { UIApplication.shared.open(url) }

      """
    let directory = try TestSupport.directory(with: [("widgets.yaml", manifest), ("Widget/Scenes.swift", swift)])
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try TestSupport.run(["widgets.yaml"], currentDirectory: directory)
    #expect(result.status == 1)
    let headings = result.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") }
    let full = try #require(headings.first)
    #expect(
      full
        == "Widget/Scenes.swift:4:30: error: UIApplication.shared.open(_:options:completionHandler:) is unavailable in app extensions, and 'LightsWidget' is one; a widget opens its app through .widgetURL(_:) or a Link; an App Intent can use OpenURLIntent [extension-unavailable-api]"
    )
    #expect(
      Array(headings.dropFirst()) == [
        "widgets.yaml:13:11: note: widget extension 'LightsWidget' declared here",
        "Widget/Scenes.swift:5:33: error: UIApplication.shared.open(_:options:completionHandler:) is unavailable in app extensions, and 'LightsWidget' is one (as at 4:30 above) [extension-unavailable-api]",
        "Widget/Scenes.swift:6:29: error: UIApplication.shared.open(_:options:completionHandler:) is unavailable in app extensions, and 'LightsWidget' is one (as at 4:30 above) [extension-unavailable-api]",
        "3 errors, 0 warnings, 0 notes in 1 file",
      ])
  }
}
