import Foundation
import WidgetLintCore
import WidgetLintReaders

extension BuildGraphProjects {
  /// The one note that says which settings are left to whoever builds the app, and where: the values
  /// that use them were not checked. It points at the first place, and the others are related locations.
  package static func note(_ entries: [SettingsLeftToBuilder.Entry]) -> ReadingProblem? {
    // Settings left to the builder for one reason at one place are said together.
    var reasons: [(why: String, span: SourceSpan?, keys: [String])] = []
    for entry in entries {
      let why: String
      let span: SourceSpan?
      switch entry.reason {
      case .empty: (why, span) = ("empty", entry.writtenAt)
      case .placeholder: (why, span) = ("a placeholder", entry.writtenAt)
      case .unset: (why, span) = ("not set", entry.writtenAt)
      case .environment: (why, span) = ("set by the environment the project is generated in", entry.writtenAt)
      case .mayBeSetBy(let include):
        (why, span) = (
          "may be set by '\(include.path)', which is not in the repository", include.span
        )
      }
      let sameReason = reasons.firstIndex {
        $0.why == why && ($0.span.map { known in span.map(known.isSame) ?? false } ?? (span == nil))
      }
      if let index = sameReason {
        if !reasons[index].keys.contains(entry.key) { reasons[index].keys.append(entry.key) }
      } else {
        reasons.append((why, span, [entry.key]))
      }
    }
    let sentences = reasons.map { reason in
      let keys =
        reason.keys.count == 1
        ? reason.keys[0]
        : reason.keys.dropLast().joined(separator: ", ") + " and " + reason.keys.last!
      let verb = reason.why.hasPrefix("may") ? "" : (reason.keys.count == 1 ? "is " : "are ")
      return (text: "\(keys) \(verb)\(reason.why)", span: reason.span)
    }
    guard let first = sentences.first(where: { $0.span != nil }), let span = first.span else {
      return nil
    }
    // A sentence is said once (several files may include the same missing file for the same settings);
    // its other places are related locations, and a place is named once.
    var said: [String] = []
    var related: [RelatedLocation] = []
    for sentence in sentences {
      let repeated = said.contains(sentence.text)
      if !repeated { said.append(sentence.text) }
      guard let other = sentence.span, !other.isSame(as: span), !related.contains(where: { $0.span.isSame(as: other) })
      else { continue }
      let message =
        repeated
        ? (sentence.text.contains("may be set by")
          ? "the same include, also not in the repository" : "the same, here too")
        : sentence.text
      related.append(RelatedLocation(message, at: other))
    }
    return ReadingProblem(
      kind: .computedValue,
      message:
        "left to whoever builds the app, so the values that use it are not checked: \(said.joined(separator: "; "))",
      span: span, pointer: .root, related: related)
  }
}
