import Foundation
import WidgetLintCore
import WidgetLintModel
import WidgetLintReaders

/// An Expo app as it is: its app config (app.json, app.config.json, or a dynamic app.config.ts/.js read
/// as data, with the static config as its `config`) and the @bacons/apple-targets targets in
/// `targets/*/expo-target.config.json|js`, derived as the plugin derives them, each value pointing
/// into the file it came from. The config is read once per build variant (an environment for
/// `process.env`); Expo's own resolution (`npx expo config --json`), when given, fills in what a
/// static reading cannot follow.
public struct ExpoAppFrontend: ProjectFrontend {
  /// The target types whose configs inherit the app's App Groups when they list none (@bacons/apple-targets).
  package static let groupInheritingTypes: Set<String> = [
    "widget", "clip", "share", "bg-download", "keyboard", "file-provider", "watch-widget",
  ]
  package static let defaultTargetDeployment = "18.0"

  /// The dynamic configs, in the order Expo looks for them (@expo/config checks .ts, then .js).
  public static let dynamicConfigNames = ["app.config.ts", "app.config.js", "app.config.mjs", "app.config.cjs"]
  /// The static configs, in the order Expo looks for them.
  public static let staticConfigNames = ["app.config.json", "app.json"]

  /// The app's config as named: app.json, app.config.json, or app.config.ts (.js, .mjs, .cjs).
  public var appConfig: String
  /// The environments (`process.env`) to read the configs in, one build variant each. By default one
  /// with no variables set, as `npx expo config` sees the project without any.
  public var environments: [[String: String]]
  /// The JSON `npx expo config --json --type prebuild` printed for this app, when given.
  public var resolvedConfig: SourceText?

  public init(appConfig: String, environments: [[String: String]] = [[:]], resolvedConfig: SourceText? = nil) {
    self.appConfig = appConfig
    self.environments = environments.isEmpty ? [[:]] : environments
    self.resolvedConfig = resolvedConfig
  }

  /// How findings name a variant: "the default variant", "variant APP_VARIANT=development".
  public static func variantName(_ environment: [String: String]) -> String {
    guard !environment.isEmpty else { return "the default variant" }
    return "variant " + environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
  }

  public func readVariants(_ context: FrontendContext) -> [Project] {
    // Expo's resolution is of one environment: it is the one variant.
    guard environments.count > 1, resolvedConfig == nil else { return [readProject(context)] }
    // The app's scripts are the same in every variant: read once.
    let scripts = ExpoAppScripts.Cache()
    return environments.map { environment in
      var project = readProject(context, environment: environment, scripts: scripts)
      project.variant = Self.variantName(environment)
      return project
    }
  }

  public func readProject(_ context: FrontendContext) -> Project {
    readProject(context, environment: environments[0])
  }

  /// The config files Expo reads for the app: the dynamic one, and the static one it is given as
  /// `config` (or read alone when there is no dynamic one).
  public func configFiles() -> (dynamic: String?, static: String?) {
    let directory = PathUtilities.folder(of: appConfig)
    let name = (appConfig as NSString).lastPathComponent
    let siblings = { (names: [String]) in
      names.map { directory.isEmpty ? $0 : PathUtilities.join(directory, $0) }
        .first { FileManager.default.fileExists(atPath: $0) }
    }
    let dynamic = Self.dynamicConfigNames.contains(name) ? appConfig : siblings(Self.dynamicConfigNames)
    let written = Self.staticConfigNames.contains(name) ? appConfig : siblings(Self.staticConfigNames)
    return (dynamic, written)
  }

  public func readProject(_ context: FrontendContext, environment: [String: String]) -> Project {
    readProject(context, environment: environment, scripts: ExpoAppScripts.Cache())
  }

  func readProject(_ context: FrontendContext, environment: [String: String], scripts: ExpoAppScripts.Cache)
    -> Project
  {
    let configs = readConfigs(context, environment: environment)
    var project = configs.project
    guard let root = configs.root else { return project }
    let directory = configs.directory
    // The config as the app's own plugins leave it (`./plugins/withWidgets`), read as data.
    let plugins = Self.applyingLocalPlugins(
      to: root["expo"] ?? root, directory: directory, environment: environment, context: context)
    let expo = plugins.config
    project.filesRead += plugins.filesRead
    project.addSuppressions(plugins.suppressions)
    var manifest = Manifest(rootSpan: root.span)
    manifest.origin = .expo

    var notes = Self.computedNotes(of: expo, context: context)
    // The static config is what the build reads where no dynamic config, resolved config or plugin of
    // the app's own stands after it: there a fix may edit it.
    let editable =
      configs.dynamicPath == nil && resolvedConfig == nil && plugins.filesRead.isEmpty
        && !plugins.entitlementsAreUnknown
      ? configs.source : nil
    manifest.app = Self.readApp(
      of: expo, plugins: plugins, editable: editable, root: root, context: context, notes: &notes)
    if let extensions = expo.at("extra", "eas", "build", "experimental", "ios", "appExtensions") {
      manifest.eas = ConfigValues.eas(extensions)
      if let editable { manifest.eas?.written = ConfigValues.writtenArray(extensions, in: editable, root: root) }
    }

    let targetsRoot = Self.targetsRoot(of: expo)
    var filesPerTarget = Self.readTargetFolders(
      of: expo, in: directory, targetsRoot: targetsRoot, plugins: plugins, environment: environment,
      context: context, manifest: &manifest, project: &project, notes: &notes)
    Self.addWidgetTargets(of: plugins, to: &manifest, filesPerTarget: &filesPerTarget)
    notes += Self.entriesOfUnreadTargets(in: &manifest, expo: expo)
    Self.addNotedOnce(plugins.widgetPluginProblems + notes, to: &project)
    project.manifest = manifest
    let (toolchain, packageFile) = ExpoSDK.toolchain(appDirectory: directory, context: context)
    project.toolchain = XcodeVersionFile.toolchain(near: directory, context: context) ?? toolchain
    if let packageFile { project.filesRead.append(packageFile) }
    context.attachCode(filesPerTarget, to: &project)
    context.attachAppCode(
      Self.localModuleSwiftFiles(appDirectory: directory) + plugins.widgetTargets.flatMap(\.appFiles), to: &project)
    let (calls, scriptFiles, scriptSuppressions, runtimeUses) = scripts.read(
      appDirectory: directory, targetsRoot: targetsRoot, context: context)
    project.appCalls += calls
    project.widgetRuntimeUses += runtimeUses
    project.addSuppressions(scriptSuppressions)
    project.filesRead += scriptFiles
    return project
  }

  /// The app's config as read: the project that holds what reading it met, its root value and source.
  private struct ConfigReading {
    var project: Project
    var root: Located<ConfigValue>?
    var source: SourceText?
    var dynamicPath: String?
    var directory: String
  }

  /// Reads the static config, then the dynamic one (given the static one as `config`), then Expo's own
  /// resolution where it is given, preferring what is written.
  private func readConfigs(_ context: FrontendContext, environment: [String: String]) -> ConfigReading {
    let (dynamicPath, staticPath) = configFiles()
    let path = dynamicPath ?? staticPath ?? appConfig
    var problems: [ReadingProblem] = []
    var filesRead: [String] = []
    var root: Located<ConfigValue>?
    var source: SourceText?
    var suppressions: [FileSuppressions?] = []
    if let staticPath {
      (root, problems, source) = context.readValue(at: staticPath, display: staticPath)
      filesRead.append(staticPath)
      suppressions.append(context.suppressions(of: source))
    }
    if let dynamicPath {
      let argument = Self.configContext(config: root.map { $0["expo"] ?? $0 }, path: dynamicPath)
      let (value, found, dynamicSource) = context.readValue(
        at: dynamicPath, display: dynamicPath, environment: environment, argument: argument)
      (root, source) = (value, dynamicSource)
      problems += found
      filesRead.append(dynamicPath)
      suppressions.append(context.suppressions(of: dynamicSource))
    }
    let appFile = source ?? SourceText(path: path, text: "")
    var project = Project(manifestFile: appFile, manifest: nil, readingProblems: problems)
    project.filesRead = filesRead
    project.addSuppressions(suppressions)
    if let resolvedConfig {
      let (document, found) = context.parseDocument(resolvedConfig)
      project.readingProblems += found
      project.filesRead.append(resolvedConfig.path)
      if found.isEmpty, let resolved = ConfigValues.value(of: document) {
        let resolvedExpo = resolved["exp"] ?? resolved["expo"] ?? resolved
        root = Self.preferringWritten(root.map { $0["expo"] ?? $0 }, resolvedExpo)
      }
    }
    return ConfigReading(
      project: project, root: root, source: source, dynamicPath: dynamicPath,
      directory: PathUtilities.folder(of: path))
  }

  /// What a dynamic config computes where the app's values are read from is noted, not guessed.
  private static func computedNotes(of expo: Located<ConfigValue>, context: FrontendContext) -> [ReadingProblem] {
    var notes: [ReadingProblem] = []
    if expo.value.isComputed { notes += context.computedNotes(expo) }
    for spread in Self.spreads(in: expo) + Self.spreads(in: expo["ios"]) { notes += context.computedNotes(spread) }
    for part in [expo["ios"], expo.at("ios", "bundleIdentifier"), expo["scheme"], expo["plugins"]] {
      if let part, part.value.isComputed || part.value.array?.contains(where: \.value.isComputed) == true {
        notes += context.computedNotes(part)
      }
    }
    return notes
  }

  /// The app: its bundle identifier, entitlements (as the app's plugins leave them), URL schemes and
  /// deployment target.
  private static func readApp(
    of expo: Located<ConfigValue>, plugins: LocalPlugins, editable: SourceText?, root: Located<ConfigValue>,
    context: FrontendContext, notes: inout [ReadingProblem]
  ) -> Manifest.App {
    var app = Manifest.App(span: expo.span, pointer: expo.pointer)
    app.bundleIdentifier = expo.at("ios", "bundleIdentifier")?.stringValue
    if let entitlements = plugins.appEntitlements {
      app.entitlements = ConfigValues.entitlements(entitlements)
      if let editable {
        app.entitlements?.written = ConfigValues.writtenObject(entitlements, in: editable, root: root)
      }
      notes += context.computedNotes(entitlements)
    }
    if plugins.entitlementsAreUnknown {
      // A plugin not followed may set any entitlement: none of the app's is known.
      var unknown = app.entitlements ?? Entitlements(span: expo.span, pointer: expo.pointer)
      unknown.isComputed = true
      app.entitlements = unknown
    }
    notes += plugins.notes
    if let scheme = expo["scheme"] {
      app.urlSchemes = scheme.stringValue.map { [$0] } ?? (scheme.value.array ?? []).compactMap(\.stringValue)
      app.urlSchemesSpan = scheme.span
    }
    for (name, options) in Self.pluginEntries(of: expo) {
      if name.value == "expo-build-properties" {
        app.deploymentTarget = ConfigValues.version(options?.at("ios", "deploymentTarget")) ?? app.deploymentTarget
      }
    }
    app.deploymentTarget = ConfigValues.version(expo.at("ios", "deploymentTarget")) ?? app.deploymentTarget
    return app
  }

  /// Reads each folder of the targets root with an expo-target.config.json or .js as a target, and
  /// returns the Swift files of each target read.
  private static func readTargetFolders(
    of expo: Located<ConfigValue>, in directory: String, targetsRoot: String, plugins: LocalPlugins,
    environment: [String: String], context: FrontendContext, manifest: inout Manifest, project: inout Project,
    notes: inout [ReadingProblem]
  ) -> [[SwiftFileResolver.ResolvedFile]] {
    // Another plugin's target folders (`expo-targets` writes its own `expo-target.config.json` format)
    // are not @bacons/apple-targets': their targets are unknown, not read as its.
    if let other = Self.otherTargetPlugin(of: expo) {
      manifest.hasUnreadTargets = true
      notes.append(
        ReadingProblem(
          kind: .computedValue,
          message:
            "config plugin '\(other.value)' makes the targets in \(targetsRoot)/ from its own config format, which widgetlint does not read: those targets are unknown, not checked",
          span: other.span, pointer: other.pointer))
      return []
    }
    let reader = TargetFolderReading(
      appBundleID: manifest.app?.bundleIdentifier?.value,
      // The app's groups a target inherits are the ones @bacons/apple-targets sees, at its place among the plugins.
      inherited: plugins.targetsConfig.at("ios", "entitlements").flatMap(ConfigValues.entitlements),
      targetsConfig: plugins.targetsConfig, environment: environment, context: context)
    let base = PathUtilities.join(directory, targetsRoot)
    var filesPerTarget: [[SwiftFileResolver.ResolvedFile]] = []
    for folder in ((try? FileManager.default.contentsOfDirectory(atPath: base)) ?? []).sorted() {
      guard let (target, files) = reader.read(folder, in: base, project: &project, notes: &notes) else { continue }
      manifest.targets.append(target)
      filesPerTarget.append(files)
    }
    return filesPerTarget
  }

  /// What reading one target folder needs to know of the app.
  private struct TargetFolderReading {
    var appBundleID: String?
    var inherited: Entitlements?
    var targetsConfig: Located<ConfigValue>
    var environment: [String: String]
    var context: FrontendContext

    /// The target of one folder and its Swift files; nil when the folder holds no target config, or
    /// one that cannot be read.
    func read(_ folder: String, in base: String, project: inout Project, notes: inout [ReadingProblem])
      -> (Manifest.Target, [SwiftFileResolver.ResolvedFile])?
    {
      let folderPath = PathUtilities.join(base, folder)
      guard
        let configName = ["expo-target.config.json", "expo-target.config.js"].first(where: {
          FileManager.default.fileExists(atPath: PathUtilities.join(folderPath, $0))
        })
      else { return nil }
      let configPath = PathUtilities.join(folderPath, configName)
      project.filesRead.append(configPath)
      // A config function is called with the app's Expo config, as the plugin calls it.
      let (readConfig, configProblems, configSource) = context.readValue(
        at: configPath, display: configPath, environment: environment, argument: targetsConfig)
      project.readingProblems += configProblems
      project.addSuppressions(context.suppressions(of: configSource))
      guard let written = readConfig else { return nil }
      notes += context.computedNotes(written)
      // A config computed as a whole, or members a later `...spread` may override, are not read.
      guard !written.value.isComputed else { return nil }
      let config = written.withoutMembersBeforeSpread()
      guard let type = config["type"]?.stringValue else {
        if config["type"] == nil, !written.hasSpread {
          project.readingProblems.append(
            ReadingProblem(
              kind: .missingKey,
              message: "\(configName) has no 'type'; @bacons/apple-targets needs one (widget, share, clip, …)",
              span: config.span, pointer: .root))
        }
        return nil
      }
      var target = Manifest.Target.Draft(span: type.span, pointer: type.pointer)
      target.name = config["name"]?.stringValue ?? type.map { _ in folder }
      target.bundleIdentifier = bundleIdentifier(of: config, type: type)
      target.deploymentTarget =
        ConfigValues.version(config["deploymentTarget"])
        ?? (config["deploymentTarget"] == nil
          ? type.map { _ in OSVersion(parsing: ExpoAppFrontend.defaultTargetDeployment)! } : nil)
      if type.value == "watch-widget" { target.platform = type.map { _ in .watchos } }
      var (entitlements, entitlementProblems, entitlementFiles) = ExpoAppFrontend.targetEntitlements(
        config: config, type: type, folder: folderPath, appEntitlements: inherited, context: context)
      if let object = config["entitlements"], let configSource, entitlements?.isComputed == false {
        entitlements?.written = ConfigValues.writtenObject(object, in: configSource, root: written)
      }
      if type.value == "clip" {
        // The plugin adds an App Clip's parent application and associated domains to what it writes:
        // the entitlements it signs the clip with are more than these.
        entitlements?.computedKeys.insert("...")
      }
      target.entitlements = entitlements
      project.readingProblems += entitlementProblems
      project.filesRead += entitlementFiles
      var files: [SwiftFileResolver.ResolvedFile] = []
      if ["widget", "watch-widget"].contains(type.value) {
        target.sources = [type.map { _ in folderPath }]
        files = SwiftFileResolver(baseDirectory: folderPath, displayDirectory: folderPath).files(for: ".") ?? []
      }
      return (Manifest.Target(target), files)
    }

    /// The target's bundle identifier: as written, appended to the app's when it starts with ".", or the
    /// app's with the type appended when none is written.
    func bundleIdentifier(of config: Located<ConfigValue>, type: Located<String>) -> Located<String>? {
      if let written = config["bundleIdentifier"]?.stringValue {
        // A leading "." appends to the app's bundle identifier, as the plugin does.
        if written.value.hasPrefix("."), let appBundleID {
          return written.map { appBundleID + $0 }
        }
        return written
      } else if config["bundleIdentifier"] == nil, let appBundleID {
        return type.map { appBundleID + "." + $0 }
      }
      return nil
    }
  }

  /// The widget extensions published plugins add, after the target folders' (a project's order).
  private static func addWidgetTargets(
    of plugins: LocalPlugins, to manifest: inout Manifest, filesPerTarget: inout [[SwiftFileResolver.ResolvedFile]]
  ) {
    for added in plugins.widgetTargets {
      manifest.targets.append(added.target)
      filesPerTarget.append(added.files)
      // Each plugin adds its own appExtensions entry; one the project writes for the target is the one compared.
      if var eas = manifest.eas, eas.appExtensionsSpan != nil, let name = added.target.name,
        !(eas.appExtensions ?? []).contains(where: { $0.targetName?.value == name.value })
      {
        eas.appExtensions =
          (eas.appExtensions ?? []) + [
            Manifest.AppExtension(
              targetName: name, bundleIdentifier: added.target.bundleIdentifier,
              entitlements: added.target.entitlements,
              span: added.entry.span, pointer: added.entry.pointer)
          ]
        manifest.eas = eas
      }
    }
  }

  /// Adds what reading met to the project. A plugin's computed option is noted once, where it is
  /// written, though the app's groups hold it too.
  private static func addNotedOnce(_ problems: [ReadingProblem], to project: inout Project) {
    var noted = Set<String>()
    for problem in problems {
      let key = "\(problem.kind) \(problem.span.file.path) \(problem.span.start) \(problem.message)"
      if problem.kind != .computedValue || noted.insert(key).inserted { project.readingProblems.append(problem) }
    }
  }

  /// Published config plugins widgetlint knows to add no Xcode target: Expo's own modules and the most
  /// used others. Any other package's plugin, which widgetlint does not read, may add one (a share or
  /// notification service extension, react-native-device-activity's monitor).
  package static let pluginsWithoutTargets: Set<String> = [
    "expo-apple-authentication", "expo-asset", "expo-audio", "expo-av", "expo-background-fetch",
    "expo-background-task", "expo-brightness", "expo-build-properties", "expo-calendar", "expo-camera",
    "expo-cellular", "expo-contacts", "expo-dev-client", "expo-dev-launcher", "expo-dev-menu",
    "expo-document-picker", "expo-file-system", "expo-font", "expo-image", "expo-image-picker",
    "expo-local-authentication", "expo-localization", "expo-location", "expo-maps", "expo-media-library",
    "expo-navigation-bar", "expo-notifications", "expo-router", "expo-screen-orientation", "expo-secure-store",
    "expo-sensors", "expo-splash-screen", "expo-sqlite", "expo-system-ui", "expo-task-manager",
    "expo-tracking-transparency", "expo-updates", "expo-video", "expo-web-browser",
    "@react-native-firebase/app", "@react-native-firebase/auth", "@react-native-firebase/crashlytics",
    "@react-native-firebase/messaging", "@react-native-google-signin/google-signin", "@sentry/react-native",
    "@sentry/react-native/expo", "@stripe/stripe-react-native", "react-native-vision-camera",
  ]

  /// The appExtensions entries that name no target read, when a plugin widgetlint does not read may make
  /// that target: each is marked unknown, with one note that names the plugins.
  static func entriesOfUnreadTargets(in manifest: inout Manifest, expo: Located<ConfigValue>) -> [ReadingProblem] {
    guard var eas = manifest.eas, var entries = eas.appExtensions, !manifest.hasUnreadTargets else { return [] }
    let unread = pluginEntries(of: expo).map(\.name.value).filter { name in
      !isLocalPlugin(name) && !isWidgetPlugin(name) && name != "@bacons/apple-targets"
        && !pluginsWithoutTargets.contains(name)
    }
    guard !unread.isEmpty else { return [] }
    let targetNames = Set(manifest.targets.compactMap { $0.name?.value })
    var notes: [ReadingProblem] = []
    for index in entries.indices {
      guard let name = entries[index].targetName, !targetNames.contains(name.value) else { continue }
      entries[index].targetMayBeUnread = true
      let plugins = unread.map { "'\($0)'" }.joined(separator: ", ")
      notes.append(
        ReadingProblem(
          kind: .computedValue,
          message:
            "appExtensions entry names target '\(name.value)', which no target widgetlint reads is; config plugin \(plugins), not read, may make it: not checked",
          span: name.span, pointer: name.pointer))
    }
    eas.appExtensions = entries
    manifest.eas = eas
    return notes
  }

  /// Config plugins that make Xcode targets from a `targets/*/expo-target.config.*` folder in a format of
  /// their own, not @bacons/apple-targets'.
  package static let otherTargetPlugins: Set<String> = ["expo-targets"]

  /// The plugin entry naming another target plugin, when the app uses one and not @bacons/apple-targets.
  package static func otherTargetPlugin(of expo: Located<ConfigValue>) -> Located<String>? {
    var other: Located<String>?
    for (name, _) in pluginEntries(of: expo) {
      if name.value == "@bacons/apple-targets" { return nil }
      if otherTargetPlugins.contains(name.value) { other = other ?? name }
    }
    return other
  }

  /// The folder @bacons/apple-targets reads the targets from, relative to the app: its plugin entry's
  /// `root` option, `targets` by default.
  package static func targetsRoot(of expo: Located<ConfigValue>) -> String {
    for (name, options) in pluginEntries(of: expo) {
      guard name.value == "@bacons/apple-targets", let root = options?["root"]?.stringValue?.value else { continue }
      return SwiftFileResolver.normalize(root)
    }
    return "targets"
  }

  /// The Swift of the app's own Expo modules (`modules/<name>/ios/**/*.swift`): expo-modules-autolinking
  /// links a local module into the app target (its default local modules folder is `./modules`), so its
  /// `UserDefaults(suiteName:)` and `reloadTimelines(ofKind:)` are the app's side of the widget.
  static func localModuleSwiftFiles(appDirectory: String) -> [SwiftFileResolver.ResolvedFile] {
    let modules = PathUtilities.join(appDirectory, "modules")
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: modules)) ?? []).sorted()
    return names.flatMap { name -> [SwiftFileResolver.ResolvedFile] in
      let ios = PathUtilities.join(PathUtilities.join(modules, name), "ios")
      return SwiftFileResolver(baseDirectory: ios, displayDirectory: ios).walk(".").filter { $0.hasSuffix(".swift") }
        .map {
          SwiftFileResolver.ResolvedFile(path: PathUtilities.join(ios, $0), displayPath: PathUtilities.join(ios, $0))
        }
    }
  }
}

extension ExpoAppFrontend {
  /// A target's entitlements as @bacons/apple-targets derives them (packages/apple-targets/src/with-widget.ts):
  /// an `entitlements` object in the config is used, with the app's App Groups copied in for the types
  /// that share them unless the object has the App Groups key; without one, the target folder's own
  /// `*.entitlements` file is used as it is (none: no entitlements), and more than one stops the prebuild.
  package static func targetEntitlements(
    config: Located<ConfigValue>, type: Located<String>, folder: String, appEntitlements: Entitlements?,
    context: FrontendContext
  ) -> (Entitlements?, [ReadingProblem], filesRead: [String]) {
    if let written = config["entitlements"] {
      guard var entitlements = ConfigValues.entitlements(written) else { return (nil, [], []) }
      if !entitlements.declaresAppGroups, groupInheritingTypes.contains(type.value),
        let appEntitlements,
        appEntitlements.appGroupsAreUnknown || !(appEntitlements.appGroups ?? []).isEmpty
      {
        // The copied groups point at the app config, where they are written.
        entitlements.appGroups = appEntitlements.appGroups
        // Groups not known at all (the whole dictionary computed) are unknown in the target too.
        entitlements.appGroupsSpan = appEntitlements.appGroupsSpan ?? appEntitlements.span
        entitlements.values[Entitlements.appGroupsKey] = appEntitlements.values[Entitlements.appGroupsKey]
        if appEntitlements.appGroupsAreUnknown { entitlements.computedKeys.insert(Entitlements.appGroupsKey) }
      }
      return (entitlements, [], [])
    }
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
      .filter { $0.hasSuffix(".entitlements") }.sorted()
    // Neither: the target is signed with no entitlements at all, whatever the app's are.
    guard let name = names.first else { return (Entitlements(span: type.span, pointer: type.pointer), [], []) }
    guard names.count == 1 else {
      let problem = ReadingProblem(
        kind: .invalidValue,
        message:
          "target folder has \(names.count) '*.entitlements' files (\(names.map { "'\($0)'" }.joined(separator: ", "))); @bacons/apple-targets stops the prebuild when it finds more than one",
        span: type.span, pointer: type.pointer)
      return (nil, [problem], [])
    }
    let path = PathUtilities.join(folder, name)
    let (value, problems, _) = context.readValue(at: path, display: path)
    var entitlements = value.flatMap(ConfigValues.entitlements)
    entitlements?.isSigningFile = true
    return (entitlements, problems, [path])
  }

  /// The `ConfigContext` a dynamic config's function is called with: its `config` is the static
  /// config's `expo` object (empty without one); its other members are not known here.
  package static func configContext(config: Located<ConfigValue>?, path: String) -> Located<ConfigValue> {
    let nowhere = SourceSpan(file: SourceText(path: path, text: ""), start: 0, end: 0)
    let config = config ?? Located(.object([]), span: nowhere, pointer: .root)
    return Located(
      .object([
        (Located("config", span: nowhere, pointer: .root), config),
        (
          Located("...", span: nowhere, pointer: .root),
          Located(.computed("ConfigContext"), span: nowhere, pointer: .root)
        ),
      ]), span: nowhere, pointer: .root)
  }

  /// The computed spreads of an object (`...someFunction()`), which may set any of its members.
  package static func spreads(in value: Located<ConfigValue>?) -> [Located<ConfigValue>] {
    guard case .object(let members)? = value?.value else { return [] }
    return members.filter { $0.key.value == "..." }.map(\.value)
  }

  /// Expo's resolved config, with every part the project's own config writes the same way taken from
  /// the project's file, so findings point where the value is written; the rest points into the JSON.
  package static func preferringWritten(_ written: Located<ConfigValue>?, _ resolved: Located<ConfigValue>)
    -> Located<ConfigValue>
  {
    guard let written else { return resolved }
    switch (written.value, resolved.value) {
    case (.object(let writtenMembers), .object(let resolvedMembers)):
      var byKey: [String: (key: Located<String>, value: Located<ConfigValue>)] = [:]
      for member in writtenMembers { byKey[member.key.value] = member }
      let members = resolvedMembers.map { member in
        byKey[member.key.value].map { ($0.key, preferringWritten($0.value, member.value)) } ?? member
      }
      return Located(.object(members), span: written.span, pointer: written.pointer)
    case (.array(let writtenItems), .array(let resolvedItems)) where writtenItems.count == resolvedItems.count:
      let items = zip(writtenItems, resolvedItems).map { preferringWritten($0, $1) }
      return Located(.array(items), span: written.span, pointer: written.pointer)
    default:
      if let lhs = written.plain, let rhs = resolved.plain, lhs == rhs { return written }
      return resolved
    }
  }
}

extension Located where Value == ConfigValue {
  package var hasSpread: Bool {
    guard case .object(let members) = value else { return false }
    return members.contains { $0.key.value == "..." }
  }

  /// The object without the members a later spread (`{ type: "widget", ...base }`) may override.
  package func withoutMembersBeforeSpread() -> Located<ConfigValue> {
    guard case .object(let members) = value, let lastSpread = members.lastIndex(where: { $0.key.value == "..." })
    else { return self }
    return Located(.object(Array(members[(lastSpread + 1)...])), span: span, pointer: pointer)
  }
}
