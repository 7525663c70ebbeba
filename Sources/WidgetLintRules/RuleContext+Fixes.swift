import WidgetLintCore

extension RuleContext {
  /// Edits of the manifest, when the project was read from one: fixes are made only there, where every
  /// value's range is exact (an Expo or Xcode project's values may be derived or computed).
  public var manifestEdits: ManifestEdits? {
    manifest?.origin == .manifest ? project.manifestEdits : nil
  }
}
