import SwiftParser
import SwiftSyntax
import WidgetLintCore
import WidgetLintModel

/// Reads Swift sources with swift-syntax: comments and string literals are trivia and literal
/// segments to the parser, so they can never match.
public enum SwiftSourceScanner {
  /// The longest run of `[` that is parsed. swift-syntax's parser takes time exponential in such runs
  /// (`[[[[…`: 20 take half a second, 24 eight seconds, each one more doubles it), and no real Swift
  /// nests array literals or types this deep. What the parser reads as nothing between two tokens
  /// does not end a run: white space, comments, and bytes no token starts with (control characters,
  /// and, to be safe, every byte past ASCII), which it skips as unexpected text.
  public static let maxBracketRun = 12

  /// Why a file is not parsed, or nil when it is safe to.
  public static func refusal(for bytes: [UInt8]) -> String? {
    let open = UInt8(ascii: "[")
    // Only the bytes from each '[' on are looked at; memchr finds the next one.
    let runEnd: Int? = bytes.withUnsafeBufferPointer { buffer in
      var index = 0
      while let found = ByteSearch.firstIndex(of: open, in: buffer, from: index) {
        var position = found
        var run = 0
        while position < buffer.count {
          let byte = buffer[position]
          if byte == open {
            run += 1
            if run > maxBracketRun { return position }
            position += 1
          } else if byte <= 0x20 || byte >= 0x7F {
            position += 1
          } else if let end = commentEnd(in: buffer, at: position) {
            position = end
          } else {
            break
          }
        }
        index = position
      }
      return nil
    }
    guard let runEnd else { return nil }
    let line = 1 + bytes[..<runEnd].lazy.filter { $0 == UInt8(ascii: "\n") }.count
    return
      "line \(line) opens more than \(maxBracketRun) '[' in a row, which widgetlint does not parse (Swift's parser takes exponential time on it)"
  }

  /// Where the comment that starts at `position` ends (at its line break for `//`, past the `*/` that closes
  /// it for `/*`, which nests in Swift), or nil when no comment starts there.
  package static func commentEnd(in buffer: UnsafeBufferPointer<UInt8>, at position: Int) -> Int? {
    let slash = UInt8(ascii: "/")
    let star = UInt8(ascii: "*")
    guard buffer[position] == slash, position + 1 < buffer.count else { return nil }
    var index = position + 2
    switch buffer[position + 1] {
    case slash:
      while index < buffer.count, buffer[index] != UInt8(ascii: "\n") { index += 1 }
      return index
    case star:
      var depth = 1
      while index < buffer.count, depth > 0 {
        if buffer[index] == slash, index + 1 < buffer.count, buffer[index + 1] == star {
          depth += 1
          index += 2
        } else if buffer[index] == star, index + 1 < buffer.count, buffer[index + 1] == slash {
          depth -= 1
          index += 2
        } else {
          index += 1
        }
      }
      return index
    default:
      return nil
    }
  }

  /// Whether Swift's parser finds a syntax error in the text (`refusal` must be nil for it).
  package static func hasSyntaxErrors(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }.hasError
  }

  public static func scan(_ file: SourceText) -> SwiftFileFacts {
    let tree = file.bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
    var uses: [SwiftFileFacts.APIUse] = []
    // Walking the tree for these APIs cost as much as a second parse; most widget files name none of them.
    if ExtensionUnavailableAPI.mayBeUsed(in: file.bytes) {
      let visitor = UnavailableAPIVisitor(file: file)
      visitor.walk(tree)
      uses = visitor.uses
    }
    var facts = SwiftFileFacts(file: file, unavailableAPIUses: uses, code: WidgetCodeReader.read(tree, file: file))
    facts.suppressions = SourceComments.swiftSuppressions(file, tree: tree)
    return facts
  }
}
