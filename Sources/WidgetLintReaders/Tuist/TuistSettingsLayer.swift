extension TuistManifest.SettingsDictionary {
  /// The settings as one level of Xcode's precedence. A value that is not known is written but may be
  /// anything; a dictionary that is not known may set any setting it does not write. Both are kept the
  /// way an `.xcconfig`'s missing include is (`MissingInclude`, its text the expression as written), so
  /// the resolver leaves what they may set unknown and records it.
  package var layer: XcodeBuildSettingsLayer {
    var layer = XcodeBuildSettingsLayer()
    for (key, setting) in values {
      switch setting {
      case .value(let value):
        layer.settings[key] = XcodeBuildSetting(
          value: value.value, span: value.span, pointer: value.pointer, mayBeOverriddenBy: nil)
      case .unknown(let unknown):
        layer.settings[key] = XcodeBuildSetting(
          value: "", span: unknown.span, pointer: unknown.pointer,
          mayBeOverriddenBy: MissingInclude(path: unknown.value.text, span: unknown.span))
      }
    }
    // A key not known cannot be one written beside it (a dictionary literal with a key twice traps), so
    // the settings written stay known.
    if let unknown { layer.missingInclude = MissingInclude(path: unknown.value.text, span: unknown.span) }
    return layer
  }
}
