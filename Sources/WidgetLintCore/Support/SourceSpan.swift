import Foundation

/// A byte range in one source file. Line and column are computed only when a finding needs them.
public struct SourceSpan: Sendable {
  public let file: SourceText
  // Offsets are stored in 32 bits (inputs are far below 4 GiB): a manifest holds a span per value.
  @usableFromInline let storedStart: UInt32
  @usableFromInline let storedEnd: UInt32

  @inlinable public var start: Int { Int(storedStart) }
  @inlinable public var end: Int { Int(storedEnd) }

  @inlinable public init(file: SourceText, start: Int, end: Int) {
    self.file = file
    self.storedStart = UInt32(clamping: start)
    self.storedEnd = UInt32(clamping: max(start, end))
  }

  public var range: SourceRange { file.range(fromOffset: start, toOffset: end) }
}
