import Foundation
import WidgetLintCore
import WidgetLintModel
import WidgetLintReaders

/// Config plugins that declare the widgets themselves, in their options, and generate the extension's
/// Swift from that list at prebuild: the widgets are written in TypeScript and rendered by the library.
/// Read from the plugin's entry in the app config's `plugins` (never run):
///
/// - Expo's own `expo-widgets` (Expo SDK 55 and later; expo/expo, `packages/expo-widgets/plugin/src/`,
///   `ios/withIosWidgets.ts`, `ios/withWidgetSourceFiles.ts`, `withEasConfig.ts`): target
///   `ExpoWidgetsTarget`, bundle id `bundleIdentifier` or `<app id>.ExpoWidgetsTarget`, App Group
///   `groupIdentifier` or `group.<app id>` (given to the app too), deployment target the app's
///   `ios.deploymentTarget` or 16.4; `widgets` of `name` (the kind), `displayName`, `description` and
///   `ios.supportedFamilies` (or the older top-level `supportedFamilies`); a widget with `ios: null` is
///   not made on iOS. Without `ios.bundleIdentifier`, `bundleIdentifier`, `groupIdentifier`,
///   `enablePushNotifications` or `frequentUpdates` the plugin adds no iOS target.
/// - Callstack's Voltra, `@use-voltra/ios-client` (and `voltra` before 2.0; callstackincubator/voltra,
///   `packages/ios-client/expo-plugin/src/index.ts`, `validation.ts`, `constants.ts`): nothing without
///   the app's `ios.bundleIdentifier`; target `targetName` or `<sanitized expo.name>LiveActivity`, bundle
///   id `<app id>.<target>`, deployment target `deploymentTarget` or 17.0, App Group `groupIdentifier`
///   (which must start with `group.`, given to the app too); `widgets` of `id` (the kind), `displayName`
///   and `description` (a string or a locale map), `supportedFamilies` (systemSmall, systemMedium and
///   systemLarge by default) and `initialStatePath` (a file, or a locale map of files, that must exist).
///
/// Both add the target's entry to EAS `appExtensions` themselves. The community `expo-widgets` package
/// (before SDK 55, options under `ios`/`android` with `src`) is told apart by its version in
/// package.json, or by its options where no version is known, and is not read as Expo's.
extension ExpoAppFrontend {
  package static let expoSDKWidgetsPlugin = "expo-widgets"
  package static let voltraPlugins: Set<String> = ["@use-voltra/ios-client", "voltra"]

  /// The first Expo SDK whose `expo-widgets` is Expo's own.
  package static let expoWidgetsFirstSDK = 55

  static let expoWidgetsTargetName = "ExpoWidgetsTarget"
  static let expoWidgetsDefaultDeployment = OSVersion(16, 4)
  static let voltraDefaultDeployment = OSVersion(17, 0)
  static let voltraDefaultFamilies = ["systemSmall", "systemMedium", "systemLarge"]

  package static func isConfigWidgetPlugin(_ name: String) -> Bool {
    name == expoSDKWidgetsPlugin || voltraPlugins.contains(name)
  }

  /// Whether the `expo-widgets` an app lists is Expo's own: by its version in package.json (55 or later),
  /// or, where no version is known, by options that declare `widgets` and name no `src` folder.
  static func isExposWidgets(options: Located<ConfigValue>?, directory: String, context: FrontendContext) -> Bool {
    if let major = dependencyMajor("expo-widgets", directory: directory, context: context) {
      return major >= expoWidgetsFirstSDK
    }
    guard let options, !options.value.isComputed else { return false }
    let namesFolder = options.at("ios", "src") != nil || options.at("android", "src") != nil
    return options["widgets"] != nil && !namesFolder
  }

  /// The major version of a dependency in the app's package.json; nil when not known.
  static func dependencyMajor(_ package: String, directory: String, context: FrontendContext) -> Int? {
    let path = PathUtilities.join(directory, "package.json")
    guard FileManager.default.fileExists(atPath: path) else { return nil }
    let (value, _, _) = context.readValue(at: path, display: path)
    let range = value?.at("dependencies", package)?.stringValue ?? value?.at("devDependencies", package)?.stringValue
    return range.flatMap { ExpoSDK.majorVersion(ofDependency: $0.value) }
  }

  /// Reads the entry of `expo-widgets` or Voltra's plugin into `reading`.
  static func readConfigWidgets(
    _ name: Located<String>, _ options: Located<ConfigValue>?, _ directory: String, _ context: FrontendContext,
    _ reading: inout PluginWidgetReading
  ) {
    if name.value == expoSDKWidgetsPlugin {
      guard isExposWidgets(options: options, directory: directory, context: context) else {
        reading.problems.append(
          unknownNote(
            "config plugin 'expo-widgets' is the community package of that name (before Expo SDK 55), not Expo's own: the widget target it makes is not read, not checked",
            at: name))
        return
      }
      readExpoSDKWidgets(name, options, directory, &reading)
    } else {
      readVoltra(name, options, directory, &reading)
    }
  }

  // MARK: expo-widgets

  private static func readExpoSDKWidgets(
    _ name: Located<String>, _ options: Located<ConfigValue>?, _ directory: String,
    _ reading: inout PluginWidgetReading
  ) {
    let config = reading.config
    let option = PluginOptions(options)
    let unknownOptions = option.areComputed
    let appID = config.at("ios", "bundleIdentifier")
    let knownAppID = appID?.stringValue
    let bundleOption = option["bundleIdentifier"]
    let groupOption = option["groupIdentifier"]
    let configuresIOS =
      knownAppID != nil || appID?.value.isComputed == true || !bundleOption.isAbsent || !groupOption.isAbsent
      || isTrue(options?["enablePushNotifications"]) || isTrue(options?["frequentUpdates"])
    guard configuresIOS || unknownOptions else {
      // `expo prebuild` asks for the bundle identifier and writes it: the target is made then.
      reading.problems.append(
        unknownNote(
          "the app config sets no ios.bundleIdentifier, which expo prebuild asks for: the bundle identifier and App Group of expo-widgets' \(expoWidgetsTargetName) are not known, not checked",
          at: name))
      var draft = Manifest.Target.Draft(span: name.span, pointer: name.pointer)
      draft.name = name.map { _ in expoWidgetsTargetName }
      draft.deploymentTarget = name.map { _ in expoWidgetsDefaultDeployment }
      draft.entitlements = pluginEntitlements(group: .unknown(nil), at: name)
      draft.widgetsDeclaredInConfig = listsWidgets(options)
      draft.widgets = expoWidgets(options)
      reading.target = PluginWidgetTarget(target: Manifest.Target(draft), entry: name)
      return
    }
    var draft = Manifest.Target.Draft(span: name.span, pointer: name.pointer)
    draft.name = name.map { _ in expoWidgetsTargetName }
    switch bundleOption {
    case .value(let written): draft.bundleIdentifier = written
    case .absent:
      draft.bundleIdentifier = knownAppID.map { id in name.map { _ in id.value + "." + expoWidgetsTargetName } }
    case .unknown: break
    }
    let group: Option
    switch groupOption {
    case .absent:
      group = knownAppID.map { id in .value(id.map { "group." + $0 }) } ?? .unknown(appID)
    default: group = groupOption
    }
    if let deployment = config.at("ios", "deploymentTarget") {
      draft.deploymentTarget = ConfigValues.version(deployment)
      draft.hasUnreadableDeploymentTarget = draft.deploymentTarget == nil && !deployment.value.isComputed
    } else {
      draft.deploymentTarget = name.map { _ in expoWidgetsDefaultDeployment }
    }
    draft.entitlements = pluginEntitlements(group: group, at: name)
    // withAppGroupEntitlements gives the app the group too, after its own.
    reading.config = addingAppGroup(group, first: false, to: config, at: name)
    draft.widgetsDeclaredInConfig = listsWidgets(options)
    draft.widgets = expoWidgets(options)
    draft.widgetsSpan = options?["widgets"]?.span
    reading.target = PluginWidgetTarget(target: Manifest.Target(draft), entry: name)
  }

  /// expo-widgets' `widgets` as the plugin generates them for iOS: `ios: null` ones left out.
  private static func expoWidgets(_ options: Located<ConfigValue>?) -> [Manifest.Widget] {
    var widgets: [Manifest.Widget] = []
    for entry in options?["widgets"]?.array ?? [] where !isNull(entry["ios"]) {
      var widget = Manifest.Widget.Draft(span: entry.span, pointer: entry.pointer)
      widget.kind = entry["name"]?.stringValue
      widget.displayName = entry["displayName"]?.stringValue
      widget.description = entry["description"]?.stringValue
      let families = entry.at("ios", "supportedFamilies") ?? entry["supportedFamilies"]
      widget.families = (families?.array ?? []).compactMap(\.stringValue)
      let configured = entry.at("ios", "configuration") ?? entry["configuration"]
      let configuration: Manifest.WidgetConfigurationType = configured == nil ? .static : .appIntent
      widget.configuration = anchor(of: entry, kind: widget.kind).map { _ in configuration }
      widgets.append(Manifest.Widget(widget))
    }
    return widgets
  }

  /// Whether the options list the widgets as data (no widget list is no widget).
  private static func listsWidgets(_ options: Located<ConfigValue>?) -> Bool {
    guard let options, !options.value.isComputed else { return options == nil }
    guard let widgets = options["widgets"] else { return true }
    return widgets.array?.contains(where: \.value.isComputed) == false
  }

  /// Where a widget entry's values point: its kind, or the entry itself when it names none.
  private static func anchor(of entry: Located<ConfigValue>, kind: Located<String>?) -> Located<String> {
    kind ?? Located("", span: entry.span, pointer: entry.pointer)
  }

  /// A plugin's options, each read as the plugin's `||` defaults read it; all unknown when the options
  /// are computed.
  private struct PluginOptions {
    let value: Located<ConfigValue>?
    init(_ value: Located<ConfigValue>?) { self.value = value }
    var areComputed: Bool { value?.value.isComputed == true }
    subscript(key: String) -> Option { areComputed ? .unknown(value) : Option(value?[key], falsyIsAbsent: true) }
  }

  private static func isTrue(_ value: Located<ConfigValue>?) -> Bool {
    if case .bool(true)? = value?.value { return true }
    return false
  }

  private static func isNull(_ value: Located<ConfigValue>?) -> Bool {
    if case .null? = value?.value { return true }
    return false
  }

  // MARK: Voltra

  private static func readVoltra(
    _ name: Located<String>, _ options: Located<ConfigValue>?, _ directory: String,
    _ reading: inout PluginWidgetReading
  ) {
    let config = reading.config
    let option = PluginOptions(options)
    let unknownOptions = option.areComputed
    let appID = config.at("ios", "bundleIdentifier")
    // Without the app's bundle identifier the plugin returns the config unchanged.
    guard let appID else { return }
    var draft = Manifest.Target.Draft(span: name.span, pointer: name.pointer)
    switch option["targetName"] {
    case .value(let written): draft.name = written
    case .absent: draft.name = pluginTargetName(config, suffix: "LiveActivity")
    case .unknown: break
    }
    if let id = appID.stringValue, let target = draft.name?.value {
      draft.bundleIdentifier = name.map { _ in id.value + "." + target }
    }
    setDeploymentTarget(
      Option(unknownOptions ? options : options?["deploymentTarget"], falsyIsAbsent: true, numbersAsText: true),
      default: voltraDefaultDeployment, at: name, in: &draft)
    let group = option["groupIdentifier"]
    draft.entitlements = pluginEntitlements(group: group, at: name)
    reading.config = addingAppGroup(group, first: false, to: config, at: name)
    draft.widgetsDeclaredInConfig = listsWidgets(options)
    draft.widgetsSpan = options?["widgets"]?.span
    for entry in unknownOptions ? [] : options?["widgets"]?.array ?? [] {
      var widget = Manifest.Widget.Draft(span: entry.span, pointer: entry.pointer)
      widget.kind = entry["id"]?.stringValue
      widget.displayName = label(entry["displayName"])
      widget.description = label(entry["description"])
      widget.configuration = anchor(of: entry, kind: widget.kind).map { _ in .static }
      if let families = entry["supportedFamilies"] {
        widget.families = (families.array ?? []).compactMap(\.stringValue)
      } else {
        let at = anchor(of: entry, kind: widget.kind)
        widget.families = voltraDefaultFamilies.map { family in at.map { _ in family } }
      }
      draft.widgets.append(Manifest.Widget(widget))
      reading.problems += missingInitialStates(entry["initialStatePath"], kind: widget.kind, directory: directory)
    }
    reading.target = PluginWidgetTarget(target: Manifest.Target(draft), entry: name)
  }

  /// A label as Voltra takes it: a string, or a locale map whose English (or first) entry stands for it.
  private static func label(_ value: Located<ConfigValue>?) -> Located<String>? {
    if let text = value?.stringValue { return text }
    guard case .object(let members)? = value?.value else { return nil }
    return members.first(where: { $0.key.value == "en" })?.value.stringValue ?? members.first?.value.stringValue
  }

  /// `initialStatePath` files that are not there: Voltra's plugin stops the prebuild on each.
  private static func missingInitialStates(_ value: Located<ConfigValue>?, kind: Located<String>?, directory: String)
    -> [ReadingProblem]
  {
    let paths: [Located<String>]
    switch value?.value {
    case .string?: paths = value?.stringValue.map { [$0] } ?? []
    case .object(let members)?: paths = members.compactMap(\.value.stringValue)
    default: paths = []
    }
    return paths.filter { path in
      !path.value.trimmingCharacters(in: .whitespaces).isEmpty
        && !FileManager.default.fileExists(
          atPath: PathUtilities.join(directory, SwiftFileResolver.normalize(path.value)))
    }.map { path in
      ReadingProblem(
        kind: .invalidValue,
        message:
          "initialStatePath '\(path.value)'\(kind.map { " of widget '\($0.value)'" } ?? "") is not there; Voltra's plugin stops the prebuild without it",
        span: path.span, pointer: path.pointer)
    }
  }
}
