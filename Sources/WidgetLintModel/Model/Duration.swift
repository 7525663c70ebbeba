/// Durations as manifests write them: `90s`, `5m`, `1h`, `1h30m`, or a whole number of seconds.
public enum Duration {
  /// Seconds, or nil when the text is not a duration.
  public static func seconds(parsing text: String) -> Int? {
    guard !text.isEmpty else { return nil }
    if text.utf8.allSatisfy({ (48...57).contains($0) }) { return text.utf8.count <= 9 ? Int(text) : nil }
    // Bytes, not Characters: a duration is ASCII, and anything else is rejected.
    var total = 0
    var number = 0
    var digits = 0
    var lastUnitRank = Int.max
    for byte in text.utf8 {
      if (48...57).contains(byte) {
        digits += 1
        guard digits <= 6 else { return nil }
        number = number * 10 + Int(byte - 48)
        continue
      }
      let (multiplier, rank): (Int, Int)
      switch byte {
      case UInt8(ascii: "h"): (multiplier, rank) = (3600, 3)
      case UInt8(ascii: "m"): (multiplier, rank) = (60, 2)
      case UInt8(ascii: "s"): (multiplier, rank) = (1, 1)
      default: return nil
      }
      // Units appear once each, largest first: "1h30m", not "30m1h" or "5m5m".
      guard digits > 0, rank < lastUnitRank else { return nil }
      total += number * multiplier
      number = 0
      digits = 0
      lastUnitRank = rank
    }
    return digits == 0 ? total : nil
  }

  /// "1h 30m" style text for messages.
  public static func describe(_ seconds: Int) -> String {
    if seconds == 0 { return "0s" }
    var parts: [String] = []
    let hours = seconds / 3600
    let minutes = (seconds % 3600) / 60
    let rest = seconds % 60
    if hours > 0 { parts.append("\(hours)h") }
    if minutes > 0 { parts.append("\(minutes)m") }
    if rest > 0 { parts.append("\(rest)s") }
    return parts.joined()
  }
}
