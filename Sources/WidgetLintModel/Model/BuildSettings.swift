import WidgetLintCore

/// Xcode build-setting references (`$(PRODUCT_BUNDLE_IDENTIFIER)`, `${TEAM_ID}`) in entitlement values.
public enum BuildSettings {
  /// Whether the text contains a `$(…)` or `${…}` reference.
  @inlinable public static func containsReference(_ text: String) -> Bool {
    func scan(_ bytes: some Sequence<UInt8>) -> Bool {
      var previousWasDollar = false
      for byte in bytes {
        if previousWasDollar && (byte == UInt8(ascii: "(") || byte == UInt8(ascii: "{")) { return true }
        previousWasDollar = byte == UInt8(ascii: "$")
      }
      return false
    }
    // Rules ask this of every identifier in a manifest: read the bytes in place where the string has them.
    return text.utf8.withContiguousStorageIfAvailable { scan($0) } ?? scan(text.utf8)
  }

  /// Replaces references whose value is known; nil when one is not.
  public static func expand(_ text: String, with settings: [String: String]) -> String? {
    substitute(text, keepingUnclosed: false) { settings[$0] }
  }

  /// The text with every reference removed, for checking the characters around them.
  public static func removingReferences(_ text: String) -> String {
    substitute(text, keepingUnclosed: true) { _ in "" } ?? text
  }

  /// Replaces each `$(NAME)` / `${NAME}` with `value(NAME)`; nil when a value is unknown, or when a
  /// reference is unclosed and `keepingUnclosed` is false (otherwise the rest is kept as written).
  private static func substitute(_ text: String, keepingUnclosed: Bool, _ value: (String) -> String?) -> String? {
    var result = ""
    var rest = Substring(text)
    while let dollar = rest.firstIndex(of: "$") {
      result += rest[..<dollar]
      let afterDollar = rest.index(after: dollar)
      guard afterDollar < rest.endIndex, rest[afterDollar] == "(" || rest[afterDollar] == "{" else {
        result.append("$")
        rest = rest[afterDollar...]
        continue
      }
      let closing: Character = rest[afterDollar] == "(" ? ")" : "}"
      guard let close = rest[afterDollar...].firstIndex(of: closing) else {
        return keepingUnclosed ? result + rest : nil
      }
      guard let replacement = value(String(rest[rest.index(after: afterDollar)..<close])) else { return nil }
      result += replacement
      rest = rest[rest.index(after: close)...]
    }
    return result + rest
  }
}
