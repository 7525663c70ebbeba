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

  /// What one configuration's reading of one app knows besides `ProjectReading`: the settings of each
  /// target, made once.
  private final class Configuration {
    let name: String
    let reading: ProjectReading
    let xcconfigs: XcconfigLoader
    var settings: [String: XcodeBuildSettingsResolver] = [:]

    init(name: String, reading: ProjectReading, xcconfigs: XcconfigLoader) {
      self.name = name
      self.reading = reading
      self.xcconfigs = xcconfigs
    }
  }

  /// A target's build settings in a configuration, in Xcode's order of precedence.
  private func settings(of target: XcodeProjectObjects.Target, in configuration: Configuration)
    -> XcodeBuildSettingsResolver
  {
    if let known = configuration.settings[target.id] { return known }
    let name = configuration.name
    let projectConfiguration = objects.projectConfigurations.first { $0.name == name }
    let projectXcconfig = configuration.xcconfigs.load(projectConfiguration?.baseConfigurationPath)
    let own = target.configurations.first { $0.name == name }
    let targetXcconfig = configuration.xcconfigs.load(own?.baseConfigurationPath)
    configuration.reading.use(targetXcconfig, projectXcconfig)
    let targetName = target.name?.value ?? ""
    let projectName = (PathUtilities.folder(of: pbxproj) as NSString).lastPathComponent
    let resolver = XcodeBuildSettingsResolver(
      layers: [
        XcodeBuildSettingsLayer(settings: own?.settings ?? [:]), targetXcconfig.layer,
        XcodeBuildSettingsLayer(settings: projectConfiguration?.settings ?? [:]), projectXcconfig.layer,
      ],
      builtIns: [
        "TARGET_NAME": targetName, "PRODUCT_NAME": targetName, "CONFIGURATION": name,
        "SRCROOT": objects.projectDirectory, "PROJECT_DIR": objects.projectDirectory,
        "SOURCE_ROOT": objects.projectDirectory, "PROJECT_NAME": (projectName as NSString).deletingPathExtension,
      ],
      leftToBuilder: configuration.reading.leftToBuilder)
    configuration.settings[target.id] = resolver
    return resolver
  }

  private var rootSpan: SourceSpan { SourceSpan(file: objects.project.span.file, start: 0, end: 0) }

  /// The file a setting names, read; its problems are said at the setting.
  private func readFile(named written: Located<String>, what: String, _ reading: ProjectReading) -> (
    value: Located<ConfigValue>?, wasRead: Bool
  ) {
    reading.readFile(
      PathUtilities.join(objects.projectDirectory, written.value), below: iosDirectory, namedAt: written, what: what)
  }

  /// The entitlements that sign a target, with the build settings they use expanded as Xcode expands them.
  private func entitlements(
    _ settings: XcodeBuildSettingsResolver, of target: XcodeProjectObjects.Target, _ reading: ProjectReading
  ) -> Entitlements? {
    guard let written = settings.resolved("CODE_SIGN_ENTITLEMENTS") else {
      // Which file signs the target is the builder's choice: none of its entitlements are known.
      guard settings.isLeftToBuilder("CODE_SIGN_ENTITLEMENTS") else { return nil }
      return Entitlements(isComputed: true, span: target.name?.span ?? rootSpan, pointer: target.object.pointer)
    }
    let (value, wasRead) = readFile(named: written, what: "the entitlements file", reading)
    // Named but not read (missing, unreadable, not a dictionary): nothing in it is known, and the
    // rules that need it stay silent rather than report what its absence would mean.
    guard wasRead, var result = value.flatMap(ConfigValues.entitlements) else {
      reading.signature.append("entitlements \(written.value) unknown")
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
          reading.observe([
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
    reading.signature.append("entitlements \(written.value) \(result.appGroupNames.sorted())")
    return result
  }

  /// A watchOS target: built with the watchOS SDK (or one of the WatchKit 2 product types).
  private func isWatch(_ target: XcodeProjectObjects.Target, _ configuration: Configuration) -> Bool {
    if [Self.watchApp2Type, Self.watchExtension2Type].contains(target.productType) { return true }
    return settings(of: target, in: configuration).resolved("SDKROOT")?.value.lowercased().hasPrefix("watchos")
      ?? false
  }

  /// An app (`label` "app") or a watch app that hosts extensions, as the model holds it.
  private func app(
    _ target: XcodeProjectObjects.Target, label: String, deploymentKey: String, _ configuration: Configuration
  ) -> Manifest.App {
    let settings = settings(of: target, in: configuration)
    var app = Manifest.App(span: target.name?.span ?? rootSpan, pointer: target.object.pointer)
    if label != "app" { app.name = target.name }
    app.bundleIdentifier = settings.resolved("PRODUCT_BUNDLE_IDENTIFIER")
    app.deploymentTarget = ProjectReading.deploymentTarget(settings.resolved(deploymentKey))
    app.entitlements = entitlements(settings, of: target, configuration.reading)
    configuration.reading.sign(app, as: label)
    return app
  }

  /// The app's targets: the extensions it embeds and those each watch app it carries embeds (itself, or
  /// a WatchKit 2 app through its WatchKit extension), with the watch app as their host; all extensions
  /// when it embeds none.
  private func members(
    of appTarget: XcodeProjectObjects.Target?, watchApplications: [XcodeProjectObjects.Target],
    targets: [XcodeProjectObjects.Target]
  ) -> (
    members: [(target: XcodeProjectObjects.Target, host: XcodeProjectObjects.Target?)],
    hosts: [XcodeProjectObjects.Target]
  ) {
    let extensions = targets.filter { $0.productType == Self.extensionType }
    let embedded = Set(appTarget?.embeddedProducts ?? [])
    var members = extensions.filter { $0.productReference.map(embedded.contains) ?? false }
      .map { (target: $0, host: XcodeProjectObjects.Target?.none) }
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
    return (members, hosts)
  }

  private func read(
    configuration name: String, app appIndex: Int, targets: [XcodeProjectObjects.Target], xcconfigs: XcconfigLoader
  ) -> BuildVariants.Reading {
    var project = Project(manifestFile: SourceText(path: iosDirectory, text: ""), manifest: nil, readingProblems: [])
    project.filesRead.append(pbxproj)
    let reading = ProjectReading(project: project, context: context)
    let configuration = Configuration(name: name, reading: reading, xcconfigs: xcconfigs)
    var manifest = Manifest(rootSpan: rootSpan)
    manifest.origin = .xcode
    let allApplications = targets.filter { [Self.applicationType, Self.watchApp2Type].contains($0.productType) }
    let watchApplications = allApplications.filter { isWatch($0, configuration) }
    let phoneApplications = allApplications.filter { !isWatch($0, configuration) }
    // An app with a watch app: the iPhone app is the app, the watch app a host of the watch's extensions.
    let applications = phoneApplications.isEmpty ? allApplications : phoneApplications
    let products = Set(targets.filter { $0.productType == Self.extensionType }.compactMap(\.productReference))
    let watchProducts = Set(watchApplications.compactMap(\.productReference))
    // Every app that embeds extensions or a watch app is read, one at a time.
    let embeddingApps = applications.filter {
      $0.embeddedProducts.contains(where: products.contains)
        || $0.embeddedWatchContent.contains(where: watchProducts.contains)
    }
    let appTarget =
      embeddingApps.indices.contains(appIndex)
      ? embeddingApps[appIndex] : applications.first { $0.name?.value == "Runner" } ?? applications.first
    if let appTarget {
      manifest.app = app(appTarget, label: "app", deploymentKey: "IPHONEOS_DEPLOYMENT_TARGET", configuration)
    }
    let (members, hosts) = members(of: appTarget, watchApplications: watchApplications, targets: targets)
    var hostApps: [String: Manifest.App] = [:]
    var filesPerTarget: [[SwiftFileResolver.ResolvedFile]] = []
    for (extensionTarget, host) in members {
      let hostApp = host.map { host in
        let known =
          hostApps[host.id]
          ?? app(
            host, label: "host \(host.name?.value ?? "")", deploymentKey: "WATCHOS_DEPLOYMENT_TARGET", configuration)
        hostApps[host.id] = known
        return known
      }
      let (target, files) = modelTarget(
        extensionTarget, host: host, hostApp: hostApp, appTarget: appTarget, targets: targets, configuration)
      manifest.targets.append(Manifest.Target(target))
      filesPerTarget.append(files)
    }
    reading.project.manifest = manifest
    context.attachCode(filesPerTarget, to: &reading.project)
    // The app's side: its own Swift and the frameworks of the project it links or embeds.
    if let appTarget { context.attachAppCode(appFiles(of: appTarget, among: targets), to: &reading.project) }
    for host in hosts {
      guard let hostApp = hostApps[host.id] else { continue }
      var owners = [host]
      owners += targets.filter {
        $0.productType == Self.watchExtension2Type && $0.productReference.map(host.embeddedProducts.contains) ?? false
      }
      reading.attachHostCode(hostApp, files: owners.flatMap { appFiles(of: $0, among: targets) })
    }
    if let note = Self.note(reading.leftToBuilder.entries) { reading.project.readingProblems.append(note) }
    return reading.finished(configuration: name, appName: appTarget?.name?.value, appCount: embeddingApps.count)
  }

  /// An extension target as the model holds it, and the Swift files of its widgets.
  private func modelTarget(
    _ extensionTarget: XcodeProjectObjects.Target, host: XcodeProjectObjects.Target?, hostApp: Manifest.App?,
    appTarget: XcodeProjectObjects.Target?, targets: [XcodeProjectObjects.Target], _ configuration: Configuration
  ) -> (Manifest.Target.Draft, [SwiftFileResolver.ResolvedFile]) {
    let reading = configuration.reading
    let targetSettings = settings(of: extensionTarget, in: configuration)
    var target = Manifest.Target.Draft(
      span: extensionTarget.name?.span ?? extensionTarget.object.span, pointer: extensionTarget.object.pointer)
    target.name = extensionTarget.name
    target.bundleIdentifier = targetSettings.resolved("PRODUCT_BUNDLE_IDENTIFIER")
    // What a watch app embeds runs on the watch.
    let isWatch = host != nil || isWatch(extensionTarget, configuration)
    if isWatch, let name = target.name { target.platform = name.map { _ in .watchos } }
    target.host = hostApp
    target.deploymentTarget = ProjectReading.deploymentTarget(
      targetSettings.resolved(isWatch ? "WATCHOS_DEPLOYMENT_TARGET" : "IPHONEOS_DEPLOYMENT_TARGET"))
    target.entitlements = entitlements(targetSettings, of: extensionTarget, reading)
    var point: String?
    var pointWritten: Located<String>?
    if let info = targetSettings.resolved("INFOPLIST_FILE") {
      let (value, _) = readFile(named: info, what: "the Info.plist", reading)
      pointWritten = value?.at("NSExtension", "NSExtensionPointIdentifier")?.stringValue
      point = pointWritten?.value
    }
    var files: [SwiftFileResolver.ResolvedFile] = []
    // A Today extension whose code is WidgetKit's (an `@main` widget or bundle) is a widget extension
    // with the wrong extension point: its code is read as widget code, and the point is the finding.
    if point == Self.todayExtensionPoint, let pointWritten, context.declaresWidgets(memberFiles(of: extensionTarget)) {
      point = Self.widgetExtensionPoint
      reading.observe([
        ReadingProblem(
          kind: .widgetExtensionPoint,
          message:
            "target '\(extensionTarget.name?.value ?? "")' is a WidgetKit extension, but its Info.plist declares '\(Self.todayExtensionPoint)', the Today extension point: its widgets never appear in the gallery; use '\(Self.widgetExtensionPoint)' (and no NSExtensionPrincipalClass)",
          span: pointWritten.span, pointer: pointWritten.pointer, subject: extensionTarget.name?.value)
      ])
    }
    if point == Self.widgetExtensionPoint {
      files = memberFiles(of: extensionTarget)
      let folder = files.first.map { PathUtilities.folder(of: $0.path) } ?? objects.projectDirectory
      target.sources = [(target.name ?? Located("", span: target.span, pointer: target.pointer)).map { _ in folder }]
      // A framework of the project that only the widget links is the widget's own code.
      let appFrameworks = Set(Self.frameworks(of: [host ?? appTarget].compactMap { $0 }, among: targets).map(\.id))
      var seen = Set(files)
      for framework in Self.frameworks(of: [extensionTarget], among: targets)
      where !appFrameworks.contains(framework.id) {
        files += memberFiles(of: framework).filter { seen.insert($0).inserted }
      }
    }
    reading.sign(target, point: point, files: files)
    return (target, files)
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
