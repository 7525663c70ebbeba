enum ByteSearch {
  /// Whether `needle` occurs in `haystack`: a scan for its first byte, then a comparison of the rest.
  static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
    guard let first = needle.first else { return true }
    guard needle.count <= haystack.count else { return false }
    return haystack.withUnsafeBufferPointer { hay in
      needle.withUnsafeBufferPointer { pin in
        var index = 0
        let last = hay.count - pin.count
        while index <= last {
          if hay[index] == first {
            var matched = 1
            while matched < pin.count, hay[index + matched] == pin[matched] { matched += 1 }
            if matched == pin.count { return true }
          }
          index += 1
        }
        return false
      }
    }
  }
}
