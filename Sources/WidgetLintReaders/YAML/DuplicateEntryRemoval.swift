import WidgetLintCore

/// The fix for a key written twice with the same value: the second entry goes, lines and all, and what
/// readers see does not change (they keep the later value, which is the earlier one's twin).
package struct DuplicateEntryRemoval {
  package let document: YAMLDocument

  /// Removes `pairs[index]` when its value is written as `pairs[firstIndex]`'s is.
  package func fix(
    removing index: Int, repeating firstIndex: Int, in pairs: [(key: YAMLDocument.NodeID, value: YAMLDocument.NodeID)]
  ) -> Fix? {
    let edits = ManifestEdits(source: document.source)
    let pair = pairs[index]
    guard index > 0, text(of: pairs[firstIndex].value, edits) == text(of: pair.value, edits) else { return nil }
    let key = document.scalarText(pair.key) ?? ""
    let valueEnd = edits.contentEnd(ofNode: pair.value, in: document)
    let keyStart = document.nodes[pair.key].start
    let previousEnd = edits.contentEnd(ofNode: pairs[index - 1].value, in: document)
    let between = document.source.bytes[previousEnd..<keyStart]
    let replacement: Fix.Replacement
    if between.contains(UInt8(ascii: ",")) {
      // In flow style and JSON, the entry goes with the comma before it, so none is left dangling.
      guard !between.contains(UInt8(ascii: "#")) else { return nil }
      replacement = Fix.Replacement(SourceSpan(file: document.source, start: previousEnd, end: valueEnd), with: "")
    } else {
      guard edits.startsItsLine(keyStart), edits.endsItsLine(valueEnd, allowingComment: true) else { return nil }
      replacement = edits.removing(from: keyStart, to: valueEnd, withTrailingComment: true)
    }
    return Fix("remove the second '\(key)', which repeats the first", replacements: [replacement])
  }

  private func text(of node: YAMLDocument.NodeID, _ edits: ManifestEdits) -> String {
    let start = document.nodes[node].start
    return edits.text(
      SourceSpan(file: document.source, start: start, end: edits.contentEnd(ofNode: node, in: document)))
  }
}
