import Foundation

/// `transform` applied to `0..<count` on all cores, with the results in index order, so what runs in
/// parallel gives the same answer as a loop.
package func concurrentMap<Value>(_ count: Int, _ transform: @Sendable (Int) -> Value) -> [Value] {
  let results = IndexedResults<Value>(count: count)
  DispatchQueue.concurrentPerform(iterations: count) { index in results.store(transform(index), at: index) }
  return results.values
}

/// The batches' elements in order, each batch appended whole. In generic code `Array(batches.joined())`
/// walks the elements one by one through their type's metadata, a few thousand instructions each.
package func flattened<Element>(_ batches: [[Element]]) -> [Element] {
  var all: [Element] = []
  all.reserveCapacity(batches.reduce(0) { $0 + $1.count })
  for batch in batches { all.append(contentsOf: batch) }
  return all
}

private final class IndexedResults<Value>: @unchecked Sendable {
  // Unchecked: `slots` is only touched while `lock` is held.
  private let lock = NSLock()
  private var slots: [Value?]

  init(count: Int) { slots = Array(repeating: nil, count: count) }

  func store(_ value: Value, at index: Int) { lock.withLock { slots[index] = value } }

  var values: [Value] { lock.withLock { slots.compactMap { $0 } } }
}
