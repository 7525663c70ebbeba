/// Durations as manifests write them: `90s`, `5m`, `1h`, `1h30m`, or a whole number of seconds.
public enum Duration {
  /// Seconds, or nil when the text is not a duration.
  public static func seconds(parsing text: String) -> Int? {
    guard !text.isEmpty else { return nil }
    if text.utf8.allSatisfy({ (48...57).contains($0) }) { return text.count <= 9 ? Int(text) : nil }
    var total = 0
    var number = ""
    var lastUnitRank = Int.max
    for character in text {
      if character.isASCII, character.isNumber {
        number.append(character)
        continue
      }
      let (multiplier, rank): (Int, Int)
      switch character {
      case "h": (multiplier, rank) = (3600, 3)
      case "m": (multiplier, rank) = (60, 2)
      case "s": (multiplier, rank) = (1, 1)
      default: return nil
      }
      // Units appear once each, largest first: "1h30m", not "30m1h" or "5m5m".
      guard !number.isEmpty, number.count <= 6, rank < lastUnitRank, let value = Int(number) else { return nil }
      total += value * multiplier
      number = ""
      lastUnitRank = rank
    }
    return number.isEmpty ? total : nil
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
