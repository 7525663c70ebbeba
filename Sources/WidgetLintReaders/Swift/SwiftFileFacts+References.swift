import SwiftParser
import SwiftSyntax
import WidgetLintCore
import WidgetLintModel

extension SwiftFileFacts {
  /// References to `names` (by name alone, as written) outside declarations marked unavailable in app
  /// extensions. Few projects declare such names, so the first reading of a file does not collect
  /// references: the frontend asks for them once it knows a target's declarations (see
  /// `TargetCode.extensionUnavailableReferences`), and the file is parsed again only when its text
  /// contains one of the names.
  public func references(to names: Set<String>) -> [WidgetCodeFacts.Reference] {
    guard names.contains(where: { ByteSearch.contains(file.bytes, Array($0.utf8)) }) else { return [] }
    let tree = file.bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
    let visitor = ReferenceVisitor(file: file, names: names)
    visitor.walk(tree)
    return visitor.references
  }
}
