import WidgetLintCore

/// `path-case`: a path the project names that differs in case from the file or folder on disk.
public struct PathCaseRule: ReadingRule {
  public static let problemKind = ReadingProblem.Kind.pathCase

  public static let metadata = RuleMetadata(
    id: "path-case",
    defaultSeverity: .note,
    summary: "A path the project names differs in case from the file on disk: it works on a Mac, not elsewhere.",
    rationale: """
      A Mac's default volume (APFS, case-insensitive) opens `myapp/MyApp.entitlements` when the file is
      `MyApp/myapp.entitlements`, so the app builds and ships. A case-sensitive volume (a case-sensitive
      APFS volume, a Linux CI runner, a Docker image) finds no such file. widgetlint finds each path as
      the default volume does: the exact name first, else the one entry of the folder that differs from
      it in case only; the path is then read and checked, and this note, at the place the path is
      written (the build setting in `project.pbxproj` or an `.xcconfig`, a manifest's `sources` entry),
      names both spellings. Where a folder holds several entries that differ from the name in case only,
      which one a Mac would open is not known: the path is reported as unreadable (`invalid-value`).
      Names that differ only in Unicode normalisation (`é` as one character or as `e` and an accent) are
      the same name on every APFS volume, and are not reported.

      Fix: spell the path as the file is spelled, or rename the file.

      Source: Apple, "File System Formats" in Disk Utility User Guide
      (https://support.apple.com/guide/disk-utility/file-system-formats-dsku19ed921c/mac): APFS and
      Mac OS Extended are case-insensitive unless the case-sensitive format is chosen.
      """,
    examples: [
      .failing(
        "A sources folder written in lower case, spelled WeatherWidgets on disk",
        """
        app:
          bundleIdentifier: com.example.weather
        targets:
          - name: WeatherWidgets
            bundleIdentifier: com.example.weather.widgets
            sources: [↓weatherwidgets]
            widgets:
              - kind: Forecast
                displayName: Forecast
                description: Today's forecast.
                families: [systemSmall]
        """,
        files: PathCaseRule.exampleFiles),
      .passing(
        "The folder spelled as it is on disk",
        """
        app:
          bundleIdentifier: com.example.weather
        targets:
          - name: WeatherWidgets
            bundleIdentifier: com.example.weather.widgets
            sources: [WeatherWidgets]
            widgets:
              - kind: Forecast
                displayName: Forecast
                description: Today's forecast.
                families: [systemSmall]
        """,
        files: PathCaseRule.exampleFiles),
    ])

  package static let exampleFiles = [
    (
      "WeatherWidgets/ForecastWidget.swift",
      """
      import SwiftUI
      import WidgetKit

      struct ForecastWidget: Widget {
        var body: some WidgetConfiguration {
          StaticConfiguration(kind: "Forecast", provider: ForecastProvider()) { entry in
            ForecastView(entry: entry)
          }
          .configurationDisplayName("Forecast")
          .description("Today's forecast.")
          .supportedFamilies([.systemSmall])
        }
      }
      """
    )
  ]

  public init() {}
}
