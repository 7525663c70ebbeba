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
  /// The argument as written (`kinds[id]`) and where, when it is there but its value is not known.
  public var unknownArgument: (text: String, span: SourceSpan)?
  /// Why the argument's value is not known, when the file says why ("is the variable of a `for`
  /// loop"); nil when it names a constant of another file (`reference`) or a parameter (`parameter`).
  public var unknownReason: String?
  /// The parameter of the function around the call that the argument is (`Future<void> refresh(String
  /// name) => HomeWidget.updateWidget(iOSName: name)`): the function's calls say its value.
  public var parameter: DartWrapper?

  public init(method: String, argument: Located<String>?, span: SourceSpan, argumentName: String? = nil) {
    self.method = method
    self.argument = argument
    self.span = span
    self.argumentName = argumentName
  }
}

/// A function of the app's Dart that passes one of its parameters to a home_widget call: `refresh` in
/// `Future<void> refresh(String name) => HomeWidget.updateWidget(iOSName: name)`.
public struct DartWrapper: Sendable, Hashable {
  public var function: String
  /// The class (mixin, enum, extension) declaring it, for a method.
  public var owner: String?
  public var parameter: String
  /// The parameter's place among the positional ones; nil for a named parameter.
  public var position: Int?

  /// How a note names it: `refresh`, `Widgets.refresh`.
  public var qualifiedName: String { owner.map { "\($0).\(function)" } ?? function }
}

/// A Dart file's `import`, `export` and `part` directives: which files' declarations its code sees.
public struct DartDirectives: Sendable {
  /// One `import` or `export`: `import 'kinds.dart' as kinds show counter;`.
  public struct Link: Sendable {
    public var uri: String
    /// `as kinds`: its names are used as `kinds.name`.
    public var prefix: String?
    /// `show a, b`: only those names; nil when it shows all.
    public var shown: Set<String>?
    /// `hide c`: all names but those.
    public var hidden: Set<String> = []

    /// Whether a top-level name of the linked file is seen through this link.
    public func passes(_ name: String) -> Bool { (shown?.contains(name) ?? true) && !hidden.contains(name) }
  }

  public var imports: [Link] = []
  public var exports: [Link] = []
  /// `part 'kinds.dart';`
  public var parts: [String] = []
  /// `part of 'main.dart';` (nil when the file names its library by name, `part of counter;`).
  public var partOf: String?
}
