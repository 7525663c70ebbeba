/// A parsed YAML (or JSON) document. Nodes live in one array and refer to each other by index, so an
/// alias is a reference to its anchor's node and never a copy of it.
public struct YAMLDocument: Sendable {
  public typealias NodeID = Int

  public enum ScalarStyle: Sendable {
    case plain, singleQuoted, doubleQuoted, literal, folded
  }

  public enum Content: Sendable {
    /// A scalar's explicit tag (`!!str`, rare) is kept beside the nodes: `YAMLDocument.tag(of:)`.
    case scalar(String, ScalarStyle)
    case sequence([NodeID])
    case mapping([(key: NodeID, value: NodeID)])
    case alias(target: NodeID)
  }

  public struct Node: Sendable {
    public var content: Content
    // 32-bit offsets and no tag keep a node at 32 bytes: a large manifest has a node per 15 bytes of text.
    private var storedStart: UInt32
    private var storedEnd: UInt32

    public var start: Int {
      get { Int(storedStart) }
      set { storedStart = UInt32(clamping: newValue) }
    }
    public var end: Int {
      get { Int(storedEnd) }
      set { storedEnd = UInt32(clamping: newValue) }
    }

    public init(content: Content, start: Int, end: Int) {
      self.content = content
      self.storedStart = UInt32(clamping: start)
      self.storedEnd = UInt32(clamping: end)
    }
  }

  public let source: SourceText
  public internal(set) var nodes: [Node] = []
  public internal(set) var root: NodeID?
  /// The explicit tags of the scalars that have one.
  public internal(set) var tags: [NodeID: String] = [:]
  /// Whether any node is an alias. Without one, every node is reached from exactly one place.
  public internal(set) var containsAliases = false

  public init(source: SourceText) { self.source = source }

  /// Sizes the node array for a text of `byteCount` bytes before it is read: manifests hold a node per
  /// 15 to 20 bytes, and growing by doubling copied the array (megabytes on a large manifest) a dozen times.
  mutating func reserveNodes(forBytes byteCount: Int) { nodes.reserveCapacity(byteCount / 12 + 16) }

  /// Up to half of the node array can be spare capacity (it grows by doubling past its reservation)
  /// that would stay allocated for the whole run.
  mutating func releaseUnusedNodeCapacity() {
    guard nodes.capacity - nodes.count > max(4096, nodes.capacity / 4) else { return }
    var exact: [Node] = []
    exact.reserveCapacity(nodes.count)
    exact.append(contentsOf: nodes)
    nodes = exact
  }

  /// Follows aliases to the node that holds the content.
  public func resolve(_ id: NodeID) -> NodeID {
    var current = id
    // Aliases only point at completed nodes, so a chain ends, but never loop on a corrupt document.
    for _ in 0..<nodes.count {
      guard case .alias(let target) = nodes[current].content else { return current }
      current = target
    }
    return current
  }

  public func span(of id: NodeID) -> SourceSpan {
    SourceSpan(file: source, start: nodes[id].start, end: nodes[id].end)
  }

  public func content(of id: NodeID) -> Content { nodes[resolve(id)].content }

  /// The explicit tag of the scalar `id` is or refers to, if it has one.
  public func tag(of id: NodeID) -> String? { tags.isEmpty ? nil : tags[resolve(id)] }

  /// A pointer with list indexes replaced by what the item is called (a widget's kind, a target's
  /// name, a scalar item's text), so that it survives reordering: the identity of a finding. For many
  /// pointers, one `StablePaths` serves them all.
  public func stablePath(for pointer: JSONPointer) -> String {
    var paths = StablePaths(document: self)
    return paths.path(for: pointer)
  }

  /// The scalar text of a node, nil for collections.
  public func scalarText(_ id: NodeID) -> String? {
    if case .scalar(let text, _) = content(of: id) { return text }
    return nil
  }
}

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

/// Stable paths (`YAMLDocument.stablePath(for:)`) for the pointers of many findings in one document. A
/// wide mapping gets a key table the first time a path goes through it, so n findings under a mapping of
/// n keys cost O(n), not O(n²).
public struct StablePaths {
  public let document: YAMLDocument
  private var keyTables: [YAMLDocument.NodeID: [String: YAMLDocument.NodeID]] = [:]
  /// Mappings up to this many keys are searched, not indexed: most are small.
  private static let searchedWidth = 8

  public init(document: YAMLDocument) { self.document = document }

  public mutating func path(for pointer: JSONPointer) -> String {
    var path = ""
    var node = document.root
    for token in pointer.tokens {
      guard let current = node else {
        path += "/" + token
        continue
      }
      let resolved = document.resolve(current)
      switch document.nodes[resolved].content {
      case .mapping(let pairs):
        node = value(for: token, in: pairs, of: resolved)
        path += "/" + token
      case .sequence(let items):
        guard let index = Int(token), items.indices.contains(index) else {
          node = nil
          path += "/" + token
          continue
        }
        node = items[index]
        path += "/" + (itemName(items[index]).map { "[\($0)]" } ?? token)
      default:
        node = nil
        path += "/" + token
      }
    }
    return path
  }

  /// The value of the last pair with this key, as YAML readers keep the last of duplicate keys.
  private mutating func value(
    for key: String, in pairs: [(key: YAMLDocument.NodeID, value: YAMLDocument.NodeID)], of mapping: YAMLDocument.NodeID
  ) -> YAMLDocument.NodeID? {
    guard pairs.count > Self.searchedWidth else { return pairs.last { document.scalarText($0.key) == key }?.value }
    if let table = keyTables[mapping] { return table[key] }
    var table: [String: YAMLDocument.NodeID] = [:]
    table.reserveCapacity(pairs.count)
    for pair in pairs {
      if let text = document.scalarText(pair.key) { table[text] = pair.value }
    }
    keyTables[mapping] = table
    return table[key]
  }

  private mutating func itemName(_ id: YAMLDocument.NodeID) -> String? {
    let resolved = document.resolve(id)
    switch document.nodes[resolved].content {
    case .scalar(let text, _): return text
    case .mapping(let pairs):
      for key in ["kind", "name", "targetName"] {
        if let value = value(for: key, in: pairs, of: resolved), let name = document.scalarText(value) {
          return name
        }
      }
      return nil
    default: return nil
    }
  }
}
