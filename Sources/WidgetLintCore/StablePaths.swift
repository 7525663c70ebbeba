/// Stable paths (`YAMLDocument.stablePath(for:)`) for the pointers of many findings in one document. A
/// wide mapping gets a key table the first time a path goes through it, so n findings under a mapping of
/// n keys cost O(n), not O(n²).
public struct StablePaths: Sendable {
  public let document: YAMLDocument
  private var keyTables: [YAMLDocument.NodeID: [String: YAMLDocument.NodeID]] = [:]
  /// Mappings up to this many keys are searched, not indexed: most are small.
  private static let searchedWidth = 8

  public init(document: YAMLDocument) { self.document = document }

  public mutating func path(for pointer: JSONPointer) -> String {
    var path = ""
    var node = document.root
    pointer.forEachToken { token in
      path.append("/")
      guard let current = node else {
        path.append(token)
        return
      }
      let resolved = document.resolve(current)
      switch document.nodes[resolved].content {
      case .mapping(let pairs):
        node = value(for: token, in: pairs, of: resolved)
        path.append(token)
      case .sequence(let items):
        guard let index = Int(token), items.indices.contains(index) else {
          node = nil
          path.append(token)
          return
        }
        node = items[index]
        if let name = itemName(items[index]) {
          path.append("[")
          path.append(name)
          path.append("]")
        } else {
          path.append(token)
        }
      default:
        node = nil
        path.append(token)
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
