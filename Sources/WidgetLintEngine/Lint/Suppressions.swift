import Foundation
import WidgetLintCore
import WidgetLintFrontends
import WidgetLintModel
import WidgetLintReaders
import WidgetLintRules

/// Inline suppressions in YAML comments:
///
///     # widgetlint-disable-next-line <rule>[, <rule>…] -- <reason>
///     key: value  # widgetlint-disable-line <rule> -- <reason>
///     # widgetlint-disable-file <rule> -- <reason>      (in the file's first comment block)
///
/// `all` names every rule. A directive without a reason, or one that suppresses nothing, is itself
/// a finding (`suppression-without-reason`, `unused-suppression`).
public struct Suppressions {
  public enum Scope: String, Sendable {
    case nextLine = "widgetlint-disable-next-line"
    case line = "widgetlint-disable-line"
    case file = "widgetlint-disable-file"
  }

  public struct Directive: Sendable {
    public var scope: Scope
    public var rules: [Located<String>]
    public var reason: String?
    /// The whole comment.
    public var span: SourceSpan
    /// The line it applies to (nil for the whole file).
    public var targetLine: Int?
    /// Why the directive cannot apply, when it cannot.
    public var misplaced: String?
  }

  public private(set) var directives: [Directive]

  public init(source: SourceText, document: YAMLDocument?) {
    directives = Self.scan(source, document: document)
  }

  /// The comments of a YAML file: a `#` at a line's start or after white space, outside every scalar
  /// (quoted and block scalars may contain `#`). Returns (line, start offset, end offset) of each.
  package static func comments(in source: SourceText, document: YAMLDocument?) -> [(line: Int, start: Int, end: Int)] {
    var scalarRanges: [(Int, Int)] = []
    for node in document?.nodes ?? [] {
      if case .scalar = node.content, node.end > node.start { scalarRanges.append((node.start, node.end)) }
    }
    scalarRanges.sort { $0.0 < $1.0 }
    var rangeIndex = 0
    var result: [(line: Int, start: Int, end: Int)] = []
    let bytes = source.bytes
    var offset = source.byteOrderMarkLength
    var line = 1
    var atLineStartOrSpace = true
    while offset < bytes.count {
      let byte = bytes[offset]
      if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
        if byte == UInt8(ascii: "\r"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "\n") { offset += 1 }
        line += 1
        offset += 1
        atLineStartOrSpace = true
        continue
      }
      if byte == UInt8(ascii: "#"), atLineStartOrSpace {
        while rangeIndex < scalarRanges.count, scalarRanges[rangeIndex].1 <= offset { rangeIndex += 1 }
        let insideScalar = rangeIndex < scalarRanges.count && scalarRanges[rangeIndex].0 <= offset
        if !insideScalar {
          var end = offset
          while end < bytes.count, bytes[end] != UInt8(ascii: "\n"), bytes[end] != UInt8(ascii: "\r") { end += 1 }
          result.append((line, offset, end))
          offset = end
          continue
        }
      }
      atLineStartOrSpace = byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
      offset += 1
    }
    return result
  }

  package static func scan(_ source: SourceText, document: YAMLDocument?) -> [Directive] {
    guard ByteSearch.contains(source.bytes, Array("widgetlint-disable".utf8)) else { return [] }
    let comments = comments(in: source, document: document)
    guard
      comments.contains(where: {
        source.text(in: source.range(fromOffset: $0.start, toOffset: $0.end)).contains("widgetlint-disable")
      })
    else {
      return []
    }
    // Lines that hold something other than a comment or blanks: directives apply to them.
    let commentLines = Set(
      comments.filter { source.lineText($0.line).drop { $0 == " " || $0 == "\t" }.hasPrefix("#") }.map(\.line))
    func isContent(_ line: Int) -> Bool {
      !commentLines.contains(line) && !source.lineText(line).allSatisfy { $0 == " " || $0 == "\t" }
    }
    // The first content line at or after each line, found in one pass from the end: a run of
    // thousands of directives must not each walk over the rest of the run.
    let lineCount = max(source.lineCount, 1)
    var nextContentLine = [Int?](repeating: nil, count: lineCount + 2)
    for line in stride(from: lineCount, through: 1, by: -1) {
      nextContentLine[line] = isContent(line) ? line : nextContentLine[line + 1]
    }
    let firstContentLine = nextContentLine[1] ?? Int.max

    var directives: [Directive] = []
    for comment in comments {
      // Offsets below are counted in the decoded text, which matches the bytes only when they are valid
      // UTF-8 (a replacement character is 3 bytes): a comment that is not is no directive.
      guard let text = String(validating: source.bytes[comment.start..<comment.end], as: UTF8.self) else { continue }
      var body = Substring(text.dropFirst()).drop { $0 == " " || $0 == "\t" }
      guard let scope = [Scope.nextLine, .line, .file].first(where: { body.hasPrefix($0.rawValue) }) else { continue }
      body = body.dropFirst(scope.rawValue.count)
      // "widgetlint-disable-linefoo" is not a directive.
      guard body.isEmpty || body.first == " " || body.first == "\t" else { continue }
      var reason: String?
      var ruleText = body
      if let separator = body.range(of: " --") ?? (body.hasPrefix("--") ? body.range(of: "--") : nil) {
        ruleText = body[..<separator.lowerBound]
        let rest = body[separator.upperBound...].trimmingCharacters(in: .whitespaces)
        reason = rest.isEmpty ? nil : rest
      }
      let ruleStart = comment.start + text.utf8.count - body.utf8.count
      var rules: [Located<String>] = []
      var cursor = ruleStart
      for piece in ruleText.split(
        omittingEmptySubsequences: false, whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" })
      {
        let start = cursor
        cursor += piece.utf8.count + 1
        guard !piece.isEmpty else { continue }
        rules.append(
          Located(
            String(piece), span: SourceSpan(file: source, start: start, end: start + piece.utf8.count), pointer: .root))
      }
      var directive = Directive(
        scope: scope, rules: rules, reason: reason,
        span: SourceSpan(file: source, start: comment.start, end: comment.end),
        targetLine: nil, misplaced: nil)
      switch scope {
      case .line:
        directive.targetLine = comment.line
      case .nextLine:
        directive.targetLine = comment.line < lineCount ? nextContentLine[comment.line + 1] : nil
        if directive.targetLine == nil { directive.misplaced = "there is no line after it to apply to" }
      case .file:
        if comment.line > firstContentLine {
          directive.misplaced = "widgetlint-disable-file must be in the file's first comment block, before any content"
        }
      }
      if rules.isEmpty { directive.misplaced = "it names no rule (name rule ids, or 'all')" }
      directives.append(directive)
    }
    return directives
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
        if rule.value != "all" && !knownRules.contains(rule.value) {
          message = "suppression names unknown rule '\(rule.value)'"
          if let suggestion = Suggestions.closest(to: rule.value, in: knownRules) {
            message += "; did you mean '\(suggestion)'?"
          }
        } else {
          let target = directive.targetLine.map { "line \($0)" } ?? "this file"
          message = "suppression of '\(rule.value)' is unused: \(target) has no such finding; remove it"
        }
        observations.append(
          Observation(
            ruleID: .unusedSuppression, message: message, span: rule.span, pointer: .root,
            fix: Self.removal(of: directive, rule: ruleIndex, unused: used[index].map { !$0 }, edits)))
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
