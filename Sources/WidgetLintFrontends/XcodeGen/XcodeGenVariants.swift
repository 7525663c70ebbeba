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

  private func read(
    configuration name: String, app appIndex: Int, sources: [String: XcodeGenSources], xcconfigs: XcconfigLoader
  ) -> BuildVariants.Reading {
    let specSource = spec.root.span.file
    var project = Project(manifestFile: specSource, manifest: nil, readingProblems: [])
    let rootSpan = SourceSpan(file: specSource, start: 0, end: 0)
    var signature: [String] = []
    let leftToBuilder = SettingsLeftToBuilder()

    /// Problems met while reading files, each said once however many targets name the file.
    func observe(_ observations: [ReadingProblem]) {
      for observation in observations
      where !project.readingProblems.contains(where: {
        $0.kind == observation.kind && $0.span.file.path == observation.span.file.path
          && $0.span.start == observation.span.start && $0.message == observation.message
      }) {
        project.readingProblems.append(observation)
      }
    }
    func readFiles(_ files: [String]) {
      for file in files where !project.filesRead.contains(file) { project.filesRead.append(file) }
    }
    func readSuppressions(_ xcconfig: XcconfigLoader.Reading) {
      project.addSuppressions(xcconfig.suppressions)
    }

    /// An xcconfig named by `configFiles`: one that is not in the repository may set anything.
    func xcconfig(_ written: Located<String>?) -> XcconfigLoader.Reading {
      guard let written else { return .none }
      return xcconfigs.load(
        PathUtilities.join(directory, written.value), namedAt: written, whenMissing: .mayBeAnything)
    }
    let projectXcconfig = xcconfig(Self.text(spec.root["configFiles"]?[name]))
    observe(projectXcconfig.observations)
    readFiles(projectXcconfig.files)
    readSuppressions(projectXcconfig)
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

    func resolver(of target: XcodeGenProject.Target) -> XcodeBuildSettingsResolver {
      let targetXcconfig = xcconfig(Self.text(target["configFiles"]?[name]))
      observe(targetXcconfig.observations)
      readFiles(targetXcconfig.files)
      readSuppressions(targetXcconfig)
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
          XcodeBuildSettingsLayer(settings: projectSettings), projectXcconfig.layer,
        ],
        builtIns: [
          "TARGET_NAME": target.name.value, "PRODUCT_NAME": target.productName, "CONFIGURATION": name,
          "SRCROOT": directory, "PROJECT_DIR": directory, "SOURCE_ROOT": directory,
          "PROJECT_NAME": spec.name?.value ?? "",
        ],
        leftToBuilder: leftToBuilder)
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
    func resolved(_ key: String, _ settings: XcodeBuildSettingsResolver) -> Located<String>? {
      if let value = settings.resolved(key) { return value }
      // Records the setting when the builder gives it (a missing include may set it).
      _ = settings.isLeftToBuilder(key)
      noteEnvironment(key, settings, depth: 0)
      return nil
    }
    func noteEnvironment(_ key: String, _ settings: XcodeBuildSettingsResolver, depth: Int) {
      // XcodeGen expands `${NAME}` in the spec, not in xcconfigs (layers 1 and 3).
      guard depth < 8, case .written(let setting, let layer) = settings.lookup(key) else { return }
      noteEnvironment(in: setting.value, at: setting.span, fromSpec: layer == 0 || layer == 2, settings, depth: depth)
    }
    func noteEnvironment(
      in text: String, at span: SourceSpan, fromSpec: Bool, _ settings: XcodeBuildSettingsResolver, depth: Int
    ) {
      for reference in BuildSettings.references(in: text) {
        let base = String(reference.prefix { $0 != ":" })
        guard case .unset = settings.lookup(base), settings.builtIns[base] == nil else {
          noteEnvironment(base, settings, depth: depth + 1)
          continue
        }
        if fromSpec, text.contains("${" + reference + "}") {
          leftToBuilder.record("${\(base)}", .environment, writtenAt: span)
        }
      }
    }

    func readFile(named written: Located<String>, what: String) -> (value: Located<ConfigValue>?, wasRead: Bool) {
      let read = context.readNamedFile(
        PathUtilities.join(directory, written.value), below: directory, namedAt: written, what: what)
      observe(read.observations)
      if read.wasRead, let path = read.path { readFiles([path]) }
      return (read.value, read.wasRead)
    }

    func expandGroups(_ entitlements: Entitlements, _ settings: XcodeBuildSettingsResolver, fromSpec: Bool)
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

    func entitlements(_ settings: XcodeBuildSettingsResolver, of target: XcodeGenProject.Target) -> Entitlements? {
      if let plist = target["entitlements"], let path = Self.text(plist["path"]) {
        // XcodeGen writes the file from `properties` alone, replacing what is on disk.
        guard let properties = plist["properties"] else {
          signature.append("entitlements \(path.value) []")
          return Entitlements(span: path.span, pointer: path.pointer)
        }
        // Properties that are no mapping are none (XcodeGen reads them as an empty dictionary).
        guard let result = ConfigValues.entitlements(properties) else {
          signature.append("entitlements \(path.value) []")
          return Entitlements(span: properties.span, pointer: properties.pointer)
        }
        let expanded = expandGroups(result, settings, fromSpec: true)
        signature.append("entitlements \(path.value) \(expanded.appGroupNames.sorted())")
        return expanded
      }
      guard let written = resolved("CODE_SIGN_ENTITLEMENTS", settings) else {
        guard settings.isLeftToBuilder("CODE_SIGN_ENTITLEMENTS") else { return nil }
        return Entitlements(isComputed: true, span: target.name.span, pointer: target.value.pointer)
      }
      let (value, wasRead) = readFile(named: written, what: "the entitlements file")
      guard wasRead, var result = value.flatMap(ConfigValues.entitlements) else {
        signature.append("entitlements \(written.value) unknown")
        return Entitlements(isUnreadable: true, span: written.span, pointer: written.pointer)
      }
      result.isSigningFile = true
      let expanded = expandGroups(result, settings, fromSpec: false)
      signature.append("entitlements \(written.value) \(expanded.appGroupNames.sorted())")
      return expanded
    }

    func deploymentTarget(_ settings: XcodeBuildSettingsResolver, _ key: String?) -> Located<OSVersion>? {
      guard let key, let written = resolved(key, settings), let version = OSVersion(parsing: written.value) else {
        return nil
      }
      return written.map { _ in version }
    }

    /// The extension point the target's Info.plist names: from the spec's `info.properties` when XcodeGen
    /// writes the file, else from the file `INFOPLIST_FILE` names.
    func extensionPoint(_ settings: XcodeBuildSettingsResolver, of target: XcodeGenProject.Target) -> String? {
      if let info = target["info"], let path = Self.text(info["path"]),
        case .written(let setting, layer: 0) = settings.lookup("INFOPLIST_FILE"), setting.span.isSame(as: path.span)
      {
        return info["properties"]?.at("NSExtension", "NSExtensionPointIdentifier")?.stringValue?.value
      }
      guard let file = resolved("INFOPLIST_FILE", settings) else { return nil }
      let (value, _) = readFile(named: file, what: "the Info.plist")
      return value?.at("NSExtension", "NSExtensionPointIdentifier")?.stringValue?.value
    }

    var manifest = Manifest(rootSpan: rootSpan)
    manifest.origin = .xcode
    let targets = spec.targets.filter { $0.platform == "iOS" || $0.platform == "watchOS" }
    let applications = targets.filter { $0.type == Self.applicationType && $0.platform == "iOS" }
    let extensions = targets.filter { $0.type == Self.extensionType }
    func embedded(by app: XcodeGenProject.Target, among candidates: [XcodeGenProject.Target]? = nil) -> Set<String> {
      var names: Set<String> = []
      for dependency in app["dependencies"]?.array ?? [] {
        guard let name = dependency["target"]?.stringValue?.value else { continue }
        // An application embeds what it depends on, unless the dependency says `embed: false`.
        if XcodeGenSpec.Loader.boolean(dependency["embed"])?.value == false { continue }
        names.insert(name)
      }
      return names.intersection((candidates ?? extensions).map(\.name.value))
    }
    // A watch app the app embeds ("Embed Watch Content") carries the watch extensions it embeds.
    let watchApplications = targets.filter { $0.type == Self.applicationType && $0.platform == "watchOS" }
    // Every app that embeds extensions is read, one at a time.
    let embeddingApps = applications.filter { !embedded(by: $0).isEmpty }
    let appTarget = embeddingApps.indices.contains(appIndex) ? embeddingApps[appIndex] : applications.first
    if let appTarget {
      let appSettings = resolver(of: appTarget)
      var app = Manifest.App(span: appTarget.name.span, pointer: appTarget.value.pointer)
      app.bundleIdentifier = resolved("PRODUCT_BUNDLE_IDENTIFIER", appSettings)
      app.deploymentTarget = deploymentTarget(appSettings, "IPHONEOS_DEPLOYMENT_TARGET")
      app.entitlements = entitlements(appSettings, of: appTarget)
      signature.append(
        "app \(app.bundleIdentifier?.value ?? "-") \(app.deploymentTarget?.value.description ?? "-")")
      manifest.app = app
    }
    let embeddedNames = appTarget.map { embedded(by: $0) } ?? []
    var members = extensions.filter { embeddedNames.contains($0.name.value) }
      .map { (target: $0, host: XcodeGenProject.Target?.none) }
    let watchNames = appTarget.map { embedded(by: $0, among: watchApplications) } ?? []
    let hosts = watchApplications.filter { watchNames.contains($0.name.value) }
    for host in hosts {
      let carried = embedded(by: host)
      members += extensions.filter { carried.contains($0.name.value) }.map { ($0, host) }
    }
    if members.isEmpty { members = extensions.map { ($0, nil) } }

    var hostApps: [String: Manifest.App] = [:]
    func hostApp(_ host: XcodeGenProject.Target) -> Manifest.App {
      if let known = hostApps[host.name.value] { return known }
      let hostSettings = resolver(of: host)
      var app = Manifest.App(span: host.name.span, pointer: host.value.pointer)
      app.name = host.name
      app.bundleIdentifier = resolved("PRODUCT_BUNDLE_IDENTIFIER", hostSettings)
      app.deploymentTarget = deploymentTarget(hostSettings, "WATCHOS_DEPLOYMENT_TARGET")
      app.entitlements = entitlements(hostSettings, of: host)
      signature.append(
        "host \(host.name.value) \(app.bundleIdentifier?.value ?? "-") \(app.deploymentTarget?.value.description ?? "-")"
      )
      hostApps[host.name.value] = app
      return app
    }

    var filesPerTarget: [[SwiftFileResolver.ResolvedFile]] = []
    for (extensionTarget, host) in members {
      let targetSettings = resolver(of: extensionTarget)
      var target = Manifest.Target.Draft(span: extensionTarget.name.span, pointer: extensionTarget.value.pointer)
      target.name = extensionTarget.name
      target.host = host.map(hostApp)
      target.bundleIdentifier = resolved("PRODUCT_BUNDLE_IDENTIFIER", targetSettings)
      if extensionTarget.platform == "watchOS" { target.platform = extensionTarget.name.map { _ in .watchos } }
      target.deploymentTarget = deploymentTarget(targetSettings, Self.deploymentTargetKey(extensionTarget.platform))
      target.entitlements = entitlements(targetSettings, of: extensionTarget)
      let point = extensionPoint(targetSettings, of: extensionTarget)
      var files: [SwiftFileResolver.ResolvedFile] = []
      if point == XcodeProjectVariants.widgetExtensionPoint {
        let found = sources[extensionTarget.name.value] ?? XcodeGenSources()
        observe(found.observations)
        files = found.files
        target.sources = found.entries.isEmpty ? [extensionTarget.name.map { _ in directory }] : found.entries
      }
      signature.append(
        "target \(target.name?.value ?? "") \(target.bundleIdentifier?.value ?? "-") \(target.deploymentTarget?.value.description ?? "-") \(point ?? "-") \(files.map(\.path))"
      )
      manifest.targets.append(Manifest.Target(target))
      filesPerTarget.append(files)
    }
    project.manifest = manifest
    context.attachCode(filesPerTarget, to: &project)
    if let appTarget, let found = sources[appTarget.name.value] {
      observe(found.observations)
      context.attachAppCode(found.files, to: &project)
    }
    for host in hosts {
      guard let app = hostApps[host.name.value], let found = sources[host.name.value] else { continue }
      observe(found.observations)
      guard let code = context.appCode(found.files) else { continue }
      project.hostCode.append((app, code))
      project.filesRead += code.files.map(\.file.path).filter { !project.filesRead.contains($0) }
    }
    if let version = Self.text(spec.root["options"]?["xcodeVersion"]), let xcode = Self.xcodeVersion(version.value) {
      project.toolchain = Toolchain(
        xcode: xcode, source: "options.xcodeVersion in the XcodeGen spec", span: version.span)
    }
    if let note = XcodeProjectVariants.note(leftToBuilder.entries) { project.readingProblems.append(note) }
    return BuildVariants.Reading(
      name: name, project: project, signature: signature, appName: appTarget?.name.value,
      appCount: embeddingApps.count)
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
