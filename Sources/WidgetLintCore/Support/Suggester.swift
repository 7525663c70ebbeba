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
  private var rows = Suggestions.EditDistanceRows()

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
        scalars, candidate.scalars, limit: min(3, best.map { $0.distance - 1 } ?? 3), rows: &rows)
      if distance <= 3, distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
    }
    guard let best else { return nil }
    let allowed = max(1, min(3, max(length, best.candidate.length) / 3))
    return best.distance <= allowed ? best.candidate.text : nil
  }

  /// The suggestion a fix may apply: `closest`'s answer when no other candidate is as close (the one
  /// candidate equal to `word` but for case, or the one nearest within the edits `closest` allows). A
  /// suggestion made only because `word` begins a candidate is a hint, not a certainty: none.
  public mutating func unambiguous(to word: String) -> String? {
    suggestion(for: word).flatMap { $0.isUnambiguous ? $0.text : nil }
  }

  /// `closest(to:)`'s answer and whether `unambiguous(to:)` gives it too, from one comparison with each
  /// candidate: a misspelt key asks both, one for its message and one for its fix.
  public mutating func suggestion(for word: String) -> Suggestion? {
    let lowered = word.lowercased()
    if let index = exactMatches[lowered] {
      let sameButCase = candidates.count { $0.lowered == lowered }
      return Suggestion(text: candidates[index].text, isUnambiguous: sameButCase == 1)
    }
    guard comparisons + candidates.count <= comparisonBudget else { return nil }
    comparisons += candidates.count
    let scalars = Array(lowered.unicodeScalars)
    let distances = candidates.map { Suggestions.editDistance(scalars, $0.scalars, limit: 3, rows: &rows) }
    let best = distances.min()
    let nearest = best.flatMap { distances.firstIndex(of: $0) }
    func allowed(_ index: Int) -> Int { max(1, min(3, max(word.count, candidates[index].length) / 3)) }
    let text: String
    if lowered.count >= 3, let prefixed = candidates.first(where: { $0.lowered.hasPrefix(lowered) }) {
      text = prefixed.text
    } else {
      guard let best, let nearest, best <= allowed(nearest) else { return nil }
      text = candidates[nearest].text
    }
    let isUnambiguous =
      if let best, let nearest, candidates[nearest].text == text {
        distances.count { $0 == best } == 1 && best <= allowed(nearest)
      } else {
        false
      }
    return Suggestion(text: text, isUnambiguous: isUnambiguous)
  }
}

/// A "did you mean" answer, and whether it is certain enough for a fix to apply it.
public struct Suggestion: Equatable, Sendable {
  public var text: String
  public var isUnambiguous: Bool

  package init(text: String, isUnambiguous: Bool) {
    self.text = text
    self.isUnambiguous = isUnambiguous
  }
}
