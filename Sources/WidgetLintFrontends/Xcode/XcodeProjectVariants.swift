import Foundation
import WidgetLintCore
import WidgetLintModel
import WidgetLintReaders

/// Reads an Xcode project's app and extension targets from its `project.pbxproj`, once per build
/// configuration. When every configuration gives the same facts, one project is returned (read from
/// Release where there is one); otherwise one per configuration, named "the Debug configuration".
///
/// An app is an application target that embeds extensions (`dstSubfolderSpec = 13`) or a watch app
/// (`dstSubfolderSpec = 16`), else `Runner`, else the first application; every app that embeds a widget
/// extension is read as a project of its own (`BuildVariants`). Its targets are the app
/// extensions it embeds and those each watch app it carries embeds, with the watch app as their host (all
/// app extensions when it embeds none). The app's Swift includes the framework targets it links or
/// embeds. An extension whose Info.plist says `com.apple.widgetkit-extension` carries widgets, read from
/// exactly its member Swift files: its Sources build phase and its synchronized folders.
package struct XcodeProjectVariants {
  package let frontend: XcodeAppFrontend
  package let context: FrontendContext
  package let objects: XcodeProjectObjects
  package let pbxproj: String
  package let iosDirectory: String

  package static let applicationType = "com.apple.product-type.application"
  package static let extensionType = "com.apple.product-type.app-extension"
  package static let widgetExtensionPoint = "com.apple.widgetkit-extension"
  /// The Today extension point of the widgets before WidgetKit: the system shows no WidgetKit widget of
  /// an extension that declares it.
  package static let todayExtensionPoint = "com.apple.widget-extension"
  /// A WatchKit 2 app and its WatchKit extension (before Xcode 14's single-target watch apps).
  package static let watchApp2Type = "com.apple.product-type.application.watchapp2"
  package static let watchExtension2Type = "com.apple.product-type.watchkit2-extension"
  package static let frameworkTypes: Set<String> = [
    "com.apple.product-type.framework", "com.apple.product-type.framework.static",
  ]

  /// The framework targets of the project that targets link, embed or depend on, and those the
  /// frameworks link in turn.
  package static func frameworks(
    of owners: [XcodeProjectObjects.Target], among targets: [XcodeProjectObjects.Target]
  ) -> [XcodeProjectObjects.Target] {
    let frameworkTargets = targets.filter { Self.frameworkTypes.contains($0.productType ?? "") }
    guard !frameworkTargets.isEmpty else { return [] }
    var result: [XcodeProjectObjects.Target] = []
    var seen: Set<String> = Set(owners.map(\.id))
    var pending = owners
    while let owner = pending.popLast() {
      let linked = Set(owner.linkedProducts)
      for framework in frameworkTargets
      where (framework.productReference.map(linked.contains) ?? false) || owner.dependencies.contains(framework.id) {
        guard seen.insert(framework.id).inserted else { continue }
        result.append(framework)
        pending.append(framework)
      }
    }
    return result
  }

  /// An app's Swift: its own member files and those of the frameworks of the project it uses.
  package func appFiles(
    of app: XcodeProjectObjects.Target, among targets: [XcodeProjectObjects.Target]
  ) -> [SwiftFileResolver.ResolvedFile] {
    // Not looked for on disk first: the app's code is searched as it is read, and a file that cannot be
    // read is passed over there.
    var files = memberFiles(of: app, onDiskOnly: false)
    var seen = Set(files)
    for framework in Self.frameworks(of: [app], among: targets) {
      files += memberFiles(of: framework, onDiskOnly: false).filter { seen.insert($0).inserted }
    }
    return files
  }

  package func read() -> [Project] {
    let targets = objects.nativeTargets
    var names = objects.projectConfigurations.map(\.name)
    if names.isEmpty { names = targets.first?.configurations.map(\.name) ?? [] }
    let xcconfigs = XcconfigLoader(context: context, root: iosDirectory)
    return BuildVariants.projects(configurations: names) { name, app in
      read(configuration: name, app: app, targets: targets, xcconfigs: xcconfigs)
    }
  }

  private func read(
    configuration name: String, app appIndex: Int, targets: [XcodeProjectObjects.Target], xcconfigs: XcconfigLoader
  ) -> BuildVariants.Reading {
    var project = Project(
      manifestFile: SourceText(path: iosDirectory, text: ""), manifest: nil, readingProblems: []
    )
    project.filesRead.append(pbxproj)
    let projectConfiguration = objects.projectConfigurations.first { $0.name == name }
    let projectXcconfig = xcconfigs.load(projectConfiguration?.baseConfigurationPath)
    let projectName = (PathUtilities.folder(of: pbxproj) as NSString)
      .lastPathComponent
    var signature: [String] = []
    let leftToBuilder = SettingsLeftToBuilder()

    func settings(of target: XcodeProjectObjects.Target) -> XcodeBuildSettingsResolver {
      let own = target.configurations.first { $0.name == name }
      let targetXcconfig = xcconfigs.load(own?.baseConfigurationPath)
      for file in targetXcconfig.files + projectXcconfig.files
      where !project.filesRead.contains(file) {
        project.filesRead.append(file)
      }
      observe(targetXcconfig.observations + projectXcconfig.observations)
      project.addSuppressions(targetXcconfig.suppressions + projectXcconfig.suppressions)
      let targetName = target.name?.value ?? ""
      return XcodeBuildSettingsResolver(
        layers: [
          XcodeBuildSettingsLayer(settings: own?.settings ?? [:]), targetXcconfig.layer,
          XcodeBuildSettingsLayer(settings: projectConfiguration?.settings ?? [:]),
          projectXcconfig.layer,
        ],
        builtIns: [
          "TARGET_NAME": targetName, "PRODUCT_NAME": targetName, "CONFIGURATION": name,
          "SRCROOT": objects.projectDirectory, "PROJECT_DIR": objects.projectDirectory,
          "SOURCE_ROOT": objects.projectDirectory,
          "PROJECT_NAME": (projectName as NSString).deletingPathExtension,
        ],
        leftToBuilder: leftToBuilder)
    }

    let rootSpan = SourceSpan(file: objects.project.span.file, start: 0, end: 0)
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

    /// The file a setting names, found as a Mac finds it, and read; its problems are said at the setting.
    func readFile(named written: Located<String>, what: String) -> (value: Located<ConfigValue>?, wasRead: Bool) {
      let read = context.readNamedFile(
        PathUtilities.join(objects.projectDirectory, written.value), below: iosDirectory, namedAt: written,
        what: what)
      observe(read.observations)
      if read.wasRead, let path = read.path, !project.filesRead.contains(path) { project.filesRead.append(path) }
      return (read.value, read.wasRead)
    }

    func entitlements(_ settings: XcodeBuildSettingsResolver, of target: XcodeProjectObjects.Target)
      -> Entitlements?
    {
      guard let written = settings.resolved("CODE_SIGN_ENTITLEMENTS") else {
        // Which file signs the target is the builder's choice: none of its entitlements are known.
        guard settings.isLeftToBuilder("CODE_SIGN_ENTITLEMENTS") else { return nil }
        return Entitlements(
          isComputed: true, span: target.name?.span ?? rootSpan, pointer: target.object.pointer)
      }
      let (value, wasRead) = readFile(named: written, what: "the entitlements file")
      // Named but not read (missing, unreadable, not a dictionary): nothing in it is known, and the
      // rules that need it stay silent rather than report what its absence would mean.
      guard wasRead, var result = value.flatMap(ConfigValues.entitlements) else {
        signature.append("entitlements \(written.value) unknown")
        return Entitlements(isUnreadable: true, span: written.span, pointer: written.pointer)
      }
      result.isSigningFile = true
      // A Mac target's groups may be `<TeamID>.name` as well as `group.name`.
      result.isForMacOS = settings.resolved("SDKROOT")?.value.lowercased().hasPrefix("macosx") ?? false
      result.appGroups = result.appGroups?.map { group in
        guard BuildSettings.containsReference(group.value) else { return group }
        guard let expanded = settings.expandInEntitlements(group.value) else {
          // Left as written, and compared with nothing: the rules need its value.
          if !settings.refersToBuilderSettings(group.value) {
            observe([
              ReadingProblem(
                kind: .computedValue,
                message:
                  "App Group '\(group.value)' is not checked: it refers to a build setting the project does not set, whose value widgetlint cannot know",
                span: group.span, pointer: group.pointer)
            ])
          }
          return group
        }
        return group.map { _ in expanded }
      }
      signature.append("entitlements \(written.value) \(result.appGroupNames.sorted())")
      return result
    }

    func deploymentTarget(_ settings: XcodeBuildSettingsResolver, _ key: String) -> Located<
      OSVersion
    >? {
      guard let written = settings.resolved(key), let version = OSVersion(parsing: written.value)
      else { return nil }
      return written.map { _ in version }
    }

    var manifest = Manifest(rootSpan: rootSpan)
    manifest.origin = .xcode
    var settingsOf: [String: XcodeBuildSettingsResolver] = [:]
    func cachedSettings(_ target: XcodeProjectObjects.Target) -> XcodeBuildSettingsResolver {
      if let known = settingsOf[target.id] { return known }
      let resolved = settings(of: target)
      settingsOf[target.id] = resolved
      return resolved
    }
    /// A watchOS target: built with the watchOS SDK (or one of the WatchKit 2 product types).
    func isWatch(_ target: XcodeProjectObjects.Target) -> Bool {
      if [Self.watchApp2Type, Self.watchExtension2Type].contains(target.productType) { return true }
      return cachedSettings(target).resolved("SDKROOT")?.value.lowercased().hasPrefix("watchos") ?? false
    }
    let allApplications = targets.filter { [Self.applicationType, Self.watchApp2Type].contains($0.productType) }
    let watchApplications = allApplications.filter(isWatch)
    let phoneApplications = allApplications.filter { !isWatch($0) }
    // An app with a watch app: the iPhone app is the app, the watch app a host of the watch's extensions.
    let applications = phoneApplications.isEmpty ? allApplications : phoneApplications
    let extensions = targets.filter { $0.productType == Self.extensionType }
    let products = Set(extensions.compactMap(\.productReference))
    let watchProducts = Set(watchApplications.compactMap(\.productReference))
    // Every app that embeds extensions or a watch app is read, one at a time.
    let embeddingApps = applications.filter {
      $0.embeddedProducts.contains(where: products.contains)
        || $0.embeddedWatchContent.contains(where: watchProducts.contains)
    }
    let appTarget =
      embeddingApps.indices.contains(appIndex)
      ? embeddingApps[appIndex]
      : applications.first { $0.name?.value == "Runner" } ?? applications.first
    if let appTarget {
      let appSettings = cachedSettings(appTarget)
      var app = Manifest.App(
        span: appTarget.name?.span ?? rootSpan, pointer: appTarget.object.pointer)
      app.bundleIdentifier = appSettings.resolved("PRODUCT_BUNDLE_IDENTIFIER")
      app.deploymentTarget = deploymentTarget(appSettings, "IPHONEOS_DEPLOYMENT_TARGET")
      app.entitlements = entitlements(appSettings, of: appTarget)
      signature.append(
        "app \(app.bundleIdentifier?.value ?? "-") \(app.deploymentTarget?.value.description ?? "-")"
      )
      manifest.app = app
    }
    let embedded = Set(appTarget?.embeddedProducts ?? [])
    var members = extensions.filter { $0.productReference.map(embedded.contains) ?? false }
      .map { (target: $0, host: XcodeProjectObjects.Target?.none) }
    // The watch apps the app carries ("Embed Watch Content"), and the extensions each embeds: itself, or
    // (a WatchKit 2 app) through its WatchKit extension.
    let watchContent = Set(appTarget.map { $0.embeddedWatchContent } ?? [])
    let hosts = watchApplications.filter { $0.productReference.map(watchContent.contains) ?? false }
    for host in hosts {
      var carried = Set(host.embeddedProducts)
      for inner in targets
      where inner.productType == Self.watchExtension2Type && inner.productReference.map(carried.contains) ?? false {
        carried.formUnion(inner.embeddedProducts)
      }
      members += extensions.filter { $0.productReference.map(carried.contains) ?? false }.map { ($0, host) }
    }
    if members.isEmpty { members = extensions.map { ($0, nil) } }

    var hostApps: [String: Manifest.App] = [:]
    func hostApp(_ host: XcodeProjectObjects.Target) -> Manifest.App {
      if let known = hostApps[host.id] { return known }
      let hostSettings = cachedSettings(host)
      var app = Manifest.App(span: host.name?.span ?? rootSpan, pointer: host.object.pointer)
      app.name = host.name
      app.bundleIdentifier = hostSettings.resolved("PRODUCT_BUNDLE_IDENTIFIER")
      app.deploymentTarget = deploymentTarget(hostSettings, "WATCHOS_DEPLOYMENT_TARGET")
      app.entitlements = entitlements(hostSettings, of: host)
      signature.append(
        "host \(host.name?.value ?? "") \(app.bundleIdentifier?.value ?? "-") \(app.deploymentTarget?.value.description ?? "-")"
      )
      hostApps[host.id] = app
      return app
    }

    var filesPerTarget: [[SwiftFileResolver.ResolvedFile]] = []
    for (extensionTarget, host) in members {
      let targetSettings = cachedSettings(extensionTarget)
      var target = Manifest.Target.Draft(
        span: extensionTarget.name?.span ?? extensionTarget.object.span,
        pointer: extensionTarget.object.pointer)
      target.name = extensionTarget.name
      target.bundleIdentifier = targetSettings.resolved("PRODUCT_BUNDLE_IDENTIFIER")
      // What a watch app embeds runs on the watch.
      let isWatch = host != nil || isWatch(extensionTarget)
      if isWatch, let name = target.name { target.platform = name.map { _ in .watchos } }
      target.host = host.map(hostApp)
      target.deploymentTarget = deploymentTarget(
        targetSettings, isWatch ? "WATCHOS_DEPLOYMENT_TARGET" : "IPHONEOS_DEPLOYMENT_TARGET")
      target.entitlements = entitlements(targetSettings, of: extensionTarget)
      var point: String?
      var pointWritten: Located<String>?
      if let info = targetSettings.resolved("INFOPLIST_FILE") {
        let (value, _) = readFile(named: info, what: "the Info.plist")
        pointWritten = value?.at("NSExtension", "NSExtensionPointIdentifier")?.stringValue
        point = pointWritten?.value
      }
      var files: [SwiftFileResolver.ResolvedFile] = []
      // A Today extension whose code is WidgetKit's (an `@main` widget or bundle) is a widget extension
      // with the wrong extension point: its code is read as widget code, and the point is the finding.
      if point == Self.todayExtensionPoint, let pointWritten {
        let code = memberFiles(of: extensionTarget)
        if context.declaresWidgets(code) {
          point = Self.widgetExtensionPoint
          observe([
            ReadingProblem(
              kind: .widgetExtensionPoint,
              message:
                "target '\(extensionTarget.name?.value ?? "")' is a WidgetKit extension, but its Info.plist declares '\(Self.todayExtensionPoint)', the Today extension point: its widgets never appear in the gallery; use '\(Self.widgetExtensionPoint)' (and no NSExtensionPrincipalClass)",
              span: pointWritten.span, pointer: pointWritten.pointer, subject: extensionTarget.name?.value)
          ])
        }
      }
      if point == Self.widgetExtensionPoint {
        files = memberFiles(of: extensionTarget)
        let folder =
          files.first.map { PathUtilities.folder(of: $0.path) }
          ?? objects.projectDirectory
        target.sources = [
          (target.name ?? Located("", span: target.span, pointer: target.pointer)).map { _ in folder
          }
        ]
        // A framework of the project that only the widget links is the widget's own code.
        let appFrameworks = Set(
          Self.frameworks(of: [host ?? appTarget].compactMap { $0 }, among: targets).map(\.id))
        var seen = Set(files)
        for framework in Self.frameworks(of: [extensionTarget], among: targets)
        where !appFrameworks.contains(framework.id) {
          files += memberFiles(of: framework).filter { seen.insert($0).inserted }
        }
      }
      signature.append(
        "target \(target.name?.value ?? "") \(target.bundleIdentifier?.value ?? "-") \(target.deploymentTarget?.value.description ?? "-") \(point ?? "-") \(files.map(\.path))"
      )
      manifest.targets.append(Manifest.Target(target))
      filesPerTarget.append(files)
    }
    project.manifest = manifest
    context.attachCode(filesPerTarget, to: &project)
    // The app's side: its own Swift and the frameworks of the project it links or embeds.
    if let appTarget {
      context.attachAppCode(appFiles(of: appTarget, among: targets), to: &project)
    }
    for host in hosts where hostApps[host.id] != nil {
      var owners = [host]
      owners += targets.filter {
        $0.productType == Self.watchExtension2Type && $0.productReference.map(host.embeddedProducts.contains) ?? false
      }
      let files = owners.flatMap { appFiles(of: $0, among: targets) }
      guard let code = context.appCode(files) else { continue }
      project.hostCode.append((hostApps[host.id]!, code))
      project.filesRead += code.files.map(\.file.path).filter { !project.filesRead.contains($0) }
    }
    if let note = Self.note(leftToBuilder.entries) { project.readingProblems.append(note) }
    return BuildVariants.Reading(
      name: name, project: project, signature: signature, appName: appTarget?.name?.value,
      appCount: embeddingApps.count)
  }

  /// The one note that says which settings are left to whoever builds the app, and where: the values
  /// that use them were not checked. It points at the first place, and the others are related locations.
  package static func note(_ entries: [SettingsLeftToBuilder.Entry]) -> ReadingProblem? {
    // Settings left to the builder for one reason at one place are said together.
    var reasons: [(why: String, span: SourceSpan?, keys: [String])] = []
    for entry in entries {
      let why: String
      let span: SourceSpan?
      switch entry.reason {
      case .empty: (why, span) = ("empty", entry.writtenAt)
      case .placeholder: (why, span) = ("a placeholder", entry.writtenAt)
      case .unset: (why, span) = ("not set", entry.writtenAt)
      case .environment: (why, span) = ("set by the environment the project is generated in", entry.writtenAt)
      case .mayBeSetBy(let include):
        (why, span) = (
          "may be set by '\(include.path)', which is not in the repository", include.span
        )
      }
      let sameReason = reasons.firstIndex {
        $0.why == why && ($0.span.map { known in span.map(known.isSame) ?? false } ?? (span == nil))
      }
      if let index = sameReason {
        if !reasons[index].keys.contains(entry.key) { reasons[index].keys.append(entry.key) }
      } else {
        reasons.append((why, span, [entry.key]))
      }
    }
    let sentences = reasons.map { reason in
      let keys =
        reason.keys.count == 1
        ? reason.keys[0]
        : reason.keys.dropLast().joined(separator: ", ") + " and " + reason.keys.last!
      let verb = reason.why.hasPrefix("may") ? "" : (reason.keys.count == 1 ? "is " : "are ")
      return (text: "\(keys) \(verb)\(reason.why)", span: reason.span)
    }
    guard let first = sentences.first(where: { $0.span != nil }), let span = first.span else {
      return nil
    }
    // A sentence is said once (several files may include the same missing file for the same settings);
    // its other places are related locations, and a place is named once.
    var said: [String] = []
    var related: [RelatedLocation] = []
    for sentence in sentences {
      let repeated = said.contains(sentence.text)
      if !repeated { said.append(sentence.text) }
      guard let other = sentence.span, !other.isSame(as: span), !related.contains(where: { $0.span.isSame(as: other) })
      else { continue }
      let message =
        repeated
        ? (sentence.text.contains("may be set by")
          ? "the same include, also not in the repository" : "the same, here too")
        : sentence.text
      related.append(RelatedLocation(message, at: other))
    }
    return ReadingProblem(
      kind: .computedValue,
      message:
        "left to whoever builds the app, so the values that use it are not checked: \(said.joined(separator: "; "))",
      span: span, pointer: .root, related: related)
  }

  /// A target's Swift files: its Sources build phase, its synchronized folders' Swift files but the
  /// exceptions, and other folders' files that the exceptions make its members. Files not on disk are
  /// skipped unless `onDiskOnly` is false.
  package func memberFiles(
    of target: XcodeProjectObjects.Target, onDiskOnly: Bool = true
  ) -> [SwiftFileResolver.ResolvedFile] {
    var paths = target.sourcePaths
    for folder in target.synchronizedFolders {
      paths += SwiftFileResolver(baseDirectory: folder.path, displayDirectory: folder.path).walk(
        "."
      )
      .filter { $0.hasSuffix(".swift") && !folder.excluded.contains($0) }
      .map { PathUtilities.join(folder.path, $0) }
    }
    paths += target.synchronizedExtras.filter { $0.hasSuffix(".swift") }
    var seen: Set<String> = []
    return paths.filter { seen.insert($0).inserted && (!onDiskOnly || FileManager.default.fileExists(atPath: $0)) }
      .map { SwiftFileResolver.ResolvedFile(path: $0, displayPath: $0) }
  }
}
