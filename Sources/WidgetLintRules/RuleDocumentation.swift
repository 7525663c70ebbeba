import Foundation

/// Renders rule metadata: the pages in `rules/`, `widgetlint explain`, and `widgetlint rules --format json`.
public enum RuleDocumentation {
  public static func markdown(_ rule: RuleMetadata) -> String {
    var page = "# \(rule.id)\n\n"
    page += "\(rule.summary)\n\n"
    page += "- **Default severity:** \(rule.defaultSeverity.rawValue)\n"
    page += "- **Rule id:** `\(rule.id)` (configure or suppress it by this id)\n"
    if let fixable = rule.fixable { page += "- **Fixable:** `--fix` corrects \(fixable)\n" }
    page += "\n"
    page += "## Why it matters\n\n\(rule.rationale)\n\n"
    page += "## Options\n\n"
    if rule.options.isEmpty {
      page += "None.\n\n"
    } else {
      page += "| option | default | meaning |\n|---|---|---|\n"
      for option in rule.options {
        page += "| `\(option.name)` | `\(option.defaultDescription)` | \(option.summary) |\n"
      }
      page += "\n"
    }
    page += "## Examples\n\n"
    if rule.examples.contains(where: { $0.fails }) {
      page += "In a failing example, `\(RuleExample.marker)` marks where the finding is reported.\n\n"
    }
    for example in rule.examples {
      page += "### \(example.fails ? "Failing" : "Passing"): \(example.title)\n\n"
      if !example.manifest.isEmpty { page += "```yaml\n\(example.manifest)\n```\n\n" }
      for file in example.files {
        page += "`\(file.path)`:\n\n```\(language(of: file.path))\n\(file.contents)\n```\n\n"
      }
    }
    return page
  }

  /// The fence language for a file in an example.
  package static func language(of path: String) -> String {
    switch (path as NSString).pathExtension {
    case "swift": return "swift"
    case "json": return "json"
    case "js", "mjs", "cjs": return "js"
    case "jsx": return "jsx"
    case "ts": return "ts"
    case "tsx": return "tsx"
    case "dart": return "dart"
    case "plist", "entitlements": return "xml"
    default: return "yaml"
    }
  }

  public static func json(_ rules: [RuleMetadata]) -> String {
    struct Entry: Encodable {
      var id: String
      var defaultSeverity: String
      var summary: String
      var options: [Option]
      var fixable: String?
    }
    struct Option: Encodable {
      var name: String
      var type: String
      var `default`: String
      var summary: String
    }
    let entries = rules.map { rule in
      Entry(
        id: rule.id.rawValue, defaultSeverity: rule.defaultSeverity.rawValue, summary: rule.summary,
        options: rule.options.map {
          Option(name: $0.name, type: $0.kind.rawValue, default: $0.defaultDescription, summary: $0.summary)
        }, fixable: rule.fixable)
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return (try? encoder.encode(entries)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
  }
}
