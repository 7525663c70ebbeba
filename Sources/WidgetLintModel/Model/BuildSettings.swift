import Foundation
import WidgetLintCore

/// Xcode's build-setting references, in the whole syntax Xcode accepts: `$(NAME)`, `${NAME}` and `$NAME`,
/// names built from other references (`$(ICON_$(CONFIGURATION))`), and operators after a colon
/// (`$(PRODUCT_NAME:rfc1034identifier:lower)`, `$(SUFFIX:default=.dev)`).
public enum BuildSettings {
  /// What a setting, or a text that refers to settings, comes to.
  public enum Evaluation: Equatable, Sendable {
    case value(String)
    /// Set nowhere (and not one of Xcode's own settings).
    case unset
    /// Set, but not known: `leftToBuilder` is true when whoever builds gives it, false when it cannot be
    /// worked out from the repository (an unset reference, an unknown operator, a cycle, an unclosed `$(`).
    case unknown(leftToBuilder: Bool)

    public var text: String? {
      if case .value(let text) = self { return text }
      return nil
    }
  }

  /// References nested deeper than this, or a value growing longer than `maxLength`, are not expanded.
  public static let maxDepth = 16
  public static let maxLength = 4096

  /// Whether the text refers to a setting: `$(`, `${`, or `$` before a name.
  @inlinable public static func containsReference(_ text: String) -> Bool {
    func scan(_ bytes: some Sequence<UInt8>) -> Bool {
      var previousWasDollar = false
      for byte in bytes {
        if previousWasDollar
          && (byte == UInt8(ascii: "(") || byte == UInt8(ascii: "{") || isNameStart(byte))
        {
          return true
        }
        previousWasDollar = byte == UInt8(ascii: "$")
      }
      return false
    }
    // Rules ask this of every identifier in a manifest: read the bytes in place where the string has them.
    return text.utf8.withContiguousStorageIfAvailable { scan($0) } ?? scan(text.utf8)
  }

  @inlinable static func isNameStart(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
      || byte == UInt8(ascii: "_")
  }

  static func isNameCharacter(_ byte: UInt8) -> Bool {
    isNameStart(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }

  /// Replaces references whose value is known; nil when one is not.
  public static func expand(_ text: String, with settings: [String: String]) -> String? {
    evaluate(text) { name in settings[name].map { .value($0) } ?? .unset }.text
  }

  /// The text with every reference removed, for checking the characters around them.
  public static func removingReferences(_ text: String) -> String {
    var parser = Parser(text)
    var result = ""
    while let part = parser.next() {
      if case .text(let literal) = part { result += literal }
    }
    return result
  }

  /// The names a text refers to, as written (nested references and operators included).
  public static func references(in text: String) -> [String] {
    var parser = Parser(text)
    var names: [String] = []
    while let part = parser.next() {
      if case .reference(let inner) = part { names.append(inner) }
    }
    return names
  }

  /// Evaluates a text: each reference's name (once its own references are expanded) is given to `lookup`,
  /// and its operators applied. An unset reference without `default=` makes the whole unknown: Xcode would
  /// expand it to nothing, but it may be set where widgetlint cannot see (the command line, the
  /// environment of a script).
  public static func evaluate(_ text: String, depth: Int = 0, lookup: (String) -> Evaluation) -> Evaluation {
    guard containsReference(text) else { return .value(text) }
    guard depth < maxDepth else { return .unknown(leftToBuilder: false) }
    var parser = Parser(text)
    var result = ""
    while let part = parser.next() {
      switch part {
      case .text(let literal): result += literal
      case .unclosed: return .unknown(leftToBuilder: false)
      case .reference(let inner):
        switch evaluateReference(inner, depth: depth, lookup: lookup) {
        case .value(let value): result += value
        case .unset: return .unknown(leftToBuilder: false)
        case .unknown(let leftToBuilder): return .unknown(leftToBuilder: leftToBuilder)
        }
      }
      if result.utf8.count > maxLength { return .unknown(leftToBuilder: false) }
    }
    return .value(result)
  }

  /// One reference's inside: `NAME`, `NAME:op:op`, where NAME and an operator's argument may hold references.
  private static func evaluateReference(_ inner: String, depth: Int, lookup: (String) -> Evaluation) -> Evaluation {
    let pieces = splitAtTopLevelColons(inner)
    guard case .value(let name) = evaluate(pieces[0], depth: depth + 1, lookup: lookup), !name.isEmpty else {
      return .unknown(leftToBuilder: false)
    }
    var current = lookup(name)
    for piece in pieces.dropFirst() {
      if piece.hasPrefix("default=") {
        let fallback = evaluate(String(piece.dropFirst("default=".count)), depth: depth + 1, lookup: lookup)
        switch current {
        case .unset, .value(""): current = fallback
        case .value, .unknown: break
        }
        continue
      }
      guard case .value(let value) = current else { continue }
      guard let transformed = apply(piece, to: value) else { return .unknown(leftToBuilder: false) }
      current = .value(transformed)
    }
    return current
  }

  /// `inner` split at the colons outside nested references.
  private static func splitAtTopLevelColons(_ inner: String) -> [String] {
    var pieces: [String] = []
    var current = ""
    var nesting = 0
    var previous: Character?
    for character in inner {
      if (character == "(" || character == "{") && previous == "$" {
        nesting += 1
      } else if (character == ")" || character == "}") && nesting > 0 {
        nesting -= 1
      } else if character == ":" && nesting == 0 {
        pieces.append(current)
        current = ""
        previous = character
        continue
      }
      current.append(character)
      previous = character
    }
    pieces.append(current)
    return pieces
  }

  /// Xcode's operators; nil for one it does not have.
  static func apply(_ operation: String, to value: String) -> String? {
    switch operation {
    case "lower": return value.lowercased()
    case "upper": return value.uppercased()
    case "rfc1034identifier":
      return String(value.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") ? $0 : "-" })
    case "c99extidentifier", "identifier":
      var identifier = String(value.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") ? $0 : "_" })
      if let first = identifier.first, first.isNumber { identifier = "_" + identifier }
      return identifier
    case "file": return String(PathUtilities.name(of: value))
    case "dir":
      let folder = PathUtilities.folder(of: value)
      return folder.isEmpty ? "./" : folder.hasSuffix("/") ? folder : folder + "/"
    case "base":
      let file = PathUtilities.name(of: value)
      guard let dot = file.lastIndex(of: "."), dot != file.startIndex else { return String(file) }
      return String(file[..<dot])
    case "suffix":
      let file = PathUtilities.name(of: value)
      guard let dot = file.lastIndex(of: "."), dot != file.startIndex else { return "" }
      return String(file[dot...])
    case "standardizepath": return PathUtilities.standardize(value)
    default: return nil
    }
  }

  /// A text's parts in order: literal text, and each reference's inside (`NAME:op` of `$(NAME:op)`).
  struct Parser {
    enum Part: Equatable {
      case text(String)
      case reference(String)
      /// A `$(` or `${` without its closing bracket: the rest of the text.
      case unclosed(String)
    }

    private let bytes: [UInt8]
    private var index = 0

    init(_ text: String) { bytes = Array(text.utf8) }

    mutating func next() -> Part? {
      guard index < bytes.count else { return nil }
      let start = index
      if bytes[index] == UInt8(ascii: "$"), index + 1 < bytes.count {
        let opening = bytes[index + 1]
        if opening == UInt8(ascii: "(") || opening == UInt8(ascii: "{") {
          guard let close = matchingClose(from: index + 1) else {
            index = bytes.count
            return .unclosed(string(start..<bytes.count))
          }
          index = close + 1
          return .reference(string((start + 2)..<close))
        }
        if BuildSettings.isNameStart(opening) {
          var end = index + 1
          while end < bytes.count, BuildSettings.isNameCharacter(bytes[end]) { end += 1 }
          index = end
          return .reference(string((start + 1)..<end))
        }
      }
      // Literal text up to the next `$` that starts a reference (a lone `$` is text).
      index += 1
      while index < bytes.count, bytes[index] != UInt8(ascii: "$") { index += 1 }
      return .text(string(start..<index))
    }

    /// The bracket closing the one at `opening`, counting the references nested inside.
    private func matchingClose(from opening: Int) -> Int? {
      var stack: [UInt8] = [bytes[opening] == UInt8(ascii: "(") ? UInt8(ascii: ")") : UInt8(ascii: "}")]
      var position = opening + 1
      while position < bytes.count {
        let byte = bytes[position]
        if byte == UInt8(ascii: "$"), position + 1 < bytes.count,
          bytes[position + 1] == UInt8(ascii: "(") || bytes[position + 1] == UInt8(ascii: "{")
        {
          stack.append(bytes[position + 1] == UInt8(ascii: "(") ? UInt8(ascii: ")") : UInt8(ascii: "}"))
          position += 2
          continue
        }
        if byte == stack.last {
          stack.removeLast()
          if stack.isEmpty { return position }
        }
        position += 1
      }
      return nil
    }

    private func string(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
  }
}
