import WidgetLintCore

/// A call in the app's own code, outside its Swift, that opens an App Group or reloads a widget by its
/// kind: home_widget's Dart API in a Flutter app, `ExtensionStorage` (@bacons/apple-targets) and
/// `SharedGroupPreferences` (react-native-shared-group-preferences) in an Expo app's JavaScript. The
/// rules judge them alike: the group must be entitled on the app and on every widget extension, and the
/// kind must be a widget's.
///
/// Only calls whose group or kind is known are recorded: one the code computes is unknown, and nothing
/// is said of it. (The app target's own Swift is `Project.appCode`, read with the Swift facts.)
public struct AppCall: Sendable {
  public enum Effect: Sendable, Equatable {
    /// Writes or reads the store of the App Group `name` (`HomeWidget.setAppGroupId`, `new ExtensionStorage`).
    case opensAppGroup
    /// Asks WidgetKit to reload the widgets of kind `name` (`HomeWidget.updateWidget(iOSName:)`,
    /// `ExtensionStorage.reloadWidget`).
    case reloadsWidgetKind
    /// Asks WidgetKit to reload the controls of kind `name` (`ExtensionStorage.reloadControls`, which
    /// calls `ControlCenter.shared.reloadControls(ofKind:)`): a control's kind, not a widget's.
    case reloadsControlKind
  }

  public enum Language: String, Sendable {
    case dart = "Dart"
    case javaScript = "JavaScript"
  }

  public var effect: Effect
  public var language: Language
  /// The API called, as its documentation writes it: `HomeWidget.updateWidget`, `new ExtensionStorage`,
  /// `ExtensionStorage.reloadWidget`, `SharedGroupPreferences.setItem`.
  public var callee: String
  /// The group or kind. Its span covers the string literal that names it (quotes included), in the call
  /// or in the constant the call uses, which may be in another file.
  public var name: Located<String>
  /// The named argument that gives the name, where the API takes several (home_widget's `iOSName`, or
  /// `name` when `iOSName` is not given).
  public var argumentName: String?
  /// The name is a string literal written in the call (not a constant the call uses, which other code
  /// may use too): a fix may edit it for this call alone.
  public var nameIsInCall: Bool

  public init(effect: Effect, language: Language, callee: String, name: Located<String>, nameIsInCall: Bool = false) {
    self.effect = effect
    self.language = language
    self.callee = callee
    self.name = name
    self.nameIsInCall = nameIsInCall
  }
}

/// Something a component marked with the `'widget'` directive (Expo's expo-widgets) does that the
/// isolated runtime it runs in cannot: a React hook, asynchronous work, the app's own modules, or a
/// component that is not one of `@expo/ui/swift-ui`.
public struct WidgetRuntimeUse: Sendable {
  public enum Kind: String, Sendable {
    case hook
    case asynchronous
    case appModule
    case foreignComponent
  }

  public var kind: Kind
  /// What is used: the hook (`useState`), `await`, `async` or `Promise`, the name imported from the
  /// app's module, or the component.
  public var name: String
  /// The module it comes from, where it is imported.
  public var module: String?
  /// The component marked `'widget'`, when it has a name.
  public var component: String?
  public var span: SourceSpan

  public init(kind: Kind, name: String, module: String? = nil, component: String?, span: SourceSpan) {
    self.kind = kind
    self.name = name
    self.module = module
    self.component = component
    self.span = span
  }
}
