import Foundation

/// An RFC 6901 JSON Pointer such as `/targets/0/widgets/2/refresh`.
///
/// Stored as a chain of tokens that share their parents: every value read from a document carries
/// its pointer, and appending a token to a chain costs one small allocation where copying an array
/// of strings cost a copy of the whole path.
public struct JSONPointer: Hashable, Sendable, CustomStringConvertible, Comparable {
  private enum Token: Hashable, Sendable {
    case key(String)
    case index(Int)

    var text: String {
      switch self {
      case .key(let key): return key
      case .index(let index): return String(index)
      }
    }
  }

  private final class Link: Sendable {
    let parent: Link?
    let token: Token

    init(parent: Link?, token: Token) {
      self.parent = parent
      self.token = token
    }
  }

  private let last: Link?

  private init(last: Link?) { self.last = last }

  public init(_ tokens: [String] = []) {
    var link: Link?
    for token in tokens { link = Link(parent: link, token: .key(token)) }
    self.last = link
  }

  public static let root = JSONPointer()

  public func appending(_ key: String) -> JSONPointer { JSONPointer(last: Link(parent: last, token: .key(key))) }
  public func appending(_ index: Int) -> JSONPointer { JSONPointer(last: Link(parent: last, token: .index(index))) }

  /// The reference tokens, unescaped, from the root down.
  public var tokens: [String] { tokensFromRoot.map(\.text) }

  /// The chain's tokens from the root down, in one array of exactly their count: pointers are written
  /// for every finding, and collecting them leaf first and reversing allocated a few arrays each time.
  private var tokensFromRoot: [Token] {
    var depth = 0
    var link = last
    while let current = link {
      depth += 1
      link = current.parent
    }
    var tokens = [Token](repeating: .index(0), count: depth)
    link = last
    for index in tokens.indices.reversed() {
      guard let current = link else { break }
      tokens[index] = current.token
      link = current.parent
    }
    return tokens
  }

  public var description: String {
    var text = ""
    for token in tokensFromRoot {
      text.append("/")
      text.append(token.text.escaping(Self.tokenEscapes))
    }
    return text
  }

  private static let tokenEscapes: ASCIIEscapes = ["~": "~0", "/": "~1"]

  public func hasPrefix(_ other: JSONPointer) -> Bool { tokens.starts(with: other.tokens) }

  // An index and the key spelled with its digits are the same token, as in the textual form.
  public static func == (lhs: JSONPointer, rhs: JSONPointer) -> Bool {
    var left = lhs.last
    var right = rhs.last
    while let l = left, let r = right {
      if l === r { return true }
      guard l.token == r.token || l.token.text == r.token.text else { return false }
      left = l.parent
      right = r.parent
    }
    return left == nil && right == nil
  }

  public func hash(into hasher: inout Hasher) {
    // Leaf first: equal pointers have equal tokens in either order, and this order needs no array.
    var link = last
    while let current = link {
      hasher.combine(current.token.text)
      link = current.parent
    }
  }

  public static func < (lhs: JSONPointer, rhs: JSONPointer) -> Bool { lhs.description < rhs.description }

  /// Parses the textual form; nil when it does not start with "/" (and is not empty).
  public init?(parsing text: String) {
    if text.isEmpty {
      self.init()
      return
    }
    guard text.hasPrefix("/") else { return nil }
    self.init(
      text.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
        $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
      })
  }
}
