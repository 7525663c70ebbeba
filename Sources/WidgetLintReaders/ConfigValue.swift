import WidgetLintCore
import WidgetLintModel

/// A JSON-like value read from any project file (app.json, expo-target.config.js, a property list),
/// with the span of every part, so a finding can point at the exact place a value came from.
///
/// Not `indirect`: arrays hold the nested values already, and a box for every value was an allocation
/// (and a free) for each of the tens of thousands of values a big `project.pbxproj` holds.
public enum ConfigValue: Sendable {
  case string(String)
  case number(String)
  case bool(Bool)
  case null
  case array([Located<ConfigValue>])
  case object([(key: Located<String>, value: Located<ConfigValue>)])
  /// An expression the reader does not evaluate (JavaScript computed at prebuild time), as written.
  case computed(String)

  public var string: String? {
    if case .string(let text) = self { return text }
    return nil
  }

  public var array: [Located<ConfigValue>]? {
    if case .array(let items) = self { return items }
    return nil
  }

  public var isComputed: Bool {
    if case .computed = self { return true }
    return false
  }
}

extension Located where Value == ConfigValue {
  /// The member of an object value (the last one, as JavaScript and JSON.parse keep).
  public subscript(key: String) -> Located<ConfigValue>? {
    guard case .object(let members) = value else { return nil }
    return members.last { $0.key.value == key }?.value
  }

  /// Follows a path of object keys.
  public func at(_ keys: String...) -> Located<ConfigValue>? {
    var current: Located<ConfigValue>? = self
    for key in keys { current = current?[key] }
    return current
  }

  /// The items of an array value.
  public var array: [Located<ConfigValue>]? { value.array }

  public var stringValue: Located<String>? {
    guard case .string(let text) = value else { return nil }
    return Located<String>(text, span: span, pointer: pointer)
  }

  /// A plain value for comparisons, nil when any part of it is computed.
  public var plain: PlainValue? {
    switch value {
    case .string(let text): return .string(text)
    case .number(let text): return .number(text)
    case .bool(let flag): return .bool(flag)
    case .null: return .null
    case .computed: return nil
    case .array(let items):
      var values: [PlainValue] = []
      for item in items {
        guard let plain = item.plain else { return nil }
        values.append(plain)
      }
      return .array(values)
    case .object(let members):
      var values: [String: PlainValue] = [:]
      for member in members {
        guard let plain = member.value.plain else { return nil }
        values[member.key.value] = plain
      }
      return .object(values)
    }
  }
}
