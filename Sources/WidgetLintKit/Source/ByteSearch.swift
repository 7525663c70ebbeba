#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

enum ByteSearch {
  /// A needle prepared for Boyer-Moore-Horspool search: on a mismatch the search moves ahead by up to
  /// the needle's length, so a long identifier is looked for in a fraction of a file's bytes.
  struct Pattern: Sendable {
    let bytes: [UInt8]
    private let shifts: [Int]

    init(_ bytes: [UInt8]) {
      self.bytes = bytes
      var shifts = Array(repeating: max(bytes.count, 1), count: 256)
      for (index, byte) in bytes.dropLast().enumerated() { shifts[Int(byte)] = bytes.count - 1 - index }
      self.shifts = shifts
    }

    func occurs(in haystack: [UInt8]) -> Bool {
      let count = bytes.count
      guard count > 0 else { return true }
      guard count <= haystack.count else { return false }
      return haystack.withUnsafeBufferPointer { hay in
        bytes.withUnsafeBufferPointer { pin in
          shifts.withUnsafeBufferPointer { shifts in
            let lastByte = pin[count - 1]
            var end = count - 1
            while end < hay.count {
              let byte = hay[end]
              if byte == lastByte {
                var matched = 1
                while matched < count, hay[end - matched] == pin[count - 1 - matched] { matched += 1 }
                if matched == count { return true }
              }
              end += shifts[Int(byte)]
            }
            return false
          }
        }
      }
    }
  }

  /// The index of the first `byte` at or after `start`. The C library's memchr looks at many bytes per
  /// step, where a loop looks at one.
  static func firstIndex(of byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    guard let base = buffer.baseAddress, start < buffer.count,
      let found = memchr(base + start, Int32(byte), buffer.count - start)
    else { return nil }
    return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
  }

  /// Whether `needle` occurs in `haystack`.
  static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool { Pattern(needle).occurs(in: haystack) }
}
