/// "Did you mean" suggestions for misspelt keys, values and names.
public enum Suggestions {
  /// The candidate `word` most likely misspells, or nil. For one question against a short list; a rule
  /// that asks many questions against one list builds a `Suggester` once.
  public static func closest(to word: String, in candidates: [String]) -> String? {
    var suggester = Suggester(candidates: candidates)
    return suggester.closest(to: word)
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

/// Suggestions against one list of candidates, asked any number of times. The candidates are prepared
/// once, and the work is bounded: after `comparisonBudget` candidate comparisons in all, only exact
/// (case-insensitive) matches are suggested, so thousands of unknown names against thousands of
/// candidates cost a bounded amount rather than the product of the two.
public struct Suggester {
  public static let defaultComparisonBudget = 100_000

  private struct Candidate {
    var text: String
    var lowered: String
    var scalars: [Unicode.Scalar]
    var length: Int
  }

  private let candidates: [Candidate]
  private let exactMatches: [String: Int]
  private let comparisonBudget: Int
  /// Candidates compared so far: what the budget is spent on.
  public private(set) var comparisons = 0

  public init(candidates: [String], comparisonBudget: Int = Suggester.defaultComparisonBudget) {
    self.candidates = candidates.map {
      let lowered = $0.lowercased()
      return Candidate(text: $0, lowered: lowered, scalars: Array(lowered.unicodeScalars), length: $0.count)
    }
    var exactMatches: [String: Int] = [:]
    for (index, candidate) in self.candidates.enumerated() where exactMatches[candidate.lowered] == nil {
      exactMatches[candidate.lowered] = index
    }
    self.exactMatches = exactMatches
    self.comparisonBudget = comparisonBudget
  }

  /// The candidate `word` most likely misspells: one equal to it but for case, else one it begins (three
  /// letters or more), else the nearest within a third of the longer length (at most 3 edits).
  public mutating func closest(to word: String) -> String? {
    let lowered = word.lowercased()
    if let index = exactMatches[lowered] { return candidates[index].text }
    // All or nothing per question, so that an answer never depends on where a partial scan stopped.
    guard comparisons + candidates.count <= comparisonBudget else { return nil }
    comparisons += candidates.count
    if lowered.count >= 3, let prefixed = candidates.first(where: { $0.lowered.hasPrefix(lowered) }) {
      return prefixed.text
    }
    let scalars = Array(lowered.unicodeScalars)
    let length = word.count
    var best: (candidate: Candidate, distance: Int)?
    for candidate in candidates {
      // No suggestion is ever further than 3 edits away.
      let distance = Suggestions.editDistance(
        scalars, candidate.scalars, limit: min(3, best.map { $0.distance - 1 } ?? 3))
      if distance <= 3, distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
    }
    guard let best else { return nil }
    let allowed = max(1, min(3, max(length, best.candidate.length) / 3))
    return best.distance <= allowed ? best.candidate.text : nil
  }
}
