import Foundation
import WidgetLintCore
import WidgetLintModel
import WidgetLintReaders

/// Builds the project model from what a `Project.swift` says, once per build configuration (the
/// project's and its targets' configurations, or Tuist's Debug and Release). When every configuration
/// gives the same facts, one project is returned (read as Release where there is one); otherwise one per
/// configuration, named "the Debug configuration", as for an `.xcodeproj`.
package struct TuistProjectVariants {
  package let directory: String
  package let context: FrontendContext
  package let manifest: TuistManifest
  package let helperFiles: [String]
  package let skippedHelpers: [String]

  package init(
    directory: String, context: FrontendContext, manifest: TuistManifest, helperFiles: [String],
    skippedHelpers: [String]
  ) {
    self.directory = directory
    self.context = context
    self.manifest = manifest
    self.helperFiles = helperFiles
    self.skippedHelpers = skippedHelpers
  }

  /// The layer of a target's settings that its own arguments make (`bundleId`, `deploymentTargets`,
  /// `entitlements`, `infoPlist`), between its `base` settings and its `.xcconfig`.
  static let derivedLayer = 2

  package func read() -> [Project] {
    var names: [String] = []
    let configurations =
      (manifest.settings?.configurations ?? []) + manifest.targets.flatMap { $0.settings?.configurations ?? [] }
    for configuration in configurations where !names.contains(configuration.name) { names.append(configuration.name) }
    if names.isEmpty { names = ["Debug", "Release"] }
    let xcconfigs = XcconfigLoader(context: context, root: directory)
    return BuildVariants.projects(configurations: names) { name, app in
      read(configuration: name, app: app, xcconfigs: xcconfigs)
    }
  }

  /// A path a target's argument writes, relative to the project's folder (as Xcode reads the setting
  /// Tuist writes from it): `//path` is relative to the root.
  private func relativeToProject(_ written: String) -> String {
    guard written.hasPrefix("//") else { return written }
    let root = PathUtilities.absolute(TuistFrontend.root(of: directory))
    let folder = PathUtilities.absolute(directory)
    let rest = String(written.dropFirst(2))
    guard folder != root, folder.hasPrefix(root + "/") else { return rest }
    let depth = folder.dropFirst(root.count + 1).split(separator: "/").count
    return String(repeating: "../", count: depth) + rest
  }

  /// The settings a target's own arguments set, as Tuist writes them into the generated project.
  private func derivedSettings(of target: TuistManifest.Target) -> TuistManifest.SettingsDictionary {
    var values: [String: TuistManifest.Setting] = [:]
    values["PRODUCT_BUNDLE_IDENTIFIER"] = target.bundleId
    values["IPHONEOS_DEPLOYMENT_TARGET"] = target.deploymentTargets["iOS"]
    values["WATCHOS_DEPLOYMENT_TARGET"] = target.deploymentTargets["watchOS"]
    let name = target.name?.value ?? ""
    switch target.entitlements {
    case .file(let path): values["CODE_SIGN_ENTITLEMENTS"] = .value(path.map(relativeToProject))
    case .variable(let setting): values["CODE_SIGN_ENTITLEMENTS"] = .value(setting)
    case .dictionary(let content):
      // Tuist writes the file it generates from the dictionary here.
      values["CODE_SIGN_ENTITLEMENTS"] = .value(
        Located("Derived/Entitlements/\(name).entitlements", span: content.span, pointer: content.pointer))
    case .unknown(let unknown): values["CODE_SIGN_ENTITLEMENTS"] = .unknown(unknown)
    case nil: break
    }
    switch target.infoPlist {
    case .file(let path): values["INFOPLIST_FILE"] = .value(path.map(relativeToProject))
    case .dictionary(let content):
      values["INFOPLIST_FILE"] = .value(
        Located("Derived/InfoPlists/\(name)-Info.plist", span: content.span, pointer: content.pointer))
    case .unknown(let unknown): values["INFOPLIST_FILE"] = .unknown(unknown)
    case nil: break
    }
    return TuistManifest.SettingsDictionary(values: values)
  }

  /// One configuration's reading of one app: its `ProjectReading` and the project's settings in it.
  private final class Configuration {
    let name: String
    let reading: ProjectReading
    let xcconfigs: XcconfigLoader
    let projectConfiguration: TuistManifest.BuildConfiguration?
    var projectXcconfig = XcconfigLoader.Reading.none

    init(
      name: String, reading: ProjectReading, xcconfigs: XcconfigLoader,
      projectConfiguration: TuistManifest.BuildConfiguration?
    ) {
      self.name = name
      self.reading = reading
      self.xcconfigs = xcconfigs
      self.projectConfiguration = projectConfiguration
    }
  }

  /// A configuration's `.xcconfig`: one that is not there is said where it is named.
  private func xcconfig(_ written: Located<String>?, _ configuration: Configuration) -> XcconfigLoader.Reading {
    guard let written else { return .none }
    return configuration.xcconfigs.load(
      TuistFrontend.resolve(written.value, in: directory), namedAt: written, what: "the .xcconfig file",
      whenMissing: .said)
  }

  /// A target's build settings as Tuist writes them, in Xcode's order of precedence.
  private func settings(of target: TuistManifest.Target, _ configuration: Configuration) -> XcodeBuildSettingsResolver {
    let own = target.settings?.configurations.first { $0.name == configuration.name }
    let targetXcconfig = xcconfig(own?.xcconfig, configuration)
    configuration.reading.use(targetXcconfig, configuration.projectXcconfig)
    let targetName = target.name?.value ?? ""
    let folder = PathUtilities.absolute(directory)
    return XcodeBuildSettingsResolver(
      layers: [
        (own?.settings ?? TuistManifest.SettingsDictionary()).layer,
        (target.settings?.base ?? TuistManifest.SettingsDictionary()).layer,
        derivedSettings(of: target).layer,
        targetXcconfig.layer,
        (configuration.projectConfiguration?.settings ?? TuistManifest.SettingsDictionary()).layer,
        (manifest.settings?.base ?? TuistManifest.SettingsDictionary()).layer,
        configuration.projectXcconfig.layer,
      ],
      builtIns: [
        "TARGET_NAME": targetName, "PRODUCT_NAME": targetName, "CONFIGURATION": configuration.name,
        "SRCROOT": folder, "PROJECT_DIR": folder, "SOURCE_ROOT": folder, "PROJECT_NAME": manifest.name?.value ?? "",
      ],
      leftToBuilder: configuration.reading.leftToBuilder)
  }

  /// The file a setting names, read; its problems are said at the setting.
  private func readFile(named written: Located<String>, what: String, _ reading: ProjectReading) -> (
    value: Located<ConfigValue>?, wasRead: Bool
  ) {
    reading.readFile(PathUtilities.join(directory, written.value), below: directory, namedAt: written, what: what)
  }

  /// A setting's value where it is known; where it is not, the resolver records why (for the note).
  private func resolved(_ settings: XcodeBuildSettingsResolver, _ key: String) -> Located<String>? {
    if let value = settings.resolved(key) { return value }
    _ = settings.isLeftToBuilder(key)
    return nil
  }

  private func entitlements(
    _ settings: XcodeBuildSettingsResolver, of target: TuistManifest.Target, _ reading: ProjectReading
  ) -> Entitlements? {
    let key = "CODE_SIGN_ENTITLEMENTS"
    let at = target.name?.span ?? target.span
    func expanded(_ entitlements: Entitlements) -> Entitlements {
      var result = entitlements
      result.appGroups = result.appGroups?.map { group in
        guard BuildSettings.containsReference(group.value), let value = settings.expandInEntitlements(group.value)
        else {
          return group
        }
        return group.map { _ in value }
      }
      return result
    }
    switch settings.lookup(key) {
    case .unset:
      return nil
    case .unknown:
      _ = settings.isLeftToBuilder(key)
      return Entitlements(isComputed: true, span: at, pointer: target.pointer.appending("entitlements"))
    case .written(let setting, let layer):
      if layer == Self.derivedLayer, case .dictionary(let content) = target.entitlements {
        guard let result = ConfigValues.entitlements(content) else {
          return Entitlements(isComputed: true, span: content.span, pointer: content.pointer)
        }
        reading.signature.append("entitlements \(result.appGroupNames.sorted())")
        return expanded(result)
      }
      guard let written = resolved(settings, key) else {
        // Named by a setting whose value is not known: nothing in the file is known.
        return Entitlements(isComputed: true, span: setting.span, pointer: setting.pointer)
      }
      let (value, wasRead) = readFile(named: written, what: "the entitlements file", reading)
      guard wasRead, var result = value.flatMap(ConfigValues.entitlements) else {
        reading.signature.append("entitlements \(written.value) unknown")
        return Entitlements(isUnreadable: true, span: written.span, pointer: written.pointer)
      }
      result.isSigningFile = true
      reading.signature.append("entitlements \(written.value) \(result.appGroupNames.sorted())")
      return expanded(result)
    }
  }

  /// The extension point a target's Info.plist names, where it is known. It only says which targets
  /// carry widgets (no rule compares it), so settings that may name another Info.plist but are not
  /// known leave it to the target's own `infoPlist`.
  private func extensionPoint(
    _ settings: XcodeBuildSettingsResolver, of target: TuistManifest.Target, _ reading: ProjectReading
  ) -> String? {
    let key = "INFOPLIST_FILE"
    var layer = Self.derivedLayer
    switch settings.lookup(key) {
    case .written(_, let written): layer = written
    case .unknown: break
    case .unset: return nil
    }
    if layer == Self.derivedLayer, case .dictionary(let content) = target.infoPlist {
      return content.at("NSExtension", "NSExtensionPointIdentifier")?.stringValue?.value
    }
    if layer == Self.derivedLayer, case .file(let path) = target.infoPlist {
      return readFile(named: path.map(relativeToProject), what: "the Info.plist", reading).value?.at(
        "NSExtension", "NSExtensionPointIdentifier")?.stringValue?.value
    }
    guard let written = resolved(settings, key) else { return nil }
    return readFile(named: written, what: "the Info.plist", reading).value?.at(
      "NSExtension", "NSExtensionPointIdentifier")?
      .stringValue?.value
  }

  private func deploymentTarget(_ settings: XcodeBuildSettingsResolver, _ key: String) -> Located<OSVersion>? {
    ProjectReading.deploymentTarget(resolved(settings, key))
  }

  /// A target whose destinations are all the watch's.
  private func isWatch(_ target: TuistManifest.Target) -> Bool {
    let destinations = target.destinations?.map(\.value) ?? []
    return !destinations.isEmpty && destinations.allSatisfy { ["appleWatch", "watchOS"].contains($0) }
  }

  /// An app (`label` "app") or a watch app that hosts extensions, as the model holds it.
  private func app(
    _ target: TuistManifest.Target, label: String, deploymentKey: String, _ configuration: Configuration
  ) -> Manifest.App {
    let settings = settings(of: target, configuration)
    var app = Manifest.App(span: target.name?.span ?? target.span, pointer: target.pointer)
    if label != "app" { app.name = target.name }
    app.bundleIdentifier = resolved(settings, "PRODUCT_BUNDLE_IDENTIFIER")
    app.deploymentTarget = deploymentTarget(settings, deploymentKey)
    app.entitlements = entitlements(settings, of: target, configuration.reading)
    configuration.reading.sign(app, as: label)
    return app
  }

  /// A new project for the manifest, with the files it read and those it could not.
  private func newProject() -> Project {
    var project = Project(manifestFile: manifest.file, manifest: nil, readingProblems: [])
    project.filesRead = [manifest.file.path] + helperFiles + skippedHelpers
    for (path, reason) in manifest.unreadFiles {
      if path == manifest.file.path {
        project.readingProblems.append(
          ReadingProblem(
            kind: .invalidValue, message: "'\(path)' was not read: \(reason)",
            span: SourceSpan(file: manifest.file, start: 0, end: 0), pointer: .root))
      } else {
        project.filesRead.append("note: \(path) was not read: \(reason)")
      }
    }
    return project
  }

  private func read(configuration name: String, app appIndex: Int, xcconfigs: XcconfigLoader)
    -> BuildVariants.Reading
  {
    let reading = ProjectReading(project: newProject(), context: context)
    let configuration = Configuration(
      name: name, reading: reading, xcconfigs: xcconfigs,
      projectConfiguration: manifest.settings?.configurations.first { $0.name == name })
    configuration.projectXcconfig = xcconfig(configuration.projectConfiguration?.xcconfig, configuration)
    var model = Manifest(rootSpan: SourceSpan(file: manifest.file, start: 0, end: 0))
    model.origin = .xcode
    let extensions = manifest.targets.filter { $0.product?.value == "appExtension" }
    let extensionNames = Set(extensions.compactMap(\.name?.value))
    let allApplications = manifest.targets.filter { $0.product?.value == "app" }
    let watchApplications = allApplications.filter(isWatch)
    let watchNames = Set(watchApplications.compactMap(\.name?.value))
    // With a watch app beside it, the iPhone app is the app; the watch app hosts the watch's extensions.
    let phoneApplications = allApplications.filter { !isWatch($0) }
    let applications = phoneApplications.isEmpty ? allApplications : phoneApplications
    // Every app that embeds extensions or a watch app is read, one at a time.
    let embeddingApps = applications.filter { app in
      app.dependencies.contains { extensionNames.contains($0.value) || watchNames.contains($0.value) }
    }
    let appTarget = embeddingApps.indices.contains(appIndex) ? embeddingApps[appIndex] : applications.first
    if let appTarget {
      model.app = app(appTarget, label: "app", deploymentKey: "IPHONEOS_DEPLOYMENT_TARGET", configuration)
    }
    let embedded = Set(appTarget?.dependencies.map(\.value) ?? [])
    var members = extensions.filter { $0.name.map { embedded.contains($0.value) } ?? false }
      .map { (target: $0, host: TuistManifest.Target?.none) }
    let hosts = watchApplications.filter { $0.name.map { embedded.contains($0.value) } ?? false }
    for host in hosts {
      let carried = Set(host.dependencies.map(\.value))
      members += extensions.filter { $0.name.map { carried.contains($0.value) } ?? false }.map { ($0, host) }
    }
    if members.isEmpty { members = extensions.map { ($0, nil) } }

    var hostApps: [String: Manifest.App] = [:]
    var filesPerTarget: [[SwiftFileResolver.ResolvedFile]] = []
    for (extensionTarget, host) in members {
      let hostApp = host.map { host in
        let key = host.name?.value ?? ""
        let known =
          hostApps[key] ?? app(host, label: "host \(key)", deploymentKey: "WATCHOS_DEPLOYMENT_TARGET", configuration)
        hostApps[key] = known
        return known
      }
      let (target, files) = modelTarget(extensionTarget, hostApp: hostApp, configuration)
      model.targets.append(Manifest.Target(target))
      filesPerTarget.append(files)
    }
    reading.project.manifest = model
    context.attachCode(filesPerTarget, to: &reading.project)
    if let appTarget { context.attachAppCode(swiftFiles(of: appTarget), to: &reading.project) }
    for host in hosts {
      guard let app = hostApps[host.name?.value ?? ""] else { continue }
      reading.attachHostCode(app, files: swiftFiles(of: host))
    }
    let read = (appTarget.map { [$0] } ?? []) + hosts + members.map(\.target)
    if let note = note(reading.leftToBuilder.entries, targets: read) { reading.project.readingProblems.append(note) }
    return reading.finished(configuration: name, appName: appTarget?.name?.value, appCount: embeddingApps.count)
  }

  /// An extension target as the model holds it, and the Swift files of its widgets.
  private func modelTarget(
    _ extensionTarget: TuistManifest.Target, hostApp: Manifest.App?, _ configuration: Configuration
  ) -> (Manifest.Target.Draft, [SwiftFileResolver.ResolvedFile]) {
    let reading = configuration.reading
    let targetSettings = settings(of: extensionTarget, configuration)
    var target = Manifest.Target.Draft(
      span: extensionTarget.name?.span ?? extensionTarget.span, pointer: extensionTarget.pointer)
    target.name = extensionTarget.name
    target.host = hostApp
    target.bundleIdentifier = resolved(targetSettings, "PRODUCT_BUNDLE_IDENTIFIER")
    let isWatch = isWatch(extensionTarget)
    if isWatch, let first = extensionTarget.destinations?.first { target.platform = first.map { _ in .watchos } }
    target.deploymentTarget = deploymentTarget(
      targetSettings, isWatch ? "WATCHOS_DEPLOYMENT_TARGET" : "IPHONEOS_DEPLOYMENT_TARGET")
    target.entitlements = entitlements(targetSettings, of: extensionTarget, reading)
    let point = extensionPoint(targetSettings, of: extensionTarget, reading)
    var files: [SwiftFileResolver.ResolvedFile] = []
    if point == BuildGraph.widgetExtensionPoint {
      files = swiftFiles(of: extensionTarget)
      target.sources = (extensionTarget.sources ?? []).map(\.glob) + extensionTarget.buildableFolders
    }
    reading.sign(target, point: point, files: files)
    return (target, files)
  }

  /// The Swift files a target compiles: what its `sources` globs match but their exclusions, and the
  /// Swift files in its buildable folders. Files not on disk are skipped.
  package func swiftFiles(of target: TuistManifest.Target) -> [SwiftFileResolver.ResolvedFile] {
    let root = TuistFrontend.root(of: directory)
    func base(_ written: String) -> (folder: String, path: String) {
      written.hasPrefix("//") ? (root, String(written.dropFirst(2))) : (directory, written)
    }
    var files: [SwiftFileResolver.ResolvedFile] = []
    for source in target.sources ?? [] {
      let (folder, pattern) = base(source.glob.value)
      let resolver = SwiftFileResolver(baseDirectory: folder, displayDirectory: folder)
      let excluded = source.excluding.map { base($0.value) }
      let prefix = folder == "." || folder.isEmpty ? "" : (folder.hasSuffix("/") ? folder : folder + "/")
      for file in resolver.lookUp(pattern, in: context.paths).files ?? [] where SwiftFileResolver.isSource(file.path) {
        let relative = file.path.hasPrefix(prefix) ? String(file.path.dropFirst(prefix.count)) : file.path
        // An exclusion is relative to its own base; most share the glob's.
        let isExcluded = excluded.contains { exclusion in
          exclusion.folder == folder
            && PathUtilities.glob(SwiftFileResolver.normalize(exclusion.path), matches: relative)
        }
        if !isExcluded { files.append(file) }
      }
    }
    for folder in target.buildableFolders {
      let (base, path) = base(folder.value)
      files +=
        SwiftFileResolver(baseDirectory: base, displayDirectory: base).lookUp(path, in: context.paths).files?
        .filter { SwiftFileResolver.isSource($0.path) } ?? []
    }
    var seen: Set<String> = []
    return files.filter { seen.insert($0.path).inserted }
  }

  /// The one note that says which values are not known without running the manifest (or are left to
  /// whoever builds the app), and why: the rules that need them are silent. Only the values of the
  /// targets read count. It points at the first, and the others are related locations.
  private func note(_ entries: [SettingsLeftToBuilder.Entry], targets: [TuistManifest.Target]) -> ReadingProblem? {
    func place(_ span: SourceSpan) -> String { "\(span.file.path)\u{0}\(span.start)" }
    let read = Set(targets.map { place($0.span) })
    var sentences: [(text: String, span: SourceSpan)] = []
    var said: Set<String> = []
    for unknown in manifest.unknowns where unknown.target.map({ read.contains(place($0)) }) ?? true {
      guard said.insert(place(unknown.value.span)).inserted else { continue }
      sentences.append(
        ("\(unknown.what) is `\(unknown.value.value.text)`: \(unknown.value.value.reason)", unknown.value.span))
    }
    // Why each setting not known is not: written in a settings dictionary, or a target's own argument.
    var reasons: [String: (what: String?, unknown: TuistUnknown)] = [:]
    func collect(_ dictionary: TuistManifest.SettingsDictionary?, what: (String) -> String? = { _ in nil }) {
      guard let dictionary else { return }
      if let unknown = dictionary.unknown { reasons[place(unknown.span)] = (nil, unknown.value) }
      for (key, setting) in dictionary.values {
        if case .unknown(let unknown) = setting { reasons[place(unknown.span)] = (what(key), unknown.value) }
      }
    }
    let arguments = [
      "PRODUCT_BUNDLE_IDENTIFIER": "bundleId", "IPHONEOS_DEPLOYMENT_TARGET": "deployment target",
      "WATCHOS_DEPLOYMENT_TARGET": "deployment target", "CODE_SIGN_ENTITLEMENTS": "entitlements",
      "INFOPLIST_FILE": "Info.plist",
    ]
    for target in targets {
      let label = target.name.map { "target '\($0.value)'" } ?? "a target"
      collect(derivedSettings(of: target)) { key in arguments[key].map { "the \($0) of \(label)" } }
      for dictionary in [target.settings?.base] + (target.settings?.configurations.map(\.settings) ?? []) {
        collect(dictionary)
      }
    }
    for dictionary in [manifest.settings?.base] + (manifest.settings?.configurations.map(\.settings) ?? []) {
      collect(dictionary)
    }
    var builderEntries: [SettingsLeftToBuilder.Entry] = []
    // The settings a dictionary not known may set are said together, as one sentence per dictionary.
    var settingsBy: [String: Int] = [:]
    var settings: [(keys: [String], reason: TuistUnknown, span: SourceSpan, after: Int)] = []
    for entry in entries {
      guard case .mayBeSetBy(let include) = entry.reason, let (what, reason) = reasons[place(include.span)] else {
        builderEntries.append(entry)
        continue
      }
      if let what {
        // A target's own argument, said once (its entitlements and Info.plist are among the manifest's
        // unknowns already).
        guard said.insert(place(include.span)).inserted else { continue }
        sentences.append(("\(what) is `\(reason.text)`: \(reason.reason)", include.span))
      } else if let index = settingsBy[place(include.span)] {
        if !settings[index].keys.contains(entry.key) { settings[index].keys.append(entry.key) }
      } else {
        settingsBy[place(include.span)] = settings.count
        settings.append(([entry.key], reason, include.span, sentences.count))
      }
    }
    for (offset, group) in settings.enumerated() {
      let keys =
        group.keys.count == 1
        ? group.keys[0] : group.keys.dropLast().joined(separator: ", ") + " and " + group.keys.last!
      sentences.insert(
        ("\(keys) may be set by `\(group.reason.text)`: \(group.reason.reason)", group.span), at: group.after + offset)
    }
    // What is the builder's (an empty team, an `#include?` of a file not in the repository) is said as
    // for an `.xcodeproj`, in the same note.
    let builderNote = BuildGraphProjects.note(builderEntries)
    guard let first = sentences.first else { return builderNote }
    var related = sentences.dropFirst().map { RelatedLocation($0.text, at: $0.span) }
    var message =
      "not known without running the manifest, so the rules that need it are silent: "
      + sentences.map(\.text).joined(separator: "; ")
    if let builderNote {
      message += "; " + builderNote.message
      related.append(RelatedLocation(builderNote.message, at: builderNote.span))
      related += builderNote.related
    }
    return ReadingProblem(kind: .computedValue, message: message, span: first.span, pointer: .root, related: related)
  }
}
