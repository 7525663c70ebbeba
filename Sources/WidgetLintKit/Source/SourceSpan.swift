import Foundation

/// A byte range in one source file. Line and column are computed only when a finding needs them.
public struct SourceSpan: Sendable {
  public let file: SourceText
  public let start: Int
  public let end: Int

  public init(file: SourceText, start: Int, end: Int) {
    self.file = file
    self.start = start
    self.end = max(start, end)
  }

  public var range: SourceRange { file.range(fromOffset: start, toOffset: end) }
}

/// A value read from a source file, with where it was read and its JSON Pointer in the document.
public struct Located<Value: Sendable>: Sendable {
  public var value: Value
  public var span: SourceSpan
  public var pointer: JSONPointer

  public init(_ value: Value, span: SourceSpan, pointer: JSONPointer) {
    self.value = value
    self.span = span
    self.pointer = pointer
  }

  public func map<T>(_ transform: (Value) -> T) -> Located<T> {
    Located<T>(transform(value), span: span, pointer: pointer)
  }
}

/// An RFC 6901 JSON Pointer such as `/targets/0/widgets/2/refresh`.
public struct JSONPointer: Hashable, Sendable, CustomStringConvertible, Comparable {
  public let tokens: [String]

  public init(_ tokens: [String] = []) { self.tokens = tokens }

  public static let root = JSONPointer()

  public func appending(_ key: String) -> JSONPointer { JSONPointer(tokens + [key]) }
  public func appending(_ index: Int) -> JSONPointer { JSONPointer(tokens + [String(index)]) }

  public var description: String {
    tokens.map { "/" + $0.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1") }
      .joined()
  }

  public func hasPrefix(_ other: JSONPointer) -> Bool { tokens.starts(with: other.tokens) }

  public static func < (lhs: JSONPointer, rhs: JSONPointer) -> Bool { lhs.description < rhs.description }

  /// Parses the textual form; nil when it does not start with "/" (and is not empty).
  public init?(parsing text: String) {
    if text.isEmpty {
      self.tokens = []
      return
    }
    guard text.hasPrefix("/") else { return nil }
    self.tokens = text.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
      $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
    }
  }
}
