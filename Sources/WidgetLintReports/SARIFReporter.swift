import Foundation
import WidgetLintCore
import WidgetLintEngine
import WidgetLintRules

/// SARIF 2.1.0, with what GitHub code scanning reads: rule descriptions and help, levels, repository-
/// relative locations with full regions, and partial fingerprints from the baseline identity.
public struct SARIFReporter: Reporter, Sendable {
  public var rules: [RuleMetadata]
  /// The folder locations are relative to (the repository root).
  public var rootDirectory: String

  public init(rules: [RuleMetadata], rootDirectory: String) {
    self.rules = rules
    self.rootDirectory = PathUtilities.absolute(rootDirectory)
  }

  package struct Log: Encodable {
    package var schema = "https://json.schemastore.org/sarif-2.1.0.json"
    package var version = "2.1.0"
    package var runs: [Run]

    package enum CodingKeys: String, CodingKey {
      case schema = "$schema"
      case version, runs
    }
  }

  package struct Run: Encodable {
    package var tool: Tool
    package var originalUriBaseIds: [String: ArtifactLocation]
    package var columnKind = "unicodeCodePoints"
    package var results: [Result]
    package var invocations: [Invocation]
  }

  package struct Invocation: Encodable {
    package var executionSuccessful: Bool
    package var toolExecutionNotifications: [Notification]
  }

  package struct Notification: Encodable {
    package var level = "error"
    package var message: Message
    package var locations: [Location]
  }

  package struct Tool: Encodable { var driver: Driver }

  package struct Driver: Encodable {
    package var name = WidgetLintInfo.name
    package var version = WidgetLintInfo.version
    package var semanticVersion = WidgetLintInfo.version
    package var informationUri = WidgetLintInfo.homepage
    package var rules: [Descriptor]
  }

  package struct Descriptor: Encodable {
    package var id: String
    package var name: String
    package var shortDescription: Message
    package var fullDescription: Message
    package var help: Help
    package var helpUri: String
    package var defaultConfiguration: ReportingConfiguration
  }

  package struct Help: Encodable {
    package var text: String
    package var markdown: String
  }

  package struct ReportingConfiguration: Encodable { var level: String }

  package struct Message: Encodable { var text: String }

  package struct Result: Encodable {
    package var ruleId: String
    package var ruleIndex: Int
    package var level: String
    package var message: Message
    package var locations: [Location]
    package var relatedLocations: [Location]?
    package var partialFingerprints: [String: String]
    package var fixes: [SARIFFix]?
  }

  /// SARIF's `fix`: the replacements `--fix` would make, by artifact.
  package struct SARIFFix: Encodable {
    package var description: Message
    package var artifactChanges: [ArtifactChange]
  }

  package struct ArtifactChange: Encodable {
    package var artifactLocation: ArtifactLocation
    package var replacements: [Replacement]
  }

  package struct Replacement: Encodable {
    package var deletedRegion: Region
    package var insertedContent: Message?
  }

  package struct Location: Encodable {
    package var id: Int?
    package var physicalLocation: PhysicalLocation
    package var message: Message?
  }

  package struct PhysicalLocation: Encodable {
    package var artifactLocation: ArtifactLocation
    package var region: Region?
  }

  package struct ArtifactLocation: Encodable {
    package var uri: String
    package var uriBaseId: String?
  }

  package struct Region: Encodable {
    package var startLine: Int
    package var startColumn: Int
    package var endLine: Int
    package var endColumn: Int

    package init(_ range: SourceRange) {
      startLine = range.start.line
      startColumn = range.start.column
      endLine = range.end.line
      endColumn = range.end.column
    }
  }

  package static func level(_ severity: Severity) -> String { severity.rawValue }

  package func artifact(_ file: String) -> ArtifactLocation {
    let absolute = PathUtilities.absolute(file)
    let prefix = rootDirectory.hasSuffix("/") ? rootDirectory : rootDirectory + "/"
    if absolute.hasPrefix(prefix) {
      return ArtifactLocation(uri: Self.encode(String(absolute.dropFirst(prefix.count))), uriBaseId: "%SRCROOT%")
    }
    return ArtifactLocation(uri: "file://" + Self.encode(absolute), uriBaseId: nil)
  }

  /// A path's characters that stay as they are in a URI: a colon would read as a scheme.
  private static let uriPathAllowed = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: ":"))

  package static func encode(_ path: String) -> String {
    path.addingPercentEncoding(withAllowedCharacters: uriPathAllowed) ?? path
  }

  /// Each file's artifact location, worked out once per report: a report names a few files many times,
  /// and a relative path's location reads the working directory.
  package struct Artifacts {
    package let reporter: SARIFReporter
    private var byPath: [String: ArtifactLocation] = [:]

    package init(reporter: SARIFReporter, report: LintReport) {
      self.reporter = reporter
      for finding in report.findings {
        add(finding.span.file.path)
        for related in finding.related { add(related.span.file.path) }
        for replacement in finding.fix?.replacements ?? [] { add(replacement.file) }
      }
      for error in report.inputErrors { add(error.path) }
    }

    private mutating func add(_ path: String) {
      if byPath[path] == nil { byPath[path] = reporter.artifact(path) }
    }

    package subscript(path: String) -> ArtifactLocation { byPath[path] ?? reporter.artifact(path) }
  }

  package func location(_ span: SourceSpan, message: String? = nil, id: Int? = nil, in artifacts: Artifacts) -> Location
  {
    Location(
      id: id,
      physicalLocation: PhysicalLocation(artifactLocation: artifacts[span.file.path], region: Region(span.range)),
      message: message.map(Message.init))
  }

  package func sarifFix(_ fix: Fix, in artifacts: Artifacts) -> SARIFFix {
    var files: [String] = []
    var byFile: [String: [Replacement]] = [:]
    for replacement in fix.replacements {
      let range = replacement.span.range
      if byFile[replacement.file] == nil { files.append(replacement.file) }
      byFile[replacement.file, default: []].append(
        Replacement(
          deletedRegion: Region(range),
          insertedContent: replacement.text.isEmpty ? nil : Message(text: replacement.text)))
    }
    return SARIFFix(
      description: Message(text: fix.description),
      artifactChanges: files.map { ArtifactChange(artifactLocation: artifacts[$0], replacements: byFile[$0] ?? []) })
  }

  public func render(_ report: LintReport) -> String {
    let indexByID = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.id.rawValue, $0) })
    let descriptors = rules.map { rule in
      Descriptor(
        id: rule.id.rawValue, name: rule.id.rawValue.split(separator: "-").map { $0.capitalized }.joined(),
        shortDescription: Message(text: rule.summary), fullDescription: Message(text: rule.summary),
        help: Help(text: rule.rationale, markdown: RuleDocumentation.markdown(rule)),
        helpUri: WidgetLintInfo.rulesURL + rule.id.rawValue + ".md",
        defaultConfiguration: ReportingConfiguration(level: Self.level(rule.defaultSeverity)))
    }
    let artifacts = Artifacts(reporter: self, report: report)
    let results = report.findings.map { finding in
      Result(
        ruleId: finding.ruleID, ruleIndex: indexByID[finding.ruleID] ?? -1, level: Self.level(finding.severity),
        message: Message(text: finding.message), locations: [location(finding.span, in: artifacts)],
        relatedLocations: finding.related.isEmpty
          ? nil
          : finding.related.enumerated().map { location($1.span, message: $1.message, id: $0 + 1, in: artifacts) },
        partialFingerprints: ["widgetlint/v1": Baseline.fingerprint(of: finding, relativeTo: rootDirectory)],
        fixes: finding.fix.map { [sarifFix($0, in: artifacts)] })
    }
    let notifications = report.inputErrors.map { error in
      Notification(
        message: Message(text: error.message),
        locations: [
          Location(id: nil, physicalLocation: PhysicalLocation(artifactLocation: artifacts[error.path], region: nil))
        ])
    }
    let log = Log(runs: [
      Run(
        tool: Tool(driver: Driver(rules: descriptors)),
        originalUriBaseIds: [
          "%SRCROOT%": ArtifactLocation(uri: "file://" + Self.encode(rootDirectory) + "/", uriBaseId: nil)
        ],
        results: results,
        invocations: [
          Invocation(executionSuccessful: report.inputErrors.isEmpty, toolExecutionNotifications: notifications)
        ])
    ])
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(log) else { return "{\"version\":\"2.1.0\",\"runs\":[]}\n" }
    return String(decoding: data, as: UTF8.self) + "\n"
  }
}
