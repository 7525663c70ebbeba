import Foundation

/// "Did you mean" suggestions for misspelt keys, values and names.
public enum Suggestions {
  /// The candidate `word` most likely misspells, or nil (see `Suggester.closest(to:)`).
  public static func closest(to word: String, in candidates: [String]) -> String? {
    prepared.list(candidates).closest(to: word)
  }

  /// The suggestion a fix may apply, or nil (see `Suggester.unambiguous(to:)`).
  public static func unambiguous(to word: String, in candidates: [String]) -> String? {
    suggestion(for: word, in: candidates).flatMap { $0.isUnambiguous ? $0.text : nil }
  }

  /// Both of the above from one comparison with each candidate (see `Suggester.suggestion(for:)`).
  public static func suggestion(for word: String, in candidates: [String]) -> Suggestion? {
    prepared.list(candidates).suggestion(for: word)
  }

  /// The candidate lists asked about are a few fixed ones (the keys a mapping allows, rule ids, family
  /// names), and a messy file asks about them once per unknown word: each is prepared once.
  private static let prepared = PreparedSuggesters()

  private final class PreparedSuggesters: @unchecked Sendable {
    // Unchecked: `lists` is only touched while `lock` is held.
    private let lock = NSLock()
    private var lists: [[String]: PreparedList] = [:]
    /// Lists made from a project's own names are prepared but not kept past this many.
    private let capacity = 64

    package func list(_ candidates: [String]) -> PreparedList {
      if let kept = lock.withLock({ lists[candidates] }) { return kept }
      let list = PreparedList(Suggester(candidates: candidates))
      lock.withLock {
        if lists.count < capacity { lists[candidates] = list }
      }
      return list
    }
  }

  /// A prepared candidate list with the answers it has given: the same unknown word comes back (a
  /// misspelt key in every widget, a rule id misspelt in each file's suppressions), and an answer
  /// depends only on the word.
  private final class PreparedList: @unchecked Sendable {
    // Unchecked: the answers are only touched while `lock` is held; `suggester` is not changed.
    private let suggester: Suggester
    private let lock = NSLock()
    private var closestAnswers: [String: String?] = [:]
    private var suggestionAnswers: [String: Suggestion?] = [:]
    /// Answers kept per list, and the longest word kept, which bound the memory a hostile file can
    /// fill (a word much longer than every candidate is settled by its length alone anyway).
    private static let answerCapacity = 1_024
    private static let longestKeptWord = 64

    init(_ suggester: Suggester) { self.suggester = suggester }

    func closest(to word: String) -> String? {
      answer(for: word, in: \.closestAnswers) {
        var suggester = suggester
        return suggester.closest(to: word)
      }
    }

    func suggestion(for word: String) -> Suggestion? {
      answer(for: word, in: \.suggestionAnswers) {
        var suggester = suggester
        return suggester.suggestion(for: word)
      }
    }

    private func answer<Answer>(
      for word: String, in answers: ReferenceWritableKeyPath<PreparedList, [String: Answer?]>, _ compute: () -> Answer?
    ) -> Answer? {
      guard word.utf8.count <= Self.longestKeptWord else { return compute() }
      if let known = lock.withLock({ self[keyPath: answers][word] }) { return known }
      let answer = compute()
      lock.withLock {
        if self[keyPath: answers].count >= Self.answerCapacity { self[keyPath: answers].removeAll() }
        self[keyPath: answers][word] = .some(answer)
      }
      return answer
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
  package static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
    var rows = EditDistanceRows()
    return editDistance(a, b, limit: limit, rows: &rows)
  }

  /// The rows the distance is computed in, kept by a caller that compares one word with many candidates
  /// so that they are allocated once rather than for every comparison.
  package struct EditDistanceRows {
    fileprivate var previousPrevious: [Int] = []
    fileprivate var previous: [Int] = []
    fileprivate var current: [Int] = []

    package init() {}
  }

  package static func editDistance(
    _ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int, rows: inout EditDistanceRows
  )
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
