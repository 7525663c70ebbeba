/// "Did you mean" suggestions for misspelt keys, values and names.
public enum Suggestions {
  /// The candidate `word` most likely misspells, or nil. For one question against a short list; a rule
  /// that asks many questions against one list builds a `Suggester` once.
  public static func closest(to word: String, in candidates: [String]) -> String? {
    var suggester = Suggester(candidates: candidates)
    return suggester.closest(to: word)
  }

  /// The suggestion a fix may apply: `closest`'s answer when no other candidate is as close (the one
  /// candidate equal to `word` but for case, or the one nearest within the edits `closest` allows). A
  /// suggestion made only because `word` begins a candidate is a hint, not a certainty: none.
  public static func unambiguous(to word: String, in candidates: [String]) -> String? {
    guard let closest = closest(to: word, in: candidates) else { return nil }
    let lowered = word.lowercased()
    let sameButCase = candidates.filter { $0.lowercased() == lowered }
    if !sameButCase.isEmpty { return sameButCase.count == 1 ? closest : nil }
    let scalars = Array(lowered.unicodeScalars)
    let distances = candidates.map { editDistance(scalars, Array($0.lowercased().unicodeScalars), limit: 3) }
    guard let best = distances.min(), distances.filter({ $0 == best }).count == 1,
      let index = distances.firstIndex(of: best), candidates[index] == closest
    else { return nil }
    return best <= max(1, min(3, max(word.count, closest.count) / 3)) ? closest : nil
  }

  /// Levenshtein distance, with adjacent transpositions counted as one edit.
  public static func editDistance(_ lhs: String, _ rhs: String) -> Int {
    let a = Array(lhs.unicodeScalars)
    let b = Array(rhs.unicodeScalars)
    return editDistance(a, b, limit: max(a.count, b.count))
  }

  /// The distance when it is at most `limit`, otherwise `limit + 1`. Only the diagonal band of width
  /// `2 * limit + 1` can hold such a distance, so the cost is O(length × limit), not O(length²).
  static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
    let over = limit + 1
    guard abs(a.count - b.count) <= limit else { return over }
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    var previousPrevious = [Int](repeating: over, count: b.count + 1)
    var previous = (0...b.count).map { $0 <= limit ? $0 : over }
    var current = [Int](repeating: over, count: b.count + 1)
    var previousMinimum = 0
    for i in 1...a.count {
      let low = max(1, i - limit)
      let high = min(b.count, i + limit)
      current[0] = i <= limit ? i : over
      current[low - 1] = low == 1 ? current[0] : over
      var minimum = current[0]
      for j in low...high {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          value = min(value, previousPrevious[j - 2] + 1)
        }
        current[j] = min(value, over)
        minimum = min(minimum, current[j])
      }
      if high < b.count { current[high + 1] = over }
      // A row can only improve on the two rows above it (by a transposition), so two rows over the
      // limit settle it.
      if minimum > limit && previousMinimum > limit { return over }
      previousMinimum = minimum
      (previousPrevious, previous, current) = (previous, current, previousPrevious)
    }
    return previous[b.count]
  }
}
