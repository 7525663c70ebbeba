import SwiftParser
import SwiftSyntax
import WidgetLintCore

/// The comments a lexer skipped, kept for the suppression directives among them.
package final class CommentLog {
  package var comments: [SourceComment] = []

  package init() {}
}

/// The directives of the files a reader read, for a reader that reads several.
package final class SuppressionLog {
  package var files: [FileSuppressions] = []

  package init() {}
}

/// The comments of a file in each language a finding can point into, found by that language's own
/// reader or lexer, so that a comment marker inside a string literal is never one; and the
/// `widgetlint-disable…` directives among them. Each function costs one search for "widgetlint-disable"
/// on a file without any.
package enum SourceComments {
  /// The directives of a YAML file (the manifest, XcodeGen's `project.yml`).
  package static func yamlSuppressions(_ source: SourceText, document: YAMLDocument?) -> FileSuppressions? {
    guard SuppressionDirective.mayBeIn(source.bytes) else { return nil }
    return FileSuppressions(file: source, comments: yaml(source, document: document))
  }

  /// The directives of a Swift file whose syntax tree is read already.
  package static func swiftSuppressions(_ source: SourceText, tree: SourceFileSyntax) -> [SuppressionDirective] {
    guard SuppressionDirective.mayBeIn(source.bytes) else { return [] }
    return SuppressionDirective.directives(in: source, comments: swift(tree))
  }

  /// The directives of a JavaScript or TypeScript file; `readsJSX` as the reader of the file reads it.
  package static func javaScriptSuppressions(_ source: SourceText, readsJSX: Bool) -> FileSuppressions? {
    guard SuppressionDirective.mayBeIn(source.bytes) else { return nil }
    return FileSuppressions(file: source, comments: javaScript(source, readsJSX: readsJSX))
  }

  /// The directives of a Dart file.
  package static func dartSuppressions(_ source: SourceText) -> FileSuppressions? {
    guard SuppressionDirective.mayBeIn(source.bytes) else { return nil }
    return FileSuppressions(file: source, comments: DartHomeWidgetScanner.comments(in: source))
  }

  /// The directives of an xcconfig file.
  package static func xcconfigSuppressions(_ source: SourceText) -> FileSuppressions? {
    guard SuppressionDirective.mayBeIn(source.bytes) else { return nil }
    return FileSuppressions(file: source, comments: xcconfig(source))
  }

  /// The comments of a YAML file: a `#` at a line's start or after white space, outside every scalar
  /// (quoted and block scalars may contain `#`).
  package static func yaml(_ source: SourceText, document: YAMLDocument?) -> [SourceComment] {
    var scalarRanges: [(Int, Int)] = []
    for node in document?.nodes ?? [] {
      if case .scalar = node.content, node.end > node.start { scalarRanges.append((node.start, node.end)) }
    }
    scalarRanges.sort { $0.0 < $1.0 }
    var rangeIndex = 0
    var result: [SourceComment] = []
    let bytes = source.bytes
    var offset = source.byteOrderMarkLength
    var atLineStartOrSpace = true
    while offset < bytes.count {
      let byte = bytes[offset]
      if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
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
          result.append(.line(start: offset, end: end, marker: 1))
          offset = end
          continue
        }
      }
      atLineStartOrSpace = byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
      offset += 1
    }
    return result
  }

  /// The comments of a Swift file: its tokens' trivia, so never the text of a string literal (raw,
  /// multi-line or interpolated).
  package static func swift(_ tree: SourceFileSyntax) -> [SourceComment] {
    var result: [SourceComment] = []
    func add(_ trivia: Trivia, at start: Int) {
      var offset = start
      for piece in trivia {
        let length = piece.sourceLength.utf8Length
        switch piece {
        case .lineComment: result.append(.line(start: offset, end: offset + length, marker: 2))
        case .docLineComment: result.append(.line(start: offset, end: offset + length, marker: 3))
        case .blockComment(let text), .docBlockComment(let text):
          let marker = text.hasPrefix("/**") ? 3 : 2
          let closed = text.hasSuffix("*/") && length >= marker + 2
          result.append(
            SourceComment(
              start: offset, end: offset + length, textStart: offset + min(marker, length),
              textEnd: closed ? offset + length - 2 : offset + length))
        default: break
        }
        offset += length
      }
    }
    for token in tree.tokens(viewMode: .sourceAccurate) {
      add(token.leadingTrivia, at: token.position.utf8Offset)
      add(token.trailingTrivia, at: token.endPositionBeforeTrailingTrivia.utf8Offset)
    }
    return result
  }

  /// The comments of a JavaScript or TypeScript file, as its lexer skips them (never inside a string,
  /// template or regular expression literal). A file the lexer stops in keeps those before the stop.
  package static func javaScript(_ source: SourceText, readsJSX: Bool) -> [SourceComment] {
    var lexer = JavaScriptConfigReader.Lexer(bytes: source.bytes, start: source.byteOrderMarkLength, readsJSX: readsJSX)
    _ = try? lexer.tokenize()
    return lexer.comments.sorted { $0.start < $1.start }
  }

  /// The comments of an xcconfig file: from `//` to the end of its line, as Xcode reads it (a value
  /// cannot hold `//`); an `#include` line's path is no comment.
  package static func xcconfig(_ source: SourceText) -> [SourceComment] {
    let bytes = source.bytes
    var result: [SourceComment] = []
    var lineStart = source.byteOrderMarkLength
    while lineStart < bytes.count {
      var lineEnd = lineStart
      while lineEnd < bytes.count, bytes[lineEnd] != 0x0A, bytes[lineEnd] != 0x0D { lineEnd += 1 }
      var index = XcconfigReader.include(bytes, lineStart, lineEnd).map { $0.2 + 1 } ?? lineStart
      while index + 1 < lineEnd {
        if bytes[index] == UInt8(ascii: "/"), bytes[index + 1] == UInt8(ascii: "/") {
          result.append(.line(start: index, end: lineEnd, marker: 2))
          break
        }
        index += 1
      }
      lineStart = lineEnd + 1
    }
    return result
  }
}
