import Foundation

/// A target's build settings in one configuration, in Xcode's order of precedence: the target's own
/// settings, then its `.xcconfig`, then the project's settings of the same configuration, then the
/// project's `.xcconfig`, then the few settings Xcode defines itself (`TARGET_NAME`, `SRCROOT`, …).
///
/// `$(NAME)` and `${NAME}` are expanded where every reference is known, `$(inherited)` from the layers
/// below; a value with an unknown reference is nil: skipped, never guessed.
struct XcodeBuildSettingsResolver {
  /// Highest precedence first.
  var layers: [[String: XcodeBuildSetting]]
  var builtIns: [String: String]

  /// References nested deeper than this, or a value growing longer than `maxLength`, are not expanded.
  static let maxDepth = 16
  static let maxLength = 4096

  /// The setting as written, and the layer it is written in.
  func written(_ key: String, below layer: Int = -1) -> (setting: XcodeBuildSetting, layer: Int)? {
    var index = layer + 1
    while index < layers.count {
      if let setting = layers[index][key] { return (setting, index) }
      index += 1
    }
    return nil
  }

  /// The setting's value, expanded, at the place it was written; nil when it is not set or not known.
  func resolved(_ key: String) -> Located<String>? {
    guard let (setting, layer) = written(key), let value = expand(setting.value, key: key, layer: layer, depth: 0),
      !value.isEmpty
    else { return nil }
    return Located(value, span: setting.span, pointer: setting.pointer)
  }

  /// Text with references expanded from these settings (for values written elsewhere, like entitlements).
  func expand(_ text: String) -> String? { expand(text, key: nil, layer: -1, depth: 0) }

  private func value(of name: String, depth: Int) -> String? {
    if let (setting, layer) = written(name) {
      return expand(setting.value, key: name, layer: layer, depth: depth + 1)
    }
    return builtIns[name]
  }

  private func expand(_ text: String, key: String?, layer: Int, depth: Int) -> String? {
    guard BuildSettings.containsReference(text) else { return text }
    guard depth < Self.maxDepth else { return nil }
    var values: [String: String] = [:]
    for name in Self.references(in: text) where values[name] == nil {
      let (base, modifier) = Self.split(name)
      let raw: String?
      if base == "inherited" {
        // The same setting from the layers below; nothing below means empty.
        if let key, let (setting, lower) = written(key, below: layer) {
          raw = expand(setting.value, key: key, layer: lower, depth: depth + 1)
        } else {
          raw = key.map { builtIns[$0] ?? "" }
        }
      } else {
        raw = value(of: base, depth: depth)
      }
      guard let raw, let modified = Self.apply(modifier, to: raw) else { return nil }
      values[name] = modified
    }
    guard let result = BuildSettings.expand(text, with: values), result.utf8.count <= Self.maxLength else { return nil }
    return result.trimmingCharacters(in: .whitespaces)
  }

  /// The names referenced by `$(…)` and `${…}` in a text.
  static func references(in text: String) -> [String] {
    var names: [String] = []
    var rest = Substring(text)
    while let dollar = rest.firstIndex(of: "$") {
      let after = rest.index(after: dollar)
      guard after < rest.endIndex, rest[after] == "(" || rest[after] == "{" else {
        rest = rest[after...]
        continue
      }
      let closing: Character = rest[after] == "(" ? ")" : "}"
      guard let close = rest[after...].firstIndex(of: closing) else { break }
      names.append(String(rest[rest.index(after: after)..<close]))
      rest = rest[rest.index(after: close)...]
    }
    return names
  }

  private static func split(_ name: String) -> (String, String?) {
    guard let colon = name.firstIndex(of: ":") else { return (name, nil) }
    return (String(name[..<colon]), String(name[name.index(after: colon)...]))
  }

  /// The modifiers Xcode's templates use; any other one makes the value unknown.
  private static func apply(_ modifier: String?, to value: String) -> String? {
    switch modifier {
    case nil: return value
    case "lower": return value.lowercased()
    case "upper": return value.uppercased()
    case "rfc1034identifier":
      return String(
        value.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") ? $0 : "-" })
    case "c99extidentifier":
      return String(value.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") ? $0 : "_" })
    default: return nil
    }
  }
}
