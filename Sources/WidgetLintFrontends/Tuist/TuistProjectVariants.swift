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

  package func read() -> [Project] {
    BuildGraphProjects(graph: graph(), context: context).read()
  }

  /// The manifest as a build graph, with the settings Tuist writes.
  package func graph() -> BuildGraph {
    var names: [String] = []
    let configurations =
      (manifest.settings?.configurations ?? []) + manifest.targets.flatMap { $0.settings?.configurations ?? [] }
    for configuration in configurations where !names.contains(configuration.name) { names.append(configuration.name) }
    if names.isEmpty { names = ["Debug", "Release"] }
    let xcconfigs = XcconfigLoader(context: context, root: directory)
    var ids: [String: String] = [:]
    for (index, target) in manifest.targets.enumerated() {
      if let name = target.name?.value, ids[name] == nil { ids[name] = String(index) }
    }
    let packages = manifest.localPackages.map {
      LocalSwiftPackage(path: PathUtilities.join(directory, relativeToProject($0.value)), context: context)
    }
    var packageProducts: [String: BuildGraph.Target] = [:]
    let nodes = manifest.targets.enumerated().map { index, target in
      var node = BuildGraph.Target(
        id: String(index), name: target.name, span: target.name?.span ?? target.span, pointer: target.pointer,
        productType: Self.productType(target.product?.value),
        settings: { settings(of: target, configuration: $0, xcconfigs) }, swiftFiles: { _ in swiftFiles(of: target) })
      node.entitlementsPointer = target.pointer.appending("entitlements")
      let place = target.name.map { $0.map { _ in () } } ?? Located((), span: target.span, pointer: target.pointer)
      if let first = target.destinations?.first, onlyOn(["appleWatch", "watchOS"], target) {
        node.platform = first.map { _ in .watchOS }
      } else if let first = target.destinations?.first, onlyOn(["mac", "macOS"], target) {
        node.platform = first.map { _ in .macOS }
      } else {
        node.platform = place.map { _ in .iOS }
      }
      node.embeds = target.dependencies.compactMap { ids[$0.value] }
      node.sources = (target.sources ?? []).map(\.glob) + target.buildableFolders
      node.entitlements = writtenEntitlements(of: target)
      node.infoPlist = writtenInfoPlist(of: target)
      // A product of a package the project does not name, or that offers no such library, is not in the
      // repository (a remote package's): no code of it is read.
      for product in target.packageProducts {
        guard let package = packages.first(where: { $0.offersLibrary(product.value) }) else { continue }
        let id = package.productID(product.value)
        node.frameworks.append(id)
        if packageProducts[id] == nil { packageProducts[id] = package.productNode(product) }
      }
      return node
    }
    var graph = BuildGraph(
      configurations: names, targets: nodes, directory: directory, root: directory,
      rootSpan: SourceSpan(file: manifest.file, start: 0, end: 0), newProject: newProject)
    graph.packageProducts = packageProducts.keys.sorted().compactMap { packageProducts[$0] }
    graph.note = { [self] entries, read in
      note(entries, targets: read.compactMap { Int($0.id).map { manifest.targets[$0] } })
    }
    return graph
  }

  static func productType(_ product: String?) -> BuildGraph.ProductType {
    switch product {
    case "app": return .application
    case "appExtension": return .appExtension
    case "watch2App": return .watchApp2
    case "watch2Extension": return .watchExtension2
    case "framework", "staticFramework": return .framework
    default: return .other
    }
  }

  /// The entitlements Tuist generates from a target's dictionary.
  private func writtenEntitlements(of target: TuistManifest.Target) -> BuildGraph.WrittenPlist? {
    guard case .dictionary(let content) = target.entitlements else { return nil }
    // Content that is no dictionary is not known without running the manifest.
    let isKnown = ConfigValues.entitlements(content) != nil
    return BuildGraph.WrittenPlist(
      settingSpan: content.span, path: "Derived/Entitlements/\(target.name?.value ?? "").entitlements",
      content: isKnown ? .value(content) : .unknown(content.span, content.pointer))
  }

  /// The Info.plist a target's `infoPlist` names or Tuist generates from it: it says which targets carry
  /// widgets (no rule compares it), so it is used also where the settings may name another but are not known.
  private func writtenInfoPlist(of target: TuistManifest.Target) -> BuildGraph.WrittenPlist? {
    switch target.infoPlist {
    case .file(let path):
      return BuildGraph.WrittenPlist(
        settingSpan: path.span, path: path.value, content: .file(path.map(relativeToProject)), whenSettingUnknown: true)
    case .dictionary(let content):
      return BuildGraph.WrittenPlist(
        settingSpan: content.span, path: "Derived/InfoPlists/\(target.name?.value ?? "")-Info.plist",
        content: .value(content), whenSettingUnknown: true)
    default:
      return nil
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

  /// A configuration's `.xcconfig`: one that is not there is said where it is named.
  private func xcconfig(_ written: Located<String>?, _ xcconfigs: XcconfigLoader) -> XcconfigLoader.Reading {
    guard let written else { return .none }
    return xcconfigs.load(
      TuistFrontend.resolve(written.value, in: directory), namedAt: written, what: "the .xcconfig file",
      whenMissing: .said)
  }

  /// A target's build settings as Tuist writes them, in Xcode's order of precedence.
  private func settings(of target: TuistManifest.Target, configuration name: String, _ xcconfigs: XcconfigLoader)
    -> BuildGraph.Settings
  {
    let projectConfiguration = manifest.settings?.configurations.first { $0.name == name }
    let projectXcconfig = xcconfig(projectConfiguration?.xcconfig, xcconfigs)
    let own = target.settings?.configurations.first { $0.name == name }
    let targetXcconfig = xcconfig(own?.xcconfig, xcconfigs)
    let targetName = target.name?.value ?? ""
    return BuildGraph.Settings(
      layers: [
        (own?.settings ?? TuistManifest.SettingsDictionary()).layer,
        (target.settings?.base ?? TuistManifest.SettingsDictionary()).layer,
        derivedSettings(of: target).layer,
        targetXcconfig.layer,
        (projectConfiguration?.settings ?? TuistManifest.SettingsDictionary()).layer,
        (manifest.settings?.base ?? TuistManifest.SettingsDictionary()).layer,
        projectXcconfig.layer,
      ],
      builtIns: [
        "TARGET_NAME": targetName, "PRODUCT_NAME": targetName, "CONFIGURATION": name,
        "SRCROOT": BuildGraph.sourceRoot, "PROJECT_DIR": BuildGraph.sourceRoot, "SOURCE_ROOT": BuildGraph.sourceRoot,
        "PROJECT_NAME": manifest.name?.value ?? "",
      ],
      xcconfigs: [targetXcconfig, projectXcconfig])
  }

  /// Whether a target's destinations (`.appleWatch`, `.mac`) or platform (`.watchOS`, `.macOS`) are all
  /// among `names`.
  private func onlyOn(_ names: Set<String>, _ target: TuistManifest.Target) -> Bool {
    let destinations = target.destinations?.map(\.value) ?? []
    return !destinations.isEmpty && destinations.allSatisfy(names.contains)
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
