import WidgetLintCore
import WidgetLintFrontends
import WidgetLintModel
import WidgetLintReaders
import WidgetLintRules

/// A project that was linted, for telling the user what was recognised and read.
public struct ProjectSummary: Sendable {
  /// The kind of a `--sources` folder: a folder of Swift code, neither a manifest nor an app.
  public static let swiftSourcesKind = SwiftSourcesKind.summaryName

  /// "manifest", "Expo app", "Flutter app", "Xcode app", "Swift sources".
  public var kind: String
  /// Whether the project was read from an app's own files rather than a manifest or a `--sources` folder.
  public var isApp: Bool { kind != "manifest" && kind != Self.swiftSourcesKind }
  /// Whether the project is a `--sources` folder.
  public var isSwiftSources: Bool { kind == Self.swiftSourcesKind }
  public var path: String
  public var filesRead: [String]
  /// Something to say about the project in its one line ("no widget target …").
  public var note: String?
  /// The build variants it was linted in, when more than one.
  public var variants: [String] = []
  /// Why `--fix` edits none of some of its values, when something keeps it from them (a dynamic Expo
  /// app config computes the app's config): said beside a finding it left.
  public var fixLimit: String?

  public init(kind: String, path: String, filesRead: [String]) {
    self.kind = kind
    self.path = path
    self.filesRead = filesRead
  }
}
