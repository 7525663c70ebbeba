import Foundation
import WidgetLintCore
import WidgetLintRules

/// A `.widgetlint.yml` configuration: rule severities and options, ignored paths, and overrides
/// that turn rules off in parts of files that cannot hold comments (JSON).
public struct Configuration: Sendable {
  public static let fileNames = [".widgetlint.yml", ".widgetlint.yaml", ".widgetlint.json"]

  /// An `overrides:` entry: rule severities for files matching a glob, optionally only below a JSON Pointer.
  public struct Override: Sendable {
    public var files: [String]
    public var pointer: JSONPointer?
    public var rules: [String: Severity?]
  }

  /// Where the configuration was read from; nil for the built-in defaults.
  public var path: String?
  /// The folder globs are relative to (absolute).
  public var baseDirectory: String
  public var rules: [String: RuleSettings] = [:]
  public var ignore: [String] = []
  public var overrides: [Override] = []
  /// `expo.variants`: the environments (`process.env`) an Expo app's dynamic config is linted in, one
  /// build variant each; nil when not set (one variant with no variables).
  public var expoVariants: [[String: String]]?

  public init(path: String?, baseDirectory: String) {
    self.path = path
    self.baseDirectory = baseDirectory
  }

  public static func defaults(in directory: String) -> Configuration {
    Configuration(path: nil, baseDirectory: directory)
  }

  /// A file's path relative to the configuration's folder, nil when it lies outside it.
  public func relativePath(of file: String) -> String? {
    let absolute = PathUtilities.absolute(file)
    let base = baseDirectory.hasSuffix("/") ? baseDirectory : baseDirectory + "/"
    guard absolute.hasPrefix(base) else { return nil }
    return String(absolute.dropFirst(base.count))
  }

  public func isIgnored(_ file: String) -> Bool {
    guard !ignore.isEmpty, let relative = relativePath(of: file) else { return false }
    return ignore.contains { PathUtilities.glob($0, matches: relative) }
  }

  /// The severity an override sets for a finding: `.some(nil)` turns it off, nil leaves it.
  public func overriddenSeverity(rule: String, file: String, pointer: JSONPointer) -> Severity?? {
    guard !overrides.isEmpty, let relative = relativePath(of: file) else { return nil }
    var result: Severity?? = nil
    for override in overrides {
      guard let severity = override.rules[rule],
        override.files.contains(where: { PathUtilities.glob($0, matches: relative) }),
        override.pointer.map({ pointer.hasPrefix($0) }) ?? true
      else { continue }
      result = .some(severity)
    }
    return result
  }

  /// The settings a run uses for each rule, defaults filled in.
  public func effectiveSettings(for rule: RuleMetadata) -> RuleSettings {
    let configured = rules[rule.id.rawValue]
    var options: [String: Int] = [:]
    for option in rule.options { options[option.name] = configured?.options[option.name] ?? option.defaultValue }
    let severity = configured.map { $0.severity } ?? rule.defaultSeverity
    return RuleSettings(severity: severity, options: options)
  }
}
