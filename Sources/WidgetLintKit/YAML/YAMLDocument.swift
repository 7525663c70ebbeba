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

  /// The node array grows by doubling while a document is read, so up to half of it can be spare
  /// capacity that would stay allocated for the whole run (megabytes on a large manifest).
  mutating func releaseUnusedNodeCapacity() {
    guard nodes.capacity - nodes.count > 4096 else { return }
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
    if let first = text.utf8.first, (0x41...0x5A).contains(first) || (0x61...0x7A).contains(first),
      !"nNtTfF".utf8.contains(first)
    {
      return .string(text)
    }
    // The special words are all at most 6 bytes long.
    guard text.utf8.count <= 6 || !"nNtTfF".utf8.contains(text.utf8.first ?? 0) else { return .string(text) }
    switch text {
    case "", "~", "null", "Null", "NULL": return .null
    case "true", "True", "TRUE": return .bool(true)
    case "false", "False", "FALSE": return .bool(false)
    case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .float(.infinity)
    case "-.inf", "-.Inf", "-.INF": return .float(-.infinity)
    case ".nan", ".NaN", ".NAN": return .float(.nan)
    default: break
    }
    guard let first = text.utf8.first,
      first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: ".")
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first)
    else { return .string(text) }
    if isDecimalInteger(text) {
      if let value = Int(text.hasPrefix("+") ? String(text.dropFirst()) : text) { return .int(value) }
      return .float(Double(text) ?? .infinity)
    }
    if text.hasPrefix("0x"), let value = Int(text.dropFirst(2), radix: 16) { return .int(value) }
    if text.hasPrefix("0o"), let value = Int(text.dropFirst(2), radix: 8) { return .int(value) }
    if isFloat(text), let value = Double(text) { return .float(value) }
    return .string(text)
  }

  private static func isDecimalInteger(_ text: String) -> Bool {
    var digits = Substring(text)
    if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
    return !digits.isEmpty && digits.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
  }

  private static func isFloat(_ text: String) -> Bool {
    // [-+]? ( \.[0-9]+ | [0-9]+ ( \.[0-9]* )? ) ( [eE] [-+]? [0-9]+ )?
    var chars = Substring(text).utf8[...]
    func digits() -> Int {
      var count = 0
      while let c = chars.first, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c) {
        chars = chars.dropFirst()
        count += 1
      }
      return count
    }
    if chars.first == UInt8(ascii: "-") || chars.first == UInt8(ascii: "+") { chars = chars.dropFirst() }
    let integerDigits = digits()
    var fractionDigits = 0
    if chars.first == UInt8(ascii: ".") {
      chars = chars.dropFirst()
      fractionDigits = digits()
    }
    guard integerDigits > 0 || fractionDigits > 0 else { return false }
    if chars.first == UInt8(ascii: "e") || chars.first == UInt8(ascii: "E") {
      chars = chars.dropFirst()
      if chars.first == UInt8(ascii: "-") || chars.first == UInt8(ascii: "+") { chars = chars.dropFirst() }
      guard digits() > 0 else { return false }
    }
    return chars.isEmpty
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
