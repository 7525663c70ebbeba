import Foundation
import WidgetLintCore
import WidgetLintReaders

/// An XcodeGen spec (`project.yml`) with its `include:`s, merged as XcodeGen merges them, every value
/// keeping the range it was written at (in whichever spec file wrote it).
///
/// As XcodeGen's `SpecFile` and `Template` (yonaskolb/XcodeGen, `Sources/ProjectSpec`): each spec file is
/// parsed, its paths (`sources`, `configFiles`, `info.path`, `entitlements.path`) made relative to the root
/// spec's folder, its includes read relative to it (or to the root, with `relativePaths: false`); the
/// included specs are merged in order and the including one on top of them: mappings merged key by key,
/// lists appended, anything else replaced, and a key ending in `:REPLACE` replacing the value whatever it
/// is. A spec included twice counts once. Then every target's `templates` (and theirs, first) are merged
/// under it, and `${target_name}` and its `templateAttributes` expanded; a target whose `platform` is a list
/// is one target per platform, `${platform}` expanded.
///
/// XcodeGen expands `${NAME}` from the environment of whoever runs it: those are not known here, and
/// stay as written.
package struct XcodeGenSpec {
  /// The merged spec; nil when the root spec could not be read as a mapping.
  package var root: Located<ConfigValue>?
  /// The spec files read, the root first.
  package var files: [String] = []
  /// Syntax errors, includes that cannot be read, includes enabled by the environment.
  package var observations: [ReadingProblem] = []
  /// The `widgetlint-disable…` comments of the spec files.
  package var suppressions: [FileSuppressions] = []

  /// Includes nested deeper than this are not read (XcodeGen itself recurses without end on a cycle).
  static let maxIncludeDepth = 16

  /// Reads the spec at `path` (as the user named it); `contents` stands for the root file's bytes when
  /// given (text `--fix` has not written).
  package static func read(path: String, context: FrontendContext, contents: [UInt8]? = nil) -> XcodeGenSpec {
    var spec = XcodeGenSpec()
    var loader = Loader(context: context, rootContents: contents)
    let directory = PathUtilities.folder(of: path)
    loader.root = directory
    let name = (path as NSString).lastPathComponent
    guard let file = loader.load(file: name, base: directory, relativePath: "", prefix: "", depth: 0) else {
      spec.files = loader.files
      spec.observations = loader.observations
      spec.suppressions = loader.suppressions
      return spec
    }
    var merged: Set<String> = []
    spec.root = Self.merged(file, into: &merged).map(resolveTemplates)
    spec.files = loader.files
    spec.observations = loader.observations
    spec.suppressions = loader.suppressions
    return spec
  }

  /// One spec file, its paths made relative to the root spec's folder, and the specs it includes.
  struct File {
    var path: String
    var value: Located<ConfigValue>
    var includes: [File]
  }

  /// The file's value merged onto its includes' (XcodeGen's `mergedDictionary`): each file counts once.
  private static func merged(_ file: File, into seen: inout Set<String>) -> Located<ConfigValue>? {
    guard seen.insert(PathUtilities.standardize(file.path)).inserted else { return nil }
    var base: Located<ConfigValue>?
    for include in file.includes {
      guard let value = merged(include, into: &seen) else { continue }
      base = base.map { merge(value, onto: $0) } ?? merge(value, onto: nil)
    }
    return merge(file.value, onto: base)
  }

  // MARK: Merging

  /// XcodeGen's `merged(onto:)`: the new mapping's keys over the base's; mappings merged, lists appended,
  /// other values replaced; `key:REPLACE` replaces `key`.
  static func merge(_ value: Located<ConfigValue>, onto base: Located<ConfigValue>?) -> Located<ConfigValue> {
    guard case .object(let members) = value.value else { return value }
    var result: [(key: Located<String>, value: Located<ConfigValue>)] = []
    if let base, case .object(let baseMembers) = base.value { result = lastOfEachKey(baseMembers) }
    for member in lastOfEachKey(members) {
      let key = member.key.value
      if key.hasSuffix(":REPLACE") {
        let plain = String(key.dropLast(":REPLACE".count))
        set(&result, member.key.map { _ in plain }, member.value)
        continue
      }
      let existing = result.last { $0.key.value == key }?.value
      switch (member.value.value, existing?.value) {
      case (.object, .object?):
        set(&result, member.key, merge(member.value, onto: existing))
      case (.array(let items), .array(let baseItems)?):
        set(
          &result, member.key,
          Located(.array(baseItems + items), span: member.value.span, pointer: member.value.pointer))
      default:
        set(&result, member.key, member.value)
      }
    }
    return Located(.object(result), span: value.span, pointer: value.pointer)
  }

  /// A mapping's members with each key once, where it was last written (the value that counts).
  static func lastOfEachKey(_ members: [(key: Located<String>, value: Located<ConfigValue>)]) -> [(
    key: Located<String>, value: Located<ConfigValue>
  )] {
    var last: [String: Int] = [:]
    for (index, member) in members.enumerated() { last[member.key.value] = index }
    return members.enumerated().filter { last[$0.element.key.value] == $0.offset }.map(\.element)
  }

  private static func set(
    _ members: inout [(key: Located<String>, value: Located<ConfigValue>)], _ key: Located<String>,
    _ value: Located<ConfigValue>
  ) {
    if let index = members.firstIndex(where: { $0.key.value == key.value }) {
      members[index] = (members[index].key, value)
    } else {
      members.append((key, value))
    }
  }

  /// The member of a mapping value, when the value is one.
  static func member(_ value: Located<ConfigValue>?, _ key: String) -> Located<ConfigValue>? {
    value?[key]
  }

  // MARK: Templates and platforms

  /// Targets with their templates merged in, and multi-platform targets split, in XcodeGen's order
  /// (`Project.resolveProject`).
  static func resolveTemplates(_ root: Located<ConfigValue>) -> Located<ConfigValue> {
    var result = splitPlatforms(root)
    guard let targets = result["targets"], case .object(let members) = targets.value else { return result }
    let templates = result["targetTemplates"]
    var resolved: [(key: Located<String>, value: Located<ConfigValue>)] = []
    for member in lastOfEachKey(members) {
      var target = member.value
      var names: [String] = []
      var index = 0
      collectTemplates(of: target, in: templates, into: &names, at: &index)
      if !names.isEmpty {
        var base: Located<ConfigValue>?
        for name in names {
          guard let template = templates?[name], case .object = template.value else { continue }
          base = merge(template, onto: base)
        }
        target = merge(target, onto: base)
        target = expand(target, ["target_name": member.key.value])
        if case .object(let attributeMembers) = target["templateAttributes"]?.value {
          var attributes: [String: String] = [:]
          for attribute in attributeMembers {
            if case .string(let text) = attribute.value.value { attributes[attribute.key.value] = text }
          }
          target = expand(target, attributes)
        }
      }
      resolved.append((member.key, target))
    }
    result = replacing(
      result, "targets", with: Located(.object(resolved), span: targets.span, pointer: targets.pointer))
    return splitPlatforms(result)
  }

  /// The templates a target (or template) names, nested ones before the one that names them.
  private static func collectTemplates(
    of value: Located<ConfigValue>, in templates: Located<ConfigValue>?, into names: inout [String],
    at index: inout Int
  ) {
    guard let list = value["templates"]?.array else { return }
    for item in list {
      guard case .string(let name) = item.value, !names.contains(name), let template = templates?[name] else {
        continue
      }
      names.insert(name, at: index)
      collectTemplates(of: template, in: templates, into: &names, at: &index)
      index += 1
    }
  }

  /// Targets whose `platform` is a list, one per platform (`Target.resolveMultiplatformTargets`): named
  /// `<name>_<platform>` (or with `platformPrefix`/`platformSuffix`), `${platform}` expanded, and a
  /// `deploymentTarget` mapping read for that platform.
  static func splitPlatforms(_ root: Located<ConfigValue>) -> Located<ConfigValue> {
    guard let targets = root["targets"], case .object(let members) = targets.value,
      members.contains(where: { $0.value["platform"]?.array != nil })
    else { return root }
    var result: [(key: Located<String>, value: Located<ConfigValue>)] = []
    for member in lastOfEachKey(members) {
      guard let platforms = member.value["platform"]?.array else {
        result.append(member)
        continue
      }
      for platform in platforms {
        guard case .string(let name) = platform.value else { continue }
        var target = expand(member.value, ["platform": name])
        target = replacing(target, "platform", with: platform)
        let suffix = target["platformSuffix"]?.stringValue?.value ?? "_\(name)"
        let prefix = target["platformPrefix"]?.stringValue?.value ?? ""
        if let versions = member.value["deploymentTarget"], case .object = versions.value {
          if let version = versions[name] {
            target = replacing(target, "deploymentTarget", with: version)
          } else {
            target = removing(target, "deploymentTarget")
          }
        }
        // The product keeps the name the spec gives: `$(PRODUCT_NAME)` is the same in each.
        if target["productName"] == nil {
          target = replacing(target, "productName", with: member.key.map { ConfigValue.string($0) })
        }
        result.append((member.key.map { prefix + $0 + suffix }, target))
      }
    }
    return replacing(root, "targets", with: Located(.object(result), span: targets.span, pointer: targets.pointer))
  }

  /// The value with `${NAME}` replaced, in keys and values, for the names given.
  static func expand(_ value: Located<ConfigValue>, _ variables: [String: String]) -> Located<ConfigValue> {
    guard !variables.isEmpty else { return value }
    switch value.value {
    case .string(let text):
      return value.map { _ in .string(expand(text, variables)) }
    case .array(let items):
      return value.map { _ in .array(items.map { expand($0, variables) }) }
    case .object(let members):
      return value.map { _ in
        .object(members.map { ($0.key.map { expand($0, variables) }, expand($0.value, variables)) })
      }
    default:
      return value
    }
  }

  /// XcodeGen's expansion of `${NAME}` in a string: names it does not know stay as written.
  static func expand(_ text: String, _ variables: [String: String]) -> String {
    guard text.contains("${") else { return text }
    var result = ""
    var rest = Substring(text)
    while let start = rest.range(of: "${") {
      result += rest[..<start.lowerBound]
      let after = rest[start.upperBound...]
      guard let close = after.firstIndex(of: "}") else {
        result += rest[start.lowerBound...]
        return result
      }
      let name = String(after[..<close])
      if let value = variables[name], !name.isEmpty {
        result += value
      } else {
        result += rest[start.lowerBound...close]
      }
      rest = after[after.index(after: close)...]
    }
    return result + rest
  }

  /// The names of `${NAME}` references in a text.
  static func environmentReferences(in text: String) -> [String] {
    var names: [String] = []
    var rest = Substring(text)
    while let start = rest.range(of: "${") {
      let after = rest[start.upperBound...]
      guard let close = after.firstIndex(of: "}") else { break }
      if close > after.startIndex { names.append(String(after[..<close])) }
      rest = after[after.index(after: close)...]
    }
    return names
  }

  static func replacing(_ object: Located<ConfigValue>, _ key: String, with value: Located<ConfigValue>)
    -> Located<ConfigValue>
  {
    guard case .object(var members) = object.value else { return object }
    if let index = members.lastIndex(where: { $0.key.value == key }) {
      members[index].value = value
    } else {
      members.append((Located(key, span: value.span, pointer: object.pointer.appending(key)), value))
    }
    return object.map { _ in .object(members) }
  }

  static func removing(_ object: Located<ConfigValue>, _ key: String) -> Located<ConfigValue> {
    guard case .object(let members) = object.value else { return object }
    return object.map { _ in .object(members.filter { $0.key.value != key }) }
  }
}

// MARK: Reading the files

extension XcodeGenSpec {
  /// Reads spec files and their includes, each once.
  struct Loader {
    let context: FrontendContext
    let rootContents: [UInt8]?
    /// The root spec's folder as given, whose own spelling is not checked.
    var root = ""
    var files: [String] = []
    var observations: [ReadingProblem] = []
    var suppressions: [FileSuppressions] = []
    /// Files being read, to stop an include cycle.
    private var open: Set<String> = []

    init(context: FrontendContext, rootContents: [UInt8]?) {
      self.context = context
      self.rootContents = rootContents
    }

    /// The spec file `file` in `base`, its paths prefixed with `prefix` (its folder relative to the
    /// root spec's, as XcodeGen resolves them), and its includes. `relativePath` is XcodeGen's: the
    /// folder of the file relative to `base`, where its own includes are found.
    mutating func load(
      file: String, base: String, relativePath: String, prefix: String, depth: Int,
      namedAt: Located<String>? = nil
    ) -> File? {
      // `Apps/Tea/../../Shared/targets.yml` is `Shared/targets.yml`, where findings in it are shown.
      let path = PathUtilities.resolve(file, from: base.isEmpty ? "." : base)
      let key = PathUtilities.absolute(path)
      guard depth < XcodeGenSpec.maxIncludeDepth, !open.contains(key) else { return nil }
      guard let source = read(path, namedAt: namedAt) else { return nil }
      if !files.contains(source.path) { files.append(source.path) }
      let (document, problems) = context.parseDocument(source)
      observations += problems
      if let found = SourceComments.yamlSuppressions(source, document: document),
        !suppressions.contains(where: { $0.file === source })
      {
        suppressions.append(found)
      }
      guard !problems.contains(where: { $0.kind == .syntax }), let rootID = document.root else { return nil }
      var budget = 100_000 + 4 * document.nodes.count
      let raw = XcodeGenSpec.tree(document, rootID, pointer: .root, depth: 0, budget: &budget)
      if budget < 0 {
        observations.append(
          ReadingProblem(
            kind: .invalidValue,
            message:
              "aliases and '<<' merges expand the spec far beyond its size; widgetlint stops following them, and what comes after is not read",
            span: document.span(of: rootID), pointer: .root))
      }
      guard case .object = raw.value else {
        observations.append(
          ReadingProblem(
            kind: .invalidValue, message: "an XcodeGen spec must be a mapping", span: raw.span, pointer: .root))
        return nil
      }
      open.insert(key)
      defer { open.remove(key) }
      let value = prefix.isEmpty ? raw : XcodeGenSpec.resolvingPaths(raw, prefix: prefix)
      var includes: [File] = []
      for include in Self.includes(raw["include"]) {
        if let enable = include.enable {
          guard enable.value else { continue }
        } else if let written = include.enableText {
          observations.append(
            ReadingProblem(
              kind: .computedValue,
              message:
                "whether '\(include.path.value)' is included is left to the environment xcodegen runs in (\(written.value)): nothing it sets is read",
              span: written.span, pointer: written.pointer))
          continue
        }
        let childBase = include.relativePaths ? PathUtilities.join(base.isEmpty ? "." : base, relativePath) : base
        let childRelative = include.relativePaths ? PathUtilities.folder(of: include.path.value) : ""
        let childPrefix = include.relativePaths ? XcodeGenSpec.joined(prefix, childRelative) : prefix
        if let child = load(
          file: include.path.value, base: childBase, relativePath: childRelative, prefix: childPrefix,
          depth: depth + 1, namedAt: include.path)
        {
          includes.append(child)
        }
      }
      return File(path: path, value: value, includes: includes)
    }

    /// The file's text; a problem finding or reading an include is said where it is named.
    private mutating func read(_ path: String, namedAt: Located<String>?) -> SourceText? {
      guard let namedAt else {
        if let rootContents { return SourceText(path: path, bytes: rootContents) }
        switch context.read(path: path, maxSize: context.limits.maxFileSize) {
        case .success(let bytes): return SourceText(path: path, bytes: bytes)
        case .failure(let error):
          let empty = SourceText(path: path, text: "")
          observations.append(
            ReadingProblem(
              kind: .invalidValue, message: "cannot read '\(path)': \(error.message)",
              span: SourceSpan(file: empty, start: 0, end: 0), pointer: .root))
          return nil
        }
      }
      let (found, notes) = context.locate(path, below: root, namedAt: namedAt, what: "the included spec")
      observations += notes
      guard let found else { return nil }
      switch context.read(path: found, maxSize: context.limits.maxFileSize) {
      case .success(let bytes): return SourceText(path: found, bytes: bytes)
      case .failure(let error):
        observations.append(
          ReadingProblem(
            kind: .invalidValue, message: "cannot read the included spec '\(found)': \(error.message)",
            span: namedAt.span, pointer: namedAt.pointer))
        return nil
      }
    }

    struct Include {
      var path: Located<String>
      var relativePaths = true
      /// Whether it is included, when written as a value; nil when written with `${…}`.
      var enable: Located<Bool>? = nil
      var enableText: Located<String>? = nil
    }

    /// `include:` as XcodeGen reads it: a path, an object with `path`, or a list of them.
    static func includes(_ value: Located<ConfigValue>?) -> [Include] {
      guard let value else { return [] }
      let items = value.array ?? [value]
      return items.compactMap { item in
        if let path = item.stringValue { return Include(path: path) }
        guard let path = item["path"]?.stringValue else { return nil }
        var include = Include(path: path)
        include.relativePaths = boolean(item["relativePaths"])?.value ?? true
        if let enable = item["enable"] {
          if let flag = boolean(enable) {
            include.enable = flag
          } else if let text = enable.stringValue, text.value.contains("${") {
            include.enableText = text
          } else {
            include.enable = enable.map { _ in false }
          }
        } else {
          include.enable = value.map { _ in true }
        }
        return include
      }
    }

    /// A boolean as XcodeGen reads one (`Bool`, or a string's `boolValue`); nil for a `${…}` string.
    static func boolean(_ value: Located<ConfigValue>?) -> Located<Bool>? {
      guard let value else { return nil }
      switch value.value {
      case .bool(let flag): return value.map { _ in flag }
      case .string(let text), .number(let text):
        if text.contains("${") { return nil }
        // NSString.boolValue: true for a leading Y, y, T, t or a digit 1-9, after white space and zeros.
        let trimmed = text.drop { $0 == " " || $0 == "\t" || $0 == "+" || $0 == "-" || $0 == "0" }
        return value.map { _ in trimmed.first.map { "YyTt123456789".contains($0) } ?? false }
      default: return nil
      }
    }
  }

  /// `base/relative`, kept relative and without `.`, `..` folded where it can be; empty for the base's
  /// own folder.
  static func joined(_ base: String, _ relative: String) -> String {
    let resolved = PathUtilities.resolve(relative, from: base)
    return resolved == "." ? "" : resolved
  }

  /// The spec's paths prefixed with the folder of the file that writes them (`Project.pathProperties`,
  /// for what widgetlint reads: `configFiles`, and each target's and template's `sources`, `configFiles`,
  /// `info.path` and `entitlements.path`).
  static func resolvingPaths(_ root: Located<ConfigValue>, prefix: String) -> Located<ConfigValue> {
    func path(_ value: Located<ConfigValue>) -> Located<ConfigValue> {
      guard case .string(let text) = value.value else { return value }
      return value.map { _ in .string(joined(prefix, text)) }
    }
    func paths(_ value: Located<ConfigValue>?) -> Located<ConfigValue>? {
      guard let value else { return nil }
      switch value.value {
      case .string: return path(value)
      case .array(let items): return value.map { _ in .array(items.map(path)) }
      case .object(let members):
        guard members.allSatisfy({ $0.value.stringValue != nil }) else { return value }
        return value.map { _ in .object(members.map { ($0.key, path($0.value)) }) }
      default: return value
      }
    }
    func objectPaths(_ value: Located<ConfigValue>?) -> Located<ConfigValue>? {
      guard let value else { return nil }
      switch value.value {
      case .object: return value["path"].map { replacing(value, "path", with: path($0)) } ?? value
      case .array(let items):
        return value.map { _ in
          .array(items.map { item in item["path"].map { replacing(item, "path", with: path($0)) } ?? item })
        }
      default: return value
      }
    }
    func target(_ value: Located<ConfigValue>) -> Located<ConfigValue> {
      guard case .object = value.value else { return value }
      var result = value
      if var sources = value["sources"] {
        if sources.stringValue != nil {
          sources = path(sources)
        } else if let items = sources.array {
          sources = sources.map { _ in
            .array(items.map { item in item.stringValue != nil ? path(item) : (objectPaths(item) ?? item) })
          }
        }
        result = replacing(result, "sources", with: sources)
      }
      if let configFiles = paths(value["configFiles"]) { result = replacing(result, "configFiles", with: configFiles) }
      for key in ["info", "entitlements"] {
        if let plist = objectPaths(value[key]) { result = replacing(result, key, with: plist) }
      }
      return result
    }
    var result = root
    if let configFiles = paths(root["configFiles"]) { result = replacing(result, "configFiles", with: configFiles) }
    for key in ["targets", "targetTemplates"] {
      guard let group = root[key], case .object(let members) = group.value else { continue }
      result = replacing(result, key, with: group.map { _ in .object(members.map { ($0.key, target($0.value)) }) })
    }
    return result
  }

  // MARK: YAML as values

  /// A node as a value, as XcodeGen's YAML reader sees it: aliases followed (within `budget` nodes),
  /// `<<` merge keys merged under the mapping's own keys, every value keeping its span.
  static func tree(
    _ document: YAMLDocument, _ id: YAMLDocument.NodeID, pointer: JSONPointer, depth: Int, budget: inout Int
  ) -> Located<ConfigValue> {
    let span = document.span(of: id)
    budget -= 1
    guard depth < 200, budget >= 0 else { return Located(.computed("…"), span: span, pointer: pointer) }
    switch document.content(of: id) {
    case .scalar(let text, let style):
      let value: ConfigValue
      switch ScalarValue(text: text, style: style, tag: document.tag(of: id)) {
      case .null: value = .null
      case .bool(let flag): value = .bool(flag)
      case .int: value = .number(text)
      // XcodeGen reads an unquoted 16.10 as the number 16.1, and writes it so.
      case .float(let number): value = .number(number.isFinite ? String(number) : text)
      case .string(let string): value = .string(string)
      }
      return Located(value, span: span, pointer: pointer)
    case .sequence(let items):
      var values: [Located<ConfigValue>] = []
      for (index, item) in items.enumerated() {
        values.append(tree(document, item, pointer: pointer.appending(index), depth: depth + 1, budget: &budget))
      }
      return Located(.array(values), span: span, pointer: pointer)
    case .mapping(let pairs):
      var merged: [(key: Located<String>, value: Located<ConfigValue>)] = []
      var own: [(key: Located<String>, value: Located<ConfigValue>)] = []
      for pair in pairs {
        guard case .scalar(let key, let style) = document.content(of: pair.key) else { continue }
        if key == "<<" && style == .plain {
          let sources: [YAMLDocument.NodeID]
          switch document.content(of: pair.value) {
          case .mapping: sources = [pair.value]
          case .sequence(let items): sources = items.reversed()
          default: sources = []
          }
          for source in sources {
            let value = tree(document, source, pointer: pointer, depth: depth + 1, budget: &budget)
            if case .object(let members) = value.value { merged += members }
          }
          continue
        }
        let childPointer = pointer.appending(key)
        own.append(
          (
            Located(key, span: document.span(of: pair.key), pointer: childPointer),
            tree(document, pair.value, pointer: childPointer, depth: depth + 1, budget: &budget)
          ))
      }
      return Located(.object(merged + own), span: span, pointer: pointer)
    case .alias:
      return Located(.computed("alias"), span: span, pointer: pointer)
    }
  }
}
