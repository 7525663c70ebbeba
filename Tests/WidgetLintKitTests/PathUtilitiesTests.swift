import Testing

@testable import WidgetLintCore
@testable import WidgetLintEngine
@testable import WidgetLintFrontends
@testable import WidgetLintKit
@testable import WidgetLintModel
@testable import WidgetLintReaders
@testable import WidgetLintReports
@testable import WidgetLintRules

@Suite struct PathUtilitiesTests {
  @Test(arguments: [
    ("ios", "Runner/Info.plist", "ios/Runner/Info.plist"), ("ios/", "Runner", "ios/Runner"),
    ("ios", "/abs/file", "/abs/file"), ("", "file", "file"), (".", "file", "file"), (".", "", "."),
    ("", "", "."), ("ios", ".", "ios"), ("ios", "", "ios"), ("ios", "../config/a.xcconfig", "ios/../config/a.xcconfig"),
  ])
  func joinPutsARelativePathInsideItsBase(base: String, relative: String, joined: String) {
    #expect(PathUtilities.join(base, relative) == joined)
  }

  @Test(arguments: [
    ("Apps/Tea", "../../Shared/x.yml", "Shared/x.yml"), ("example", "../app.plugin.js", "app.plugin.js"),
    ("ios", "../../up/a.xcconfig", "../up/a.xcconfig"), ("/repo/Apps/Tea/", "../../Shared", "/repo/Shared"),
    ("/repo/app", "../../x/../y", "/y"), ("/", "../y", "/y"), (".", "./a/./b/../c", "a/c"), ("a", "..", "."),
    ("ios", "Runner/Info.plist", "ios/Runner/Info.plist"),
  ])
  func resolveWorksOutDotsByName(base: String, relative: String, resolved: String) {
    #expect(PathUtilities.resolve(relative, from: base) == resolved)
  }

  @Test(arguments: [
    ("**/*.swift", "a/b/c.swift", true), ("a/*.swift", "a/b/c.swift", false), ("a/**", "a/b/c", true),
    ("a/**/c", "a/c", true), ("a/?", "a/bb", false),
  ])
  func globSegmentsMatchWithDoubleStarSpanningFolders(pattern: String, path: String, matches: Bool) {
    let parts = pattern.split(separator: "/").map(String.init)
    let segments = path.split(separator: "/").map(String.init)
    #expect(PathUtilities.globMatches(parts[...], segments[...]) == matches)
  }
}
