/// The regions of a SARIF log: each result's locations, related locations and fix replacements. (The
/// whole log is checked against the SARIF schema by scripts/validate-schemas.)
struct SARIFRegions: Decodable {
  struct Run: Decodable { var results: [Result] }

  struct Result: Decodable {
    var locations: [Location]?
    var relatedLocations: [Location]?
    var fixes: [Fix]?
  }

  struct Location: Decodable { var physicalLocation: PhysicalLocation? }

  struct PhysicalLocation: Decodable { var region: Region? }

  struct Fix: Decodable { var artifactChanges: [ArtifactChange] }

  struct ArtifactChange: Decodable { var replacements: [Replacement] }

  struct Replacement: Decodable { var deletedRegion: Region }

  /// SARIF lets every field but the start line default (the columns to 1, the end to the start).
  struct Region: Decodable {
    var startLine: Int
    var startColumn: Int?
    var endLine: Int?
    var endColumn: Int?

    var region: ReportRegion {
      let startColumn = startColumn ?? 1
      return ReportRegion(
        startLine: startLine, startColumn: startColumn, endLine: endLine ?? startLine,
        endColumn: endColumn ?? startColumn)
    }
  }

  var runs: [Run]

  var regions: [ReportRegion] {
    runs.flatMap(\.results).flatMap { result in
      let locations = (result.locations ?? []) + (result.relatedLocations ?? [])
      let fixed = (result.fixes ?? []).flatMap(\.artifactChanges).flatMap(\.replacements).map(\.deletedRegion)
      return locations.compactMap(\.physicalLocation?.region) + fixed
    }
    .map(\.region)
  }
}
