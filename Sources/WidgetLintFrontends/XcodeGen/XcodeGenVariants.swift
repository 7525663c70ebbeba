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
    BuildGraphProjects(graph: graph(), context: context).read()
  }

  /// The spec as a build graph: its iOS, watchOS and macOS targets, with the settings `xcodegen generate`
  /// writes.
  func graph() -> BuildGraph {
    let xcconfigs = XcconfigLoader(context: context, root: directory)
    let projectSettings = ProjectSettings()
    let targets = spec.targets.filter { Self.platform($0.platform) != nil }
    var ids: [String: String] = [:]
    for (index, target) in targets.enumerated() where ids[target.name.value] == nil {
      ids[target.name.value] = String(index)
    }
    let defaultDirectoryType = Self.text(spec.root["options"]?["defaultSourceDirectoryType"])?.value
    let packages = localPackages()
    var packageProducts: [String: BuildGraph.Target] = [:]
    let nodes = targets.enumerated().map { index, target in
      let sources = XcodeGenSources(
        target: target.value, targetName: target.name.value, directory: directory,
        defaultDirectoryType: defaultDirectoryType, context: context)
      var node = BuildGraph.Target(
        id: String(index), name: target.name, span: target.name.span, pointer: target.value.pointer,
        productType: Self.productType(target.type),
        settings: { settings(of: target, sources: sources, configuration: $0, projectSettings, xcconfigs) },
        swiftFiles: { _ in sources.files })
      node.platform = Self.platform(target.platform).map { platform in target.name.map { _ in platform } }
      node.embeds = embedded(by: target).compactMap { ids[$0] }
      node.sources = sources.entries.isEmpty ? [target.name.map { _ in directory }] : sources.entries
      node.sourceProblems = sources.observations
      node.entitlements = Self.writtenPlist(target["entitlements"])
      node.infoPlist = Self.writtenPlist(target["info"])
      for (package, product) in Self.packageProducts(of: target, packages) {
        let id = package.productID(product.value)
        node.frameworks.append(id)
        if packageProducts[id] == nil { packageProducts[id] = package.productNode(product) }
      }
      return node
    }
    let specSource = spec.root.span.file
    var graph = BuildGraph(
      configurations: spec.configurations, targets: nodes, directory: directory, root: directory,
      rootSpan: SourceSpan(file: specSource, start: 0, end: 0)
    ) { Project(manifestFile: specSource, manifest: nil, readingProblems: []) }
    graph.packageProducts = packageProducts.keys.sorted().compactMap { packageProducts[$0] }
    if let version = Self.text(spec.root["options"]?["xcodeVersion"]), let xcode = Self.xcodeVersion(version.value) {
      graph.toolchain = Toolchain(xcode: xcode, source: "options.xcodeVersion in the XcodeGen spec", span: version.span)
    }
    return graph
  }

  static func productType(_ type: String) -> BuildGraph.ProductType {
    switch type {
    case applicationType: return .application
    case extensionType: return .appExtension
    case "application.watchapp2": return .watchApp2
    case "watchkit2-extension": return .watchExtension2
    case "framework", "framework.static": return .framework
    default: return .other
    }
  }

  /// An `entitlements` or `info` file XcodeGen writes from its `properties` (the file on disk is
  /// overwritten): what the target uses while the setting is the one XcodeGen writes from `path`.
  static func writtenPlist(_ value: Located<ConfigValue>?) -> BuildGraph.WrittenPlist? {
    guard let value, let path = text(value["path"]) else { return nil }
    let content = value["properties"].map { BuildGraph.WrittenPlist.Content.value($0) }
    return BuildGraph.WrittenPlist(
      settingSpan: path.span, path: path.value, content: content ?? .empty(path.span, path.pointer))
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

  /// The platforms whose targets are read (a macOS one for everything but availability, as a native
  /// project's is), by their names in a spec.
  static func platform(_ name: String?) -> BuildGraph.Platform? {
    switch name {
    case "iOS": return .iOS
    case "watchOS": return .watchOS
    case "macOS": return .macOS
    default: return nil
    }
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

  /// The project's settings in each configuration, made once.
  private final class ProjectSettings {
    var known: [String: (xcconfig: XcconfigLoader.Reading, settings: [String: XcodeBuildSetting])] = [:]
  }

  /// An xcconfig named by `configFiles`: one that is not in the repository may set anything.
  private func xcconfig(_ written: Located<String>?, _ xcconfigs: XcconfigLoader) -> XcconfigLoader.Reading {
    guard let written else { return .none }
    return xcconfigs.load(
      PathUtilities.resolve(written.value, from: directory), namedAt: written, whenMissing: .mayBeAnything)
  }

  /// The project's settings in a configuration: `options.deploymentTarget` (unless its xcconfig sets it)
  /// and `settings`.
  private func projectSettings(_ name: String, _ cache: ProjectSettings, _ xcconfigs: XcconfigLoader) -> (
    xcconfig: XcconfigLoader.Reading, settings: [String: XcodeBuildSetting]
  ) {
    if let known = cache.known[name] { return known }
    let projectXcconfig = xcconfig(Self.text(spec.root["configFiles"]?[name]), xcconfigs)
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
    cache.known[name] = (projectXcconfig, projectSettings)
    return (projectXcconfig, projectSettings)
  }

  /// A target's build settings as `xcodegen generate` writes them, in Xcode's order of precedence.
  private func settings(
    of target: XcodeGenProject.Target, sources: XcodeGenSources, configuration name: String,
    _ cache: ProjectSettings, _ xcconfigs: XcconfigLoader
  ) -> BuildGraph.Settings {
    let (projectXcconfig, projectSettings) = projectSettings(name, cache, xcconfigs)
    let targetXcconfig = xcconfig(Self.text(target["configFiles"]?[name]), xcconfigs)
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
      } else if let found = sources.infoPlist {
        own["INFOPLIST_FILE"] = XcodeBuildSetting(value: found.value, span: found.span, pointer: found.pointer)
      }
    }
    var layers = [
      XcodeBuildSettingsLayer(settings: own), targetXcconfig.layer,
      XcodeBuildSettingsLayer(settings: projectSettings), projectXcconfig.layer,
    ]
    let builtIns = [
      "TARGET_NAME": target.name.value, "PRODUCT_NAME": target.productName, "CONFIGURATION": name,
      "SRCROOT": BuildGraph.sourceRoot, "PROJECT_DIR": BuildGraph.sourceRoot, "SOURCE_ROOT": BuildGraph.sourceRoot,
      "PROJECT_NAME": spec.name?.value ?? "",
    ]
    if let prefix = spec.bundleIdPrefix,
      case .unset = XcodeBuildSettingsResolver(layers: layers, builtIns: builtIns).lookup("PRODUCT_BUNDLE_IDENTIFIER")
    {
      let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-."))
      let escaped = String(
        String.UnicodeScalarView(
          target.name.value.replacingOccurrences(of: "_", with: "-").unicodeScalars.filter(allowed.contains)))
      layers[0].settings["PRODUCT_BUNDLE_IDENTIFIER"] = XcodeBuildSetting(
        value: prefix.value + "." + escaped, span: target.name.span, pointer: target.value.pointer)
    }
    // XcodeGen expands `${NAME}` in the spec (layers 0 and 2), not in xcconfigs.
    return BuildGraph.Settings(
      layers: layers, builtIns: builtIns, xcconfigs: [projectXcconfig, targetXcconfig], environmentLayers: [0, 2])
  }

  /// The Swift packages in the repository the spec names (`packages:` with a `path:`), by name.
  private func localPackages() -> [String: LocalSwiftPackage] {
    guard case .object(let members) = spec.root["packages"]?.value else { return [:] }
    var packages: [String: LocalSwiftPackage] = [:]
    for (name, package) in members {
      guard let path = package["path"]?.stringValue?.value else { continue }
      packages[name.value] = LocalSwiftPackage(path: PathUtilities.join(directory, path), context: context)
    }
    return packages
  }

  /// The local package products a target's `package:` dependencies use (`product:`, `products:`, else the
  /// product named as the package), each where it is named.
  private static func packageProducts(
    of target: XcodeGenProject.Target, _ packages: [String: LocalSwiftPackage]
  ) -> [(LocalSwiftPackage, Located<String>)] {
    var products: [(LocalSwiftPackage, Located<String>)] = []
    for dependency in target["dependencies"]?.array ?? [] {
      guard let name = dependency["package"]?.stringValue, let package = packages[name.value] else { continue }
      if let product = dependency["product"]?.stringValue {
        products.append((package, product))
      } else if let list = dependency["products"]?.array {
        products += list.compactMap(\.stringValue).map { (package, $0) }
      } else {
        products.append((package, name))
      }
    }
    return products
  }

  /// The names of the targets a target embeds: its `target:` dependencies unless `embed: false`.
  private func embedded(by target: XcodeGenProject.Target) -> [String] {
    var names: [String] = []
    for dependency in target["dependencies"]?.array ?? [] {
      guard let name = dependency["target"]?.stringValue?.value else { continue }
      if XcodeGenSpec.Loader.boolean(dependency["embed"])?.value == false { continue }
      names.append(name)
    }
    return names
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
