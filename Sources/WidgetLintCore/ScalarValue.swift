/// A scalar's value under the YAML 1.2 core schema, which JSON shares.
public enum ScalarValue: Equatable, Sendable {
  case null
  case bool(Bool)
  case int(Int)
  case float(Double)
  case string(String)

  public init(text: String, style: YAMLDocument.ScalarStyle, tag: String?) {
    if let tag {
      switch tag {
      case "tag:yaml.org,2002:str", "!": self = .string(text)
      case "tag:yaml.org,2002:null": self = .null
      case "tag:yaml.org,2002:bool": self = Self.resolvePlain(text)
      case "tag:yaml.org,2002:int", "tag:yaml.org,2002:float": self = Self.resolvePlain(text)
      default: self = .string(text)
      }
      return
    }
    guard style == .plain else {
      self = .string(text)
      return
    }
    self = Self.resolvePlain(text)
  }

  private static func resolvePlain(_ text: String) -> ScalarValue {
    // Most plain scalars are words: one that starts with a letter other than those of null, true,
    // false (and .inf/.nan, which start with "."), is a string.
    let first = text.utf8.first ?? 0
    let startsNumber =
      first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: ".")
      || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first)
    // The special words are all at most 6 bytes long, and none starts with a digit.
    if text.utf8.count <= 6,
      startsKeyword(first) || (startsNumber && !isDigit(first)) || first == UInt8(ascii: "~") || text.isEmpty
    {
      switch text {
      case "", "~", "null", "Null", "NULL": return .null
      case "true", "True", "TRUE": return .bool(true)
      case "false", "False", "FALSE": return .bool(false)
      case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .float(.infinity)
      case "-.inf", "-.Inf", "-.INF": return .float(-.infinity)
      case ".nan", ".NaN", ".NAN": return .float(.nan)
      default: break
      }
    }
    guard startsNumber else { return .string(text) }
    var utf8 = text
    let (integer, float) = utf8.withUTF8 { (isDecimalInteger($0), isFloat($0)) }
    if integer {
      if let value = Int(text.hasPrefix("+") ? String(text.dropFirst()) : text) { return .int(value) }
      return .float(Double(text) ?? .infinity)
    }
    if text.hasPrefix("0x"), let value = Int(text.dropFirst(2), radix: 16) { return .int(value) }
    if text.hasPrefix("0o"), let value = Int(text.dropFirst(2), radix: 8) { return .int(value) }
    if float, let value = Double(text) { return .float(value) }
    return .string(text)
  }

  /// The first letters of null, true and false.
  private static func startsKeyword(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "t"), UInt8(ascii: "T"), UInt8(ascii: "f"),
      UInt8(ascii: "F"):
      return true
    default:
      return false
    }
  }

  private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

  /// The length of the optional sign at the start.
  private static func signLength(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    guard let first = bytes.first else { return 0 }
    return first == UInt8(ascii: "-") || first == UInt8(ascii: "+") ? 1 : 0
  }

  private static func isDecimalInteger(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let start = signLength(bytes)
    return start < bytes.count && bytes[start...].allSatisfy(isDigit)
  }

  private static func isFloat(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    // [-+]? ( \.[0-9]+ | [0-9]+ ( \.[0-9]* )? ) ( [eE] [-+]? [0-9]+ )?
    var index = signLength(bytes)
    func digits() -> Int {
      let first = index
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
      return index - first
    }
    let integerDigits = digits()
    var fractionDigits = 0
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      fractionDigits = digits()
    }
    guard integerDigits > 0 || fractionDigits > 0 else { return false }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
      guard digits() > 0 else { return false }
    }
    return index == bytes.count
  }

  /// Plain words that YAML 1.1 parsers (PyYAML, Ruby, older tools) read as booleans.
  public static func isYAML11Boolean(_ text: String) -> Bool {
    guard text.utf8.count <= 3 else { return false }
    return ["y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO", "on", "On", "ON", "off", "Off", "OFF"]
      .contains(text)
  }

  public var typeName: String {
    switch self {
    case .null: return "null"
    case .bool: return "a boolean"
    case .int: return "an integer"
    case .float: return "a number"
    case .string: return "a string"
    }
  }
}
