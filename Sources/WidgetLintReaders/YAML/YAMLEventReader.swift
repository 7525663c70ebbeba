import CYaml
import Foundation
import WidgetLintCore

/// libyaml's event parser over one input, read a batch at a time. Used by one thread at a time.
package final class YAMLEventReader: @unchecked Sendable {
  // Unchecked: it is handed to the parsing thread whole, and only that thread touches it until the
  // parse ends; libyaml's parser state cannot be shared, so no lock could make it safe to share.
  private let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
  private let source: SourceText
  private var finished = false
  private var placeholder: UnsafeMutablePointer<UInt8>?

  /// `input` must stay valid until the last batch is read.
  package init?(source: SourceText, input: UnsafeBufferPointer<UInt8>) {
    self.source = source
    guard yaml_parser_initialize(parser) != 0 else {
      parser.deallocate()
      return nil
    }
    if let base = input.baseAddress {
      yaml_parser_set_input_string(parser, base, input.count)
    } else {
      // An empty array has no storage, but libyaml wants a pointer; it reads no byte through it.
      let placeholder = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
      self.placeholder = placeholder
      yaml_parser_set_input_string(parser, placeholder, 0)
    }
    yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
  }

  deinit {
    yaml_parser_delete(parser)
    parser.deallocate()
    placeholder?.deallocate()
  }

  private func offset(_ mark: yaml_mark_t) -> Int { source.offset(ofScalarIndex: Int(mark.index)) }

  /// The next events. `spare`, a batch that has been read, is filled again: its arrays keep their
  /// storage, so a large file's batches cost no fresh memory each.
  package func nextBatch(
    maxEvents: Int = BatchSizes.full, reusing spare: consuming YAMLEventBatch? = nil
  ) -> YAMLEventBatch {
    // A spare is never a last batch, so it carries no error: emptying its arrays makes it new.
    var batch = spare.take() ?? YAMLEventBatch()
    batch.events.removeAll(keepingCapacity: true)
    batch.bytes.removeAll(keepingCapacity: true)
    guard !finished else {
      batch.isLast = true
      return batch
    }
    batch.events.reserveCapacity(maxEvents)
    var event = yaml_event_t()
    while batch.events.count < maxEvents {
      guard yaml_parser_parse(parser, &event) != 0 else {
        let failed = parser.pointee
        batch.syntaxError = YAMLEventBatch.SyntaxError(
          problem: failed.problem.map { String(cString: $0) } ?? "invalid YAML",
          context: failed.context.map { String(cString: $0) },
          contextOffset: offset(failed.context_mark), problemOffset: offset(failed.problem_mark))
        finished = true
        batch.isLast = true
        return batch
      }
      defer { yaml_event_delete(&event) }
      if event.type == YAML_STREAM_END_EVENT {
        finished = true
        batch.isLast = true
        return batch
      }
      if let copied = copy(event, into: &batch.bytes) { batch.events.append(copied) }
    }
    return batch
  }

  private func copy(_ event: yaml_event_t, into bytes: inout [UInt8]) -> YAMLEvent? {
    let start = offset(event.start_mark)
    let end = offset(event.end_mark)
    func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> Range<Int>? {
      guard let pointer else { return nil }
      let first = bytes.count
      let length = strlen(UnsafeRawPointer(pointer).assumingMemoryBound(to: CChar.self))
      bytes.append(contentsOf: UnsafeBufferPointer(start: pointer, count: length))
      return first..<bytes.count
    }
    switch event.type {
    case YAML_DOCUMENT_START_EVENT:
      return YAMLEvent(kind: .documentStart, start: start, end: end)
    case YAML_SCALAR_EVENT:
      let scalar = event.data.scalar
      let first = bytes.count
      bytes.append(contentsOf: UnsafeBufferPointer(start: scalar.value, count: Int(scalar.length)))
      let style: YAMLDocument.ScalarStyle
      switch scalar.style {
      case YAML_SINGLE_QUOTED_SCALAR_STYLE: style = .singleQuoted
      case YAML_DOUBLE_QUOTED_SCALAR_STYLE: style = .doubleQuoted
      case YAML_LITERAL_SCALAR_STYLE: style = .literal
      case YAML_FOLDED_SCALAR_STYLE: style = .folded
      default: style = .plain
      }
      return YAMLEvent(
        kind: .scalar, style: style, start: start, end: end, text: first..<bytes.count, anchor: string(scalar.anchor),
        tag: string(scalar.tag))
    case YAML_ALIAS_EVENT:
      return YAMLEvent(kind: .alias, start: start, end: end, anchor: string(event.data.alias.anchor))
    case YAML_SEQUENCE_START_EVENT:
      return YAMLEvent(kind: .sequenceStart, start: start, end: end, anchor: string(event.data.sequence_start.anchor))
    case YAML_MAPPING_START_EVENT:
      return YAMLEvent(kind: .mappingStart, start: start, end: end, anchor: string(event.data.mapping_start.anchor))
    case YAML_SEQUENCE_END_EVENT:
      return YAMLEvent(kind: .sequenceEnd, start: start, end: end)
    case YAML_MAPPING_END_EVENT:
      return YAMLEvent(kind: .mappingEnd, start: start, end: end)
    default:
      return nil
    }
  }

  /// Reads every batch and hands each to `consume` until it returns false or the stream ends. On a large
  /// input libyaml runs on a thread of its own, a few batches ahead of `consume`.
  package func forEachBatch(concurrently: Bool, _ consume: (YAMLEventBatch) -> Bool) {
    guard concurrently else {
      var sizes = BatchSizes()
      var spare: YAMLEventBatch?
      while true {
        let batch = nextBatch(maxEvents: sizes.next(), reusing: spare.take())
        if !consume(batch) || batch.isLast { return }
        spare = batch
      }
    }
    let queue = BatchQueue(capacity: 8)
    let producerFinished = DispatchSemaphore(value: 0)
    let thread = Thread { [self] in
      var sizes = BatchSizes()
      while true {
        let batch = nextBatch(maxEvents: sizes.next(), reusing: queue.spare())
        let isLast = batch.isLast
        if !queue.put(batch) || isLast { break }
      }
      producerFinished.signal()
    }
    thread.start()
    while true {
      let batch = queue.take()
      if !consume(batch) || batch.isLast { break }
      queue.recycle(batch)
    }
    queue.cancel()
    producerFinished.wait()
  }
}

/// A bounded hand-over of batches from the parsing thread to the building one, and of the batches read
/// back to the parsing thread to fill again.
private final class BatchQueue: @unchecked Sendable {
  // Unchecked: `batches`, `spares` and `cancelled` are only touched while `condition` is locked.
  private let condition = NSCondition()
  private var batches: [YAMLEventBatch] = []
  private var spares: [YAMLEventBatch] = []
  private var cancelled = false
  private let capacity: Int

  init(capacity: Int) { self.capacity = capacity }

  /// False once the consumer has stopped: the producer should stop too.
  func put(_ batch: YAMLEventBatch) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    while batches.count >= capacity && !cancelled { condition.wait() }
    guard !cancelled else { return false }
    batches.append(batch)
    condition.broadcast()
    return true
  }

  func take() -> YAMLEventBatch {
    condition.lock()
    defer { condition.unlock() }
    while batches.isEmpty { condition.wait() }
    let batch = batches.removeFirst()
    condition.broadcast()
    return batch
  }

  /// Hands back a batch that has been read.
  func recycle(_ batch: consuming YAMLEventBatch) {
    condition.lock()
    defer { condition.unlock() }
    spares.append(batch)
  }

  /// A batch that has been read, to fill again, if there is one.
  func spare() -> YAMLEventBatch? {
    condition.lock()
    defer { condition.unlock() }
    return spares.popLast()
  }

  func cancel() {
    condition.lock()
    cancelled = true
    condition.broadcast()
    condition.unlock()
  }
}
