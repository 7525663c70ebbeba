import Foundation

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
