import SwiftParser
import SwiftSyntax
import WidgetLintCore
import WidgetLintModel

/// Reads Tuist manifests (`Project.swift`, `Workspace.swift`) with swift-syntax, as data: the
/// `Project(…)` (or `Workspace(…)`) a top-level constant holds, worked out by `TuistEvaluator` with the
/// declarations of the manifest and of its helpers (`Tuist/ProjectDescriptionHelpers/*.swift`), then
/// read as ProjectDescription's API spells it. Comments and strings are the parser's trivia and
/// literals: they never match. Nothing is compiled or run.
package enum TuistManifestReader {
  /// Whether a file is a Tuist manifest: its syntax imports `ProjectDescription` (a Swift file that
  /// happens to be named `Project.swift`, or mentions the module in a comment, is not one).
  package static func isManifest(_ bytes: [UInt8]) -> Bool {
    guard SwiftSourceScanner.refusal(for: bytes) == nil else { return false }
    let tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
    return tree.statements.contains { statement in
      guard case .decl(let decl) = statement.item, let importDecl = decl.as(ImportDeclSyntax.self) else {
        return false
      }
      return importDecl.path.first?.name.text == "ProjectDescription"
    }
  }

  /// Parses files for their declarations; a file that is not parsed (see `SwiftSourceScanner.refusal`)
  /// is said in `unread`.
  private static func parse(_ files: [SourceText], into declarations: inout TuistDeclarations) -> (
    trees: [SourceFileSyntax?], unread: [(path: String, reason: String)]
  ) {
    var trees: [SourceFileSyntax?] = []
    var unread: [(path: String, reason: String)] = []
    for file in files {
      if let refusal = SwiftSourceScanner.refusal(for: file.bytes) {
        unread.append((file.path, refusal))
        trees.append(nil)
        continue
      }
      let tree = file.bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
      declarations.add(tree, file: file)
      trees.append(tree)
    }
    return (trees, unread)
  }

  /// The top-level constants of a manifest whose value is a call of `type`'s initialiser, or that are
  /// named `name` or annotated with `type` (so a helper's project is said to be unknown).
  private static func topLevelValue(
    of type: String, named name: String, in tree: SourceFileSyntax, file: SourceText, evaluator: TuistEvaluator
  ) -> Located<TuistValue>? {
    var candidate: Located<TuistValue>?
    for statement in tree.statements {
      guard case .decl(let decl) = statement.item, let variable = decl.as(VariableDeclSyntax.self) else { continue }
      for binding in variable.bindings {
        guard let initializer = binding.initializer?.value else { continue }
        let annotation = binding.typeAnnotation.map { TuistDeclarations.typeName($0.type) }
        let bindingName = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        // Only what may be the project is worked out: other constants are worked out where it uses them.
        let mayBe =
          annotation == type || bindingName == name
          || initializer.as(FunctionCallExprSyntax.self).map { call in
            let callee = call.calledExpression.trimmedDescription
            return callee == type || callee.hasPrefix(type + ".") || callee == ".init"
          } ?? false
        guard mayBe else { continue }
        let value = evaluator.evaluate(initializer, in: .init(file: file), expected: annotation)
        if let call = value.value.call, call.isCall("init", on: type), call.base == type || annotation == type {
          return value
        }
        if candidate == nil, annotation == type || bindingName == name { candidate = value }
      }
    }
    return candidate
  }

  // MARK: Project.swift

  package static func read(_ manifest: SourceText, helpers: [SourceText] = []) -> TuistManifest {
    var result = TuistManifest(file: manifest)
    var declarations = TuistDeclarations()
    let (trees, unread) = parse([manifest] + helpers, into: &declarations)
    result.unreadFiles = unread
    for (file, tree) in zip([manifest] + helpers, trees) {
      guard let tree else { continue }
      let directives = SourceComments.swiftSuppressions(file, tree: tree)
      if !directives.isEmpty { result.suppressions.append(FileSuppressions(file: file, directives: directives)) }
    }
    guard let tree = trees[0] else { return result }
    let evaluator = TuistEvaluator(declarations: declarations)
    guard let project = topLevelValue(of: "Project", named: "project", in: tree, file: manifest, evaluator: evaluator)
    else { return result }
    result.isProject = true
    var reading = Reading(manifest: manifest)
    guard let call = project.value.call, call.isCall("init", on: "Project") else {
      reading.unknown("the project", project)
      result.unknowns = reading.unknowns
      result.targetsAreUnknown = true
      return result
    }
    result.name = call.argument("name")?.stringValue
    if let settings = call.argument("settings") {
      result.settings = reading.settings(settings, pointer: JSONPointer.root.appending("settings"))
    }
    for package in call.argument("packages")?.value.array ?? [] {
      // `.local(path:)`, and `.package(path:)` of the older API.
      guard let local = package.value.call, local.name == "local" || local.name == "package",
        let path = local.argument("path").flatMap(reading.path)
      else { continue }
      result.localPackages.append(path)
    }
    if let targets = call.argument("targets") {
      if let items = targets.value.array {
        for (index, item) in items.enumerated() {
          // By name, which stays when targets are reordered (a baseline's entries stay put).
          let named = item.value.call?.argument("name")?.value.string
          let pointer =
            named.map { JSONPointer.root.appending("targets").appending($0) }
            ?? JSONPointer.root.appending("targets").appending(index)
          if let target = reading.target(item, pointer: pointer) {
            result.targets.append(target)
          } else {
            reading.unknown("a target of the project", item)
            result.targetsAreUnknown = true
          }
        }
      } else {
        reading.unknown("the project's targets", targets)
        result.targetsAreUnknown = true
      }
    }
    result.unknowns = reading.unknowns
    result.targetsAreUnknown = result.targetsAreUnknown || reading.productIsUnknown
    result.steps = evaluator.steps
    return result
  }

  // MARK: Workspace.swift

  package static func readWorkspace(_ source: SourceText, helpers: [SourceText] = []) -> TuistWorkspace {
    var result = TuistWorkspace()
    var declarations = TuistDeclarations()
    let (trees, _) = parse([source] + helpers, into: &declarations)
    guard let tree = trees[0] else { return result }
    let evaluator = TuistEvaluator(declarations: declarations)
    guard
      let workspace = topLevelValue(of: "Workspace", named: "workspace", in: tree, file: source, evaluator: evaluator),
      let call = workspace.value.call, call.isCall("init", on: "Workspace")
    else { return result }
    var reading = Reading(manifest: source)
    guard let projects = call.argument("projects") else { return result }
    guard let items = projects.value.array else {
      reading.unknown("the workspace's projects", projects)
      result.unknowns = reading.unknowns
      return result
    }
    for item in items {
      if let path = reading.path(item) {
        result.projects.append(path)
      } else {
        reading.unknown("a project of the workspace", item)
      }
    }
    result.unknowns = reading.unknowns
    return result
  }

  /// Reading the worked-out values as ProjectDescription's types, noting what is not known.
  private struct Reading {
    let manifest: SourceText
    var unknowns: [TuistManifest.Unknown] = []
    /// The target being read, whose values the unknowns noted belong to.
    var target: SourceSpan?
    /// A target's product is not known.
    var productIsUnknown = false

    /// Notes every part of a value that is not known (the value itself when it is no part).
    mutating func unknown(_ what: String, _ value: Located<TuistValue>) {
      let parts =
        value.value.unknown.map { [Located($0, span: value.span, pointer: value.pointer)] } ?? value.unknownParts
      if parts.isEmpty {
        let reason: String
        switch value.value {
        case .call(let call):
          // A call of the API that is not what is read here: a helper the files read do not declare.
          let name = (call.base.map { $0 + "." } ?? "") + call.name
          reason = "a call of '\(name)', which the manifest and its helpers do not declare"
        case .member(let name): reason = "'\(name)' is not a constant or static member of the manifest or its helpers"
        default: reason = "not a value widgetlint reads here"
        }
        let text = TuistUnknown(text: value.span.file.text(in: value.span.range), reason: reason)
        unknowns.append(
          .init(what: what, value: Located(text, span: value.span, pointer: value.pointer), target: target))
      }
      for part in parts { unknowns.append(.init(what: what, value: part, target: target)) }
    }

    mutating func unknown(_ what: String, _ value: Located<TuistUnknown>) {
      unknowns.append(.init(what: what, value: value, target: target))
    }

    func setting(_ value: Located<TuistValue>, pointer: JSONPointer) -> TuistManifest.Setting? {
      switch value.value {
      case .string(let text): return .value(Located(text, span: value.span, pointer: pointer))
      case .unknown(let unknown): return .unknown(Located(unknown, span: value.span, pointer: pointer))
      default: return nil
      }
    }

    /// A `Path`: a string, `.relativeToManifest("x")`, `.path("x")`, `.relativeToRoot("x")` (`//x`).
    func path(_ value: Located<TuistValue>) -> Located<String>? {
      switch value.value {
      case .string: return value.stringValue
      case .call(let call) where call.arguments.count == 1 && call.arguments[0].label == nil:
        guard let text = call.arguments[0].value.stringValue else { return nil }
        switch call.name {
        case "relativeToManifest", "path", "init": return text
        case "relativeToRoot": return text.map { "//" + $0 }
        default: return nil
        }
      default: return nil
      }
    }

    // MARK: Targets

    mutating func target(_ value: Located<TuistValue>, pointer: JSONPointer) -> TuistManifest.Target? {
      guard let call = value.value.call, call.isCall("target", on: "Target") || call.isCall("init", on: "Target")
      else { return nil }
      var target = TuistManifest.Target(span: value.span, pointer: pointer)
      self.target = nil
      defer { self.target = nil }
      target.name = call.argument("name")?.stringValue.map {
        Located($0.value, span: $0.span, pointer: pointer.appending("name"))
      }
      let label = target.name.map { "target '\($0.value)'" } ?? "a target"
      func field(_ name: String) -> Located<TuistValue>? { call.argument(name) }

      if let product = field("product") {
        if case .member(let name) = product.value {
          target.product = Located(name, span: product.span, pointer: pointer.appending("product"))
        } else {
          unknown("the product of \(label)", product)
          productIsUnknown = true
        }
      }
      // What else is not known matters only for the targets the project model takes.
      self.target = value.span
      if let destinations = field("destinations") ?? field("platform") {
        switch destinations.value {
        case .member(let name): target.destinations = [Located(name, span: destinations.span, pointer: pointer)]
        case .array(let items):
          target.destinations = items.compactMap { item in
            if case .member(let name) = item.value { return Located(name, span: item.span, pointer: pointer) }
            return nil
          }
        default: break
        }
      }
      if let bundleId = field("bundleId") {
        target.bundleId = setting(bundleId, pointer: pointer.appending("bundleId"))
      }
      if let deployment = field("deploymentTargets") ?? field("deploymentTarget") {
        deploymentTargets(deployment, into: &target, pointer: pointer.appending("deploymentTargets"), label: label)
      }
      if let infoPlist = field("infoPlist") {
        target.infoPlist = self.infoPlist(infoPlist, pointer: pointer.appending("infoPlist"), label: label)
      }
      if let entitlements = field("entitlements") {
        target.entitlements = self.entitlements(entitlements, pointer: pointer.appending("entitlements"), label: label)
      }
      if let sources = field("sources") {
        target.sources = self.sources(sources, label: label)
      }
      if let folders = field("buildableFolders") {
        for item in folders.value.array ?? [folders] {
          if let path = path(item) {
            target.buildableFolders.append(path)
          } else if let folder = item.value.call, folder.name == "folder", let first = folder.unlabelled(),
            let path = path(first),
            folder.argument("exceptions")?.value.array?.isEmpty ?? (folder.argument("exceptions") == nil)
          {
            target.buildableFolders.append(path)
          } else {
            unknown("the buildable folders of \(label)", item)
          }
        }
      }
      if let dependencies = field("dependencies")?.value.array {
        for dependency in dependencies {
          guard let call = dependency.value.call else { continue }
          if call.name == "package", let product = call.argument("product")?.stringValue {
            target.packageProducts.append(product)
            continue
          }
          guard call.name == "target" else { continue }
          if let name = call.argument("name")?.stringValue {
            target.dependencies.append(name)
          } else if let other = call.unlabelled()?.value.call, let name = other.argument("name")?.stringValue {
            target.dependencies.append(name)
          }
        }
      }
      if let settings = field("settings") {
        target.settings = self.settings(settings, pointer: pointer.appending("settings"))
      }
      return target
    }

    /// `.iOS("17.0")`, `.multiplatform(iOS:watchOS:…)`, `DeploymentTargets(iOS:)`; the old API's
    /// `.iOS(targetVersion:devices:)` and `.watchOS(targetVersion:)`.
    mutating func deploymentTargets(
      _ value: Located<TuistValue>, into target: inout TuistManifest.Target, pointer: JSONPointer, label: String
    ) {
      let platforms = ["iOS", "watchOS"]
      guard let call = value.value.call else {
        // Not known: it may set any platform's, over what the project's settings say.
        let unknown = unknownValue(value, reason: "a deployment target widgetlint does not read")
        for platform in platforms { target.deploymentTargets[platform] = .unknown(unknown) }
        return
      }
      if platforms.contains(call.name), let version = call.unlabelled() ?? call.argument("targetVersion") {
        target.deploymentTargets[call.name] =
          setting(version, pointer: pointer.appending(call.name))
          ?? .unknown(unknownValue(version, reason: "a version that is not a string"))
        return
      }
      for platform in platforms {
        guard let version = call.argument(platform) else { continue }
        target.deploymentTargets[platform] = setting(version, pointer: pointer.appending(platform))
      }
    }

    mutating func infoPlist(_ value: Located<TuistValue>, pointer: JSONPointer, label: String)
      -> TuistManifest.PlistSource?
    {
      if let path = path(value) { return .file(Located(path.value, span: path.span, pointer: pointer)) }
      switch value.value {
      case .member("default"), .null:
        return nil
      case .call(let call) where call.name == "file":
        if let path = call.argument("path").flatMap(path) {
          return .file(Located(path.value, span: path.span, pointer: pointer))
        }
      case .call(let call) where call.name == "extendingDefault" || call.name == "dictionary":
        if let content = call.argument("with") ?? call.unlabelled() {
          let plist = TuistManifestReader.repointed(content.plistValue, at: pointer)
          for part in TuistManifestReader.unknownParts(of: content, under: ["NSExtension"]) {
            unknown("the extension point of \(label)", part)
          }
          return .dictionary(plist)
        }
      default:
        break
      }
      let cause = unknownValue(value, reason: "an Info.plist widgetlint does not read")
      unknown("the Info.plist of \(label)", cause)
      return .unknown(cause)
    }

    mutating func entitlements(_ value: Located<TuistValue>, pointer: JSONPointer, label: String)
      -> TuistManifest.EntitlementsSource?
    {
      if case .null = value.value { return nil }
      if let path = path(value) {
        let located = Located(path.value, span: path.span, pointer: pointer)
        return path.value.hasPrefix("$(") ? .variable(located) : .file(located)
      }
      if let call = value.value.call {
        switch call.name {
        case "file":
          if let path = call.argument("path").flatMap(path) {
            return .file(Located(path.value, span: path.span, pointer: pointer))
          }
        case "variable":
          if let setting = call.unlabelled()?.stringValue {
            return .variable(Located(setting.value, span: setting.span, pointer: pointer))
          }
        case "dictionary":
          if let content = call.unlabelled() {
            for part in TuistManifestReader.unknownParts(of: content, under: [Entitlements.appGroupsKey]) {
              unknown("the App Groups of \(label)", part)
            }
            return .dictionary(TuistManifestReader.repointed(content.plistValue, at: pointer))
          }
        default: break
        }
      }
      let cause = unknownValue(value, reason: "entitlements widgetlint does not read")
      unknown("the entitlements of \(label)", cause)
      return .unknown(cause)
    }

    /// `"Sources/**"`, `["A/**", .glob("B/**", excluding: […])]`, `.paths([…])`,
    /// `SourceFilesList(globs: […])`.
    mutating func sources(_ value: Located<TuistValue>, label: String) -> [TuistManifest.SourceGlob] {
      var items: [Located<TuistValue>]
      if let array = value.value.array {
        items = array
      } else if let call = value.value.call, ["paths", "init", "sourceFilesList"].contains(call.name),
        let globs = (call.argument("globs") ?? call.unlabelled())?.value.array
      {
        items = globs
      } else {
        items = [value]
      }
      var globs: [TuistManifest.SourceGlob] = []
      for item in items {
        if let path = path(item) {
          globs.append(.init(glob: path))
        } else if let call = item.value.call, call.name == "glob", let first = call.unlabelled(), let glob = path(first)
        {
          var excluding: [Located<String>] = []
          if let excluded = call.argument("excluding") {
            for path in excluded.value.array ?? [excluded] {
              if let text = self.path(path) {
                excluding.append(text)
              } else if case .null = path.value {
                continue
              } else {
                unknown("the sources of \(label)", path)
              }
            }
          }
          globs.append(.init(glob: glob, excluding: excluding))
        } else {
          unknown("the sources of \(label)", item)
        }
      }
      return globs
    }

    // MARK: Settings

    func settings(_ value: Located<TuistValue>, pointer: JSONPointer) -> TuistManifest.Settings {
      guard let call = value.value.call, call.name == "settings" || call.isCall("init", on: "Settings") else {
        return TuistManifest.Settings(base: dictionary(value, pointer: pointer))
      }
      var settings = TuistManifest.Settings(
        base: call.argument("base").map { dictionary($0, pointer: pointer.appending("base")) }
          ?? TuistManifest.SettingsDictionary())
      if let configurations = call.argument("configurations") {
        for (index, item) in (configurations.value.array ?? [configurations]).enumerated() {
          let itemPointer = pointer.appending("configurations").appending(index)
          guard let configuration = item.value.call, ["debug", "release"].contains(configuration.name) else {
            // A configuration not known may set anything, in a configuration whose name is not known.
            settings.base.unknown =
              settings.base.unknown ?? unknownValue(item, reason: "a configuration widgetlint does not read")
            continue
          }
          var name = configuration.name == "debug" ? "Debug" : "Release"
          var nameSpan = item.span
          if let written = configuration.argument("name") {
            nameSpan = written.span
            switch written.value {
            case .string(let text): name = text
            case .member("debug"): name = "Debug"
            case .member("release"): name = "Release"
            case .call(let named) where named.name == "configuration":
              if let text = named.unlabelled()?.stringValue?.value { name = text }
            default: break
            }
          }
          settings.configurations.append(
            .init(
              name: name, nameSpan: nameSpan,
              settings: configuration.argument("settings").map {
                dictionary($0, pointer: itemPointer.appending("settings"))
              }
                ?? TuistManifest.SettingsDictionary(),
              xcconfig: configuration.argument("xcconfig").flatMap(path)))
        }
      } else {
        for name in ["debug", "release"] {
          let written = call.argument(name)
          settings.configurations.append(
            .init(
              name: name == "debug" ? "Debug" : "Release", nameSpan: written?.span ?? value.span,
              settings: written.map { dictionary($0, pointer: pointer.appending(name)) }
                ?? TuistManifest.SettingsDictionary(),
              xcconfig: nil))
        }
      }
      return settings
    }

    func unknownValue(_ value: Located<TuistValue>, reason: String) -> Located<TuistUnknown> {
      let unknown =
        value.value.unknown ?? value.unknownParts.first?.value
        ?? TuistUnknown(text: value.span.file.text(in: value.span.range), reason: reason)
      return Located(unknown, span: value.span, pointer: value.pointer)
    }

    /// A `SettingsDictionary`. A key with a condition is the setting for the SDK it names: the device
    /// SDK's (`KEY[sdk=iphoneos*]`, what ships) counts as the key itself; the others are not read.
    func dictionary(_ value: Located<TuistValue>, pointer: JSONPointer) -> TuistManifest.SettingsDictionary {
      guard case .dictionary(let members) = value.value else {
        return TuistManifest.SettingsDictionary(
          unknown: unknownValue(value, reason: "settings widgetlint does not read"))
      }
      var result = TuistManifest.SettingsDictionary()
      var conditional: [String: TuistManifest.Setting] = [:]
      for member in members {
        if member.key.value == "..." {
          result.unknown = unknownValue(member.value, reason: "a key widgetlint does not work out")
          continue
        }
        var key = member.key.value
        var isDeviceCondition = false
        if let bracket = key.firstIndex(of: "[") {
          guard key[bracket...].replacingOccurrences(of: " ", with: "") == "[sdk=iphoneos*]" else { continue }
          key = String(key[..<bracket])
          isDeviceCondition = true
        }
        let valuePointer = pointer.appending(member.key.value)
        let setting: TuistManifest.Setting
        switch member.value.value {
        case .string(let text): setting = .value(Located(text, span: member.value.span, pointer: valuePointer))
        case .bool(let flag):
          setting = .value(Located(flag ? "YES" : "NO", span: member.value.span, pointer: valuePointer))
        case .array(let items) where items.allSatisfy({ $0.stringValue != nil }):
          let text = items.compactMap(\.stringValue?.value).joined(separator: " ")
          setting = .value(Located(text, span: member.value.span, pointer: valuePointer))
        case .call(let call) where call.name == "string" && call.unlabelled()?.stringValue != nil:
          setting = .value(
            Located(call.unlabelled()!.stringValue!.value, span: member.value.span, pointer: valuePointer))
        default:
          setting = .unknown(unknownValue(member.value, reason: "a setting widgetlint does not work out"))
        }
        if isDeviceCondition { conditional[key] = setting } else { result.values[key] = setting }
      }
      result.values.merge(conditional) { $1 }
      return result
    }
  }

  /// The parts of a dictionary value under `keys` (or under a key not known) that are not known.
  static func unknownParts(of value: Located<TuistValue>, under keys: Set<String>) -> [Located<TuistUnknown>] {
    guard case .dictionary(let members) = value.value else { return value.unknownParts }
    return members.filter { keys.contains($0.key.value) || $0.key.value == "..." }.flatMap(\.value.unknownParts)
  }

  /// A property-list value with the JSON Pointers of where it is in the project (a key's, under `pointer`).
  static func repointed(_ value: Located<ConfigValue>, at pointer: JSONPointer) -> Located<ConfigValue> {
    switch value.value {
    case .array(let items):
      return Located(
        .array(items.enumerated().map { repointed($1, at: pointer.appending($0)) }), span: value.span, pointer: pointer)
    case .object(let members):
      return Located(
        .object(
          members.map { member in
            let child = pointer.appending(member.key.value)
            return (
              Located(member.key.value, span: member.key.span, pointer: child), repointed(member.value, at: child)
            )
          }), span: value.span, pointer: pointer)
    default:
      return Located(value.value, span: value.span, pointer: pointer)
    }
  }
}
