import SwiftParser
import SwiftSyntax

/// Reads Swift sources with swift-syntax: comments and string literals are trivia and literal
/// segments to the parser, so they can never match.
public enum SwiftSourceScanner {
  /// The longest run of `[` (white space between allowed) that is parsed. swift-syntax's parser takes
  /// time exponential in such runs (`[[[[…`: 18 take seconds, 22 half a minute), and no real Swift
  /// nests array literals or types this deep.
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
        scan: while position < buffer.count {
          switch buffer[position] {
          case open:
            run += 1
            if run > maxBracketRun { return position }
          case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"):
            break
          default:
            break scan
          }
          position += 1
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

  public static func scan(_ file: SourceText) -> SwiftFileFacts {
    let tree = file.bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
    var uses: [SwiftFileFacts.APIUse] = []
    // Walking the tree for these APIs cost as much as a second parse; most widget files name none of them.
    if ExtensionUnavailableAPI.mayBeUsed(in: file.bytes) {
      let visitor = UnavailableAPIVisitor(file: file)
      visitor.walk(tree)
      uses = visitor.uses
    }
    return SwiftFileFacts(file: file, unavailableAPIUses: uses, code: WidgetCodeReader.read(tree, file: file))
  }
}
