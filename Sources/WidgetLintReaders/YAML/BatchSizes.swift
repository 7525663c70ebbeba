/// Batch sizes that start small and double: a small file is read in one small batch, with no room
/// reserved for thousands of events, while most of a large file still goes in batches of the full size.
package struct BatchSizes {
  package static let first = 256
  package static let full = 4096
  private var size = first

  package mutating func next() -> Int {
    defer { size = min(size * 2, Self.full) }
    return size
  }
}
