import Foundation

/// An Expo app as it is: app.json (or app.config.json) and the @bacons/apple-targets targets in
/// `targets/*/expo-target.config.json|js`, derived as the plugin derives them, each value pointing
/// into the file it came from.
public struct ExpoAppFrontend: ProjectFrontend {
  /// The target types whose configs inherit the app's App Groups when they list none (@bacons/apple-targets).
  static let groupInheritingTypes: Set<String> = [
    "widget", "clip", "share", "bg-download", "keyboard", "file-provider", "watch-widget",
  ]
  static let defaultTargetDeployment = "18.0"

  /// The app's app.json or app.config.json.
  public var appConfig: String

  public init(appConfig: String) { self.appConfig = appConfig }

  public func readProject(_ context: FrontendContext) -> Project {
    let path = appConfig
    let directory = (path as NSString).deletingLastPathComponent
    let (root, problems, source) = context.readValue(at: path, display: path)
    let appFile = source ?? SourceText(path: path, text: "")
    var project = Project(manifestFile: appFile, manifest: nil, readingObservations: problems)
    project.filesRead = [path]
    guard let root else { return project }
    let expo = root["expo"] ?? root
    var manifest = Manifest(rootSpan: root.span)
    manifest.origin = .expo
    var notes: [Observation] = []

    var app = Manifest.App(span: expo.span, pointer: expo.pointer)
    app.bundleIdentifier = expo.at("ios", "bundleIdentifier")?.stringValue
    if let entitlements = expo.at("ios", "entitlements") {
      app.entitlements = ConfigValues.entitlements(entitlements)
      notes += context.computedNotes(entitlements)
    }
    if let scheme = expo["scheme"] {
      app.urlSchemes = scheme.stringValue.map { [$0] } ?? (scheme.value.array ?? []).compactMap(\.stringValue)
      app.urlSchemesSpan = scheme.span
    }
    var targetsRoot = "targets"
    for plugin in expo["plugins"]?.value.array ?? [] {
      let name = plugin.stringValue?.value ?? plugin.value.array?.first?.stringValue?.value
      let options = plugin.value.array.flatMap { $0.count > 1 ? $0[1] : nil }
      if name == "expo-build-properties" {
        app.deploymentTarget = ConfigValues.version(options?.at("ios", "deploymentTarget")) ?? app.deploymentTarget
      }
      if name == "@bacons/apple-targets", let root = options?["root"]?.stringValue?.value {
        targetsRoot = SwiftFileResolver.normalize(root)
      }
    }
    app.deploymentTarget = ConfigValues.version(expo.at("ios", "deploymentTarget")) ?? app.deploymentTarget
    manifest.app = app
    if let extensions = expo.at("extra", "eas", "build", "experimental", "ios", "appExtensions") {
      manifest.eas = ConfigValues.eas(extensions)
    }

    // Each folder of the targets root with an expo-target.config.json or .js is a target.
    let base = SwiftFileResolver.join(directory, targetsRoot)
    var filesPerTarget: [[SwiftFileResolver.ResolvedFile]] = []
    let folders = ((try? FileManager.default.contentsOfDirectory(atPath: base)) ?? []).sorted()
    for folder in folders {
      let folderPath = SwiftFileResolver.join(base, folder)
      guard
        let configName = ["expo-target.config.json", "expo-target.config.js"].first(where: {
          FileManager.default.fileExists(atPath: SwiftFileResolver.join(folderPath, $0))
        })
      else { continue }
      let configPath = SwiftFileResolver.join(folderPath, configName)
      project.filesRead.append(configPath)
      let (readConfig, configProblems, _) = context.readValue(at: configPath, display: configPath)
      project.readingObservations += configProblems
      guard let written = readConfig else { continue }
      notes += context.computedNotes(written)
      // A config computed as a whole, or members a later `...spread` may override, are not read.
      guard !written.value.isComputed else { continue }
      let config = written.withoutMembersBeforeSpread()
      guard let type = config["type"]?.stringValue else {
        if config["type"] == nil, !written.hasSpread {
          project.readingObservations.append(
            Observation(
              ruleID: .missingKey,
              message: "\(configName) has no 'type'; @bacons/apple-targets needs one (widget, share, clip, …)",
              span: config.span, pointer: .root))
        }
        continue
      }
      let target = Manifest.Target(span: type.span, pointer: type.pointer)
      target.name = config["name"]?.stringValue ?? type.map { _ in folder }
      if let written = config["bundleIdentifier"]?.stringValue {
        // A leading "." appends to the app's bundle identifier, as the plugin does.
        if written.value.hasPrefix("."), let appID = app.bundleIdentifier?.value {
          target.bundleIdentifier = written.map { appID + $0 }
        } else {
          target.bundleIdentifier = written
        }
      } else if config["bundleIdentifier"] == nil, let appID = app.bundleIdentifier?.value {
        target.bundleIdentifier = type.map { appID + "." + $0 }
      }
      target.deploymentTarget =
        ConfigValues.version(config["deploymentTarget"])
        ?? (config["deploymentTarget"] == nil
          ? type.map { _ in OSVersion(parsing: Self.defaultTargetDeployment)! } : nil)
      if type.value == "watch-widget" { target.platform = type.map { _ in .watchos } }
      if let entitlements = config["entitlements"] {
        target.entitlements = ConfigValues.entitlements(entitlements)
      } else if Self.groupInheritingTypes.contains(type.value), let appEntitlements = app.entitlements,
        appEntitlements.appGroups != nil
      {
        // The plugin copies the app's App Groups into the target: they point at app.json.
        var inherited = Entitlements(span: appEntitlements.span, pointer: appEntitlements.pointer)
        inherited.appGroups = appEntitlements.appGroups
        inherited.appGroupsSpan = appEntitlements.appGroupsSpan
        inherited.values[Entitlements.appGroupsKey] = appEntitlements.values[Entitlements.appGroupsKey]
        target.entitlements = inherited
      }
      var files: [SwiftFileResolver.ResolvedFile] = []
      if ["widget", "watch-widget"].contains(type.value) {
        target.sources = [type.map { _ in folderPath }]
        files = SwiftFileResolver(baseDirectory: folderPath, displayDirectory: folderPath).files(for: ".") ?? []
      }
      manifest.targets.append(target)
      filesPerTarget.append(files)
    }
    project.readingObservations += notes
    project.manifest = manifest
    context.attachCode(filesPerTarget, to: &project)
    return project
  }
}

extension Located where Value == ConfigValue {
  var hasSpread: Bool {
    guard case .object(let members) = value else { return false }
    return members.contains { $0.key.value == "..." }
  }

  /// The object without the members a later spread (`{ type: "widget", ...base }`) may override.
  func withoutMembersBeforeSpread() -> Located<ConfigValue> {
    guard case .object(let members) = value, let lastSpread = members.lastIndex(where: { $0.key.value == "..." })
    else { return self }
    return Located(.object(Array(members[(lastSpread + 1)...])), span: span, pointer: pointer)
  }
}
