import Foundation

/// An RFC 6901 JSON Pointer such as `/targets/0/widgets/2/refresh`.
///
/// Stored as a chain of tokens that share their parents: every value read from a document carries
/// its pointer, and appending a token to a chain costs one small allocation where copying an array
/// of strings cost a copy of the whole path.
public struct JSONPointer: Hashable, Sendable, CustomStringConvertible, Comparable {
  @usableFromInline enum Token: Hashable, Sendable {
    case key(String)
    case index(Int)

    var text: String {
      switch self {
      case .key(let key): return key
      case .index(let index): return String(index)
      }
    }
  }

  @usableFromInline final class Link: Sendable {
    let parent: Link?
    let token: Token

    @usableFromInline init(parent: Link?, token: Token) {
      self.parent = parent
      self.token = token
    }
  }

  @usableFromInline let last: Link?

  @usableFromInline init(last: Link?) { self.last = last }

  public init(_ tokens: [String] = []) {
    var link: Link?
    for token in tokens { link = Link(parent: link, token: .key(token)) }
    self.last = link
  }

  public static let root = JSONPointer()

  @inlinable public func appending(_ key: String) -> JSONPointer {
    JSONPointer(last: Link(parent: last, token: .key(key)))
  }
  @inlinable public func appending(_ index: Int) -> JSONPointer {
    JSONPointer(last: Link(parent: last, token: .index(index)))
  }

  /// The reference tokens, unescaped, from the root down.
  public var tokens: [String] {
    var tokens: [String] = []
    tokens.reserveCapacity(depth)
    forEachToken { tokens.append($0) }
    return tokens
  }

  /// Calls `body` with each reference token, unescaped, from the root down. Pointers are written and
  /// walked for every finding: this walk makes no array, and `description` makes one string.
  public func forEachToken(_ body: (String) -> Void) {
    Self.visitFromRoot(last, depth: depth) { body($0.text) }
  }

  private var depth: Int {
    var depth = 0
    var link = last
    while let current = link {
      depth += 1
      link = current.parent
    }
    return depth
  }

  /// Visits the chain from its root. Its tokens are gathered leaf first into a temporary buffer (on the
  /// stack for a pointer of usual depth), not by recursion: a pointer parsed from a configuration file
  /// can be as deep as the file is long.
  private static func visitFromRoot(_ last: Link?, depth: Int, _ body: (Token) -> Void) {
    withUnsafeTemporaryAllocation(of: Token.self, capacity: depth) { tokens in
      var link = last
      var count = 0
      for index in tokens.indices.reversed() {
        guard let current = link else { break }
        tokens.initializeElement(at: index, to: current.token)
        count += 1
        link = current.parent
      }
      let filled = UnsafeMutableBufferPointer(rebasing: tokens[(tokens.count - count)...])
      defer { _ = filled.deinitialize() }
      for token in filled { body(token) }
    }
  }

  public var description: String {
    var length = 0
    var depth = 0
    var link = last
    while let current = link {
      depth += 1
      switch current.token {
      case .key(let key): length += 1 + key.utf8.count
      case .index(let index): length += 1 + String(index).utf8.count
      }
      link = current.parent
    }
    var text = ""
    // Room for the tokens as written; a `~` or `/` to escape makes the string grow once more.
    text.reserveCapacity(length)
    Self.visitFromRoot(last, depth: depth) { token in
      text.append("/")
      switch token {
      case .key(let key): text.append(key.escaping(Self.tokenEscapes))
      case .index(let index): text.append(String(index))
      }
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
