import Testing

@testable import WidgetLintCore
@testable import WidgetLintEngine
@testable import WidgetLintFrontends
@testable import WidgetLintReports

/// The lines a run says about itself on standard error are made in the reports' stage, from the
/// report's projects and their kinds.
@Suite struct RunSummaryTests {
  /// An Xcode app read in two variants (one of its "files" is a frontend's note) and a manifest.
  static func report() -> LintReport {
    var report = LintReport(files: ["ios", "widgets.yaml"], findings: [], inputErrors: [])
    var app = ProjectSummary(
      kind: XcodeKind.self, path: "ios", filesRead: ["ios/App.xcodeproj/project.pbxproj", "note: read in 2 variants"])
    app.variants = ["Debug", "Release"]
    app.note = "no widget target in Release"
    report.projects = [app, ProjectSummary(kind: ManifestKind.self, path: "widgets.yaml", filesRead: ["widgets.yaml"])]
    return report
  }

  @Test func kindsAreTypesWithTheirNames() {
    let projects = Self.report().projects
    #expect(projects.map(\.kindName) == ["Xcode app", "manifest"])
    #expect(projects.map(\.isApp) == [true, false])
    #expect(projects.map(\.isManifest) == [false, true])
    #expect(projects.map(\.isSwiftSources) == [false, false])
  }

  @Test func anAppsLineIsSaidAndAManifestsOnlyWhenVerbose() {
    let appLine =
      "widgetlint: ios: Xcode app, 1 file read, 2 variants (Debug, Release); no widget target in Release"
    #expect(RunSummary(verbose: false).projectLines(of: Self.report(), appsOnly: true) == [appLine])
    #expect(RunSummary(verbose: false).projectLines(of: Self.report(), appsOnly: false) == [])
    #expect(
      RunSummary(verbose: true).projectLines(of: Self.report(), appsOnly: false) == [
        appLine, "  ios/App.xcodeproj/project.pbxproj", "  note: read in 2 variants",
        "widgetlint: widgets.yaml: manifest, 1 file read", "  widgets.yaml",
      ])
  }

  @Test func aCleanRunSaysWhatItRead() {
    #expect(
      RunSummary(verbose: false).cleanRunLine(of: Self.report())
        == "widgetlint: no problems: 1 manifest and 1 project, 2 files read")
    var withError = Self.report()
    withError.inputErrors = [InputError(path: "ios", message: "cannot read")]
    #expect(RunSummary(verbose: false).cleanRunLine(of: withError) == nil)
  }

  @Test func skippedFilesAreSaidWhenVerboseAndExplainANothingToLintRun() {
    var report = LintReport(files: [], findings: [], inputErrors: [])
    report.skipped = [ProjectDiscovery.SkippedFile(path: "notes.txt", reason: "no project reads it")]
    #expect(RunSummary(verbose: false).skippedLines(of: report) == [])
    #expect(
      RunSummary(verbose: true).skippedLines(of: report) == ["widgetlint: skipped notes.txt: no project reads it"])
    #expect(
      RunSummary(verbose: false).cleanRunLine(of: report)
        == "widgetlint: nothing to lint: the file named belongs to no widget project (-v says why)")
    #expect(
      RunSummary(verbose: true).cleanRunLine(of: report)
        == "widgetlint: nothing to lint: the file named belongs to no widget project")
  }
}
