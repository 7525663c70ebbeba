import Foundation

/// `transform` applied to `0..<count` on all cores, with the results in index order, so what runs in
/// parallel gives the same answer as a loop.
package func concurrentMap<Value>(_ count: Int, _ transform: @Sendable (Int) -> Value) -> [Value] {
  let results = IndexedResults<Value>(count: count)
  DispatchQueue.concurrentPerform(iterations: count) { index in results.store(transform(index), at: index) }
  return results.values
}

private final class IndexedResults<Value>: @unchecked Sendable {
  // Unchecked: `slots` is only touched while `lock` is held.
  private let lock = NSLock()
  private var slots: [Value?]

  init(count: Int) { slots = Array(repeating: nil, count: count) }

  func store(_ value: Value, at index: Int) { lock.withLock { slots[index] = value } }

  var values: [Value] { lock.withLock { slots.compactMap { $0 } } }
}
