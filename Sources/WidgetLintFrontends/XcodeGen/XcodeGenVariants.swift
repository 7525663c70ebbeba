import Foundation
import WidgetLintCore
import WidgetLintModel
import WidgetLintReaders

/// Reads an XcodeGen spec's app and extension targets once per build configuration, with the build
/// settings `xcodegen generate` would write and Xcode's order of precedence over them (as
/// `XcodeProjectVariants` reads a `project.pbxproj`): the target's settings, its `configFiles` xcconfig, the
/// project's settings, the project's `configFiles` xcconfig.
///
/// What XcodeGen writes (`SettingsBuilder`, `PBXProjGenerator`): the project's settings are
/// `options.deploymentTarget` (unless the project's xcconfig sets it) and `settings`; a target's are its
/// `deploymentTarget` (unless its own or the project's xcconfig sets it) and `settings`, each `settings`
/// being its `groups`, then `base`, then the `configs` whose name the configuration's contains (ignoring
/// case; an exact name only its own), or a plain map. On top: `CODE_SIGN_ENTITLEMENTS` is the
/// `entitlements` path, `INFOPLIST_FILE` the target's setting, else the `info` path, else the first
/// `Info.plist` in its sources; `PRODUCT_BUNDLE_IDENTIFIER`, where no level sets it, is
/// `<options.bundleIdPrefix>.<target name>` (`_` as `-`, other characters than letters, digits, `-` and `.`
/// dropped). An `entitlements` or `info` file is what XcodeGen writes from its `properties` (the file
/// on disk is overwritten), so those are read from the spec.
///
/// Unknown, as in the pbxproj's reading: a `configFiles` xcconfig that is not in the repository (each
/// setting it may set), settings an xcconfig's missing `#include?` may set, and `${NAME}` that names no
/// build setting (an environment variable of whoever runs xcodegen); one `computed-value` note says which.
struct XcodeGenVariants {
  let context: FrontendContext
  let spec: XcodeGenProject
  /// The spec's folder, the project's `SRCROOT`.
  let directory: String

  static let applicationType = "application"
  static let extensionType = "app-extension"

  func read() -> [Project] {
    let xcconfigs = XcconfigLoader(context: context, root: directory)
    let sources = Dictionary(
      spec.targets.map { target in
        (
          target.name.value,
          XcodeGenSources(
            target: target.value, targetName: target.name.value, directory: directory,
            defaultDirectoryType: XcodeGenVariants.text(spec.root["options"]?["defaultSourceDirectoryType"])?.value,
            context: context)
        )
      }, uniquingKeysWith: { first, _ in first })
    return BuildVariants.projects(configurations: spec.configurations) { name, app in
      read(configuration: name, app: app, sources: sources, xcconfigs: xcconfigs)
    }
  }

  // MARK: Values of the spec

  /// A scalar as XcodeGen reads it into a string (a number as written, a boolean as YES or NO).
  static func text(_ value: Located<ConfigValue>?) -> Located<String>? {
    guard let value else { return nil }
    switch value.value {
    case .string(let text), .number(let text): return value.map { _ in text }
    case .bool(let flag): return value.map { _ in flag ? "YES" : "NO" }
    case .array(let items):
      let texts = items.compactMap { text($0)?.value }
      return texts.count == items.count ? value.map { _ in texts.joined(separator: " ") } : nil
    default: return nil
    }
  }

  /// A `Settings` value's build settings in a configuration (`Project.getBuildSettings`).
  func settings(_ value: Located<ConfigValue>?, configuration: String, depth: Int = 0) -> [String: XcodeBuildSetting] {
    guard let value, case .object = value.value, depth < 8 else { return [:] }
    var result: [String: XcodeBuildSetting] = [:]
    func add(_ map: Located<ConfigValue>?) {
      guard let map, case .object(let members) = map.value else { return }
      for member in XcodeGenSpec.lastOfEachKey(members) {
        guard let text = Self.text(member.value) else { continue }
        result[member.key.value] = XcodeBuildSetting(
          value: text.value, span: text.span, pointer: member.value.pointer)
      }
    }
    guard value["configs"] != nil || value["groups"] != nil || value["base"] != nil else {
      add(value)
      return result
    }
    let groups = (value["groups"] ?? value["presets"])?.array?.compactMap { $0.stringValue?.value } ?? []
    for group in groups {
      result.merge(settings(spec.root["settingGroups"]?[group], configuration: configuration, depth: depth + 1)) {
        $1
      }
    }
    add(value["base"])
    if let configs = value["configs"], case .object(let variants) = configs.value {
      for variant in XcodeGenSpec.lastOfEachKey(variants)
      where configuration.lowercased().contains(variant.key.value.lowercased()) {
        let exact = spec.configurations.first { $0 == variant.key.value }
        guard exact == nil || exact == configuration else { continue }
        result.merge(settings(variant.value, configuration: configuration, depth: depth + 1)) { $1 }
      }
    }
    return result
  }

  /// The setting that holds a platform's deployment target.
  static func deploymentTargetKey(_ platform: String?) -> String? {
    switch platform {
    case "iOS": return "IPHONEOS_DEPLOYMENT_TARGET"
    case "watchOS": return "WATCHOS_DEPLOYMENT_TARGET"
    case "tvOS": return "TVOS_DEPLOYMENT_TARGET"
    case "macOS": return "MACOSX_DEPLOYMENT_TARGET"
    case "visionOS": return "XROS_DEPLOYMENT_TARGET"
    default: return nil
    }
  }

  // MARK: One configuration

  /// One configuration's reading of one app: its `ProjectReading` and the project's settings in it.
  private final class Configuration {
    let name: String
    let reading: ProjectReading
    let xcconfigs: XcconfigLoader
    var projectXcconfig = XcconfigLoader.Reading.none
    var projectSettings: [String: XcodeBuildSetting] = [:]

    init(name: String, reading: ProjectReading, xcconfigs: XcconfigLoader) {
      self.name = name
      self.reading = reading
      self.xcconfigs = xcconfigs
    }
  }

  /// An xcconfig named by `configFiles`: one that is not in the repository may set anything.
  private func xcconfig(_ written: Located<String>?, _ configuration: Configuration) -> XcconfigLoader.Reading {
    guard let written else { return .none }
    let reading = configuration.xcconfigs.load(
      PathUtilities.join(directory, written.value), namedAt: written, whenMissing: .mayBeAnything)
    configuration.reading.use(reading)
    return reading
  }

  /// The project's settings in a configuration: `options.deploymentTarget` (unless its xcconfig sets it)
  /// and `settings`.
  private func projectSettings(_ configuration: Configuration) {
    let name = configuration.name
    let projectXcconfig = xcconfig(Self.text(spec.root["configFiles"]?[name]), configuration)
    configuration.projectXcconfig = projectXcconfig
    var projectSettings: [String: XcodeBuildSetting] = [:]
    if let versions = spec.root["options"]?["deploymentTarget"], case .object(let members) = versions.value {
      for member in XcodeGenSpec.lastOfEachKey(members) {
        guard let key = Self.deploymentTargetKey(member.key.value), let version = Self.text(member.value),
          projectXcconfig.layer.settings[key] == nil, projectXcconfig.layer.missingInclude == nil
        else { continue }
        projectSettings[key] = XcodeBuildSetting(value: version.value, span: version.span, pointer: version.pointer)
      }
    }
    projectSettings.merge(settings(spec.root["settings"], configuration: name)) { $1 }
    configuration.projectSettings = projectSettings
  }

  /// A target's build settings as `xcodegen generate` writes them, in Xcode's order of precedence.
  private func resolver(
    of target: XcodeGenProject.Target, sources: [String: XcodeGenSources], _ configuration: Configuration
  ) -> XcodeBuildSettingsResolver {
    let name = configuration.name
    let projectXcconfig = configuration.projectXcconfig
    let targetXcconfig = xcconfig(Self.text(target["configFiles"]?[name]), configuration)
    var own: [String: XcodeBuildSetting] = [:]
    if let key = Self.deploymentTargetKey(target.platform), let version = Self.text(target["deploymentTarget"]),
      targetXcconfig.layer.settings[key] == nil, targetXcconfig.layer.missingInclude == nil,
      projectXcconfig.layer.settings[key] == nil, projectXcconfig.layer.missingInclude == nil
    {
      own[key] = XcodeBuildSetting(value: version.value, span: version.span, pointer: version.pointer)
    }
    own.merge(settings(target["settings"], configuration: name)) { $1 }
    if let path = Self.text(target["entitlements"]?["path"]) {
      own["CODE_SIGN_ENTITLEMENTS"] = XcodeBuildSetting(value: path.value, span: path.span, pointer: path.pointer)
    }
    if own["INFOPLIST_FILE"] == nil {
      if let path = Self.text(target["info"]?["path"]) {
        own["INFOPLIST_FILE"] = XcodeBuildSetting(value: path.value, span: path.span, pointer: path.pointer)
      } else if let found = sources[target.name.value]?.infoPlist {
        own["INFOPLIST_FILE"] = XcodeBuildSetting(value: found.value, span: found.span, pointer: found.pointer)
      }
    }
    var resolver = XcodeBuildSettingsResolver(
      layers: [
        XcodeBuildSettingsLayer(settings: own), targetXcconfig.layer,
        XcodeBuildSettingsLayer(settings: configuration.projectSettings), projectXcconfig.layer,
      ],
      builtIns: [
        "TARGET_NAME": target.name.value, "PRODUCT_NAME": target.productName, "CONFIGURATION": name,
        "SRCROOT": directory, "PROJECT_DIR": directory, "SOURCE_ROOT": directory,
        "PROJECT_NAME": spec.name?.value ?? "",
      ],
      leftToBuilder: configuration.reading.leftToBuilder)
    if let prefix = spec.bundleIdPrefix, case .unset = resolver.lookup("PRODUCT_BUNDLE_IDENTIFIER") {
      let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-."))
      let escaped = String(
        String.UnicodeScalarView(
          target.name.value.replacingOccurrences(of: "_", with: "-").unicodeScalars.filter(allowed.contains)))
      resolver.layers[0].settings["PRODUCT_BUNDLE_IDENTIFIER"] = XcodeBuildSetting(
        value: prefix.value + "." + escaped, span: target.name.span, pointer: target.value.pointer)
    }
    return resolver
  }

  /// A setting's value, or nil; a `${NAME}` the spec writes for a setting that nothing defines is
  /// recorded as the environment's.
  private func resolved(_ key: String, _ settings: XcodeBuildSettingsResolver) -> Located<String>? {
    if let value = settings.resolved(key) { return value }
    // Records the setting when the builder gives it (a missing include may set it).
    _ = settings.isLeftToBuilder(key)
    noteEnvironment(key, settings, depth: 0)
    return nil
  }

  private func noteEnvironment(_ key: String, _ settings: XcodeBuildSettingsResolver, depth: Int) {
    // XcodeGen expands `${NAME}` in the spec, not in xcconfigs (layers 1 and 3).
    guard depth < 8, case .written(let setting, let layer) = settings.lookup(key) else { return }
    noteEnvironment(in: setting.value, at: setting.span, fromSpec: layer == 0 || layer == 2, settings, depth: depth)
  }

  private func noteEnvironment(
    in text: String, at span: SourceSpan, fromSpec: Bool, _ settings: XcodeBuildSettingsResolver, depth: Int
  ) {
    for reference in BuildSettings.references(in: text) {
      let base = String(reference.prefix { $0 != ":" })
      guard case .unset = settings.lookup(base), settings.builtIns[base] == nil else {
        noteEnvironment(base, settings, depth: depth + 1)
        continue
      }
      if fromSpec, text.contains("${" + reference + "}") {
        settings.leftToBuilder?.record("${\(base)}", .environment, writtenAt: span)
      }
    }
  }

  private func readFile(named written: Located<String>, what: String, _ reading: ProjectReading) -> (
    value: Located<ConfigValue>?, wasRead: Bool
  ) {
    reading.readFile(PathUtilities.join(directory, written.value), below: directory, namedAt: written, what: what)
  }

  private func expandGroups(_ entitlements: Entitlements, _ settings: XcodeBuildSettingsResolver, fromSpec: Bool)
    -> Entitlements
  {
    var result = entitlements
    result.appGroups = entitlements.appGroups?.map { group in
      guard BuildSettings.containsReference(group.value) else { return group }
      guard let expanded = settings.expandInEntitlements(group.value) else {
        noteEnvironment(in: group.value, at: group.span, fromSpec: fromSpec, settings, depth: 0)
        return group
      }
      return group.map { _ in expanded }
    }
    return result
  }

  private func entitlements(
    _ settings: XcodeBuildSettingsResolver, of target: XcodeGenProject.Target, _ reading: ProjectReading
  ) -> Entitlements? {
    if let plist = target["entitlements"], let path = Self.text(plist["path"]) {
      // XcodeGen writes the file from `properties` alone, replacing what is on disk.
      guard let properties = plist["properties"] else {
        reading.signature.append("entitlements \(path.value) []")
        return Entitlements(span: path.span, pointer: path.pointer)
      }
      // Properties that are no mapping are none (XcodeGen reads them as an empty dictionary).
      guard let result = ConfigValues.entitlements(properties) else {
        reading.signature.append("entitlements \(path.value) []")
        return Entitlements(span: properties.span, pointer: properties.pointer)
      }
      let expanded = expandGroups(result, settings, fromSpec: true)
      reading.signature.append("entitlements \(path.value) \(expanded.appGroupNames.sorted())")
      return expanded
    }
    guard let written = resolved("CODE_SIGN_ENTITLEMENTS", settings) else {
      guard settings.isLeftToBuilder("CODE_SIGN_ENTITLEMENTS") else { return nil }
      return Entitlements(isComputed: true, span: target.name.span, pointer: target.value.pointer)
    }
    let (value, wasRead) = readFile(named: written, what: "the entitlements file", reading)
    guard wasRead, var result = value.flatMap(ConfigValues.entitlements) else {
      reading.signature.append("entitlements \(written.value) unknown")
      return Entitlements(isUnreadable: true, span: written.span, pointer: written.pointer)
    }
    result.isSigningFile = true
    let expanded = expandGroups(result, settings, fromSpec: false)
    reading.signature.append("entitlements \(written.value) \(expanded.appGroupNames.sorted())")
    return expanded
  }

  private func deploymentTarget(_ settings: XcodeBuildSettingsResolver, _ key: String?) -> Located<OSVersion>? {
    guard let key else { return nil }
    return ProjectReading.deploymentTarget(resolved(key, settings))
  }

  /// The extension point the target's Info.plist names: from the spec's `info.properties` when XcodeGen
  /// writes the file, else from the file `INFOPLIST_FILE` names.
  private func extensionPoint(
    _ settings: XcodeBuildSettingsResolver, of target: XcodeGenProject.Target, _ reading: ProjectReading
  ) -> String? {
    if let info = target["info"], let path = Self.text(info["path"]),
      case .written(let setting, layer: 0) = settings.lookup("INFOPLIST_FILE"), setting.span.isSame(as: path.span)
    {
      return info["properties"]?.at("NSExtension", "NSExtensionPointIdentifier")?.stringValue?.value
    }
    guard let file = resolved("INFOPLIST_FILE", settings) else { return nil }
    let (value, _) = readFile(named: file, what: "the Info.plist", reading)
    return value?.at("NSExtension", "NSExtensionPointIdentifier")?.stringValue?.value
  }

  /// The names of the targets an application embeds, among the extensions or the given candidates: its
  /// `target:` dependencies unless `embed: false`.
  private func embedded(by app: XcodeGenProject.Target, among candidates: [XcodeGenProject.Target]) -> Set<String> {
    var names: Set<String> = []
    for dependency in app["dependencies"]?.array ?? [] {
      guard let name = dependency["target"]?.stringValue?.value else { continue }
      if XcodeGenSpec.Loader.boolean(dependency["embed"])?.value == false { continue }
      names.insert(name)
    }
    return names.intersection(candidates.map(\.name.value))
  }

  /// An app (`label` "app") or a watch app that hosts extensions, as the model holds it.
  private func app(
    _ target: XcodeGenProject.Target, label: String, deploymentKey: String, sources: [String: XcodeGenSources],
    _ configuration: Configuration
  ) -> Manifest.App {
    let settings = resolver(of: target, sources: sources, configuration)
    var app = Manifest.App(span: target.name.span, pointer: target.value.pointer)
    if label != "app" { app.name = target.name }
    app.bundleIdentifier = resolved("PRODUCT_BUNDLE_IDENTIFIER", settings)
    app.deploymentTarget = deploymentTarget(settings, deploymentKey)
    app.entitlements = entitlements(settings, of: target, configuration.reading)
    configuration.reading.sign(app, as: label)
    return app
  }

  private func read(
    configuration name: String, app appIndex: Int, sources: [String: XcodeGenSources], xcconfigs: XcconfigLoader
  ) -> BuildVariants.Reading {
    let specSource = spec.root.span.file
    let reading = ProjectReading(
      project: Project(manifestFile: specSource, manifest: nil, readingProblems: []), context: context)
    let configuration = Configuration(name: name, reading: reading, xcconfigs: xcconfigs)
    projectSettings(configuration)
    var manifest = Manifest(rootSpan: SourceSpan(file: specSource, start: 0, end: 0))
    manifest.origin = .xcode
    let targets = spec.targets.filter { $0.platform == "iOS" || $0.platform == "watchOS" }
    let applications = targets.filter { $0.type == Self.applicationType && $0.platform == "iOS" }
    let extensions = targets.filter { $0.type == Self.extensionType }
    // A watch app the app embeds ("Embed Watch Content") carries the watch extensions it embeds.
    let watchApplications = targets.filter { $0.type == Self.applicationType && $0.platform == "watchOS" }
    // Every app that embeds extensions is read, one at a time.
    let embeddingApps = applications.filter { !embedded(by: $0, among: extensions).isEmpty }
    let appTarget = embeddingApps.indices.contains(appIndex) ? embeddingApps[appIndex] : applications.first
    if let appTarget {
      manifest.app = app(
        appTarget, label: "app", deploymentKey: "IPHONEOS_DEPLOYMENT_TARGET", sources: sources, configuration)
    }
    let embeddedNames = appTarget.map { embedded(by: $0, among: extensions) } ?? []
    var members = extensions.filter { embeddedNames.contains($0.name.value) }
      .map { (target: $0, host: XcodeGenProject.Target?.none) }
    let watchNames = appTarget.map { embedded(by: $0, among: watchApplications) } ?? []
    let hosts = watchApplications.filter { watchNames.contains($0.name.value) }
    for host in hosts {
      let carried = embedded(by: host, among: extensions)
      members += extensions.filter { carried.contains($0.name.value) }.map { ($0, host) }
    }
    if members.isEmpty { members = extensions.map { ($0, nil) } }

    var hostApps: [String: Manifest.App] = [:]
    var filesPerTarget: [[SwiftFileResolver.ResolvedFile]] = []
    for (extensionTarget, host) in members {
      let hostApp = host.map { host in
        let known =
          hostApps[host.name.value]
          ?? app(
            host, label: "host \(host.name.value)", deploymentKey: "WATCHOS_DEPLOYMENT_TARGET", sources: sources,
            configuration)
        hostApps[host.name.value] = known
        return known
      }
      let (target, files) = modelTarget(extensionTarget, hostApp: hostApp, sources: sources, configuration)
      manifest.targets.append(Manifest.Target(target))
      filesPerTarget.append(files)
    }
    reading.project.manifest = manifest
    context.attachCode(filesPerTarget, to: &reading.project)
    if let appTarget, let found = sources[appTarget.name.value] {
      reading.observe(found.observations)
      context.attachAppCode(found.files, to: &reading.project)
    }
    for host in hosts {
      guard let app = hostApps[host.name.value], let found = sources[host.name.value] else { continue }
      reading.observe(found.observations)
      reading.attachHostCode(app, files: found.files)
    }
    if let version = Self.text(spec.root["options"]?["xcodeVersion"]), let xcode = Self.xcodeVersion(version.value) {
      reading.project.toolchain = Toolchain(
        xcode: xcode, source: "options.xcodeVersion in the XcodeGen spec", span: version.span)
    }
    if let note = BuildGraphProjects.note(reading.leftToBuilder.entries) {
      reading.project.readingProblems.append(note)
    }
    return reading.finished(configuration: name, appName: appTarget?.name.value, appCount: embeddingApps.count)
  }

  /// An extension target as the model holds it, and the Swift files of its widgets.
  private func modelTarget(
    _ extensionTarget: XcodeGenProject.Target, hostApp: Manifest.App?, sources: [String: XcodeGenSources],
    _ configuration: Configuration
  ) -> (Manifest.Target.Draft, [SwiftFileResolver.ResolvedFile]) {
    let reading = configuration.reading
    let targetSettings = resolver(of: extensionTarget, sources: sources, configuration)
    var target = Manifest.Target.Draft(span: extensionTarget.name.span, pointer: extensionTarget.value.pointer)
    target.name = extensionTarget.name
    target.host = hostApp
    target.bundleIdentifier = resolved("PRODUCT_BUNDLE_IDENTIFIER", targetSettings)
    if extensionTarget.platform == "watchOS" { target.platform = extensionTarget.name.map { _ in .watchos } }
    target.deploymentTarget = deploymentTarget(targetSettings, Self.deploymentTargetKey(extensionTarget.platform))
    target.entitlements = entitlements(targetSettings, of: extensionTarget, reading)
    let point = extensionPoint(targetSettings, of: extensionTarget, reading)
    var files: [SwiftFileResolver.ResolvedFile] = []
    if point == BuildGraph.widgetExtensionPoint {
      let found = sources[extensionTarget.name.value] ?? XcodeGenSources()
      reading.observe(found.observations)
      files = found.files
      target.sources = found.entries.isEmpty ? [extensionTarget.name.map { _ in directory }] : found.entries
    }
    reading.sign(target, point: point, files: files)
    return (target, files)
  }

  /// `options.xcodeVersion` as XcodeGen reads it (`XCodeVersion.parse`): `15.2` or `1520` is Xcode 15.2.
  static func xcodeVersion(_ text: String) -> OSVersion? {
    if text.contains(".") { return OSVersion(parsing: text) }
    guard let number = Int(text) else { return nil }
    switch text.count {
    case 1, 2: return OSVersion(number, 0)
    case 4: return OSVersion(number / 100, (number % 100) / 10)
    default: return nil
    }
  }
}

extension XcodeGenSources {
  init() {}
}
