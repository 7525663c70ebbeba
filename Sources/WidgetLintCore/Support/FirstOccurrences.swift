/// The first value seen under each key, for the readers and rules that report every later one as a
/// duplicate of it. Each item costs one or two hash lookups, so n items cost O(n) key comparisons
/// whatever the keys are: no item is compared with the items before it. Inlinable: the readers of other
/// modules call it for every key they read, and only a specialised copy avoids looking up the
/// dictionary's generic type on each call.
package struct FirstOccurrences<Key: Hashable, Value> {
  @usableFromInline var firstByKey: [Key: Value] = [:]

  @inlinable package init(expectedCount: Int = 0) {
    firstByKey.reserveCapacity(expectedCount)
  }

  /// The value first recorded under `key`; when there is none, `value` becomes it and the answer is nil.
  @inlinable package mutating func earlier(than value: Value, for key: Key) -> Value? {
    if let earlier = firstByKey[key] { return earlier }
    firstByKey[key] = value
    return nil
  }

  @inlinable package subscript(key: Key) -> Value? { firstByKey[key] }
}
