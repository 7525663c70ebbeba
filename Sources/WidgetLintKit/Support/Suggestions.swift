import Foundation

/// "Did you mean" suggestions for misspelt keys, values and names.
public enum Suggestions {
  /// The candidate `word` most likely misspells, or nil (see `Suggester.closest(to:)`).
  public static func closest(to word: String, in candidates: [String]) -> String? {
    var suggester = prepared.suggester(for: candidates)
    return suggester.closest(to: word)
  }

  /// The suggestion a fix may apply, or nil (see `Suggester.unambiguous(to:)`).
  public static func unambiguous(to word: String, in candidates: [String]) -> String? {
    var suggester = prepared.suggester(for: candidates)
    return suggester.unambiguous(to: word)
  }

  /// Both of the above from one comparison with each candidate (see `Suggester.suggestion(for:)`).
  public static func suggestion(for word: String, in candidates: [String]) -> Suggestion? {
    var suggester = prepared.suggester(for: candidates)
    return suggester.suggestion(for: word)
  }

  /// The candidate lists asked about are a few fixed ones (the keys a mapping allows, rule ids, family
  /// names), and a messy file asks about them once per unknown word: each is prepared once.
  private static let prepared = PreparedSuggesters()

  private final class PreparedSuggesters: @unchecked Sendable {
    private let lock = NSLock()
    private var suggesters: [[String]: Suggester] = [:]
    /// Lists made from a project's own names are prepared but not kept past this many.
    private let capacity = 64

    func suggester(for candidates: [String]) -> Suggester {
      if let kept = lock.withLock({ suggesters[candidates] }) { return kept }
      let suggester = Suggester(candidates: candidates)
      lock.withLock {
        if suggesters.count < capacity { suggesters[candidates] = suggester }
      }
      return suggester
    }
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
    var rows = EditDistanceRows()
    return editDistance(a, b, limit: limit, rows: &rows)
  }

  /// The rows the distance is computed in, kept by a caller that compares one word with many candidates
  /// so that they are allocated once rather than for every comparison.
  struct EditDistanceRows {
    fileprivate var previousPrevious: [Int] = []
    fileprivate var previous: [Int] = []
    fileprivate var current: [Int] = []
  }

  static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int, rows: inout EditDistanceRows)
    -> Int
  {
    let over = limit + 1
    guard abs(a.count - b.count) <= limit else { return over }
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    func reset(_ row: inout [Int]) {
      row.removeAll(keepingCapacity: true)
      row.append(contentsOf: repeatElement(over, count: b.count + 1))
    }
    reset(&rows.previousPrevious)
    reset(&rows.current)
    reset(&rows.previous)
    for j in 0...min(limit, b.count) { rows.previous[j] = j }
    var previousMinimum = 0
    for i in 1...a.count {
      let low = max(1, i - limit)
      let high = min(b.count, i + limit)
      rows.current[0] = i <= limit ? i : over
      rows.current[low - 1] = low == 1 ? rows.current[0] : over
      var minimum = rows.current[0]
      for j in low...high {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(rows.previous[j] + 1, rows.current[j - 1] + 1, rows.previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          value = min(value, rows.previousPrevious[j - 2] + 1)
        }
        rows.current[j] = min(value, over)
        minimum = min(minimum, rows.current[j])
      }
      if high < b.count { rows.current[high + 1] = over }
      // A row can only improve on the two rows above it (by a transposition), so two rows over the
      // limit settle it.
      if minimum > limit && previousMinimum > limit { return over }
      previousMinimum = minimum
      (rows.previousPrevious, rows.previous, rows.current) = (rows.previous, rows.current, rows.previousPrevious)
    }
    return rows.previous[b.count]
  }
}
