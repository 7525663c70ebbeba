import Foundation
import WidgetLintCore
import WidgetLintFrontends
import WidgetLintModel
import WidgetLintReaders
import WidgetLintRules

/// Reads and checks configuration files. Every problem carries the file's position, and any problem
/// makes the configuration unusable (exit status 2): a linter must not guess what its config meant.
public final class ConfigurationLoader: @unchecked Sendable {
  // Unchecked: `byDirectory` is only touched while `lock` is held.
  private let lock = NSLock()
  private var byDirectory: [String: Result<Configuration, ConfigurationError>] = [:]
  /// The texts read instead of the files on disk: an editor's unsaved configuration is the one it lints with.
  private let overlay: TextOverlay

  public init(overlay: TextOverlay = TextOverlay()) {
    self.overlay = overlay
  }

  public struct ConfigurationError: Error, Sendable {
    public var problems: [InputError]
  }

  /// The configuration for a linted file: the nearest config file in its folder or above, up to the
  /// repository root (the folder holding .git).
  public func configuration(forFileIn directory: String) -> Result<Configuration, ConfigurationError> {
    let start = PathUtilities.absolute(directory)
    let root = PathUtilities.repositoryRoot(from: start)
    var current = start
    var visited: [String] = []
    var result: Result<Configuration, ConfigurationError>?
    while result == nil {
      if let cached = lock.withLock({ byDirectory[current] }) {
        result = cached
        break
      }
      visited.append(current)
      if let name = Configuration.fileNames.first(where: { name in
        overlay.text(of: current + "/" + name) != nil || FileManager.default.fileExists(atPath: current + "/" + name)
      }) {
        result = Self.load(path: current + "/" + name, overlay: overlay)
        break
      }
      if current == root || current == "/" {
        result = .success(.defaults(in: root ?? start))
        break
      }
      current = PathUtilities.folder(of: current)
    }
    let found = result ?? .success(.defaults(in: start))
    lock.withLock { for directory in visited { byDirectory[directory] = found } }
    return found
  }

  /// A configuration named explicitly (`--config`).
  public func configuration(at path: String) -> Result<Configuration, ConfigurationError> {
    let key = "explicit:" + PathUtilities.absolute(path)
    if let cached = lock.withLock({ byDirectory[key] }) { return cached }
    let result = Self.load(path: path, overlay: overlay)
    lock.withLock { byDirectory[key] = result }
    return result
  }

  public static func load(path: String, overlay: TextOverlay = TextOverlay()) -> Result<
    Configuration, ConfigurationError
  > {
    switch overlay.read(path: path, maxSize: 1 << 20) {
    case .failure(let error):
      return .failure(ConfigurationError(problems: [error]))
    case .success(let bytes):
      return parse(SourceText(path: path, bytes: bytes))
    }
  }

  package static let topLevelKeys = ["rules", "ignore", "overrides", "expo"]
  package static let expoKeys = ["variants"]
  package static let overrideKeys = ["files", "pointer", "rules"]

  public static func parse(_ source: SourceText) -> Result<Configuration, ConfigurationError> {
    let (document, parseProblems) = YAMLParser().parse(source)
    var reader = DocumentReader(document: document)
    let directory = PathUtilities.folder(of: PathUtilities.absolute(source.path))
    var configuration = Configuration(path: source.path, baseDirectory: directory)
    if parseProblems.isEmpty, let root = document.root,
      let map = reader.mapping(root, pointer: .root, what: "the configuration", allowedKeys: topLevelKeys)
    {
      if let rules = map["rules"] { configuration.rules = readRules(rules, reader: &reader, allowOptions: true) }
      if let ignore = map["ignore"] { configuration.ignore = (reader.stringList(ignore) ?? []).map(\.value) }
      if let expo = map["expo"],
        let settings = reader.mapping(expo.valueNode, pointer: expo.pointer, what: "'expo'", allowedKeys: expoKeys),
        let variants = settings["variants"], let items = reader.sequence(variants, what: "'expo.variants'")
      {
        // Each variant is a mapping of environment variables (`{}` for none); values are taken as text.
        var environments: [[String: String]] = []
        for (index, item) in items.enumerated() {
          let pointer = variants.pointer.appending(index)
          guard let entry = reader.mapping(item, pointer: pointer, what: "a variant", allowedKeys: nil) else {
            continue
          }
          var environment: [String: String] = [:]
          for variable in entry.entries {
            if let value = reader.word(variable) { environment[variable.key] = value.value }
          }
          environments.append(environment)
        }
        configuration.expoVariants = environments
      }
      if let overrides = map["overrides"], let items = reader.sequence(overrides, what: "'overrides'") {
        for (index, item) in items.enumerated() {
          let pointer = overrides.pointer.appending(index)
          guard
            let entry = reader.mapping(item, pointer: pointer, what: "an override", allowedKeys: overrideKeys)
          else { continue }
          var override = Configuration.Override(files: [], pointer: nil, rules: [:])
          if let files = reader.require("files", in: entry, what: "an override") {
            override.files = (reader.stringList(files) ?? []).map(\.value)
          }
          if let pointerEntry = entry["pointer"], let text = reader.string(pointerEntry) {
            if let parsed = JSONPointer(parsing: text.value) {
              override.pointer = parsed
            } else {
              reader.report(
                .invalidValue, "'pointer' must be a JSON Pointer such as /expo/ios", at: text.span,
                pointer: pointerEntry.pointer)
            }
          }
          if let rules = reader.require("rules", in: entry, what: "an override") {
            override.rules = readRules(rules, reader: &reader, allowOptions: false).mapValues { $0.severity }
          }
          configuration.overrides.append(override)
        }
      }
    }
    let problems = (parseProblems + reader.observations).map { observation in
      let position = observation.span.range.start
      return InputError(path: "\(source.path):\(position.line):\(position.column)", message: observation.message)
    }
    return problems.isEmpty ? .success(configuration) : .failure(ConfigurationError(problems: problems))
  }

  package static let severityWords = ["off", "note", "warning", "error"]

  private static func severity(_ text: Located<String>, reader: inout DocumentReader) -> Severity?? {
    if text.value == "off" { return .some(nil) }
    if let severity = Severity(rawValue: text.value) { return .some(severity) }
    var message = "severity must be one of \(severityWords.joined(separator: ", ")); found '\(text.value)'"
    if let suggestion = Suggestions.closest(to: text.value, in: severityWords) {
      message += "; did you mean '\(suggestion)'?"
    }
    reader.report(.invalidValue, message, at: text.span, pointer: text.pointer)
    return nil
  }

  private static func readRules(
    _ entry: DocumentReader.Entry, reader: inout DocumentReader, allowOptions: Bool
  ) -> [String: RuleSettings] {
    guard let map = reader.mapping(entry.valueNode, pointer: entry.pointer, what: "'rules'", allowedKeys: nil) else {
      return [:]
    }
    var result: [String: RuleSettings] = [:]
    for ruleEntry in map.entries {
      guard let rule = RuleRegistry.rule(withID: ruleEntry.key)?.metadata else {
        var message = "unknown rule '\(ruleEntry.key)'"
        if let suggestion = Suggestions.closest(to: ruleEntry.key, in: RuleRegistry.ids) {
          message += "; did you mean '\(suggestion)'?"
        } else {
          message += " (widgetlint rules lists them)"
        }
        reader.report(
          .unknownKey, message, at: reader.span(ruleEntry.keyNode), pointer: ruleEntry.pointer)
        continue
      }
      var settings = RuleSettings(severity: rule.defaultSeverity)
      if case .scalar = reader.document.content(of: ruleEntry.valueNode) {
        guard let text = reader.word(ruleEntry), let chosen = severity(text, reader: &reader) else { continue }
        settings.severity = chosen
        result[rule.id.rawValue] = settings
        continue
      }
      let optionNames = rule.options.map(\.name)
      let allowed = ["severity"] + (allowOptions ? optionNames : [])
      guard
        let options = reader.mapping(
          ruleEntry.valueNode, pointer: ruleEntry.pointer, what: "rule '\(rule.id)'", allowedKeys: allowed)
      else { continue }
      if let severityEntry = options["severity"], let text = reader.word(severityEntry),
        let chosen = severity(text, reader: &reader)
      {
        settings.severity = chosen
      }
      for option in rule.options {
        guard allowOptions, let optionEntry = options[option.name] else { continue }
        if let value = optionValue(option, optionEntry, reader: &reader) { settings.options[option.name] = value }
      }
      result[rule.id.rawValue] = settings
    }
    return result
  }

  private static func optionValue(
    _ option: RuleOption, _ entry: DocumentReader.Entry, reader: inout DocumentReader
  ) -> Int? {
    let span = reader.span(entry.valueNode)
    let tag = reader.document.tag(of: entry.valueNode)
    guard case .scalar(let text, let style) = reader.document.content(of: entry.valueNode) else {
      reader.report(
        .invalidValue,
        "'\(option.name)' must be \(option.kind == .integer ? "a whole number" : "a duration")",
        at: span, pointer: entry.pointer)
      return nil
    }
    switch option.kind {
    case .integer:
      if case .int(let value) = ScalarValue(text: text, style: style, tag: tag), value >= 0 { return value }
      reader.report(
        .invalidValue, "'\(option.name)' must be a whole number of at least 0, found '\(text)'",
        at: span, pointer: entry.pointer)
    case .duration:
      if let seconds = Duration.seconds(parsing: text) { return seconds }
      reader.report(
        .invalidValue, "'\(option.name)' must be a duration such as 5m or 1h30m, found '\(text)'",
        at: span, pointer: entry.pointer)
    }
    return nil
  }

  /// The effective configuration for a file, as YAML, for `--print-config`.
  public static func describe(_ configuration: Configuration) -> String {
    var text = "# configuration: \(configuration.path ?? "built-in defaults (no .widgetlint.yml found)")\n"
    text += "rules:\n"
    for rule in RuleRegistry.all.map({ $0.metadata }) {
      let settings = configuration.effectiveSettings(for: rule)
      let severity = settings.severity?.rawValue ?? "off"
      if rule.options.isEmpty {
        text += "  \(rule.id): \(severity)\n"
      } else {
        let options = rule.options.map { option -> String in
          let value = settings.options[option.name] ?? option.defaultValue
          return "\(option.name): \(option.kind == .duration ? Duration.describe(value) : String(value))"
        }
        text += "  \(rule.id): {severity: \(severity), \(options.joined(separator: ", "))}\n"
      }
    }
    text += "ignore: [\(configuration.ignore.map { "\"\($0)\"" }.joined(separator: ", "))]\n"
    if let variants = configuration.expoVariants {
      text += "expo:\n  variants:\n"
      for variant in variants {
        let variables = variant.sorted { $0.key < $1.key }.map { "\($0.key): \"\($0.value)\"" }
        text += "    - {\(variables.joined(separator: ", "))}\n"
      }
    }
    if !configuration.overrides.isEmpty {
      text += "overrides:\n"
      for override in configuration.overrides {
        text += "  - files: [\(override.files.map { "\"\($0)\"" }.joined(separator: ", "))]\n"
        if let pointer = override.pointer { text += "    pointer: \"\(pointer)\"\n" }
        let rules = override.rules.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value?.rawValue ?? "off")" }
        text += "    rules: {\(rules.joined(separator: ", "))}\n"
      }
    }
    return text
  }
}
