import Foundation

/// One comment of a source file, as the reader of its language found it: never inside a string
/// literal. Offsets are the file's bytes.
public struct SourceComment: Sendable, Equatable {
  /// The comment's first byte (its `#`, `//` or `/*`).
  public var start: Int
  /// Past its last byte (past the `*/` of a block comment; a line comment ends before its line break).
  public var end: Int
  /// Where its text starts and ends: after the `#`, `//` or `/*`, before a `*/`.
  public var textStart: Int
  public var textEnd: Int

  public init(start: Int, end: Int, textStart: Int, textEnd: Int) {
    self.start = start
    self.end = end
    self.textStart = textStart
    self.textEnd = textEnd
  }

  /// A line comment that starts with `marker` (`#`, `//`) and runs to `end`.
  public static func line(start: Int, end: Int, marker: Int) -> SourceComment {
    SourceComment(start: start, end: end, textStart: min(start + marker, end), textEnd: end)
  }

  /// A `/* … */` comment from `start` to `end`; an unclosed one runs to the end of the file.
  public static func block(start: Int, end: Int, in bytes: [UInt8]) -> SourceComment {
    let closed = end - start >= 4 && bytes[end - 2] == UInt8(ascii: "*") && bytes[end - 1] == UInt8(ascii: "/")
    return SourceComment(start: start, end: end, textStart: min(start + 2, end), textEnd: closed ? end - 2 : end)
  }
}

/// A `widgetlint-disable…` comment, in any file that has comments:
///
///     <comment> widgetlint-disable-next-line <rule>[, <rule>…] -- <reason>
///     <content>  <comment> widgetlint-disable-line <rule> -- <reason>
///     <comment> widgetlint-disable-file <rule> -- <reason>      (in the file's first comment block)
///
/// where `<comment>` is the file's comment syntax (`#` in YAML, `//` or `/* … */` in Swift, JavaScript
/// and TypeScript, `//` in Dart and xcconfig). `all` names every rule.
public struct SuppressionDirective: Sendable {
  public enum Scope: String, Sendable {
    case nextLine = "widgetlint-disable-next-line"
    case line = "widgetlint-disable-line"
    case file = "widgetlint-disable-file"
  }

  public var scope: Scope
  public var rules: [Located<String>]
  public var reason: String?
  /// The whole comment.
  public var span: SourceSpan
  /// The line it applies to (nil for the whole file).
  public var targetLine: Int?
  /// Why the directive cannot apply, when it cannot.
  public var misplaced: String?

  /// The text every directive holds: a file without it has none, and its comments need not be found.
  public static let needle = Array("widgetlint-disable".utf8)

  /// Whether `bytes` may hold a directive at all.
  public static func mayBeIn(_ bytes: [UInt8]) -> Bool { ByteSearch.contains(bytes, needle) }

  /// The directives among a file's `comments` (in source order), with the lines they apply to.
  public static func directives(in source: SourceText, comments: [SourceComment]) -> [SuppressionDirective] {
    let bytes = source.bytes
    let candidates = comments.filter {
      $0.textEnd > $0.textStart && bytes[$0.textStart..<$0.textEnd].firstRange(of: needle) != nil
    }
    guard !candidates.isEmpty else { return [] }
    let lineCount = max(source.lineCount, 1)
    // Lines that hold something other than comments and blanks: directives apply to them. A line is
    // content when a byte on it that is not white space lies outside every comment.
    var isContent = [Bool](repeating: false, count: lineCount + 2)
    var commentIndex = 0
    let ordered = comments.sorted { $0.start < $1.start }
    var line = 1
    var offset = source.byteOrderMarkLength
    while offset < bytes.count {
      while commentIndex < ordered.count, ordered[commentIndex].end <= offset { commentIndex += 1 }
      if commentIndex < ordered.count, ordered[commentIndex].start <= offset {
        // Inside a comment: count its line breaks and go on after it.
        let end = min(ordered[commentIndex].end, bytes.count)
        while offset < end {
          if bytes[offset] == UInt8(ascii: "\n")
            || (bytes[offset] == UInt8(ascii: "\r")
              && (offset + 1 >= bytes.count || bytes[offset + 1] != UInt8(ascii: "\n")))
          {
            line += 1
          }
          offset += 1
        }
        continue
      }
      let byte = bytes[offset]
      if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
        if byte == UInt8(ascii: "\r"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "\n") { offset += 1 }
        line += 1
      } else if byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t") && line <= lineCount {
        isContent[line] = true
      }
      offset += 1
    }
    // The first content line at or after each line, found in one pass from the end: a run of
    // thousands of directives must not each walk over the rest of the run.
    var nextContentLine = [Int?](repeating: nil, count: lineCount + 2)
    for line in stride(from: lineCount, through: 1, by: -1) {
      nextContentLine[line] = isContent[line] ? line : nextContentLine[line + 1]
    }
    let firstContentLine = nextContentLine[1] ?? Int.max

    var directives: [SuppressionDirective] = []
    for comment in candidates {
      // Offsets below are counted in the decoded text, which matches the bytes only when they are valid
      // UTF-8 (a replacement character is 3 bytes): a comment that is not is no directive.
      guard let text = String(validating: bytes[comment.textStart..<comment.textEnd], as: UTF8.self) else {
        continue
      }
      let commentLine = source.position(atOffset: comment.start).line
      var body = Substring(text).drop { $0 == " " || $0 == "\t" }
      guard let scope = [Scope.nextLine, .line, .file].first(where: { body.hasPrefix($0.rawValue) }) else { continue }
      body = body.dropFirst(scope.rawValue.count)
      // "widgetlint-disable-linefoo" is not a directive.
      guard body.isEmpty || body.first == " " || body.first == "\t" else { continue }
      var reason: String?
      var ruleText = body
      if let separator = body.range(of: " --") ?? (body.hasPrefix("--") ? body.range(of: "--") : nil) {
        ruleText = body[..<separator.lowerBound]
        let rest = body[separator.upperBound...].trimmingCharacters(in: .whitespacesAndNewlines)
        reason = rest.isEmpty ? nil : rest
      }
      let ruleStart = comment.textStart + text.utf8.count - body.utf8.count
      var rules: [Located<String>] = []
      var cursor = ruleStart
      for piece in ruleText.split(
        omittingEmptySubsequences: false,
        whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" || $0 == "\r" })
      {
        let start = cursor
        cursor += piece.utf8.count + 1
        guard !piece.isEmpty else { continue }
        rules.append(
          Located(
            String(piece), span: SourceSpan(file: source, start: start, end: start + piece.utf8.count), pointer: .root))
      }
      var directive = SuppressionDirective(
        scope: scope, rules: rules, reason: reason,
        span: SourceSpan(file: source, start: comment.start, end: comment.end),
        targetLine: nil, misplaced: nil)
      switch scope {
      case .line:
        directive.targetLine = commentLine
      case .nextLine:
        // After the comment's last line (a block comment may span several).
        let lastLine = source.position(atOffset: max(comment.end - 1, comment.start)).line
        directive.targetLine = lastLine < lineCount ? nextContentLine[lastLine + 1] : nil
        if directive.targetLine == nil { directive.misplaced = "there is no line after it to apply to" }
      case .file:
        if commentLine > firstContentLine {
          directive.misplaced = "widgetlint-disable-file must be in the file's first comment block, before any content"
        }
      }
      if rules.isEmpty { directive.misplaced = "it names no rule (name rule ids, or 'all')" }
      directives.append(directive)
    }
    return directives
  }
}

/// The suppression directives of one file a project read, for the finishing stage.
public struct FileSuppressions: Sendable {
  public var file: SourceText
  public var directives: [SuppressionDirective]

  public init(file: SourceText, directives: [SuppressionDirective]) {
    self.file = file
    self.directives = directives
  }

  /// The directives among `comments`, or nil when there are none.
  public init?(file: SourceText, comments: [SourceComment]) {
    let directives = SuppressionDirective.directives(in: file, comments: comments)
    guard !directives.isEmpty else { return nil }
    self.init(file: file, directives: directives)
  }
}
