import WidgetLintCore
import WidgetLintModel

extension RuleContext {
  /// Edits of the manifest, when the project was read from one: fixes are made only there, where every
  /// value's range is exact (an Expo or Xcode project's values may be derived or computed).
  public var manifestEdits: ManifestEdits? {
    guard let document = project.document, manifest?.origin == .manifest else { return nil }
    return ManifestEdits(source: document.source, document: document)
  }
}
