import Foundation

/// Projects without a manifest: an Expo app (app.json + @bacons/apple-targets targets) and an Xcode
/// or Flutter app (an `ios/` folder with entitlements, Info.plists and, for Flutter, Dart in `lib/`).
/// Each is read into the same manifest model, with every value's span in the file it came from.
extension Linter {
  /// The target types whose configs inherit the app's App Groups when they list none (@bacons/apple-targets).
  static let groupInheritingTypes: Set<String> = [
    "widget", "clip", "share", "bg-download", "keyboard", "file-provider", "watch-widget",
  ]
  static let defaultExpoTargetDeployment = "18.0"

  /// Reads one project file as a value, with its reading problems.
  func readValue(at path: String, display: String) -> (Located<SourceValue>?, [Observation], SourceText?) {
    switch InputReader.read(path: path, maxSize: configuration.maxFileSize) {
    case .failure(let error):
      let empty = SourceText(path: display, text: "")
      let problem = Observation(
        ruleID: DocumentReader.invalidValueRule, message: "cannot read '\(display)': \(error.message)",
        span: SourceSpan(file: empty, start: 0, end: 0), pointer: .root)
      return (nil, [problem], empty)
    case .success(let bytes):
      let source = SourceText(path: display, bytes: bytes)
      if path.hasSuffix(".js") {
        let (value, problems) = JavaScriptConfigReader.read(source)
        return (value, problems, source)
      }
      if path.hasSuffix(".plist") || path.hasSuffix(".entitlements") {
        let (value, problems) = PropertyListReader.read(source)
        return (value, problems, source)
      }
      let (document, problems) = parseDocument(source)
      return (problems.isEmpty ? ProjectValues.value(of: document) : nil, problems, source)
    }
  }

  /// Lints an Expo app from its app.json (or app.config.json).
  public func lint(expoAppAt path: String) -> (findings: [Finding], filesRead: [String]) {
    let project = expoProject(appConfig: path)
    return (runRules(on: project), project.filesRead)
  }

  public func expoProject(appConfig path: String) -> Project {
    let directory = (path as NSString).deletingLastPathComponent
    let (root, problems, source) = readValue(at: path, display: path)
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
      app.entitlements = ProjectValues.entitlements(entitlements)
      notes += computedNotes(entitlements)
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
        app.deploymentTarget = ProjectValues.version(options?.at("ios", "deploymentTarget")) ?? app.deploymentTarget
      }
      if name == "@bacons/apple-targets", let root = options?["root"]?.stringValue?.value {
        targetsRoot = SourceResolver.normalize(root)
      }
    }
    app.deploymentTarget = ProjectValues.version(expo.at("ios", "deploymentTarget")) ?? app.deploymentTarget
    manifest.app = app
    if let extensions = expo.at("extra", "eas", "build", "experimental", "ios", "appExtensions") {
      manifest.eas = ProjectValues.eas(extensions)
    }

    // Each folder of the targets root with an expo-target.config.json or .js is a target.
    let base = SourceResolver.join(directory, targetsRoot)
    var filesPerTarget: [[SourceResolver.ResolvedFile]] = []
    let folders = ((try? FileManager.default.contentsOfDirectory(atPath: base)) ?? []).sorted()
    for folder in folders {
      let folderPath = SourceResolver.join(base, folder)
      guard
        let configName = ["expo-target.config.json", "expo-target.config.js"].first(where: {
          FileManager.default.fileExists(atPath: SourceResolver.join(folderPath, $0))
        })
      else { continue }
      let configPath = SourceResolver.join(folderPath, configName)
      project.filesRead.append(configPath)
      let (readConfig, configProblems, _) = readValue(at: configPath, display: configPath)
      project.readingObservations += configProblems
      guard let written = readConfig else { continue }
      notes += computedNotes(written)
      // A config computed as a whole, or members a later `...spread` may override, are not read.
      guard !written.value.isComputed else { continue }
      let config = written.withoutMembersBeforeSpread()
      guard let type = config["type"]?.stringValue else {
        if config["type"] == nil, !written.hasSpread {
          project.readingObservations.append(
            Observation(
              ruleID: DocumentReader.missingKeyRule,
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
        ProjectValues.version(config["deploymentTarget"])
        ?? (config["deploymentTarget"] == nil
          ? type.map { _ in OSVersion(parsing: Self.defaultExpoTargetDeployment)! } : nil)
      if type.value == "watch-widget" { target.platform = type.map { _ in .watchos } }
      if let entitlements = config["entitlements"] {
        target.entitlements = ProjectValues.entitlements(entitlements)
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
      var files: [SourceResolver.ResolvedFile] = []
      if ["widget", "watch-widget"].contains(type.value) {
        target.sources = [type.map { _ in folderPath }]
        files = SourceResolver(baseDirectory: folderPath, displayDirectory: folderPath).files(for: ".") ?? []
      }
      manifest.targets.append(target)
      filesPerTarget.append(files)
    }
    project.readingObservations += notes
    project.manifest = manifest
    attachCode(filesPerTarget, to: &project)
    return project
  }

  /// Lints an Xcode or Flutter app from its folder (the one holding `ios/`, or `ios/` itself).
  public func lint(xcodeProjectAt directory: String) -> (findings: [Finding], filesRead: [String]) {
    let project = xcodeProject(directory: directory)
    return (runRules(on: project), project.filesRead)
  }

  public func xcodeProject(directory: String) -> Project {
    let ios =
      FileManager.default.fileExists(atPath: SourceResolver.join(directory, "ios"))
      ? SourceResolver.join(directory, "ios") : directory
    let settings = xcconfigSettings(in: ios)
    var manifest = Manifest(rootSpan: SourceSpan(file: SourceText(path: ios, text: ""), start: 0, end: 0))
    manifest.origin = .xcode
    var project = Project(manifestFile: SourceText(path: ios, text: ""), manifest: nil, readingObservations: [])
    var filesPerTarget: [[SourceResolver.ResolvedFile]] = []
    let skipped: Set<String> = ["Pods", "Flutter", "build", "DerivedData", ".symlinks"]
    let folders = ((try? FileManager.default.contentsOfDirectory(atPath: ios)) ?? []).sorted().filter {
      !skipped.contains($0) && !$0.hasPrefix(".") && !$0.hasSuffix(".xcodeproj") && !$0.hasSuffix(".xcworkspace")
    }
    for folder in folders {
      let folderPath = SourceResolver.join(ios, folder)
      let infoPath = SourceResolver.join(folderPath, "Info.plist")
      guard FileManager.default.fileExists(atPath: infoPath) else { continue }
      project.filesRead.append(infoPath)
      let (info, infoProblems, _) = readValue(at: infoPath, display: infoPath)
      project.readingObservations += infoProblems
      let point = info?.at("NSExtension", "NSExtensionPointIdentifier")?.stringValue
      let entitlementFiles = ((try? FileManager.default.contentsOfDirectory(atPath: folderPath)) ?? []).sorted()
        .filter { $0.hasSuffix(".entitlements") }
      var entitlements: Entitlements?
      // Prefer the folder's own name (Runner.entitlements); a Debug/Release pair is read as the first.
      if let file = entitlementFiles.first(where: { $0 == folder + ".entitlements" }) ?? entitlementFiles.first {
        let path = SourceResolver.join(folderPath, file)
        project.filesRead.append(path)
        let (value, problems, _) = readValue(at: path, display: path)
        project.readingObservations += problems
        entitlements = value.flatMap(ProjectValues.entitlements).map { expand($0, with: settings) }
      }
      guard let point else {
        // The app: the folder with an Info.plist and no NSExtension (Runner in Flutter).
        if manifest.app == nil || folder == "Runner" {
          var app = Manifest.App(span: manifest.rootSpan, pointer: .root)
          app.entitlements = entitlements
          manifest.app = app
        }
        continue
      }
      let target = Manifest.Target(span: point.span, pointer: point.pointer)
      target.name = point.map { _ in folder }
      target.entitlements = entitlements
      var files: [SourceResolver.ResolvedFile] = []
      if point.value == "com.apple.widgetkit-extension" {
        target.sources = [point.map { _ in folderPath }]
        files = SourceResolver(baseDirectory: folderPath, displayDirectory: folderPath).files(for: ".") ?? []
      }
      manifest.targets.append(target)
      filesPerTarget.append(files)
    }
    // Flutter: the home_widget calls in lib/.
    let lib = SourceResolver.join(directory, "lib")
    let dartFiles = SourceResolver(baseDirectory: lib, displayDirectory: lib).walk(".").filter { $0.hasSuffix(".dart") }
    for relative in dartFiles {
      let path = SourceResolver.join(lib, relative)
      guard case .success(let bytes) = InputReader.read(path: path, maxSize: configuration.maxSourceFileSize) else {
        continue
      }
      project.filesRead.append(path)
      project.dartCalls += DartHomeWidgetScanner.scan(SourceText(path: path, bytes: bytes))
    }
    project.manifest = manifest
    attachCode(filesPerTarget, to: &project)
    return project
  }

  /// `KEY = value` settings from the project's .xcconfig files, for `$(KEY)` in entitlements.
  func xcconfigSettings(in directory: String) -> [String: String] {
    var settings: [String: String] = [:]
    let files = SourceResolver(baseDirectory: directory, displayDirectory: directory).walk(".")
      .filter { $0.hasSuffix(".xcconfig") && !$0.hasPrefix("Pods/") }
    for relative in files {
      guard
        case .success(let bytes) = InputReader.read(path: SourceResolver.join(directory, relative), maxSize: 1 << 20)
      else { continue }
      for line in String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline) {
        let text = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        guard let equals = text.firstIndex(of: "="), !text.hasPrefix("#") else { continue }
        let key = text[..<equals].trimmingCharacters(in: .whitespaces)
        let value = text[text.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        if !key.isEmpty, !key.contains("["), !key.contains(" ") { settings[key] = value }
      }
    }
    return settings
  }

  /// App Groups with `$(SETTING)` references expanded where the project defines the setting.
  func expand(_ entitlements: Entitlements, with settings: [String: String]) -> Entitlements {
    guard !settings.isEmpty, let groups = entitlements.appGroups else { return entitlements }
    var result = entitlements
    result.appGroups = groups.map { group in
      guard BuildSettings.containsReference(group.value),
        let expanded = BuildSettings.expand(group.value, with: settings)
      else { return group }
      return group.map { _ in expanded }
    }
    return result
  }

  func computedNotes(_ value: Located<SourceValue>) -> [Observation] {
    ProjectValues.computedParts(of: value).map { part in
      Observation(
        ruleID: ComputedValueRule.metadata.id,
        message:
          "value computed at prebuild time, not checked: \(part.value.count > 60 ? String(part.value.prefix(60)) + "…" : part.value)",
        span: part.span, pointer: part.pointer)
    }
  }

  func attachCode(_ filesPerTarget: [[SourceResolver.ResolvedFile]], to project: inout Project) {
    let (facts, problems) = swiftCache.facts(
      for: Array(Set(filesPerTarget.joined())), maxFileSize: configuration.maxSourceFileSize)
    var firstTarget: [SourceResolver.ResolvedFile: Int] = [:]
    if !problems.isEmpty {
      for (index, files) in filesPerTarget.enumerated() {
        for file in files where firstTarget[file] == nil { firstTarget[file] = index }
      }
    }
    for (file, message) in problems.sorted(by: { $0.key.displayPath < $1.key.displayPath }) {
      guard let index = firstTarget[file], let target = project.manifest?.targets[index]
      else { continue }
      project.readingObservations.append(
        Observation(
          ruleID: DocumentReader.invalidValueRule, message: "'\(file.displayPath)' was not read: \(message)",
          span: target.name?.span ?? target.span, pointer: target.pointer.appending("sources"),
          subject: target.name?.value))
    }
    project.targetSources = filesPerTarget.map { files in files.compactMap { facts[$0] } }
    // Targets that share their sources (a monorepo's common folder) share one merged view of the code.
    // The views are merged side by side: on a large project this was the longest step on one core.
    var firstWithFiles: [[SourceResolver.ResolvedFile]: Int] = [:]
    for (index, files) in filesPerTarget.enumerated() where firstWithFiles[files] == nil {
      firstWithFiles[files] = index
    }
    let distinct = firstWithFiles.values.sorted()
    let sources = project.targetSources
    let codeByFirst = Dictionary(
      uniqueKeysWithValues: zip(distinct, concurrentMap(distinct.count) { TargetCode(files: sources[distinct[$0]]) }))
    project.targetCode = filesPerTarget.map { codeByFirst[firstWithFiles[$0]!]! }
    project.filesRead += filesPerTarget.joined().map(\.displayPath)
  }
}

extension Located where Value == SourceValue {
  var hasSpread: Bool {
    guard case .object(let members) = value else { return false }
    return members.contains { $0.key.value == "..." }
  }

  /// The object without the members a later spread (`{ type: "widget", ...base }`) may override.
  func withoutMembersBeforeSpread() -> Located<SourceValue> {
    guard case .object(let members) = value, let lastSpread = members.lastIndex(where: { $0.key.value == "..." })
    else { return self }
    return Located(.object(Array(members[(lastSpread + 1)...])), span: span, pointer: pointer)
  }
}
