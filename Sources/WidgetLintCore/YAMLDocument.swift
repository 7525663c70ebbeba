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
    @usableFromInline var storedStart: UInt32
    @usableFromInline var storedEnd: UInt32

    public var start: Int {
      @inlinable get { Int(storedStart) }
      @inlinable set { storedStart = UInt32(clamping: newValue) }
    }
    public var end: Int {
      @inlinable get { Int(storedEnd) }
      @inlinable set { storedEnd = UInt32(clamping: newValue) }
    }

    @inlinable public init(content: Content, start: Int, end: Int) {
      self.content = content
      self.storedStart = UInt32(clamping: start)
      self.storedEnd = UInt32(clamping: end)
    }
  }

  public let source: SourceText
  public package(set) var nodes: [Node] = []
  public package(set) var root: NodeID?
  /// The explicit tags of the scalars that have one.
  public package(set) var tags: [NodeID: String] = [:]
  /// Whether any node is an alias. Without one, every node is reached from exactly one place.
  public package(set) var containsAliases = false

  public init(source: SourceText) { self.source = source }

  /// Sizes the node array for a text of `byteCount` bytes before it is read: manifests hold a node per
  /// 15 to 20 bytes, and growing by doubling copied the array (megabytes on a large manifest) a dozen times.
  package mutating func reserveNodes(forBytes byteCount: Int) { nodes.reserveCapacity(byteCount / 12 + 16) }

  /// Up to half of the node array can be spare capacity (it grows by doubling past its reservation)
  /// that would stay allocated for the whole run.
  package mutating func releaseUnusedNodeCapacity() {
    guard nodes.capacity - nodes.count > max(4096, nodes.capacity / 4) else { return }
    var exact: [Node] = []
    exact.reserveCapacity(nodes.count)
    exact.append(contentsOf: nodes)
    nodes = exact
  }

  /// Follows aliases to the node that holds the content.
  @inlinable public func resolve(_ id: NodeID) -> NodeID {
    var current = id
    // Aliases only point at completed nodes, so a chain ends, but never loop on a corrupt document.
    for _ in 0..<nodes.count {
      guard case .alias(let target) = nodes[current].content else { return current }
      current = target
    }
    return current
  }

  @inlinable public func span(of id: NodeID) -> SourceSpan {
    SourceSpan(file: source, start: nodes[id].start, end: nodes[id].end)
  }

  @inlinable public func content(of id: NodeID) -> Content { nodes[resolve(id)].content }

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
