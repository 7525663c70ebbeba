import Foundation

/// A position in a source file. `line` and `column` are 1-based; `column` counts Unicode scalars,
/// so a position means the same thing to libyaml, swift-syntax and an editor.
public struct SourcePosition: Hashable, Comparable, Sendable, Codable {
  /// Byte offset into the UTF-8 text, 0-based.
  public var offset: Int
  public var line: Int
  public var column: Int

  public init(offset: Int, line: Int, column: Int) {
    self.offset = offset
    self.line = line
    self.column = column
  }

  public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
    lhs.offset < rhs.offset
  }
}
