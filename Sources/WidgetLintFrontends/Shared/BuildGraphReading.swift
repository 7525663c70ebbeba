import Foundation
import WidgetLintCore
import WidgetLintModel

extension BuildGraphProjects {
  func read(configuration name: String, app appIndex: Int) -> BuildVariants.Reading {
    let reading = ProjectReading(project: graph.newProject(), context: context)
    let configuration = Configuration(name: name, reading: reading)
    var manifest = Manifest(rootSpan: graph.rootSpan)
    manifest.origin = .xcode
    let targets = graph.targets
    let allApplications = targets.filter { [.application, .watchApp2].contains($0.productType) }
    let watchApplications = allApplications.filter { platform(of: $0, in: configuration) == .watchOS }
    let watchIDs = Set(watchApplications.map(\.id))
    // An app with a watch app: the iPhone app is the app, the watch app a host of the watch's extensions.
    let phoneApplications = allApplications.filter { !watchIDs.contains($0.id) }
    let applications = phoneApplications.isEmpty ? allApplications : phoneApplications
    let extensionIDs = Set(targets.filter { $0.productType == .appExtension }.map(\.id))
    // Every app that embeds extensions or a watch app is read, one at a time.
    let embeddingApps = applications.filter {
      $0.embeds.contains { extensionIDs.contains($0) || watchIDs.contains($0) }
    }
    let appTarget =
      embeddingApps.indices.contains(appIndex)
      ? embeddingApps[appIndex] : applications.first { $0.name?.value == "Runner" } ?? applications.first
    if let appTarget {
      manifest.app = app(
        appTarget, label: "app", deploymentKey: iOSDeploymentKey(of: appTarget, configuration), configuration)
    }
    let (members, hosts) = members(of: appTarget, watchApplications: watchApplications)
    var hostApps: [String: Manifest.App] = [:]
    var filesPerTarget: [[SwiftFileResolver.ResolvedFile]] = []
    var linkedPerTarget: [[SwiftFileResolver.ResolvedFile]] = []
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
        extensionTarget, host: host, hostApp: hostApp, appTarget: appTarget, configuration)
      manifest.targets.append(Manifest.Target(target))
      filesPerTarget.append(files)
      linkedPerTarget.append(
        files.isEmpty ? [] : sharedFrameworkFiles(of: extensionTarget, with: host ?? appTarget, besides: files))
    }
    reading.project.manifest = manifest
    context.attachCode(filesPerTarget, linkedPerTarget: linkedPerTarget, to: &reading.project)
    // The app's side: its own Swift and the frameworks of the project it links or embeds.
    if let appTarget {
      reading.observe(appTarget.sourceProblems)
      context.attachAppCode(appFiles(of: appTarget), to: &reading.project)
    }
    for host in hosts {
      guard let hostApp = hostApps[host.id] else { continue }
      reading.observe(host.sourceProblems)
      let owners = [host] + embedded(by: host).filter { $0.productType == .watchExtension2 }
      reading.attachHostCode(hostApp, files: owners.flatMap { appFiles(of: $0) })
    }
    if let toolchain = graph.toolchain { reading.project.toolchain = toolchain }
    let read = (appTarget.map { [$0] } ?? []) + hosts + members.map(\.target)
    if let note = graph.note(reading.leftToBuilder.entries, read) { reading.project.readingProblems.append(note) }
    return reading.finished(configuration: name, appName: appTarget?.name?.value, appCount: embeddingApps.count)
  }

  /// The app's targets: the extensions it embeds and those each watch app it carries embeds (itself, or
  /// a WatchKit 2 app through its WatchKit extension), with the watch app as their host; all extensions
  /// when it embeds none.
  func members(of appTarget: BuildGraph.Target?, watchApplications: [BuildGraph.Target]) -> (
    members: [(target: BuildGraph.Target, host: BuildGraph.Target?)], hosts: [BuildGraph.Target]
  ) {
    let extensions = graph.targets.filter { $0.productType == .appExtension }
    let embeddedIDs = Set(appTarget?.embeds ?? [])
    var members = extensions.filter { embeddedIDs.contains($0.id) }.map { (target: $0, host: BuildGraph.Target?.none) }
    let hosts = watchApplications.filter { embeddedIDs.contains($0.id) }
    for host in hosts {
      var carried = Set(host.embeds)
      for inner in embedded(by: host) where inner.productType == .watchExtension2 { carried.formUnion(inner.embeds) }
      members += extensions.filter { carried.contains($0.id) }.map { ($0, host) }
    }
    if members.isEmpty { members = extensions.map { ($0, nil) } }
    return (members, hosts)
  }

  /// An app (`label` "app") or a watch app that hosts extensions, as the model holds it.
  func app(_ target: BuildGraph.Target, label: String, deploymentKey: String?, _ configuration: Configuration)
    -> Manifest.App
  {
    let settings = settings(of: target, in: configuration)
    var app = Manifest.App(span: target.span, pointer: target.pointer)
    if label != "app" { app.name = target.name }
    app.bundleIdentifier = resolved("PRODUCT_BUNDLE_IDENTIFIER", settings)
    app.deploymentTarget = deploymentKey.flatMap { ProjectReading.deploymentTarget(resolved($0, settings)) }
    app.entitlements = entitlements(of: target, settings, configuration)
    configuration.reading.sign(app, as: label)
    return app
  }

  /// The setting that holds an iPhone target's deployment target; nil for a macOS target, whose
  /// `IPHONEOS_DEPLOYMENT_TARGET` (inherited from the project, often) is not what it deploys to, and whose
  /// WidgetKit availability is not iOS's: it is not judged against iOS versions.
  func iOSDeploymentKey(of target: BuildGraph.Target, _ configuration: Configuration) -> String? {
    platform(of: target, in: configuration) == .macOS ? nil : "IPHONEOS_DEPLOYMENT_TARGET"
  }

  /// An extension target as the model holds it, and the Swift files of its widgets.
  func modelTarget(
    _ extensionTarget: BuildGraph.Target, host: BuildGraph.Target?, hostApp: Manifest.App?,
    appTarget: BuildGraph.Target?, _ configuration: Configuration
  ) -> (Manifest.Target.Draft, [SwiftFileResolver.ResolvedFile]) {
    let reading = configuration.reading
    let settings = settings(of: extensionTarget, in: configuration)
    var target = Manifest.Target.Draft(span: extensionTarget.span, pointer: extensionTarget.pointer)
    target.name = extensionTarget.name
    target.host = hostApp
    target.bundleIdentifier = resolved("PRODUCT_BUNDLE_IDENTIFIER", settings)
    // What a watch app embeds runs on the watch.
    let isWatch = host != nil || platform(of: extensionTarget, in: configuration) == .watchOS
    if isWatch {
      target.platform =
        extensionTarget.platform.map { $0.map { _ in .watchos } }
        ?? extensionTarget.name.map { $0.map { _ in .watchos } }
    }
    let deploymentKey = isWatch ? "WATCHOS_DEPLOYMENT_TARGET" : iOSDeploymentKey(of: extensionTarget, configuration)
    target.deploymentTarget = deploymentKey.flatMap { ProjectReading.deploymentTarget(resolved($0, settings)) }
    target.entitlements = entitlements(of: extensionTarget, settings, configuration)
    let pointWritten = infoPlist(of: extensionTarget, settings, reading)?.at(
      "NSExtension", "NSExtensionPointIdentifier")?.stringValue
    var point = pointWritten?.value
    // A Today extension whose code is WidgetKit's (an `@main` widget or bundle) is a widget extension
    // with the wrong extension point: its code is read as widget code, and the point is the finding.
    if point == BuildGraph.todayExtensionPoint, let pointWritten,
      context.declaresWidgets(extensionTarget.swiftFiles(true))
    {
      point = BuildGraph.widgetExtensionPoint
      reading.observe([
        ReadingProblem(
          kind: .widgetExtensionPoint,
          message:
            "target '\(extensionTarget.name?.value ?? "")' is a WidgetKit extension, but its Info.plist declares '\(BuildGraph.todayExtensionPoint)', the Today extension point: its widgets never appear in the gallery; use '\(BuildGraph.widgetExtensionPoint)' (and no NSExtensionPrincipalClass)",
          span: pointWritten.span, pointer: pointWritten.pointer, subject: extensionTarget.name?.value)
      ])
    }
    var files: [SwiftFileResolver.ResolvedFile] = []
    if point == BuildGraph.widgetExtensionPoint {
      reading.observe(extensionTarget.sourceProblems)
      files = extensionTarget.swiftFiles(true)
      target.sources = extensionTarget.sources ?? defaultSources(of: extensionTarget, files: files)
      // A framework of the project that only the widget links is the widget's own code.
      let appFrameworks = Set(frameworks(of: [host ?? appTarget].compactMap { $0 }).map(\.id))
      var seen = Set(files)
      for framework in frameworks(of: [extensionTarget]) where !appFrameworks.contains(framework.id) {
        files += framework.swiftFiles(true).filter { seen.insert($0).inserted }
      }
    }
    reading.sign(target, point: point, files: files)
    return (target, files)
  }

  /// The Swift of the project's frameworks an extension links that its app links too: not the widget's
  /// own code, but where the kinds it names may be declared (`enum WidgetsKind: String` in `Shared`).
  private func sharedFrameworkFiles(
    of extensionTarget: BuildGraph.Target, with app: BuildGraph.Target?, besides own: [SwiftFileResolver.ResolvedFile]
  ) -> [SwiftFileResolver.ResolvedFile] {
    guard let app else { return [] }
    let appFrameworks = Set(frameworks(of: [app]).map(\.id))
    var seen = Set(own)
    return frameworks(of: [extensionTarget]).filter { appFrameworks.contains($0.id) }.flatMap {
      $0.swiftFiles(false).filter { seen.insert($0).inserted }
    }
  }

  /// Where a widget's sources are when the description does not say: its first file's folder.
  private func defaultSources(of target: BuildGraph.Target, files: [SwiftFileResolver.ResolvedFile])
    -> [Located<String>]
  {
    let folder = files.first.map { PathUtilities.folder(of: $0.path) } ?? graph.directory
    return [(target.name ?? Located("", span: target.span, pointer: target.pointer)).map { _ in folder }]
  }
}
