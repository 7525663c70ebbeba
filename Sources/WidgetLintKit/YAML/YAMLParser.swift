import CYaml

/// Builds a `YAMLDocument` from libyaml's event stream, keeping every node's exact byte range.
/// Problems (syntax errors, duplicate keys, limits) are returned as observations, never thrown.
public struct YAMLParser {
  public struct Limits: Sendable {
    public var maxDepth: Int
    public var maxAliases: Int

    public init(maxDepth: Int = 200, maxAliases: Int = 1_000) {
      self.maxDepth = maxDepth
      self.maxAliases = maxAliases
    }
  }

  public static let syntaxRule = "yaml-syntax"
  public static let duplicateKeyRule = "duplicate-key"

  /// A collection being read. Its children sit on the builder's shared child stack from
  /// `firstChild` on (a mapping's as key, value, key, value), so reading a collection allocates only
  /// its final, exactly sized child array.
  private struct Frame {
    var node: YAMLDocument.NodeID
    var isMapping: Bool
    var anchor: String?
    var firstChild: Int
  }

  public let limits: Limits

  public init(limits: Limits = Limits()) { self.limits = limits }

  public func parse(_ source: SourceText) -> (document: YAMLDocument, problems: [Observation]) {
    var builder = Builder(source: source, limits: limits)
    if let encoding = Self.wideEncoding(source.bytes) {
      builder.problem(
        "the file is \(encoding); widgetlint reads UTF-8 (as do EAS and Xcode's YAML tools): save it as UTF-8",
        at: 0, end: min(source.bytes.count, encoding.hasPrefix("UTF-32") ? 4 : 2))
      return (builder.document, builder.problems)
    }
    if !source.isASCII, let invalid = SourceText.firstInvalidUTF8Offset(source.bytes) {
      let byte = source.bytes[invalid]
      builder.problem(
        "the file is not valid UTF-8 (byte 0x\(String(byte, radix: 16, uppercase: true)) cannot start a character here); save it as UTF-8",
        at: invalid, end: invalid + 1)
      return (builder.document, builder.problems)
    }
    let body = source.bytes[source.byteOrderMarkLength...]
    body.withUnsafeBufferPointer { buffer in
      var parser = yaml_parser_t()
      guard yaml_parser_initialize(&parser) != 0 else {
        builder.problem("libyaml could not start (out of memory)", at: 0, end: 0)
        return
      }
      defer { yaml_parser_delete(&parser) }
      var empty: UInt8 = 0
      withUnsafeMutablePointer(to: &empty) { emptyPointer in
        let base = buffer.baseAddress ?? UnsafePointer(emptyPointer)
        yaml_parser_set_input_string(&parser, base, buffer.count)
        yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
        builder.run(&parser)
      }
    }
    builder.document.releaseUnusedNodeCapacity()
    return (builder.document, builder.problems)
  }

  /// UTF-16 and UTF-32 text, recognised by its byte order mark or the zero bytes of its first character.
  static func wideEncoding(_ bytes: [UInt8]) -> String? {
    if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) {
      return "UTF-32 text"
    }
    if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) { return "UTF-16 text" }
    if bytes.count >= 2, bytes[0] != 0, bytes[1] == 0 { return "UTF-16 text without a byte order mark" }
    if bytes.count >= 2, bytes[0] == 0, bytes[1] != 0 { return "UTF-16 text without a byte order mark" }
    return nil
  }

  private struct Builder {
    var document: YAMLDocument
    var problems: [Observation] = []
    let limits: Limits
    var stack: [Frame] = []
    var children: [YAMLDocument.NodeID] = []
    var anchors: [String: YAMLDocument.NodeID] = [:]
    var openAnchors: Set<String> = []
    var aliasCount = 0
    var documentCount = 0

    init(source: SourceText, limits: Limits) {
      self.document = YAMLDocument(source: source)
      self.limits = limits
    }

    var source: SourceText { document.source }

    mutating func problem(
      _ message: String, at start: Int, end: Int, rule: String = YAMLParser.syntaxRule,
      pointer: JSONPointer = .root, related: [RelatedLocation] = []
    ) {
      problems.append(
        Observation(
          ruleID: rule, message: message, span: SourceSpan(file: source, start: start, end: end),
          pointer: pointer, related: related))
    }

    func offset(_ mark: yaml_mark_t) -> Int { source.offset(ofScalarIndex: Int(mark.index)) }

    /// Returns false when parsing must stop.
    mutating func run(_ parser: inout yaml_parser_t) {
      var event = yaml_event_t()
      while true {
        guard yaml_parser_parse(&parser, &event) != 0 else {
          reportParserError(parser)
          return
        }
        let keepGoing = handle(event)
        let done = event.type == YAML_STREAM_END_EVENT
        yaml_event_delete(&event)
        if !keepGoing || done { return }
      }
    }

    mutating func reportParserError(_ parser: yaml_parser_t) {
      let description = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
      var message = description
      if let context = parser.context.map({ String(cString: $0) }) {
        let contextLine = source.position(atOffset: offset(parser.context_mark)).line
        message = "\(description) \(context) (line \(contextLine))"
      }
      let at = offset(parser.problem_mark)
      let end = at < source.bytes.count ? at + SourceText.scalarWidth(source.bytes[at]) : at
      problem(message, at: at, end: end)
    }

    /// The pointer of the next node to attach. Made on demand, for problems only: the frames' child
    /// counts and pending keys are the path.
    var currentPointer: JSONPointer { pointer(ofChildAtDepth: stack.count) }

    /// The pointer of the node that is being read as a child of `stack[depth - 1]`.
    func pointer(ofChildAtDepth depth: Int) -> JSONPointer {
      var pointer = JSONPointer.root
      for index in 0..<depth {
        let frame = stack[index]
        let end = index + 1 < stack.count ? stack[index + 1].firstChild : children.count
        let count = end - frame.firstChild
        if frame.isMapping {
          guard count % 2 == 1 else { continue }
          pointer = pointer.appending(document.scalarText(children[end - 1]) ?? "?")
        } else {
          pointer = pointer.appending(count)
        }
      }
      return pointer
    }

    mutating func handle(_ event: yaml_event_t) -> Bool {
      let start = offset(event.start_mark)
      let end = offset(event.end_mark)
      switch event.type {
      case YAML_DOCUMENT_START_EVENT:
        documentCount += 1
        if documentCount > 1 {
          problem(
            "a manifest holds one YAML document, but a second one starts here; split it into its own file",
            at: start, end: max(end, start + 1))
          return false
        }
      case YAML_SCALAR_EVENT:
        let scalar = event.data.scalar
        let text = String(decoding: UnsafeBufferPointer(start: scalar.value, count: Int(scalar.length)), as: UTF8.self)
        let style: YAMLDocument.ScalarStyle
        switch scalar.style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: style = .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: style = .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: style = .literal
        case YAML_FOLDED_SCALAR_STYLE: style = .folded
        default: style = .plain
        }
        let id = add(.scalar(text, style), start: start, end: end)
        if let tag = scalar.tag { document.tags[id] = String(cString: tag) }
        if let anchor = scalar.anchor { anchors[String(cString: anchor)] = id }
        attach(id)
      case YAML_ALIAS_EVENT:
        let name = event.data.alias.anchor.map { String(cString: $0) } ?? ""
        aliasCount += 1
        if aliasCount > limits.maxAliases {
          problem(
            "more than \(limits.maxAliases) aliases in one document; widgetlint stops reading here (a manifest needs few)",
            at: start, end: end)
          return false
        }
        guard let target = anchors[name] else {
          let reason =
            openAnchors.contains(name)
            ? "alias *\(name) refers to a node that contains it; recursive structures are not allowed"
            : "alias *\(name) refers to no anchor &\(name) defined before it"
          problem(reason, at: start, end: end, pointer: currentPointer)
          attach(add(.scalar("", .plain), start: start, end: end))
          return true
        }
        attach(add(.alias(target: target), start: start, end: end))
      case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
        guard stack.count < limits.maxDepth else {
          problem(
            "nesting deeper than \(limits.maxDepth) levels; widgetlint stops reading here",
            at: start, end: max(end, start + 1), pointer: currentPointer)
          return false
        }
        let isMapping = event.type == YAML_MAPPING_START_EVENT
        let anchorPointer =
          isMapping ? event.data.mapping_start.anchor : event.data.sequence_start.anchor
        let anchor = anchorPointer.map { String(cString: $0) }
        if let anchor { openAnchors.insert(anchor) }
        let id = add(isMapping ? .mapping([]) : .sequence([]), start: start, end: end)
        stack.append(Frame(node: id, isMapping: isMapping, anchor: anchor, firstChild: children.count))
      case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
        guard let frame = stack.last else { return true }
        let own = children[frame.firstChild...]
        if frame.isMapping {
          var pairs: [(key: YAMLDocument.NodeID, value: YAMLDocument.NodeID)] = []
          pairs.reserveCapacity(own.count / 2)
          var index = own.startIndex
          while index + 1 < own.endIndex {
            pairs.append((key: own[index], value: own[index + 1]))
            index += 2
          }
          document.nodes[frame.node].content = .mapping(pairs)
          reportDuplicateKeys(pairs, depth: stack.count - 1)
        } else {
          document.nodes[frame.node].content = .sequence(Array(own))
        }
        children.removeSubrange(frame.firstChild...)
        stack.removeLast()
        document.nodes[frame.node].end = max(end, document.nodes[frame.node].start)
        if let anchor = frame.anchor {
          openAnchors.remove(anchor)
          anchors[anchor] = frame.node
        }
        attach(frame.node)
      default:
        break
      }
      return true
    }

    mutating func add(_ content: YAMLDocument.Content, start: Int, end: Int) -> YAMLDocument.NodeID {
      document.nodes.append(YAMLDocument.Node(content: content, start: start, end: end))
      return document.nodes.count - 1
    }

    mutating func attach(_ id: YAMLDocument.NodeID) {
      guard !stack.isEmpty else {
        if document.root == nil { document.root = id }
        return
      }
      // A collection is attached to its parent when it ends, not when it starts.
      if id == stack[stack.count - 1].node { return }
      children.append(id)
    }

    mutating func reportDuplicateKeys(_ pairs: [(key: YAMLDocument.NodeID, value: YAMLDocument.NodeID)], depth: Int) {
      guard pairs.count > 1 else { return }
      // Most mappings are small: comparing pairs beats building a dictionary for each.
      if pairs.count <= 12 {
        let keys = pairs.map { document.scalarText($0.key) }
        var unique = true
        for index in keys.indices where keys[index] != nil {
          if keys[..<index].contains(keys[index]) {
            unique = false
            break
          }
        }
        if unique { return }
      }
      let mappingPointer = pointer(ofChildAtDepth: depth)
      var firstKeys = FirstOccurrences<String, YAMLDocument.NodeID>(expectedCount: pairs.count)
      for pair in pairs {
        guard let key = document.scalarText(pair.key) else { continue }
        if let first = firstKeys.earlier(than: pair.key, for: key) {
          let keySpan = document.span(of: pair.key)
          problem(
            "key '\(key)' appears twice in this mapping; the later value replaces the earlier one",
            at: keySpan.start, end: keySpan.end, rule: YAMLParser.duplicateKeyRule,
            pointer: mappingPointer.appending(key),
            related: [RelatedLocation("'\(key)' first set here", at: document.span(of: first))])
        }
      }
    }
  }
}
