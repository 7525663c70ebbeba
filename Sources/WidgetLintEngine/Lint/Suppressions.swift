import Foundation
import WidgetLintCore
import WidgetLintReaders
import WidgetLintRules

/// Inline suppressions: the `widgetlint-disable…` comments of one file (see ``SuppressionDirective``),
/// applied to the findings in that file:
///
///     # widgetlint-disable-next-line <rule>[, <rule>…] -- <reason>
///     key: value  # widgetlint-disable-line <rule> -- <reason>
///     // widgetlint-disable-file <rule> -- <reason>      (in the file's first comment block)
///
/// `all` names every rule. A directive without a reason, or one that suppresses nothing, is itself
/// a finding (`suppression-without-reason`, `unused-suppression`).
public struct Suppressions {
  public typealias Scope = SuppressionDirective.Scope
  public typealias Directive = SuppressionDirective

  public private(set) var directives: [Directive]

  /// The directives of a YAML file.
  public init(source: SourceText, document: YAMLDocument?) {
    directives = SourceComments.yamlSuppressions(source, document: document)?.directives ?? []
  }

  /// The directives a reader found in one file.
  public init(_ directives: [Directive]) {
    self.directives = directives
  }

  /// Removes suppressed findings of this file, and returns the observations about the directives.
  public mutating func apply(to findings: [Finding], file: SourceText) -> (kept: [Finding], observations: [Observation])
  {
    guard !directives.isEmpty else { return (findings, []) }
    var used = [[Bool]](directives.map { [Bool](repeating: false, count: $0.rules.count) })
    // Each (line or whole file, rule or "all") a directive names, with the directive rules that name it:
    // a finding looks up its four keys instead of going through every directive.
    struct Key: Hashable {
      package var line: Int?
      package var rule: String
    }
    var entries: [Key: [(directive: Int, rule: Int)]] = [:]
    for (index, directive) in directives.enumerated() where directive.misplaced == nil {
      let line = directive.scope == .file ? nil : directive.targetLine
      for (ruleIndex, rule) in directive.rules.enumerated() {
        entries[Key(line: line, rule: rule.value), default: []].append((index, ruleIndex))
      }
    }
    var kept: [Finding] = []
    for finding in findings {
      guard finding.span.file === file else {
        kept.append(finding)
        continue
      }
      // Only the start's line: a whole range would also place the end.
      let line = file.position(atOffset: finding.span.start).line
      var suppressed = false
      for key in [
        Key(line: line, rule: finding.ruleID), Key(line: line, rule: "all"), Key(line: nil, rule: finding.ruleID),
        Key(line: nil, rule: "all"),
      ] {
        // Marked once: the entries are used from then on, and later findings only need to know the key.
        guard let named = entries[key] else { continue }
        suppressed = true
        guard !named.isEmpty else { continue }
        for entry in named { used[entry.directive][entry.rule] = true }
        entries[key] = []
      }
      if !suppressed { kept.append(finding) }
    }
    var observations: [Observation] = []
    let knownRules = RuleRegistry.ids
    let edits = ManifestEdits(source: file)
    for (index, directive) in directives.enumerated() {
      if let misplaced = directive.misplaced {
        observations.append(
          Observation(
            ruleID: .unusedSuppression, message: "this suppression has no effect: \(misplaced)", span: directive.span,
            pointer: .root, fix: Self.removal(of: directive, rule: nil, unused: [], edits)))
        continue
      }
      if directive.reason == nil {
        observations.append(
          Observation(
            ruleID: .suppressionWithoutReason,
            message:
              "suppression has no reason; add one after ' -- ' so the next reader knows why the finding is accepted",
            span: directive.span, pointer: .root))
      }
      for (ruleIndex, rule) in directive.rules.enumerated() where !used[index][ruleIndex] {
        var message: String
        var fix: Fix?
        if rule.value != "all" && !knownRules.contains(rule.value) {
          message = "suppression names unknown rule '\(rule.value)'"
          // A misspelt id is corrected, not removed with its comment: the suppression was meant.
          if let suggestion = Suggestions.closest(to: rule.value, in: knownRules) {
            message += "; did you mean '\(suggestion)'?"
            fix = Fix(
              "replace '\(rule.value)' with '\(suggestion)'",
              replacements: [Fix.Replacement(rule.span, with: suggestion)])
          } else {
            message += " (widgetlint rules lists them)"
          }
        } else {
          let target = directive.targetLine.map { "line \($0)" } ?? "this file"
          message = "suppression of '\(rule.value)' is unused: \(target) has no such finding; remove it"
          fix = Self.removal(of: directive, rule: ruleIndex, unused: used[index].map { !$0 }, edits)
        }
        observations.append(
          Observation(ruleID: .unusedSuppression, message: message, span: rule.span, pointer: .root, fix: fix))
      }
    }
    return (kept, observations)
  }

  /// Removes what suppresses nothing: the whole comment (its line, when it is alone on it) when no rule
  /// it names is used, otherwise the one unused rule name and the separator beside it.
  package static func removal(of directive: Directive, rule: Int?, unused: [Bool], _ edits: ManifestEdits) -> Fix {
    guard let rule, unused.contains(false) else {
      return Fix(
        "remove the unused suppression comment",
        replacements: [edits.removing(from: directive.span.start, to: directive.span.end)])
    }
    let name = directive.rules[rule]
    let isLast = rule == directive.rules.count - 1
    let start = isLast ? directive.rules[rule - 1].span.end : name.span.start
    let end = isLast ? name.span.end : directive.rules[rule + 1].span.start
    return Fix(
      "remove '\(name.value)' from the suppression",
      replacements: [Fix.Replacement(SourceSpan(file: edits.source, start: start, end: end), with: "")])
  }
}
