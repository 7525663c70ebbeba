import Foundation

package enum ByteSearch {
  /// A needle prepared for Boyer-Moore-Horspool search: on a mismatch the search moves ahead by up to
  /// the needle's length, so a long identifier is looked for in a fraction of a file's bytes.
  package struct Pattern: Sendable {
    package let bytes: [UInt8]
    private let shifts: [Int]

    package init(_ bytes: [UInt8]) {
      self.bytes = bytes
      var shifts = Array(repeating: max(bytes.count, 1), count: 256)
      for (index, byte) in bytes.dropLast().enumerated() { shifts[Int(byte)] = bytes.count - 1 - index }
      self.shifts = shifts
    }

    package func occurs(in haystack: [UInt8]) -> Bool {
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

  /// Needles looked for together, in one pass over the haystack (Wu-Manber with byte pairs): a window as
  /// long as the shortest needle moves ahead by up to that length less one at each step, so a file is
  /// read once however many needles there are. Eight identifiers looked for one by one had cost more
  /// than reading a widget's facts from its syntax tree.
  package struct NeedleSet: Sendable {
    package let needles: [[UInt8]]
    /// The length of the shortest needle: the part of each needle the shift table knows.
    private let window: Int
    /// By byte pair (first byte × 256 + second): how far the window may move when it ends in that pair.
    private let shifts: [UInt8]
    /// By byte pair: whether some needle starts with it. A window whose end matches is compared with
    /// the needles only when its start does too: common pairs ("on", "me") end many windows.
    private let starts: [Bool]

    /// Needles of at least two bytes each.
    package init(_ needles: [[UInt8]]) {
      precondition(!needles.isEmpty && needles.allSatisfy { $0.count >= 2 }, "needles of two bytes or more")
      self.needles = needles
      let window = min(needles.map(\.count).min()!, 256)
      self.window = window
      var shifts = [UInt8](repeating: UInt8(window - 1), count: 65_536)
      var starts = [Bool](repeating: false, count: 65_536)
      for needle in needles {
        for end in 1..<window {
          let pair = Self.pair(needle[end - 1], needle[end])
          shifts[pair] = min(shifts[pair], UInt8(window - 1 - end))
        }
        starts[Self.pair(needle[0], needle[1])] = true
      }
      self.shifts = shifts
      self.starts = starts
    }

    private static func pair(_ first: UInt8, _ second: UInt8) -> Int { Int(first) << 8 | Int(second) }

    /// Whether any needle occurs in `haystack`.
    package func anyOccurs(in haystack: [UInt8]) -> Bool { haystack.withUnsafeBufferPointer(anyOccurs(in:)) }

    /// Whether any needle occurs in `hay`.
    package func anyOccurs(in hay: UnsafeBufferPointer<UInt8>) -> Bool {
      guard hay.count >= window else { return false }
      return shifts.withUnsafeBufferPointer { shifts in
        starts.withUnsafeBufferPointer { starts in
          var end = window - 1
          while end < hay.count {
            let shift = Int(shifts[Self.pair(hay[end - 1], hay[end])])
            if shift > 0 {
              end += shift
              continue
            }
            // The window ends as some needle's first `window` bytes do: when it also starts as one
            // does, compare the needles from the window's start.
            let start = end - (window - 1)
            if starts[Self.pair(hay[start], hay[start + 1])], matchesNeedle(in: hay, at: start) { return true }
            end += 1
          }
          return false
        }
      }
    }

    private func matchesNeedle(in hay: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
      needles.contains { needle in
        start + needle.count <= hay.count
          && needle.withUnsafeBufferPointer { memcmp(hay.baseAddress! + start, $0.baseAddress!, $0.count) == 0 }
      }
    }
  }

  /// The index of the first `byte` at or after `start`. The C library's memchr looks at many bytes per
  /// step, where a loop looks at one.
  package static func firstIndex(of byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    guard let base = buffer.baseAddress, start < buffer.count,
      let found = memchr(base + start, Int32(byte), buffer.count - start)
    else { return nil }
    return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
  }

  /// Whether `needle` occurs in `haystack`.
  package static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool { Pattern(needle).occurs(in: haystack) }
}
