import Foundation

/// A half-open range: `end` is the position just past the last character.
public struct SourceRange: Hashable, Sendable, Codable {
  public var start: SourcePosition
  public var end: SourcePosition

  public init(start: SourcePosition, end: SourcePosition) {
    self.start = start
    self.end = max(start, end)
  }

  public static let zero = SourceRange(
    start: SourcePosition(offset: 0, line: 1, column: 1),
    end: SourcePosition(offset: 0, line: 1, column: 1)
  )
}
