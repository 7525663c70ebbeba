import CYaml
import WidgetLintCore

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

  /// From this size on, libyaml parses on a thread of its own while the document is built: on a small
  /// input, starting a thread costs more than it saves.
  package let concurrentParseSize: Int

  public init(limits: Limits = Limits()) { self.init(limits: limits, concurrentParseSize: 64 * 1024) }

  package init(limits: Limits, concurrentParseSize: Int) {
    self.limits = limits
    self.concurrentParseSize = concurrentParseSize
  }

  public func parse(_ source: SourceText) -> (document: YAMLDocument, problems: [ReadingProblem]) {
    var builder = Builder(source: source, limits: limits)
    if let encoding = Self.wideEncoding(source.bytes) {
      builder.problem(
        "the file is \(encoding); widgetlint reads UTF-8 (as do EAS and Xcode's YAML tools): save it as UTF-8",
        at: 0, end: min(source.bytes.count, encoding.hasPrefix("UTF-32") ? 4 : 2))
      return (builder.document, builder.problems)
    }
    if source.looksBinary {
      builder.problem("binary file: widgetlint reads YAML or JSON text, and this file holds NUL bytes", at: 0, end: 0)
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
    builder.document.reserveNodes(forBytes: body.count)
    body.withUnsafeBufferPointer { buffer in
      guard let reader = YAMLEventReader(source: source, input: buffer) else {
        builder.problem("libyaml could not start (out of memory)", at: 0, end: 0)
        return
      }
      reader.forEachBatch(concurrently: buffer.count >= concurrentParseSize) { builder.consume($0) }
    }
    builder.document.releaseUnusedNodeCapacity()
    return (builder.document, builder.problems)
  }

  /// UTF-16 and UTF-32 text, recognised by its byte order mark or the zero bytes of its first character.
  package static func wideEncoding(_ bytes: [UInt8]) -> String? {
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
    var problems: [ReadingProblem] = []
    let limits: Limits
    var stack: [Frame] = []
    var children: [YAMLDocument.NodeID] = []
    var anchors: [String: YAMLDocument.NodeID] = [:]
    var openAnchors: Set<String> = []
    var aliasCount = 0
    var documentCount = 0
    /// The last quoted scalar read, from its opening quote to past its closing one: a syntax error right
    /// after one that ran over lines is most likely a quote left open.
    var lastQuotedScalar: (start: Int, end: Int)?

    init(source: SourceText, limits: Limits) {
      self.document = YAMLDocument(source: source)
      self.limits = limits
    }

    var source: SourceText { document.source }

    mutating func problem(
      _ message: String, at start: Int, end: Int, rule: ReadingProblem.Kind = .syntax,
      pointer: JSONPointer = .root, related: [RelatedLocation] = [], fix: Fix? = nil
    ) {
      problems.append(
        ReadingProblem(
          kind: rule, message: message, span: SourceSpan(file: source, start: start, end: end),
          pointer: pointer, related: related, fix: fix))
    }

    /// Returns false when reading must stop.
    mutating func consume(_ batch: YAMLEventBatch) -> Bool {
      let keepGoing = batch.bytes.withUnsafeBufferPointer { bytes in
        for event in batch.events where !handle(event, bytes: bytes) { return false }
        return true
      }
      guard keepGoing else { return false }
      if let error = batch.syntaxError {
        reportSyntaxError(error)
        return false
      }
      return true
    }

    mutating func reportSyntaxError(_ error: YAMLEventBatch.SyntaxError) {
      var message = error.problem
      if let context = error.context {
        let contextLine = source.position(atOffset: error.contextOffset).line
        message = "\(error.problem) \(context) (line \(contextLine))"
      }
      // A quote that is never closed runs to the end of the file (or of the document): libyaml's problem
      // is found there, and the quote that opened the string is where the mistake is.
      let opening = error.contextOffset
      if error.context == "while scanning a quoted scalar", opening < source.bytes.count,
        source.bytes[opening] == UInt8(ascii: "\"") || source.bytes[opening] == UInt8(ascii: "'"),
        error.problem.hasPrefix("found unexpected end of stream")
          || error.problem.hasPrefix("found unexpected document indicator")
      {
        let quote = Character(Unicode.Scalar(source.bytes[opening]))
        problem(
          "unclosed quote: the string opened here with \(quote) has no closing \(quote)", at: opening, end: opening + 1)
        return
      }
      let at = error.problemOffset
      // A quote left open is closed by the next quote, lines later, and libyaml fails on what follows
      // that one (`did not find expected key`): the quote that opened the string is the mistake.
      if let quoted = lastQuotedScalar, quoted.end <= at, quoted.start < source.bytes.count {
        let opened = source.position(atOffset: quoted.start).line
        let closed = source.position(atOffset: max(quoted.start, quoted.end - 1)).line
        if opened < closed, source.position(atOffset: at).line == closed {
          let quote = Character(Unicode.Scalar(source.bytes[quoted.start]))
          problem(
            "unclosed quote: the string opened here with \(quote) runs on to the \(quote) on line \(closed), and what follows that cannot be read",
            at: quoted.start, end: quoted.start + 1)
          return
        }
      }
      let end = at < source.bytes.count ? at + SourceText.scalarWidth(source.bytes[at]) : at
      // libyaml names the token it could not start; the usual cause is an editor's tab indentation.
      if at < source.bytes.count, source.bytes[at] == UInt8(ascii: "\t") {
        message = "tabs cannot indent YAML; use spaces"
      }
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

    mutating func handle(_ event: YAMLEvent, bytes: UnsafeBufferPointer<UInt8>) -> Bool {
      let start = event.start
      let end = event.end
      switch event.kind {
      case .documentStart:
        documentCount += 1
        if documentCount > 1 {
          problem(
            "a manifest holds one YAML document, but a second one starts here; split it into its own file",
            at: start, end: max(end, start + 1))
          return false
        }
      case .scalar:
        lastQuotedScalar = event.style == .doubleQuoted || event.style == .singleQuoted ? (start, end) : nil
        let text = Self.text(event.text, in: bytes)
        let id = add(.scalar(text, event.style), start: start, end: end)
        if let tag = event.tag { document.tags[id] = Self.text(tag, in: bytes) }
        if let anchor = event.anchor { anchors[Self.text(anchor, in: bytes)] = id }
        attach(id)
      case .alias:
        let name = event.anchor.map { Self.text($0, in: bytes) } ?? ""
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
        document.containsAliases = true
        attach(add(.alias(target: target), start: start, end: end))
      case .sequenceStart, .mappingStart:
        guard stack.count < limits.maxDepth else {
          problem(
            "nesting deeper than \(limits.maxDepth) levels; widgetlint stops reading here",
            at: start, end: max(end, start + 1), pointer: currentPointer)
          return false
        }
        let isMapping = event.kind == .mappingStart
        let anchor = event.anchor.map { Self.text($0, in: bytes) }
        if let anchor { openAnchors.insert(anchor) }
        let id = add(isMapping ? .mapping([]) : .sequence([]), start: start, end: end)
        stack.append(Frame(node: id, isMapping: isMapping, anchor: anchor, firstChild: children.count))
      case .sequenceEnd, .mappingEnd:
        guard let frame = stack.last else { return true }
        if frame.isMapping {
          let pairs = takeChildPairs(from: frame.firstChild)
          document.nodes[frame.node].content = .mapping(pairs)
          reportDuplicateKeys(pairs, depth: stack.count - 1)
        } else {
          document.nodes[frame.node].content = .sequence(Array(children[frame.firstChild...]))
          children.removeLast(children.count - frame.firstChild)
        }
        stack.removeLast()
        document.nodes[frame.node].end = max(end, document.nodes[frame.node].start)
        if let anchor = frame.anchor {
          openAnchors.remove(anchor)
          anchors[anchor] = frame.node
        }
        attach(frame.node)
      }
      return true
    }

    static func text(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> String {
      String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// Removes a mapping's children from the child stack, as (key, value) pairs.
    mutating func takeChildPairs(from first: Int) -> [(key: YAMLDocument.NodeID, value: YAMLDocument.NodeID)] {
      var pairs: [(key: YAMLDocument.NodeID, value: YAMLDocument.NodeID)] = []
      pairs.reserveCapacity((children.count - first) / 2)
      var index = first
      while index + 1 < children.count {
        pairs.append((key: children[index], value: children[index + 1]))
        index += 2
      }
      children.removeLast(children.count - first)
      return pairs
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
      // Most mappings are small: comparing pairs beats building a dictionary for each, and their keys
      // fit on the stack (an array for each mapping had cost as much as the comparisons).
      if pairs.count <= 12 {
        let unique = withUnsafeTemporaryAllocation(of: String?.self, capacity: pairs.count) { keys in
          for (index, pair) in pairs.enumerated() {
            keys.initializeElement(at: index, to: document.scalarText(pair.key))
          }
          defer { _ = keys.deinitialize() }
          for index in keys.indices where keys[index] != nil {
            if keys[..<index].contains(keys[index]) { return false }
          }
          return true
        }
        if unique { return }
      }
      let mappingPointer = pointer(ofChildAtDepth: depth)
      var firstKeys = FirstOccurrences<String, Int>(expectedCount: pairs.count)
      for (index, pair) in pairs.enumerated() {
        guard let key = document.scalarText(pair.key) else { continue }
        if let firstIndex = firstKeys.earlier(than: index, for: key) {
          let first = pairs[firstIndex].key
          let keySpan = document.span(of: pair.key)
          problem(
            "key '\(key)' appears twice in this mapping; the later value replaces the earlier one",
            at: keySpan.start, end: keySpan.end, rule: .duplicateKey,
            pointer: mappingPointer.appending(key),
            related: [RelatedLocation("'\(key)' first set here", at: document.span(of: first))],
            fix: DuplicateEntryRemoval(document: document).fix(removing: index, repeating: firstIndex, in: pairs))
        }
      }
    }
  }
}
