import Foundation
import WidgetLintCore
import WidgetLintModel
import WidgetLintReaders

/// Published config plugins that add one widget extension from a folder of Swift, read from their entry in
/// the app config's `plugins` as the plugins derive their target (never run):
///
/// - `react-native-widget-extension` (bndkt/react-native-widget-extension, `plugin/src/index.ts`,
///   `withConfig.ts`, `withXcode.ts`, `lib/getWidgetFiles.ts`, `lib/getWidgetExtensionEntitlements.ts`):
///   target `<sanitized expo.name>Widgets`, bundle id `<app id>.<target>`, deployment target
///   `deploymentTarget` (16.2 by default); it compiles the `.swift` files directly in `widgetsFolder`
///   (`widgets`) but `moduleFileName` (`Module.swift`), which it copies, with `attributesFileName`
///   (`Attributes.swift`), into its own native module, linked into the app. The extension is entitled
///   to `[groupIdentifier]` alone (nothing without it), and the app gets `groupIdentifier` before its
///   own groups.
/// - `@bittingz/expo-widgets` (gitn00b1337/expo-widgets, `plugin/src/ios/withIOSWidgets.ts`,
///   `withWidgetXCode.ts`, `withAppExtensions.ts`, `withAppGroupPermissions.ts`,
///   `xcode/withEntitlements.ts`, `xcode/target.ts`, `xcode/buildConfiguration.ts`): options under
///   `ios`; target `<sanitized expo.name>WidgetExtension`, bundle id `xcode.widgetBundleIdentifier` or
///   `<app id>.<target>`, deployment target `deploymentTarget` (16.2), both overridable by
///   `xcode.configOverrides`; it compiles the `.swift` files directly in `src` (`widgets/ios`) but
///   `Module.swift` (files in subfolders are grouped, not compiled); `Module.swift` and the
///   `moduleDependencies` go into its native module, in the app. The extension is entitled to
///   `[xcode.appGroupId]`, or `group.<app id>.expowidgets`, and the app to `group.<app id>.expowidgets`
///   (whatever `xcode.appGroupId` says), after its own groups.
///
/// Both add the target's entry to EAS `appExtensions` themselves.
extension ExpoAppFrontend {
  package static let widgetExtensionPlugin = "react-native-widget-extension"
  package static let expoWidgetsPlugin = "@bittingz/expo-widgets"

  /// A widget extension a published plugin adds, as read from its entry.
  package struct PluginWidgetTarget {
    package var target: Manifest.Target
    /// The Swift the target compiles; empty where the folder is unknown.
    package var files: [SwiftFileResolver.ResolvedFile] = []
    /// The Swift the plugin puts into its native module, which the app links.
    package var appFiles: [SwiftFileResolver.ResolvedFile] = []
    /// Where the plugin is listed: its own `appExtensions` entry points there.
    package var entry: Located<String>
  }

  /// What one published widget plugin does at its place in the plugin list.
  package struct PluginWidgetReading {
    package var config: Located<ConfigValue>
    package var target: PluginWidgetTarget?
    package var mod: JavaScriptConfigReader.EntitlementsMod?
    package var problems: [ReadingProblem] = []
  }

  package static func isWidgetPlugin(_ name: String) -> Bool {
    name == widgetExtensionPlugin || name == expoWidgetsPlugin || isConfigWidgetPlugin(name)
  }

  /// `IOSConfig.XcodeUtils.sanitizedName` of @expo/config-plugins for the names it treats alike in every
  /// version: ASCII ones keep their letters and digits. Others (and a name with none left, which goes
  /// through `slugify`) are not worked out here: nil.
  package static func sanitizedName(_ name: String) -> String? {
    guard name.unicodeScalars.allSatisfy(\.isASCII) else { return nil }
    let kept = String(
      String.UnicodeScalarView(name.unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) }))
    return kept.isEmpty ? nil : kept
  }

  /// Reads a published widget plugin's entry with the config as the plugins before it leave it.
  package static func readWidgetPlugin(
    _ name: Located<String>, options: Located<ConfigValue>?, config: Located<ConfigValue>, directory: String,
    context: FrontendContext
  ) -> PluginWidgetReading {
    var reading = PluginWidgetReading(config: config)
    if let options { reading.problems += context.computedNotes(options) }
    switch name.value {
    case widgetExtensionPlugin: readWidgetExtension(name, options, directory, context, &reading)
    case _ where isConfigWidgetPlugin(name.value): readConfigWidgets(name, options, directory, context, &reading)
    default: readExpoWidgets(name, options, directory, context, &reading)
    }
    if let target = reading.target, target.target.name == nil, let appName = config["name"]?.stringValue {
      reading.problems.append(
        unknownNote(
          "\(name.value) names its target after expo.name as @expo/config-plugins' sanitizedName makes it, which Expo versions do differently for '\(appName.value)': the target's name and bundle identifier are not known, not checked",
          at: appName))
    }
    return reading
  }

  /// An option as the plugin reads it: `absent` when not written (or falsy, for plugins that test `||`),
  /// `unknown` when computed or not a string.
  enum Option {
    /// `unknown` holds the value that is not known, where there is one: the app's groups then hold it.
    case absent
    case unknown(Located<ConfigValue>?)
    case value(Located<String>)

    init(_ value: Located<ConfigValue>?, falsyIsAbsent: Bool = false, numbersAsText: Bool = false) {
      switch value?.value {
      case nil: self = .absent
      case .string(let text)?:
        self =
          text.isEmpty && falsyIsAbsent ? .absent : .value(Located(text, span: value!.span, pointer: value!.pointer))
      case .number(let text)? where numbersAsText:
        self = .value(Located(text, span: value!.span, pointer: value!.pointer))
      // `null` and `false` are falsy for `||`; a destructuring default replaces `undefined` alone.
      case .null? where falsyIsAbsent, .bool(false)? where falsyIsAbsent:
        self = .absent
      case .computed?: self = .unknown(value)
      default: self = .unknown(nil)
      }
    }

    var known: Located<String>? {
      if case .value(let text) = self { return text }
      return nil
    }
  }

  /// A plugin's `deploymentTarget` option on its target: the plugin's default (at the plugin's name) when
  /// absent, the version when it reads as one, else said unreadable; nothing when unknown.
  static func setDeploymentTarget(
    _ option: Option, default version: OSVersion, at name: Located<String>, in draft: inout Manifest.Target.Draft
  ) {
    switch option {
    case .absent: draft.deploymentTarget = name.map { _ in version }
    case .value(let text):
      if let version = OSVersion(parsing: text.value) {
        draft.deploymentTarget = text.map { _ in version }
      } else {
        draft.hasUnreadableDeploymentTarget = true
      }
    case .unknown: break
    }
  }

  /// The target's name, `<sanitized expo.name><suffix>`, pointing at `expo.name`.
  static func pluginTargetName(_ config: Located<ConfigValue>, suffix: String) -> Located<String>? {
    guard let name = config["name"]?.stringValue, let sanitized = sanitizedName(name.value) else { return nil }
    return name.map { _ in sanitized + suffix }
  }

  /// Entitlements of exactly one App Group, written at `group`; unknown when the group is.
  static func pluginEntitlements(group: Option, at entry: Located<String>) -> Entitlements {
    switch group {
    case .absent:
      return Entitlements(span: entry.span, pointer: entry.pointer)
    case .unknown:
      return Entitlements(
        appGroupsSpan: entry.span, computedKeys: [Entitlements.appGroupsKey], span: entry.span, pointer: entry.pointer)
    case .value(let group):
      return Entitlements(
        appGroups: [group], appGroupsSpan: group.span,
        values: [Entitlements.appGroupsKey: .array([.string(group.value)])], span: group.span, pointer: group.pointer)
    }
  }

  /// The config with `group` added to the app's App Groups, first or last; unknown groups stay unknown,
  /// and an unknown group makes them unknown.
  static func addingAppGroup(_ group: Option, first: Bool, to config: Located<ConfigValue>, at entry: Located<String>)
    -> Located<ConfigValue>
  {
    let path = ["ios", "entitlements", Entitlements.appGroupsKey]
    let pointer = config.pointer.appending("ios").appending("entitlements").appending(Entitlements.appGroupsKey)
    let current = config.at("ios", "entitlements")
    if current?.value.isComputed == true { return config }
    let groups = current?[Entitlements.appGroupsKey]
    let unknown = Located(ConfigValue.computed(entry.value), span: groups?.span ?? entry.span, pointer: pointer)
    switch (group, groups?.value) {
    case (.absent, _): return config
    case (_, .computed?): return config
    case (.unknown(let value?), nil):
      // The list holds the computed group: unknown as a whole, noted where the group is written.
      return ConfigValues.setting(config, path, to: Located(.array([value]), span: value.span, pointer: pointer))
    case (.unknown(let value?), .array(let items)?):
      let list = first ? [value] + items : items + [value]
      return ConfigValues.setting(config, path, to: Located(.array(list), span: groups!.span, pointer: pointer))
    case (.unknown, _): return ConfigValues.setting(config, path, to: unknown)
    case (.value(let group), nil):
      let item = Located(ConfigValue.string(group.value), span: group.span, pointer: pointer.appending(0))
      return ConfigValues.setting(config, path, to: Located(.array([item]), span: group.span, pointer: pointer))
    case (.value(let group), .array(let items)?):
      let item = Located(ConfigValue.string(group.value), span: group.span, pointer: pointer.appending(items.count))
      let list = first ? [item] + items : items + [item]
      return ConfigValues.setting(config, path, to: Located(.array(list), span: groups!.span, pointer: pointer))
    case (.value, _?):
      // Not an array: the plugin spreads it as one (a string's characters), which is not worked out.
      return ConfigValues.setting(config, path, to: unknown)
    }
  }

  /// The regular files directly in a folder, sorted; nil when it is no folder.
  static func filesDirectly(in folder: String) -> [String]? {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
      return nil
    }
    return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted().filter { name in
      var isDirectory: ObjCBool = false
      return FileManager.default.fileExists(atPath: PathUtilities.join(folder, name), isDirectory: &isDirectory)
        && !isDirectory.boolValue
    }
  }

  static func resolved(_ folder: String, _ name: String) -> SwiftFileResolver.ResolvedFile {
    let path = PathUtilities.join(folder, name)
    return SwiftFileResolver.ResolvedFile(path: path, displayPath: path)
  }

  static func unknownNote(_ message: String, at value: Located<String>) -> ReadingProblem {
    ReadingProblem(kind: .computedValue, message: message, span: value.span, pointer: value.pointer)
  }

  // MARK: react-native-widget-extension

  private static func readWidgetExtension(
    _ name: Located<String>, _ options: Located<ConfigValue>?, _ directory: String, _ context: FrontendContext,
    _ reading: inout PluginWidgetReading
  ) {
    // Options computed as a whole may name any folder and group.
    let unknownOptions = options?.value.isComputed == true
    let option = { (key: String) in unknownOptions ? Option.unknown(options) : Option(options?[key]) }
    let group = option("groupIdentifier")
    let config = reading.config
    var draft = Manifest.Target.Draft(span: name.span, pointer: name.pointer)
    draft.name = pluginTargetName(config, suffix: "Widgets")
    if let target = draft.name?.value, let appID = config.at("ios", "bundleIdentifier")?.stringValue?.value {
      draft.bundleIdentifier = name.map { _ in appID + "." + target }
    }
    let deployment =
      unknownOptions ? Option.unknown(options) : Option(options?["deploymentTarget"], numbersAsText: true)
    setDeploymentTarget(deployment, default: OSVersion(16, 2), at: name, in: &draft)
    // `if (groupIdentifier)`: an empty one adds nothing.
    let effectiveGroup = group.known?.value.isEmpty == true ? Option.absent : group
    draft.entitlements = pluginEntitlements(group: effectiveGroup, at: name)
    // The app gets the group before its own (`withConfig.ts`), at the plugin's place in the list.
    reading.config = addingAppGroup(effectiveGroup, first: true, to: config, at: name)

    let folderOption = option("widgetsFolder")
    let moduleName = option("moduleFileName")
    let attributesName = option("attributesFileName")
    guard let folderName = folderOption.known?.value ?? (folderOption.isAbsent ? "widgets" : nil) else {
      reading.target = PluginWidgetTarget(target: Manifest.Target(draft), entry: name)
      return
    }
    let folder = PathUtilities.join(directory, SwiftFileResolver.normalize(folderName))
    let folderAt = folderOption.known ?? name
    guard let files = filesDirectly(in: folder) else {
      reading.problems.append(
        ReadingProblem(
          kind: .invalidValue,
          message:
            "widgets folder '\(folderName)' is not there; react-native-widget-extension stops the prebuild without it",
          span: folderAt.span, pointer: folderAt.pointer))
      reading.target = PluginWidgetTarget(target: Manifest.Target(draft), entry: name)
      return
    }
    // The module file is left out of the extension, which compiles every other `.swift` file there.
    let module = moduleName.known?.value ?? (moduleName.isAbsent ? "Module.swift" : nil)
    let attributes = attributesName.known?.value ?? (attributesName.isAbsent ? "Attributes.swift" : nil)
    var target = PluginWidgetTarget(target: Manifest.Target(draft), entry: name)
    // A module file name not known leaves the widget's Swift unknown (the option's note says why).
    if let module {
      target.files = files.filter { $0.hasSuffix(".swift") && $0 != module }.map { resolved(folder, $0) }
      draft.sources = [name.map { _ in folder }]
    }
    target.appFiles = [module, attributes].compactMap { $0 }.filter(files.contains).map { resolved(folder, $0) }
    // It copies both files into its native module, and the copy of a file that is not there throws.
    for file in [module, attributes].compactMap({ $0 }) where !files.contains(file) {
      reading.problems.append(
        ReadingProblem(
          kind: .invalidValue,
          message:
            "widgets folder '\(folderName)' has no '\(file)'; react-native-widget-extension copies it into its native module and stops the prebuild without it",
          span: folderAt.span, pointer: folderAt.pointer))
    }
    target.target = Manifest.Target(draft)
    reading.target = target
  }

  // MARK: @bittingz/expo-widgets

  private static func readExpoWidgets(
    _ name: Located<String>, _ options: Located<ConfigValue>?, _ directory: String, _ context: FrontendContext,
    _ reading: inout PluginWidgetReading
  ) {
    guard let options = ExpoWidgetsOptions(options) else { return }
    let config = reading.config
    var draft = Manifest.Target.Draft(span: name.span, pointer: name.pointer)
    // The Xcode target always has the default name: `targetName` is not among the options it passes on.
    draft.name = pluginTargetName(config, suffix: "WidgetExtension")
    setExpoWidgetsBundleIdentifier(options, appConfig: config, at: name, in: &draft)
    setExpoWidgetsDeploymentTarget(options, at: name, in: &draft)
    // The extension's one group: `xcode.appGroupId`, else `group.<app id>.expowidgets`.
    // Without a bundle identifier the prebuild stops (unless `appGroupId` is set): nothing is added then.
    let bundleID = config.at("ios", "bundleIdentifier")
    let appID = bundleID?.stringValue?.value
    let derived: Option =
      appID.map { id in .value(name.map { _ in "group.\(id).expowidgets" }) }
      ?? (bundleID.map { Option.unknown($0.value.isComputed ? $0 : nil) } ?? .absent)
    setExpoWidgetsEntitlements(options, derivedGroup: derived, at: name, in: &draft, problems: &reading.problems)
    // The app gets `group.<app id>.expowidgets` after its own groups, and its entitlements mod adds it
    // again where it is missing.
    reading.config = addingAppGroup(derived, first: false, to: config, at: name)
    if case .value(let appGroup) = derived { reading.mod = addingAppGroupMod(appGroup) }
    reading.target = expoWidgetsTarget(
      options, draft: draft, directory: directory, at: name, problems: &reading.problems)
  }

  /// The options of @bittingz/expo-widgets as it reads them: those under `ios`, its `xcode` options and
  /// their `configOverrides`, each of which may be computed as a whole.
  private struct ExpoWidgetsOptions {
    var ios: Located<ConfigValue>
    var unknownOptions: Bool
    var xcode: Located<ConfigValue>?
    var xcodeIsUnknown: Bool
    var overrides: Located<ConfigValue>?
    var overridesAreUnknown: Bool

    /// Nil where the plugin adds nothing to the iOS app: without options, or without `ios` in them.
    init?(_ options: Located<ConfigValue>?) {
      // `if (options.ios)`: only an object (or a value not known) adds the target.
      guard let options else { return nil }
      let ios = options.value.isComputed ? options : options["ios"]
      guard let ios, ios.value.isComputed || ios.hasMembers else { return nil }
      self.ios = ios
      unknownOptions = ios.value.isComputed
      xcode = unknownOptions ? nil : ios["xcode"]
      xcodeIsUnknown = unknownOptions || xcode?.value.isComputed == true
      overrides = xcode?["configOverrides"]
      overridesAreUnknown = xcodeIsUnknown || overrides?.value.isComputed == true
    }

    /// Its options are read with `||`: a falsy one is its default.
    func option(_ value: Located<ConfigValue>?) -> Option {
      unknownOptions ? Option.unknown(ios) : Option(value, falsyIsAbsent: true)
    }

    func override(_ key: String) -> Option {
      overridesAreUnknown ? .unknown(nil) : Option(overrides?[key])
    }
  }

  /// The bundle identifier a `configOverrides` entry sets, else `xcode.widgetBundleIdentifier`, else the
  /// app's with the target's name appended.
  private static func setExpoWidgetsBundleIdentifier(
    _ options: ExpoWidgetsOptions, appConfig config: Located<ConfigValue>, at name: Located<String>,
    in draft: inout Manifest.Target.Draft
  ) {
    let appID = config.at("ios", "bundleIdentifier")?.stringValue?.value
    let bundleOption =
      options.xcodeIsUnknown ? Option.unknown(nil) : options.option(options.xcode?["widgetBundleIdentifier"])
    switch (options.override("PRODUCT_BUNDLE_IDENTIFIER"), bundleOption) {
    case (.value(let id), _) where !BuildSettings.containsReference(id.value): draft.bundleIdentifier = id
    case (.absent, .value(let id)): draft.bundleIdentifier = id
    case (.absent, .absent):
      if let target = draft.name?.value, let appID { draft.bundleIdentifier = name.map { _ in appID + "." + target } }
    default: break
    }
  }

  /// The deployment target a `configOverrides` entry sets, else `deploymentTarget`, else 16.2.
  private static func setExpoWidgetsDeploymentTarget(
    _ options: ExpoWidgetsOptions, at name: Located<String>, in draft: inout Manifest.Target.Draft
  ) {
    switch (options.override("IPHONEOS_DEPLOYMENT_TARGET"), options.option(options.ios["deploymentTarget"])) {
    case (.value(let text), _), (.absent, .value(let text)):
      if let version = OSVersion(parsing: text.value) {
        draft.deploymentTarget = text.map { _ in version }
      } else if !BuildSettings.containsReference(text.value) {
        draft.hasUnreadableDeploymentTarget = true
      }
    case (.absent, .absent): draft.deploymentTarget = name.map { _ in OSVersion(16, 2) }
    default: break
    }
  }

  /// The extension's entitlements: its one group, unless it is signed with a file the plugin writes
  /// elsewhere or the prebuild writes, whose entitlements are not known.
  private static func setExpoWidgetsEntitlements(
    _ options: ExpoWidgetsOptions, derivedGroup derived: Option, at name: Located<String>,
    in draft: inout Manifest.Target.Draft, problems: inout [ReadingProblem]
  ) {
    var group = options.xcodeIsUnknown ? Option.unknown(options.xcode) : options.option(options.xcode?["appGroupId"])
    if case .absent = group { group = derived }
    draft.entitlements = pluginEntitlements(group: group, at: name)
    // `targetName` names where it writes the entitlements file, which is the one signed only when it
    // sanitizes to the default name.
    if case .value(let targetName)? =
      options.unknownOptions ? nil : Option(options.ios["targetName"], falsyIsAbsent: true),
      sanitizedName(targetName.value) == nil || sanitizedName(targetName.value) != draft.name?.value
    {
      draft.entitlements = pluginEntitlements(group: .unknown(nil), at: name)
      problems.append(
        unknownNote(
          "@bittingz/expo-widgets writes the widget's entitlements for target '\(targetName.value)', but signs the target it adds (named after the app) with its own: the widget's entitlements are not known, not checked",
          at: targetName))
    } else if case .value(let path) = options.override("CODE_SIGN_ENTITLEMENTS") {
      draft.entitlements = pluginEntitlements(group: .unknown(nil), at: name)
      problems.append(
        unknownNote(
          "configOverrides sign the widget with '\(path.value)', a file the prebuild writes: the widget's entitlements are not known, not checked",
          at: path))
    } else if case .unknown = options.override("CODE_SIGN_ENTITLEMENTS") {
      draft.entitlements = pluginEntitlements(group: .unknown(nil), at: name)
    }
  }

  /// The plugin's entitlements mod: it adds `appGroup` to the app's App Groups where it is missing.
  private static func addingAppGroupMod(_ appGroup: Located<String>) -> JavaScriptConfigReader.EntitlementsMod {
    JavaScriptConfigReader.EntitlementsMod { config in
      guard let groups = config.at("modResults", Entitlements.appGroupsKey) else {
        return .success(addingModGroup(appGroup, to: config, replacing: nil))
      }
      switch groups.value {
      case .computed: return .success(config)
      case .array(let items):
        if items.contains(where: { $0.stringValue?.value == appGroup.value }) { return .success(config) }
        if items.contains(where: \.value.isComputed) { return .success(config) }
        return .success(addingModGroup(appGroup, to: config, replacing: groups))
      default: return .success(addingModGroup(appGroup, to: config, replacing: nil))
      }
    }
  }

  /// The target with the Swift the plugin compiles from its `src` folder, and the files it puts into its
  /// native module (which the app links); without the files where the folder is not known or not there.
  private static func expoWidgetsTarget(
    _ options: ExpoWidgetsOptions, draft: Manifest.Target.Draft, directory: String, at name: Located<String>,
    problems: inout [ReadingProblem]
  ) -> PluginWidgetTarget {
    let src = options.option(options.ios["src"])
    guard let folderName = src.known?.value ?? (src.isAbsent ? "widgets/ios" : nil) else {
      return PluginWidgetTarget(target: Manifest.Target(draft), entry: name)
    }
    let folder = PathUtilities.join(directory, SwiftFileResolver.normalize(folderName))
    let folderAt = src.known ?? name
    guard let files = filesDirectly(in: folder) else {
      problems.append(
        ReadingProblem(
          kind: .invalidValue,
          message:
            "iOS widget folder '\(folderName)' is not there; @bittingz/expo-widgets stops the prebuild without it",
          span: folderAt.span, pointer: folderAt.pointer))
      return PluginWidgetTarget(target: Manifest.Target(draft), entry: name)
    }
    var draft = draft
    draft.sources = [folderAt.map { _ in folder }]
    var target = PluginWidgetTarget(target: Manifest.Target(draft), entry: name)
    // Copied and compiled: the `.swift` files directly in the folder, but `Module.swift` and hidden ones.
    target.files = files.filter {
      $0.hasSuffix(".swift") && $0 != ".swift" && !$0.hasPrefix(".") && !$0.hasSuffix("Module.swift")
    }.map { resolved(folder, $0) }
    var appFiles = files.contains("Module.swift") ? [resolved(folder, "Module.swift")] : []
    for dependency in options.unknownOptions ? [] : options.ios["moduleDependencies"]?.array ?? [] {
      guard let path = dependency.stringValue?.value,
        FileManager.default.fileExists(atPath: PathUtilities.join(folder, path))
      else { continue }
      appFiles.append(resolved(folder, SwiftFileResolver.normalize(path)))
    }
    target.appFiles = appFiles
    return target
  }

  /// A mod's `modResults` with the App Groups list made `groups` plus `group`.
  private static func addingModGroup(
    _ group: Located<String>, to config: Located<ConfigValue>, replacing groups: Located<ConfigValue>?
  )
    -> Located<ConfigValue>
  {
    let pointer = (config["modResults"]?.pointer ?? config.pointer).appending(Entitlements.appGroupsKey)
    let items = groups?.array ?? []
    let item = Located(ConfigValue.string(group.value), span: group.span, pointer: pointer.appending(items.count))
    return ConfigValues.setting(
      config, ["modResults", Entitlements.appGroupsKey],
      to: Located(.array(items + [item]), span: groups?.span ?? group.span, pointer: pointer))
  }
}

extension Located where Value == ConfigValue {
  /// An object (empty or not): what a plugin's `if (options.ios)` takes as set.
  fileprivate var hasMembers: Bool {
    if case .object = value { return true }
    return false
  }
}

extension ExpoAppFrontend.Option {
  var isAbsent: Bool {
    if case .absent = self { return true }
    return false
  }
}
