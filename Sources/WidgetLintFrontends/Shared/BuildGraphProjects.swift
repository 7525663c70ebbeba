import Foundation
import WidgetLintCore
import WidgetLintModel
import WidgetLintReaders

/// Reads the projects of a `BuildGraph`, once per build configuration and app (`BuildVariants`).
///
/// An app is an application that embeds app extensions or a watch app; every such app is read as a
/// project of its own, else `Runner`, else the first application. With a watch app beside it, the iPhone
/// app is the app and the watch app the host of the extensions it carries (itself, or a WatchKit 2 app
/// through its WatchKit extension). The app's targets are the extensions it embeds and those of its watch
/// apps (all extensions when it embeds none). An extension whose Info.plist says
/// `com.apple.widgetkit-extension` carries widgets, read from exactly its Swift files and the frameworks
/// of the project (and local package products) only it uses; the app's code includes the frameworks and
/// local package products it uses.
package struct BuildGraphProjects {
  package let graph: BuildGraph
  package let context: FrontendContext
  private let byID: [String: BuildGraph.Target]

  package init(graph: BuildGraph, context: FrontendContext) {
    self.graph = graph
    self.context = context
    self.byID = Dictionary(
      (graph.targets + graph.packageProducts).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
  }

  package func read() -> [Project] {
    BuildVariants.projects(configurations: graph.configurations) { name, app in
      read(configuration: name, app: app)
    }
  }

  /// A target's settings in a configuration, resolved, with the layers that take `${NAME}` from the
  /// environment.
  struct Resolved {
    var resolver: XcodeBuildSettingsResolver
    var environmentLayers: Set<Int>
    /// Whether an xcconfig the settings name is missing (said where it is named): what it would set is
    /// not said again.
    var lacksAnXcconfig: Bool
  }

  /// One configuration's reading of one app: its `ProjectReading` and each target's settings, made once.
  final class Configuration {
    let name: String
    let reading: ProjectReading
    var settings: [String: Resolved] = [:]
    var platforms: [String: BuildGraph.Platform] = [:]

    init(name: String, reading: ProjectReading) {
      self.name = name
      self.reading = reading
    }
  }

  func settings(of target: BuildGraph.Target, in configuration: Configuration) -> Resolved {
    if let known = configuration.settings[target.id] { return known }
    let settings = target.settings(configuration.name)
    for xcconfig in settings.xcconfigs { configuration.reading.use(xcconfig) }
    let resolved = Resolved(
      resolver: XcodeBuildSettingsResolver(
        layers: settings.layers, builtIns: settings.builtIns, leftToBuilder: configuration.reading.leftToBuilder),
      environmentLayers: settings.environmentLayers,
      lacksAnXcconfig: settings.xcconfigs.contains { $0.files.isEmpty && !$0.observations.isEmpty })
    configuration.settings[target.id] = resolved
    return resolved
  }

  /// The platform a target is built for: its product type's, the one it declares, else its `SDKROOT`'s.
  func platform(of target: BuildGraph.Target, in configuration: Configuration) -> BuildGraph.Platform {
    if let known = configuration.platforms[target.id] { return known }
    var platform = BuildGraph.Platform.iOS
    if [.watchApp2, .watchExtension2].contains(target.productType) {
      platform = .watchOS
    } else if let declared = target.platform {
      platform = declared.value
    } else if let sdk = settings(of: target, in: configuration).resolver.resolved("SDKROOT")?.value.lowercased() {
      platform = sdk.hasPrefix("watchos") ? .watchOS : (sdk.hasPrefix("macosx") ? .macOS : .iOS)
    }
    configuration.platforms[target.id] = platform
    return platform
  }

  /// A setting's value, or nil; where it is not known, the resolver records why (for the note), and a
  /// `${NAME}` the description writes for a setting nothing defines is recorded as the environment's.
  func resolved(_ key: String, _ settings: Resolved) -> Located<String>? {
    if let value = settings.resolver.resolved(key) { return value }
    if graph.notesSettingsAFileMaySet { _ = settings.resolver.isLeftToBuilder(key) }
    noteEnvironment(key, settings, depth: 0)
    return nil
  }

  private func noteEnvironment(_ key: String, _ settings: Resolved, depth: Int) {
    guard !settings.environmentLayers.isEmpty, depth < 8,
      case .written(let setting, let layer) = settings.resolver.lookup(key)
    else { return }
    noteEnvironment(
      in: setting.value, at: setting.span, fromSpec: settings.environmentLayers.contains(layer), settings, depth: depth)
  }

  /// Records each `${NAME}` of a text the description writes whose name no setting defines; returns
  /// whether it recorded one.
  @discardableResult
  func noteEnvironment(in text: String, at span: SourceSpan, fromSpec: Bool, _ settings: Resolved, depth: Int)
    -> Bool
  {
    var recorded = false
    for reference in BuildSettings.references(in: text) {
      let base = String(reference.prefix { $0 != ":" })
      guard case .unset = settings.resolver.lookup(base), settings.resolver.builtIns[base] == nil else {
        noteEnvironment(base, settings, depth: depth + 1)
        continue
      }
      if fromSpec, text.contains("${" + reference + "}") {
        settings.resolver.leftToBuilder?.record("${\(base)}", .environment, writtenAt: span)
        recorded = true
      }
    }
    return recorded
  }

  /// The file a setting names, read; its problems are said at the setting.
  func readFile(named written: Located<String>, what: String, _ reading: ProjectReading) -> (
    value: Located<ConfigValue>?, wasRead: Bool
  ) {
    reading.readFile(
      PathUtilities.resolve(written.value, from: graph.directory), below: graph.root, namedAt: written, what: what)
  }

  /// Whether the target uses the property list it writes itself, given where the setting naming its file is.
  func uses(_ written: BuildGraph.WrittenPlist, _ lookup: XcodeBuildSettingsResolver.Lookup) -> Bool {
    switch lookup {
    case .written(let setting, _): return setting.span.isSame(as: written.settingSpan)
    case .unknown: return written.whenSettingUnknown
    case .unset: return false
    }
  }

  /// The Info.plist a target uses, where it is known.
  func infoPlist(of target: BuildGraph.Target, _ settings: Resolved, _ reading: ProjectReading)
    -> Located<ConfigValue>?
  {
    if let written = target.infoPlist, uses(written, settings.resolver.lookup("INFOPLIST_FILE")) {
      switch written.content {
      case .value(let value): return value
      case .file(let path): return readFile(named: path, what: "the Info.plist", reading).value
      case .empty, .unknown: return nil
      }
    }
    guard let file = resolved("INFOPLIST_FILE", settings) else { return nil }
    return readFile(named: file, what: "the Info.plist", reading).value
  }

  /// The framework targets that targets link, embed or depend on, and those the frameworks link in turn;
  /// local package products count as framework targets.
  func frameworks(of owners: [BuildGraph.Target]) -> [BuildGraph.Target] {
    var result: [BuildGraph.Target] = []
    var seen = Set(owners.map(\.id))
    var pending = owners
    while let owner = pending.popLast() {
      for id in owner.frameworks {
        guard let framework = byID[id], framework.productType == .framework, seen.insert(id).inserted else { continue }
        result.append(framework)
        pending.append(framework)
      }
    }
    return result
  }

  /// An app's Swift: its own files and those of the frameworks of the project it uses.
  func appFiles(of app: BuildGraph.Target) -> [SwiftFileResolver.ResolvedFile] {
    // Not looked for on disk first: the app's code is searched as it is read, and a file that cannot be
    // read is passed over there.
    var files = app.swiftFiles(false)
    var seen = Set(files)
    for framework in frameworks(of: [app]) {
      files += framework.swiftFiles(false).filter { seen.insert($0).inserted }
    }
    return files
  }

  /// The targets a target embeds, by id.
  func embedded(by target: BuildGraph.Target) -> [BuildGraph.Target] {
    target.embeds.compactMap { byID[$0] }
  }
}
