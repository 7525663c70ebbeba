/// The first value seen under each key, for the readers and rules that report every later one as a
/// duplicate of it. Each item costs one or two hash lookups, so n items cost O(n) key comparisons
/// whatever the keys are: no item is compared with the items before it.
///
/// Public and inlinable: the readers and rules of other modules call it for every key and widget they
/// read, and only a specialised copy avoids looking up the dictionary's generic type on each call. As
/// `@inlinable package` it was not specialised in those modules (the 3 MB manifest ran 33 M instructions
/// more, measured with callgrind).
public struct FirstOccurrences<Key: Hashable, Value> {
  @usableFromInline var firstByKey: [Key: Value] = [:]

  @inlinable public init(expectedCount: Int = 0) {
    firstByKey.reserveCapacity(expectedCount)
  }

  /// The value first recorded under `key`; when there is none, `value` becomes it and the answer is nil.
  @inlinable public mutating func earlier(than value: Value, for key: Key) -> Value? {
    if let earlier = firstByKey[key] { return earlier }
    firstByKey[key] = value
    return nil
  }

  @inlinable public subscript(key: Key) -> Value? { firstByKey[key] }
}
