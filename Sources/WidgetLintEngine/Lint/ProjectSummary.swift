import WidgetLintFrontends

/// A project that was linted, for telling the user what was recognised and read.
public struct ProjectSummary: Sendable {
  /// The kind that recognised the project and read it.
  package var kind: any ProjectKind.Type
  /// How the summary names the kind: "manifest", "Expo app", "Flutter app", "Xcode app", "Swift sources".
  public var kindName: String { kind.summaryName }
  /// Whether the project is a `widgets.yaml` manifest.
  public var isManifest: Bool { kind == ManifestKind.self }
  /// Whether the project is a `--sources` folder: Swift code, neither a manifest nor an app.
  public var isSwiftSources: Bool { kind == SwiftSourcesKind.self }
  /// Whether the project was read from an app's own files rather than a manifest or a `--sources` folder.
  public var isApp: Bool { !isManifest && !isSwiftSources }
  public var path: String
  public var filesRead: [String]
  /// Something to say about the project in its one line ("no widget target …").
  public var note: String?
  /// The build variants it was linted in, when more than one.
  public var variants: [String] = []
  /// Why `--fix` edits none of some of its values, when something keeps it from them (a dynamic Expo
  /// app config computes the app's config): said beside a finding it left.
  public var fixLimit: String?

  package init(kind: any ProjectKind.Type, path: String, filesRead: [String]) {
    self.kind = kind
    self.path = path
    self.filesRead = filesRead
  }
}
