import Foundation
import WidgetLintCore
import WidgetLintModel
import WidgetLintReaders

/// An Expo app, by its app config (app.json, app.config.json, app.config.ts/.js/.mjs/.cjs): the config,
/// the @bacons/apple-targets target folders, the app's own config plugins and its own JavaScript and
/// TypeScript. An Expo app that builds from a committed `ios/` folder (no target folders) is that Xcode
/// app.
package enum ExpoKind: ProjectKind {
  package static let id = "expo"
  package static let summaryName = "Expo app"

  /// An Expo app's config files: static (JSON) and dynamic (JavaScript or TypeScript, read as data).
  package static let configNames = Set(ExpoAppFrontend.staticConfigNames + ExpoAppFrontend.dynamicConfigNames)

  package static func role(ofFileNamed name: String) -> FileRole? {
    if configNames.contains(name) { return .entry }
    // The path aliases of the app's code (`@/constants`) come from its TypeScript or JavaScript config.
    if name.hasPrefix("expo-target.config.") || name == "tsconfig.json" || name == "jsconfig.json" {
      return .projectFile
    }
    // A config plugin of the app's own, or the app's code (every plugin extension is a script's).
    if ExpoAppScripts.extensions.contains(where: name.hasSuffix) { return .entry }
    return nil
  }

  package static func input(forFile path: String, cache: DiscoveryCache) -> Result<
    ProjectDiscovery.Input, ProjectDiscovery.SkippedFile
  > {
    if configNames.contains((path as NSString).lastPathComponent) {
      guard isExpoConfig(path, overlay: cache.overlay) else {
        return .failure(
          ProjectDiscovery.SkippedFile(
            path: path, reason: "not an Expo app config (no expo keys, and expo is no dependency)"))
      }
      return .success(app(in: ProjectDiscovery.Folder(parentOf: path), cache: cache))
    }
    if let app = app(usingPlugin: path, cache: cache) ?? app(withScript: path, cache: cache) { return .success(app) }
    return .failure(
      ProjectDiscovery.SkippedFile(
        path: path, reason: "not a config plugin or the code of an Expo app in the folders above it"))
  }

  /// One app per folder (app.config.ts beside app.json is the same app), by the config Expo reads first.
  package static func discover(in scan: inout FolderScan, cache: DiscoveryCache) {
    var configsByFolder: [String: [String]] = [:]
    var folders: [String] = []
    for relative in scan.files(named: configNames) {
      let name = FolderScan.name(of: relative)
      guard isExpoConfig(scan.path(relative), overlay: cache.overlay) else { continue }
      let folder = PathUtilities.folder(of: relative)
      if configsByFolder[folder] == nil { folders.append(folder) }
      configsByFolder[folder, default: []].append(name)
    }
    for folder in folders {
      scan.claimedFolders.insert(folder)
      scan.found.append(app(in: ProjectDiscovery.Folder(scan.path(folder)), cache: cache))
    }
  }

  package static func app(in folder: ProjectDiscovery.Folder, names: [String], cache: DiscoveryCache)
    -> ProjectDiscovery.Input?
  {
    isExpoApp(folder, names: names, cache: cache) ? app(in: folder, cache: cache) : nil
  }

  /// A file in the app's targets folder or `ios/` is the app's; any other file below it is the nearest
  /// app's on the way (a folder of its own with an Xcode project), and no folder above is looked at.
  package static func claim(
    of file: String, by app: ProjectDiscovery.Input, in folder: ProjectDiscovery.Folder, names: [String],
    cache: DiscoveryCache
  ) -> FolderClaim {
    let targetsRoot = layout(of: folder, names: names, cache: cache).targetsRoot
    let inside = [targetsRoot, "ios"].contains { file.hasPrefix(PathUtilities.join(folder.absolute, $0) + "/") }
    return inside ? .owner(app) : .boundary(app)
  }

  package static func frontend(for input: ProjectDiscovery.Input, options: FrontendOptions) -> Result<
    (frontend: any ProjectFrontend, shownPath: String), InputError
  > {
    let frontend = ExpoAppFrontend(
      appConfig: input.path, environments: options.expoEnvironments, resolvedConfig: options.expoResolvedConfig)
    return .success((frontend, input.path))
  }

  package static func summaryNote(for variants: [Project]) -> String? {
    let hasWidgets = { (target: Manifest.Target) in !target.sources.isEmpty || target.widgetsDeclaredInConfig }
    guard variants.allSatisfy({ !($0.manifest?.targets.contains(where: hasWidgets) ?? false) }) else { return nil }
    return
      "no widget target (no targets/*/expo-target.config.json or .js of type widget, no widget folder of react-native-widget-extension or @bittingz/expo-widgets, and no expo-widgets or Voltra plugin read)"
  }

  /// Whether a file found in a folder is an Expo app's config. Expo reads app.json with its keys under
  /// `"expo"` or at the root; a root-level one (or an app.config.* file, a name other tools use too)
  /// counts when it has an `expo` key or names Expo's keys, or the folder's package.json depends on expo.
  /// The files are read through the overlay: an editor's unsaved text is what is judged.
  package static func isExpoConfig(_ path: String, overlay: TextOverlay = TextOverlay()) -> Bool {
    guard case .success(let bytes) = overlay.read(path: path, maxSize: 4 << 20) else { return false }
    let name = (path as NSString).lastPathComponent
    if name.hasSuffix(".json") {
      // Read as Expo reads it (JSON5), so `expo:` and `'slug'` count as well as `"expo"`.
      let (value, _) = JavaScriptConfigReader.readJSON5(SourceText(path: path, bytes: bytes))
      if case .object(let members) = value?.value,
        members.contains(where: { ["expo", "slug", "ios", "plugins", "sdkVersion"].contains($0.key.value) })
      {
        return true
      }
    } else {
      let text = String(decoding: bytes, as: UTF8.self)
      if ["\"expo\"", "expo/config", "ExpoConfig", "@bacons/apple-targets"].contains(where: text.contains) {
        return true
      }
    }
    let folder = PathUtilities.folder(of: path)
    let package = PathUtilities.join(folder.isEmpty ? "." : folder, "package.json")
    guard case .success(let packageBytes) = overlay.read(path: package, maxSize: 4 << 20) else { return false }
    return String(decoding: packageBytes, as: UTF8.self).contains("\"expo\"")
  }

  /// The config Expo reads first among a folder's: a dynamic one, then a static one, in Expo's order.
  package static func preferredConfig(_ names: [String]) -> String? {
    (ExpoAppFrontend.dynamicConfigNames + ExpoAppFrontend.staticConfigNames).first(where: names.contains)
  }

  /// The Expo app whose config is in a folder, by the config Expo reads first; or, where the app builds
  /// from a committed native project, that project.
  package static func app(in folder: ProjectDiscovery.Folder, cache: DiscoveryCache) -> ProjectDiscovery.Input {
    let names = folder.names
    let targetsRoot = layout(of: folder, names: names, cache: cache).targetsRoot
    if buildsFromCommittedNativeProject(folder.display, names: names, targetsRoot: targetsRoot, cache: cache) {
      return .xcodeProject(directory: folder.display)
    }
    let config = preferredConfig(names.filter(configNames.contains)) ?? "app.json"
    return .expoApp(config: folder.child(config))
  }

  /// Whether an Expo app builds from its committed `ios/` folder rather than from what prebuild makes:
  /// no @bacons/apple-targets target folder (`targets/*/expo-target.config.*`), and an Xcode project in
  /// `ios/` with an app extension. Prebuild does not run where `ios/` exists, so the widget is that
  /// project's target.
  package static func buildsFromCommittedNativeProject(
    _ folder: String, names: [String], targetsRoot: String, cache: DiscoveryCache
  ) -> Bool {
    guard names.contains("ios") else { return false }
    let targets = PathUtilities.join(folder, targetsRoot)
    let targetFolders = (try? FileManager.default.contentsOfDirectory(atPath: targets)) ?? []
    for target in targetFolders {
      let files = (try? FileManager.default.contentsOfDirectory(atPath: PathUtilities.join(targets, target))) ?? []
      if files.contains(where: { $0.hasPrefix("expo-target.config.") }) { return false }
    }
    return XcodeKind.isAppFolder(PathUtilities.join(folder, "ios"), cache: cache)
  }

  /// The nearest Expo app above a script that lists it as a config plugin of its own.
  package static func app(usingPlugin path: String, cache: DiscoveryCache) -> ProjectDiscovery.Input? {
    let file = PathUtilities.absolute(path)
    var next: ProjectDiscovery.Folder? = ProjectDiscovery.Folder(parentOf: path)
    while let folder = next {
      let names = folder.names
      if isExpoApp(folder, names: names, cache: cache) {
        return layout(of: folder, names: names, cache: cache).localPlugins.contains(file)
          ? app(in: folder, cache: cache) : nil
      }
      if names.contains(".git") { return nil }
      next = folder.parent
    }
    return nil
  }

  /// The nearest Expo app above a script that is the app's own code (`ExpoAppScripts.isAppScript`: not
  /// in its targets root, `ios/`, `android/`, build output, `node_modules` or a hidden folder, nor a test).
  package static func app(withScript path: String, cache: DiscoveryCache) -> ProjectDiscovery.Input? {
    let file = PathUtilities.absolute(path)
    // A dependency's file, or one of an example app inside a dependency, is no app's code.
    guard !file.contains("/node_modules/") else { return nil }
    var next: ProjectDiscovery.Folder? = ProjectDiscovery.Folder(parentOf: path)
    while let folder = next {
      let names = folder.names
      if isExpoApp(folder, names: names, cache: cache) {
        let root = folder.absolute.hasSuffix("/") ? folder.absolute : folder.absolute + "/"
        guard file.hasPrefix(root),
          ExpoAppScripts.isAppScript(
            String(file.dropFirst(root.count)), targetsRoot: layout(of: folder, names: names, cache: cache).targetsRoot)
        else { return nil }
        return app(in: folder, cache: cache)
      }
      if names.contains(".git") { return nil }
      next = folder.parent
    }
    return nil
  }

  /// Where an Expo app's files are, as its config says: the folder its targets are in, and the absolute
  /// paths of the config plugins of its own.
  package struct Layout {
    package var targetsRoot = "targets"
    package var localPlugins: Set<String> = []
  }

  package static func layout(of folder: ProjectDiscovery.Folder, names: [String], cache: DiscoveryCache) -> Layout {
    cache.value("expo.layout\u{0}" + folder.display) { layout(of: folder, names: names, overlay: cache.overlay) }
  }

  /// The layout of the config as the run reads it: an editor's unsaved text of it decides.
  private static func layout(of folder: ProjectDiscovery.Folder, names: [String], overlay: TextOverlay) -> Layout {
    var layout = Layout()
    guard let config = preferredConfig(names.filter(configNames.contains)) else { return layout }
    let path = folder.child(config)
    let context = FrontendContext(limits: ReadingLimits(), overlay: overlay)
    guard let root = context.readValue(at: path, display: path).0 else { return layout }
    let expo = root["expo"] ?? root
    layout.targetsRoot = ExpoAppFrontend.targetsRoot(of: expo)
    for entry in expo["plugins"]?.array ?? [] {
      guard let reference = entry.stringValue?.value ?? entry.array?.first?.stringValue?.value,
        ExpoAppFrontend.isLocalPlugin(reference),
        let file = ExpoAppFrontend.pluginFile(reference, appDirectory: folder.display)
      else { continue }
      layout.localPlugins.insert(PathUtilities.absolute(file))
    }
    return layout
  }

  /// Whether a folder holds an Expo app's config.
  package static func isExpoApp(_ folder: ProjectDiscovery.Folder, names: [String], cache: DiscoveryCache) -> Bool {
    cache.value("expo.isApp\u{0}" + folder.display) {
      guard let config = preferredConfig(names.filter(configNames.contains)) else { return false }
      return isExpoConfig(folder.child(config), overlay: cache.overlay)
    }
  }
}

extension ProjectDiscovery.Input {
  /// An Expo app, by its app config.
  public static func expoApp(config: String) -> Self { Self(kind: ExpoKind.self, path: config) }
}
