import Foundation

/// A JSON Schema (draft 2020-12), for the keywords widgetlint's published schemas use: `type`,
/// `properties`, `required`, `additionalProperties`, `items`, `minItems`, `const`, `enum`, `minimum`,
/// `pattern` and `$ref` into `$defs`. A schema using any other keyword is refused when it is loaded, so
/// a keyword added to a schema is never silently left unchecked. Instances are what JSONSerialization
/// reads.
public struct JSONSchema: @unchecked Sendable {
  // Unchecked: `root` is a tree of JSONSerialization's immutable values, and `patterns` a dictionary
  // of compiled expressions, neither changed after `init`.
  public struct UnsupportedKeyword: Error, CustomStringConvertible {
    public var keyword: String
    public var pointer: String
    public var description: String { "unsupported schema keyword '\(keyword)' at '\(pointer)'" }
  }

  private static let checked: Set<String> = [
    "type", "properties", "required", "additionalProperties", "items", "minItems", "const", "enum", "minimum",
    "pattern", "$ref",
  ]
  private static let annotations: Set<String> = ["$schema", "$id", "title", "description", "$defs"]

  private let root: [String: Any]
  private let patterns: [String: NSRegularExpression]

  public init(contentsOf url: URL) throws {
    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
    try self.init(object)
  }

  public init(_ object: Any) throws {
    guard let root = object as? [String: Any] else { throw UnsupportedKeyword(keyword: "(not an object)", pointer: "") }
    var patterns: [String: NSRegularExpression] = [:]
    try Self.collect(root, at: "", patterns: &patterns)
    self.root = root
    self.patterns = patterns
  }

  /// Checks every keyword of a schema and its subschemas, and compiles its patterns.
  private static func collect(
    _ schema: [String: Any], at pointer: String, patterns: inout [String: NSRegularExpression]
  )
    throws
  {
    for (keyword, value) in schema {
      guard checked.contains(keyword) || annotations.contains(keyword) else {
        throw UnsupportedKeyword(keyword: keyword, pointer: pointer)
      }
      switch keyword {
      case "properties", "$defs":
        for (name, subschema) in value as? [String: Any] ?? [:] {
          guard let subschema = subschema as? [String: Any] else { continue }
          try collect(subschema, at: "\(pointer)/\(keyword)/\(name)", patterns: &patterns)
        }
      case "items":
        if let subschema = value as? [String: Any] {
          try collect(subschema, at: "\(pointer)/items", patterns: &patterns)
        }
      case "additionalProperties":
        guard value as? Bool == false else { throw UnsupportedKeyword(keyword: keyword, pointer: pointer) }
      case "pattern":
        guard let pattern = value as? String else { throw UnsupportedKeyword(keyword: keyword, pointer: pointer) }
        patterns[pattern] = try NSRegularExpression(pattern: pattern)
      default:
        break
      }
    }
  }

  /// What is wrong with `instance`, each as "pointer: problem"; empty when it is valid.
  public func problems(of instance: Any) -> [String] {
    var problems: [String] = []
    check(instance, against: root, at: "", into: &problems)
    return problems
  }

  private func resolve(_ reference: String) -> [String: Any]? {
    guard reference.hasPrefix("#/$defs/") else { return nil }
    return (root["$defs"] as? [String: Any])?[String(reference.dropFirst(8))] as? [String: Any]
  }

  private func check(_ value: Any, against schema: [String: Any], at pointer: String, into problems: inout [String]) {
    if let reference = schema["$ref"] as? String {
      guard let target = resolve(reference) else { return problems.append("\(pointer): no schema at \(reference)") }
      check(value, against: target, at: pointer, into: &problems)
    }
    if let type = schema["type"] as? String, !Self.has(value, type: type) {
      return problems.append("\(pointer): not of type \(type)")
    }
    if let constant = schema["const"], !Self.equal(value, constant) {
      problems.append("\(pointer): not \(constant)")
    }
    if let options = schema["enum"] as? [Any], !options.contains(where: { Self.equal(value, $0) }) {
      problems.append("\(pointer): not one of \(options)")
    }
    if let minimum = (schema["minimum"] as? NSNumber)?.doubleValue, let number = Self.number(value),
      number.doubleValue < minimum
    {
      problems.append("\(pointer): \(number) is less than \(minimum)")
    }
    if let pattern = schema["pattern"] as? String, let text = value as? String, let expression = patterns[pattern],
      expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) == nil
    {
      problems.append("\(pointer): '\(text)' does not match \(pattern)")
    }
    if let object = value as? [String: Any] {
      let properties = schema["properties"] as? [String: Any] ?? [:]
      for name in schema["required"] as? [String] ?? [] where object[name] == nil {
        problems.append("\(pointer): '\(name)' is missing")
      }
      for (name, member) in object.sorted(by: { $0.key < $1.key }) {
        if let subschema = properties[name] as? [String: Any] {
          check(member, against: subschema, at: "\(pointer)/\(name)", into: &problems)
        } else if schema["additionalProperties"] as? Bool == false {
          problems.append("\(pointer): '\(name)' is not allowed")
        }
      }
    }
    if let array = value as? [Any] {
      if let minItems = schema["minItems"] as? Int, array.count < minItems {
        problems.append("\(pointer): fewer than \(minItems) items")
      }
      if let items = schema["items"] as? [String: Any] {
        for (index, item) in array.enumerated() {
          check(item, against: items, at: "\(pointer)/\(index)", into: &problems)
        }
      }
    }
  }

  /// A number that is not a boolean. JSONSerialization reads both as NSNumber, which casts to Bool and
  /// to Int alike; a boolean's type code is `c`.
  private static func number(_ value: Any) -> NSNumber? {
    guard let number = value as? NSNumber, !isBoolean(number) else { return nil }
    return number
  }

  private static func isBoolean(_ value: Any) -> Bool {
    (value as? NSNumber).map { String(cString: $0.objCType) == "c" } ?? false
  }

  private static func has(_ value: Any, type: String) -> Bool {
    switch type {
    case "object": value is [String: Any]
    case "array": value is [Any]
    case "string": value is String
    case "integer": number(value).map { $0.doubleValue.rounded() == $0.doubleValue } ?? false
    case "number": number(value) != nil
    case "boolean": isBoolean(value)
    default: false
    }
  }

  private static func equal(_ lhs: Any, _ rhs: Any) -> Bool {
    if let lhs = lhs as? String, let rhs = rhs as? String { return lhs == rhs }
    if let lhs = number(lhs), let rhs = number(rhs) { return lhs.doubleValue == rhs.doubleValue }
    return false
  }
}
