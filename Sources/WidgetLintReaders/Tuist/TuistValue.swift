import WidgetLintCore

/// A value a Tuist manifest's expression stands for, worked out without running it: literals, the
/// manifest's and its helpers' constants, and calls of ProjectDescription's API with their arguments.
/// Each part keeps the span it was written at (a helper's parameter, the argument at the call).
package indirect enum TuistValue: Sendable {
  case string(String)
  case number(String)
  case bool(Bool)
  case null
  case array([Located<TuistValue>])
  case dictionary([(key: Located<String>, value: Located<TuistValue>)])
  /// `.target(…)`, `Target(…)`, `Project(…)`, `.iOS("17.0")`: a call of ProjectDescription's API (or of
  /// anything the manifest does not declare), with its arguments worked out.
  case call(TuistCall)
  /// `.appExtension`, `.iPhone`, `Product.app`: a member of ProjectDescription's API that is no constant
  /// of the manifest.
  case member(String)
  /// Not worked out: the expression as written, and why.
  case unknown(TuistUnknown)

  package var string: String? {
    if case .string(let text) = self { return text }
    return nil
  }

  package var call: TuistCall? {
    if case .call(let call) = self { return call }
    return nil
  }

  package var array: [Located<TuistValue>]? {
    if case .array(let items) = self { return items }
    return nil
  }

  package var unknown: TuistUnknown? {
    if case .unknown(let unknown) = self { return unknown }
    return nil
  }
}

/// Why a value is not known, and the expression as written.
package struct TuistUnknown: Sendable {
  /// The expression, as written (shortened).
  package var text: String
  /// Why it is not worked out: "a call of 'makeTarget', whose body is not a literal value".
  package var reason: String

  package init(text: String, reason: String) {
    // One line, as a message quotes it: white space (line breaks and indentation) counts as one space.
    let line = text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    self.text = line.count > 60 ? String(line.prefix(60)) + "…" : line
    self.reason = reason
  }
}

/// A call of the API: `.target(name: …)` is `target` with no base, `Target(…)` is `init` on `Target`.
package struct TuistCall: Sendable {
  package var name: String
  package var base: String?
  package var arguments: [(label: String?, value: Located<TuistValue>)]

  /// The argument with this label (the first one).
  package func argument(_ label: String) -> Located<TuistValue>? {
    arguments.first { $0.label == label }?.value
  }

  /// The unlabelled argument at this position among the unlabelled ones.
  package func unlabelled(_ index: Int = 0) -> Located<TuistValue>? {
    let values = arguments.filter { $0.label == nil }
    return index < values.count ? values[index].value : nil
  }

  /// Whether the call is `name` on `type`: `.name(…)` (the base left implicit) or `Type.name(…)`;
  /// `init` for `Type(…)`.
  package func isCall(_ name: String, on type: String) -> Bool {
    self.name == name && (base == nil || base == type)
  }
}

extension Located where Value == TuistValue {
  package var stringValue: Located<String>? {
    guard case .string(let text) = value else { return nil }
    return Located<String>(text, span: span, pointer: pointer)
  }

  /// The value as a property-list value (`Plist.Value`, an Info.plist or entitlements dictionary):
  /// literals and `.string(…)`, `.array(…)`, `.dictionary(…)`, `.boolean(…)`, `.integer(…)`, `.real(…)`;
  /// anything else is `.computed`, with the expression as written.
  package var plistValue: Located<ConfigValue> {
    func located(_ value: ConfigValue) -> Located<ConfigValue> {
      Located<ConfigValue>(value, span: span, pointer: pointer)
    }
    switch value {
    case .string(let text): return located(.string(text))
    case .number(let text): return located(.number(text))
    case .bool(let flag): return located(.bool(flag))
    case .null: return located(.computed("nil"))
    case .array(let items): return located(.array(items.map(\.plistValue)))
    case .dictionary(let members):
      return located(.object(members.map { (key: $0.key, value: $0.value.plistValue) }))
    case .call(let call):
      guard call.base == nil || call.base == "Value" || call.base == "Plist.Value" || call.base == "InfoPlist.Value",
        call.arguments.count == 1, call.arguments[0].label == nil,
        ["string", "array", "dictionary", "boolean", "integer", "real"].contains(call.name)
      else {
        return located(.computed(".\(call.name)(…)"))
      }
      return call.arguments[0].value.plistValue
    case .member(let name): return located(.computed("." + name))
    case .unknown(let unknown): return located(.computed(unknown.text))
    }
  }

  /// Every part of the value that is not known, with where it is written.
  package var unknownParts: [Located<TuistUnknown>] {
    switch value {
    case .unknown(let unknown): return [Located<TuistUnknown>(unknown, span: span, pointer: pointer)]
    case .array(let items): return items.flatMap(\.unknownParts)
    case .dictionary(let members): return members.flatMap(\.value.unknownParts)
    case .call(let call): return call.arguments.flatMap(\.value.unknownParts)
    default: return []
    }
  }
}
