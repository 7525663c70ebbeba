import WidgetLintCore

/// Edits of a string literal in an app's Swift, Dart or JavaScript source: its contents replaced, its
/// quotes kept. An edit is made only where it is exact: the literal's bytes, from the reader's range,
/// are an opening delimiter, the value the reader read, byte for byte (so no escape sequence, no
/// interpolation, no line break and no concatenation is in it), and the closing delimiter; and the new
/// text means itself between those delimiters (no quote, backslash, `$`, `#` or control character).
package enum StringLiteralEdits {
  package enum Language {
    case swift, dart, javaScript
  }

  /// The delimiters a one-line literal of the language may have, opening and closing: Swift's `"…"`
  /// and raw `#"…"#` (one to three `#`), Dart's `'…'`, `"…"` and raw `r'…'`, `r"…"`, JavaScript's
  /// `'…'`, `"…"` and a template literal `` `…` ``.
  static func delimiters(_ language: Language) -> [(open: [UInt8], close: [UInt8])] {
    func pair(_ open: String, _ close: String) -> (open: [UInt8], close: [UInt8]) {
      (Array(open.utf8), Array(close.utf8))
    }
    switch language {
    case .swift: return [pair("\"", "\""), pair("#\"", "\"#"), pair("##\"", "\"##"), pair("###\"", "\"###")]
    case .dart: return [pair("'", "'"), pair("\"", "\""), pair("r'", "'"), pair("r\"", "\"")]
    case .javaScript: return [pair("'", "'"), pair("\"", "\""), pair("`", "`")]
    }
  }

  /// Whether `text` reads as itself inside any of the delimiters above: no quote, backslash, `$`
  /// (interpolation in Dart and templates), `#` (ends a raw Swift string after a quote), or character
  /// that ends a line or is a control character.
  static func isPlain(_ text: String) -> Bool {
    !text.isEmpty
      && text.unicodeScalars.allSatisfy { scalar in
        scalar.value >= 0x20 && scalar.value != 0x7F && !(0x80...0x9F).contains(scalar.value)
          && scalar != "\u{2028}" && scalar != "\u{2029}" && !"\"'`\\$#".unicodeScalars.contains(scalar)
      }
  }

  /// The replacement that makes the literal at `span`, whose value is `value`, read `text`; nil when
  /// the edit could not be proved exact.
  package static func replacingContents(
    of span: SourceSpan, value: String, with text: String, in language: Language
  ) -> Fix.Replacement? {
    guard isPlain(text), span.start >= 0, span.start <= span.end, span.end <= span.file.bytes.count else { return nil }
    let bytes = span.file.bytes[span.start..<span.end]
    let contents = Array(value.utf8)
    for (open, close) in delimiters(language) where bytes.count == open.count + contents.count + close.count {
      guard bytes.starts(with: open), bytes.suffix(close.count).elementsEqual(close),
        bytes.dropFirst(open.count).prefix(contents.count).elementsEqual(contents)
      else { continue }
      let inner = SourceSpan(file: span.file, start: span.start + open.count, end: span.end - close.count)
      return Fix.Replacement(inner, with: text)
    }
    return nil
  }

  /// The language of a source file, by its name; nil for any other file.
  package static func language(ofFileNamed path: String) -> Language? {
    let name = path.lowercased()
    if name.hasSuffix(".swift") { return .swift }
    if name.hasSuffix(".dart") { return .dart }
    if [".js", ".jsx", ".ts", ".tsx", ".mjs", ".cjs", ".mts", ".cts"].contains(where: name.hasSuffix) {
      return .javaScript
    }
    return nil
  }
}
