import Foundation
import WidgetLintCore
import WidgetLintReaders

/// The config plugins of an Expo app's own (`"plugins": ["./plugins/withWidgets"]`): code that runs at
/// prebuild, read as data where it is written in plain forms (``JavaScriptConfigReader/readPlugin(_:config:options:environment:)``).
///
/// Expo applies the plugins in the order the list gives (`withPlugins`), each changing the config in
/// turn; @bacons/apple-targets calls the targets' config functions and copies the app's App Groups at
/// its own place in that list. The plugins' `withEntitlementsPlist` mods run afterwards, on the
/// entitlements the final config gives, the last registered first (a mod wraps the ones registered
/// before it), so the first plugin's mod has the last word.
extension ExpoAppFrontend {
  /// The config as the app's plugins leave it.
  package struct LocalPlugins {
    /// The config after every local plugin's own changes.
    package var config: Located<ConfigValue>
    /// The config as @bacons/apple-targets sees it: with the changes of the plugins before it only.
    package var targetsConfig: Located<ConfigValue>
    /// The app's entitlements once the mods have run; nil when nothing writes any.
    package var appEntitlements: Located<ConfigValue>?
    /// A local plugin is not followed: the app's entitlements are not known.
    package var entitlementsAreUnknown = false
    /// One `computed-value` note for each plugin not followed, with the reason.
    package var notes: [ReadingProblem] = []
    package var filesRead: [String] = []
    /// The `widgetlint-disable…` comments of the plugin files read.
    package var suppressions: [FileSuppressions] = []
    /// The widget extensions published plugins add (react-native-widget-extension, @bittingz/expo-widgets).
    package var widgetTargets: [PluginWidgetTarget] = []
    /// What reading those plugins' entries met: unknown options, a widget folder that is not there.
    package var widgetPluginProblems: [ReadingProblem] = []
  }

  /// The entries of a config's `plugins` list, in order: each one's name (the string, or an array's first
  /// element) and its options (an array's second element). Entries without a name are left out.
  package static func pluginEntries(of config: Located<ConfigValue>) -> [(
    name: Located<String>, options: Located<ConfigValue>?
  )] {
    (config["plugins"]?.value.array ?? []).compactMap { entry in
      guard let name = entry.stringValue ?? entry.value.array?.first?.stringValue else { return nil }
      return (name, entry.value.array.flatMap { $0.count > 1 ? $0[1] : nil })
    }
  }

  /// A plugin entry that names a file of the app's own, not a package: a relative or absolute path.
  package static func isLocalPlugin(_ reference: String) -> Bool {
    reference.hasPrefix("./") || reference.hasPrefix("../") || reference.hasPrefix("/") || reference == "."
      || reference == ".."
  }

  package static let pluginExtensions = [".js", ".ts", ".cjs", ".mjs"]

  /// The file a local plugin entry names, as Node resolves a path from the app's folder: the file, the
  /// file with an extension, or a folder's `package.json` `main` or `index`.
  package static func pluginFile(_ reference: String, appDirectory: String) -> String? {
    let manager = FileManager.default
    func isFile(_ path: String) -> Bool {
      var isDirectory: ObjCBool = false
      return manager.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }
    func file(_ base: String) -> String? {
      ([base] + pluginExtensions.map { base + $0 }).first(where: isFile)
    }
    let base =
      reference.hasPrefix("/")
      ? reference : PathUtilities.resolve(SwiftFileResolver.normalize(reference), from: appDirectory)
    if let found = file(base) { return found }
    let package = PathUtilities.join(base, "package.json")
    if isFile(package), let data = manager.contents(atPath: package),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any], let main = object["main"] as? String
    {
      let entry = PathUtilities.join(base, main)
      if let found = file(entry) ?? file(PathUtilities.join(entry, "index")) { return found }
    }
    return file(PathUtilities.join(base, "index"))
  }

  /// Applies the app's local plugins to its config, in the order Expo applies them.
  package static func applyingLocalPlugins(
    to written: Located<ConfigValue>, directory: String, environment: [String: String], context: FrontendContext
  ) -> LocalPlugins {
    var result = LocalPlugins(config: written, targetsConfig: written)
    var targetsConfig: Located<ConfigValue>?
    var mods: [(mod: JavaScriptConfigReader.EntitlementsMod, name: Located<String>)] = []
    var firstNotFollowed: Located<String>?
    func notFollowed(_ name: Located<String>, _ reason: String, at span: SourceSpan, pointer: JSONPointer) {
      result.entitlementsAreUnknown = true
      firstNotFollowed = firstNotFollowed ?? name
      result.notes.append(
        ReadingProblem(
          kind: .computedValue,
          message:
            "config plugin '\(name.value)' is not followed: \(reason); the entitlements it may set (App Groups among them) are unknown, not checked",
          span: span, pointer: pointer))
    }
    for (name, options) in pluginEntries(of: written) {
      if name.value == "@bacons/apple-targets", targetsConfig == nil {
        targetsConfig = firstNotFollowed.map { withUnknownEntitlements(result.config, $0) } ?? result.config
      }
      if isWidgetPlugin(name.value) {
        let reading = readWidgetPlugin(
          name, options: options, config: result.config, directory: directory, context: context)
        result.config = reading.config
        if let mod = reading.mod { mods.append((mod, name)) }
        if let target = reading.target { result.widgetTargets.append(target) }
        result.widgetPluginProblems += reading.problems
        continue
      }
      guard isLocalPlugin(name.value) else { continue }
      guard let path = pluginFile(name.value, appDirectory: directory) else {
        notFollowed(name, "no file by that name", at: name.span, pointer: name.pointer)
        continue
      }
      result.filesRead.append(path)
      guard case .success(let bytes) = context.read(path: path, maxSize: context.limits.maxFileSize) else {
        notFollowed(name, "'\(path)' cannot be read", at: name.span, pointer: name.pointer)
        continue
      }
      let source = SourceText(path: path, bytes: bytes)
      let reading = JavaScriptConfigReader.readPlugin(
        source, config: result.config, options: options, environment: environment,
        modules: { specifier, importer in
          guard let file = pluginFile(specifier, appDirectory: PathUtilities.folder(of: importer)),
            case .success(let bytes) = context.read(path: file, maxSize: context.limits.maxFileSize)
          else { return nil }
          return SourceText(path: file, bytes: bytes)
        })
      for read in [source] + reading.modulesRead {
        if read !== source { result.filesRead.append(read.path) }
        if let found = context.suppressions(of: read) { result.suppressions.append(found) }
      }
      if let unknown = reading.unknown {
        notFollowed(name, unknown.reason, at: unknown.span, pointer: .root)
        continue
      }
      result.config = reading.config
      mods += reading.entitlementsMods.map { ($0, name) }
      if let change = reading.xcodeProjectChange {
        // It may add a widget extension from a folder of its own: which, and its Swift, are not known.
        result.notes.append(
          ReadingProblem(
            kind: .computedValue,
            message:
              "config plugin '\(name.value)' changes the Xcode project (withXcodeProject): a widget target it may add, and the folder of Swift it compiles, are not known, not checked",
            span: change, pointer: .root))
      }
    }
    result.targetsConfig =
      targetsConfig ?? firstNotFollowed.map { withUnknownEntitlements(result.config, $0) } ?? result.config
    result.appEntitlements = result.config.at("ios", "entitlements")
    guard !result.entitlementsAreUnknown else { return result }
    for (mod, name) in mods.reversed() {
      let entitlementsPointer = result.config.pointer.appending("ios").appending("entitlements")
      let current = result.appEntitlements ?? Located(.object([]), span: name.span, pointer: entitlementsPointer)
      guard case .object(var members) = result.config.value else { break }
      members.append((Located("modResults", span: name.span, pointer: entitlementsPointer), current))
      switch mod.apply(to: Located(.object(members), span: result.config.span, pointer: result.config.pointer)) {
      case .success(let changed):
        result.appEntitlements = changed["modResults"]
      case .failure(let unknown):
        notFollowed(name, unknown.reason, at: unknown.span, pointer: .root)
        return result
      }
    }
    return result
  }

  /// The config with its entitlements unknown, as a plugin not followed leaves them.
  package static func withUnknownEntitlements(_ config: Located<ConfigValue>, _ plugin: Located<String>)
    -> Located<ConfigValue>
  {
    let unknown = Located(
      ConfigValue.computed(plugin.value), span: plugin.span,
      pointer: config.pointer.appending("ios").appending("entitlements"))
    return ConfigValues.setting(config, ["ios", "entitlements"], to: unknown)
  }
}
