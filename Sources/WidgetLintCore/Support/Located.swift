import Foundation

/// A value read from a source file, with where it was read and its JSON Pointer in the document.
///
/// A copy retains its file and its pointer as well as its value, and rules on threads side by side
/// retain the same file: a loop over thousands of values compares `.value` and takes the located value
/// only for a finding.
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
