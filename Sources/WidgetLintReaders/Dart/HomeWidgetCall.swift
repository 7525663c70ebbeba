import WidgetLintCore

/// A call of the Flutter home_widget plugin in the app's Dart code: `HomeWidget.setAppGroupId('…')`,
/// `HomeWidget.saveWidgetData(…)` or `HomeWidget.updateWidget(iOSName: '…')`, as `DartHomeWidgetScanner`
/// finds it.
public struct HomeWidgetCall: Sendable {
  /// `setAppGroupId`, `saveWidgetData` or `updateWidget`.
  public var method: String
  /// The group id, the data key, or the iOS widget kind; its span covers the string literal (quotes and
  /// any `r` prefix included), which may be a constant's initializer elsewhere in the file. Nil when the
  /// argument is missing or not a literal the scanner can resolve.
  public var argument: Located<String>?
  /// From `HomeWidget` to the call's closing parenthesis.
  public var span: SourceSpan
  /// The named argument the kind comes from, for `updateWidget`: `iOSName`, or `name` when `iOSName` is
  /// not given (or `null`), which home_widget's iOS plugin reloads from version 0.9.0 only.
  public var argumentName: String?
  /// The argument is string literals written in the call (not a constant's initializer): an edit of
  /// them changes this call only.
  public var argumentIsInCall = false
  /// The constant the argument names when this file does not declare it (`kind`, `WidgetKinds.notes`):
  /// another file of the app may (`DartAppConstants`).
  public var reference: (owner: String?, name: String)?

  public init(method: String, argument: Located<String>?, span: SourceSpan, argumentName: String? = nil) {
    self.method = method
    self.argument = argument
    self.span = span
    self.argumentName = argumentName
  }
}
