import Foundation
import WidgetLintCore
import WidgetLintModel
import WidgetLintReaders

/// Turning values read from project files (app.json, target configs, property lists) into the
/// manifest model the rules read, keeping every span.
public enum ConfigValues {
  /// A parsed YAML/JSON document as a `ConfigValue` tree.
  public static func value(of document: YAMLDocument) -> Located<ConfigValue>? {
    guard let root = document.root else { return nil }
    return value(document, root, pointer: .root, depth: 0)
  }

  private static func value(_ document: YAMLDocument, _ id: YAMLDocument.NodeID, pointer: JSONPointer, depth: Int)
    -> Located<ConfigValue>
  {
    let span = document.span(of: id)
    guard depth < 200 else { return Located(.computed("…"), span: span, pointer: pointer) }
    switch document.content(of: id) {
    case .scalar(let text, let style):
      let value: ConfigValue
      switch ScalarValue(text: text, style: style, tag: document.tag(of: id)) {
      case .null: value = .null
      case .bool(let flag): value = .bool(flag)
      case .int, .float: value = .number(text)
      case .string(let string): value = .string(string)
      }
      return Located(value, span: span, pointer: pointer)
    case .sequence(let items):
      return Located(
        .array(items.enumerated().map { value(document, $1, pointer: pointer.appending($0), depth: depth + 1) }),
        span: span, pointer: pointer)
    case .mapping(let pairs):
      var members: [(key: Located<String>, value: Located<ConfigValue>)] = []
      for pair in pairs {
        guard let key = document.scalarText(pair.key) else { continue }
        let keySpan = document.span(of: pair.key)
        let childPointer = pointer.appending(key)
        members.append(
          (
            Located(key, span: keySpan, pointer: childPointer),
            value(document, pair.value, pointer: childPointer, depth: depth + 1)
          ))
      }
      return Located(.object(members), span: span, pointer: pointer)
    case .alias:
      return Located(.computed("alias"), span: span, pointer: pointer)
    }
  }

  /// Every computed part of a value, for the `computed-value` notes.
  public static func computedParts(of value: Located<ConfigValue>) -> [Located<String>] {
    switch value.value {
    case .computed(let text): return [Located(text, span: value.span, pointer: value.pointer)]
    case .array(let items): return items.flatMap(computedParts)
    case .object(let members): return members.flatMap { computedParts(of: $0.value) }
    default: return []
    }
  }

  public static func entitlements(_ value: Located<ConfigValue>) -> Entitlements? {
    var result = Entitlements(span: value.span, pointer: value.pointer)
    if case .computed = value.value {
      result.isComputed = true
      return result
    }
    guard case .object(let members) = value.value else { return nil }
    for member in members {
      if member.key.value == "..." {
        // A spread or key computed at prebuild (`...shared`, `[key]: …`) may set any entitlement, the App
        // Groups among them, unless they are written after it.
        result.computedKeys.insert("...")
        result.appGroups = nil
        result.appGroupsSpan = member.value.span
        continue
      }
      if let plain = member.value.plain {
        result.values[member.key.value] = plain
      } else {
        result.computedKeys.insert(member.key.value)
      }
      if member.key.value == Entitlements.appGroupsKey {
        // Groups a dynamic config computes are not known: nil, with the span where they are written.
        result.appGroups =
          member.value.plain == nil ? nil : (member.value.value.array ?? []).compactMap(\.stringValue)
        result.appGroupsSpan = member.value.span
        // Apple documents the entitlement as an array of strings. Anything else (a lone `<string>`, a
        // number in the array) is not read as groups: they are not known, and the value is reported.
        let wrong = wronglyTypedAppGroups(member.value)
        if !wrong.isEmpty {
          result.appGroups = nil
          result.wronglyTypedAppGroups = wrong
        }
      }
    }
    return result
  }

  /// The parts of an App Groups value that are not what Apple documents (an array of strings), each
  /// with what it is: the value itself when it is no array, else its elements that are no string.
  /// Computed parts are not known, so not wrong.
  package static func wronglyTypedAppGroups(_ value: Located<ConfigValue>) -> [Located<String>] {
    guard case .array(let items) = value.value else {
      return kind(of: value.value).map { kind in [value.map { _ in kind }] } ?? []
    }
    return items.compactMap { item in
      if case .string = item.value { return nil }
      return kind(of: item.value).map { kind in item.map { _ in kind } }
    }
  }

  /// What a value is, in words; nil for a computed one.
  package static func kind(of value: ConfigValue) -> String? {
    switch value {
    case .string(let text): return "a string ('\(text.count > 60 ? String(text.prefix(60)) + "…" : text)')"
    case .number: return "a number"
    case .bool: return "a boolean"
    case .null: return "null"
    case .array: return "an array"
    case .object: return "a dictionary"
    case .computed: return nil
    }
  }

  /// The value with the member at `path` set, objects created on the way (a computed part stays computed:
  /// what is set in it is not known).
  public static func setting(_ node: Located<ConfigValue>, _ path: ArraySlice<String>, to value: Located<ConfigValue>)
    -> Located<ConfigValue>
  {
    guard let key = path.first else { return value }
    let child = node.pointer.appending(key)
    switch node.value {
    case .computed:
      return node
    case .object(var members):
      let existing = members.lastIndex { $0.key.value == key }
      let inner = existing.map { members[$0].value } ?? Located(.object([]), span: value.span, pointer: child)
      let changed = setting(inner, path.dropFirst(), to: value)
      if let existing {
        members[existing].value = changed
      } else {
        members.append((Located(key, span: value.span, pointer: child), changed))
      }
      return Located(.object(members), span: node.span, pointer: node.pointer)
    default:
      return setting(Located(.object([]), span: node.span, pointer: node.pointer), path, to: value)
    }
  }

  public static func setting(_ node: Located<ConfigValue>, _ path: [String], to value: Located<ConfigValue>)
    -> Located<ConfigValue>
  {
    setting(node, path[...], to: value)
  }

  /// `expo.extra.eas.build.experimental.ios.appExtensions`, read as EAS reads it.
  public static func eas(_ value: Located<ConfigValue>) -> Manifest.EAS {
    var eas = Manifest.EAS(span: value.span)
    guard let items = value.value.array else { return eas }
    eas.appExtensionsSpan = value.span
    eas.appExtensions = items.map { item in
      var entry = Manifest.AppExtension(span: item.span, pointer: item.pointer)
      guard case .object(let members) = item.value else { return entry }
      for member in members {
        switch member.key.value {
        case "targetName": entry.targetName = member.value.stringValue
        case "bundleIdentifier": entry.bundleIdentifier = member.value.stringValue
        case "parentBundleIdentifier": entry.parentBundleIdentifier = member.value.stringValue
        case "entitlements": entry.entitlements = entitlements(member.value)
        default: entry.unknownKeys.append(member.key)
        }
      }
      return entry
    }
    return eas
  }

  /// A version string ("16.0"), or nil.
  public static func version(_ value: Located<ConfigValue>?) -> Located<OSVersion>? {
    guard let text = value?.stringValue, let version = OSVersion(parsing: text.value) else { return nil }
    return text.map { _ in version }
  }
}

/// The literals of a JSON or JavaScript config as written in place, for fixes (``WrittenObject``).
extension ConfigValues {
  /// The object `value` as written in place in `file`: each member a key, blanks, one colon, blanks and
  /// a value, in source order inside its braces; nil when any member is a spread, a shorthand, a method
  /// or a computed key, or its value is borrowed from elsewhere (a variable, an argument, another file).
  /// New strings take the quote of the first string literal of `root` (the file's value), `"` without one.
  package static func writtenObject(
    _ value: Located<ConfigValue>, in file: SourceText, root: Located<ConfigValue>? = nil
  )
    -> WrittenObject?
  {
    guard case .object(let members) = value.value, isLiteral(value.span, in: file, open: "{", close: "}") else {
      return nil
    }
    let bytes = file.bytes
    var cursor = value.span.start + 1
    var written: [WrittenObject.Member] = []
    for member in members {
      let key = member.key.span
      let item = member.value.span
      guard member.key.value != "...", key.file === file, item.file === file, cursor <= key.start,
        key.start < key.end, key.end <= item.start, item.start < item.end, item.end < value.span.end,
        !isBracket(bytes[key.start])
      else { return nil }
      // Blanks, one colon, blanks: not a shorthand, a method, a comment or a parenthesis.
      let between = bytes[key.end..<item.start]
      guard between.filter({ $0 == UInt8(ascii: ":") }).count == 1,
        between.allSatisfy({ $0 == UInt8(ascii: ":") || isWhiteSpace($0) })
      else { return nil }
      written.append(WrittenObject.Member(key: member.key, value: item))
      cursor = item.end
    }
    return WrittenObject(span: value.span, members: written, quote: quote(of: root ?? value, in: file))
  }

  /// The array `value` as written in place in `file`, its items in source order inside its brackets, the
  /// object items among them read as ``writtenObject(_:in:)``; nil for an array with a spread or a hole.
  package static func writtenArray(
    _ value: Located<ConfigValue>, in file: SourceText, root: Located<ConfigValue>? = nil
  )
    -> WrittenArray?
  {
    guard case .array(let items) = value.value, isLiteral(value.span, in: file, open: "[", close: "]") else {
      return nil
    }
    var cursor = value.span.start + 1
    for item in items {
      guard item.span.file === file, cursor <= item.span.start, item.span.start < item.span.end,
        item.span.end < value.span.end
      else { return nil }
      cursor = item.span.end
    }
    let quote = quote(of: root ?? value, in: file)
    return WrittenArray(
      span: value.span, items: items.map(\.span),
      objects: items.map { writtenObject($0, in: file, root: root ?? value) },
      quote: quote)
  }

  private static func isLiteral(_ span: SourceSpan, in file: SourceText, open: Character, close: Character) -> Bool {
    span.file === file && span.start + 1 < span.end && span.end <= file.bytes.count
      && file.bytes[span.start] == open.asciiValue && file.bytes[span.end - 1] == close.asciiValue
  }

  private static func isBracket(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "[") }

  private static func isWhiteSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  /// The quote a file writes its strings with: that of the first string literal of `value` written in
  /// it, `"` in JSON and when it has none.
  private static func quote(of value: Located<ConfigValue>, in file: SourceText) -> Character {
    guard FrontendContext.scriptExtensions.contains((file.path as NSString).pathExtension.lowercased()) else {
      return "\""
    }
    var pending = [value]
    while !pending.isEmpty {
      let next = pending.removeFirst()
      switch next.value {
      case .string:
        if next.span.file === file, next.span.start < file.bytes.count,
          file.bytes[next.span.start] == UInt8(ascii: "'") || file.bytes[next.span.start] == UInt8(ascii: "\"")
        {
          return Character(UnicodeScalar(file.bytes[next.span.start]))
        }
      case .array(let items): pending += items
      case .object(let members): pending += members.map(\.value)
      default: break
      }
    }
    return "\""
  }
}
