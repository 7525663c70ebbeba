import Foundation
import WidgetLintCore
import WidgetLintModel

/// A target's build settings in one configuration, in Xcode's order of precedence: the target's own
/// settings, then its `.xcconfig`, then the project's settings of the same configuration, then the
/// project's `.xcconfig`, then the few settings Xcode defines itself (`TARGET_NAME`, `SRCROOT`, …).
///
/// `$(NAME)` and `${NAME}` are expanded where every reference is known, `$(inherited)` from the layers
/// below; a value with an unknown reference is nil: skipped, never guessed.
///
/// Some values are the builder's, not the repository's: a setting that an include missing from the
/// repository may set, a `DEVELOPMENT_TEAM` that is empty or a placeholder (`##TEAM_ID##`), any value that
/// is a placeholder. They are unknown too, and each is recorded in `leftToBuilder` with where it is
/// written, so that the project can say once why the values that use them were not checked.
package struct XcodeBuildSettingsResolver {
  /// Highest precedence first.
  package var layers: [XcodeBuildSettingsLayer]
  package var builtIns: [String: String]
  /// Where the settings left to the builder are recorded; shared by a project's resolvers.
  package var leftToBuilder: SettingsLeftToBuilder?

  /// Where a setting is found below a layer: written in a layer, or possibly set by a missing include.
  package enum Lookup {
    case written(XcodeBuildSetting, layer: Int)
    case unknown(MissingInclude, writtenAt: XcodeBuildSetting?)
    case unset
  }

  /// The setting as written, and the layer it is written in.
  package func lookup(_ key: String, below layer: Int = -1) -> Lookup {
    var index = layer + 1
    while index < layers.count {
      if let setting = layers[index].settings[key] {
        if let include = setting.mayBeOverriddenBy { return .unknown(include, writtenAt: setting) }
        return .written(setting, layer: index)
      }
      if let include = layers[index].missingInclude { return .unknown(include, writtenAt: nil) }
      index += 1
    }
    return .unset
  }

  /// A value as far as it can be known.
  package typealias Resolution = BuildSettings.Evaluation

  /// The setting's value, expanded, at the place it was written; nil when it is not set or not known.
  package func resolved(_ key: String) -> Located<String>? {
    guard case .written(let setting, _) = lookup(key), let value = resolution(of: key, depth: 0).text, !value.isEmpty
    else { return nil }
    return Located(value, span: setting.span, pointer: setting.pointer)
  }

  /// The setting's value as far as it can be known: a value, unset, or not known (and whether the
  /// builder gives it).
  package func evaluation(_ key: String) -> Resolution { resolution(of: key, depth: 0) }

  /// Whether the setting's value is the builder's to give (recorded in `leftToBuilder`), not merely unset.
  package func isLeftToBuilder(_ key: String) -> Bool {
    if case .unknown(leftToBuilder: true) = resolution(of: key, depth: 0) { return true }
    return false
  }

  /// Whether a text that cannot be expanded refers to a setting left to the builder (said by the note on
  /// those settings, so not said again).
  package func refersToBuilderSettings(_ text: String) -> Bool {
    BuildSettings.references(in: text).contains { reference in
      let name = String(reference.prefix { $0 != ":" })
      return Self.signingPrefixes.contains(name) || isLeftToBuilder(name)
    }
  }

  /// What Xcode gives entitlements from the signing identity: an identifier and a dot.
  package static let signingPrefixes: Set<String> = ["TeamIdentifierPrefix", "AppIdentifierPrefix"]

  /// An entitlement's text expanded as Xcode expands it when it signs: from these settings, with
  /// `$(CFBundleIdentifier)` the product's bundle identifier (Xcode's old templates wrote
  /// `$(AppIdentifierPrefix)$(CFBundleIdentifier)`).
  package func expandInEntitlements(_ text: String) -> String? {
    let bundleIdentifier = resolution(of: "PRODUCT_BUNDLE_IDENTIFIER", depth: 1)
    let expansion = BuildSettings.evaluate(text) { name in
      if name == "CFBundleIdentifier" { return bundleIdentifier }
      guard Self.signingPrefixes.contains(name) else { return resolution(of: name, depth: 1) }
      // The team prefix is the signing team's identifier; an App ID prefix may be an older, app-specific one.
      guard name == "TeamIdentifierPrefix", case .value(let team) = resolution(of: "DEVELOPMENT_TEAM", depth: 1) else {
        return .unknown(leftToBuilder: true)
      }
      return .value(team + ".")
    }
    return expansion.text?.trimmingCharacters(in: .whitespaces)
  }

  private func resolution(of key: String, depth: Int) -> Resolution {
    switch lookup(key) {
    case .unset:
      if let builtIn = builtIns[key] { return .value(builtIn) }
      if key == "DEVELOPMENT_TEAM" {
        leftToBuilder?.record(key, .unset, writtenAt: nil)
        return .unknown(leftToBuilder: true)
      }
      return .unset
    case .unknown(let include, let setting):
      leftToBuilder?.record(key, .mayBeSetBy(include), writtenAt: setting?.span)
      return .unknown(leftToBuilder: true)
    case .written(let setting, let layer):
      let expansion = expand(setting.value, key: key, layer: layer, depth: depth)
      guard case .value(let value) = expansion else { return expansion }
      if let reason = Self.leftToBuilder(key, value) {
        leftToBuilder?.record(key, reason, writtenAt: setting.span)
        return .unknown(leftToBuilder: true)
      }
      return .value(value)
    }
  }

  /// Why a value as written is the builder's to give, or nil when it is a value.
  package static func leftToBuilder(_ key: String, _ value: String) -> SettingsLeftToBuilder.Reason? {
    if isPlaceholder(value) { return .placeholder }
    // A team ID is ten capital letters and digits; empty, or anything else, means whoever builds sets it.
    if key == "DEVELOPMENT_TEAM" {
      let isTeamID = value.utf8.count == 10 && value.utf8.allSatisfy { $0.isASCIIUppercaseLetterOrDigit }
      return isTeamID ? nil : (value.isEmpty ? .empty : .placeholder)
    }
    return nil
  }

  /// The placeholder shapes project templates leave for the builder to fill in: `##TEAM_ID##`,
  /// `<YOUR_TEAM>`, `{{TEAM}}`. None of their brackets is valid in an identifier.
  package static func isPlaceholder(_ value: String) -> Bool {
    value.contains("##") || (value.hasPrefix("<") && value.hasSuffix(">"))
      || (value.contains("{{") && value.contains("}}"))
  }

  /// A text's references expanded from these settings; `$(inherited)` is `key`'s value in the layers
  /// below `layer`.
  private func expand(_ text: String, key: String?, layer: Int, depth: Int) -> Resolution {
    let expansion = BuildSettings.evaluate(text, depth: depth) { name in
      guard name == "inherited" else { return resolution(of: name, depth: depth + 1) }
      // The same setting from the layers below; nothing below means empty.
      switch key.map({ lookup($0, below: layer) }) {
      case .written(let setting, let lower):
        return expand(setting.value, key: key, layer: lower, depth: depth + 1)
      case .unknown(let include, let setting):
        if let key { leftToBuilder?.record(key, .mayBeSetBy(include), writtenAt: setting?.span) }
        return .unknown(leftToBuilder: true)
      case .unset, nil:
        return key.map { .value(builtIns[$0] ?? "") } ?? .unset
      }
    }
    if case .value(let value) = expansion { return .value(value.trimmingCharacters(in: .whitespaces)) }
    return expansion
  }

  package init(
    layers: [XcodeBuildSettingsLayer], builtIns: [String: String], leftToBuilder: SettingsLeftToBuilder? = nil
  ) {
    self.layers = layers
    self.builtIns = builtIns
    self.leftToBuilder = leftToBuilder
    guard layers.contains(where: \.hasConditions) else { return }
    // The SDK that ships: `SDKROOT`'s name as written without conditions (`iphoneos`, `macosx`).
    var sdk: String?
    if case .written(let setting, _) = lookup("SDKROOT") {
      sdk = (setting.value.lowercased() as NSString).lastPathComponent
    }
    self.layers = layers.map { $0.applyingConditions(configuration: builtIns["CONFIGURATION"], sdk: sdk) }
  }
}

/// The settings of a project whose values are left to whoever builds it, recorded as the resolvers meet
/// them, for the one note that says why the values using them were not checked.
package final class SettingsLeftToBuilder {
  package enum Reason: Equatable {
    case empty, placeholder, unset
    case mayBeSetBy(MissingInclude)
    /// A `${NAME}` a project spec writes that names no setting: a generator (XcodeGen) takes it from the
    /// environment it runs in.
    case environment
  }

  package struct Entry {
    package var key: String
    package var reason: Reason
    package var writtenAt: SourceSpan?
  }

  package private(set) var entries: [Entry] = []

  package init() {}

  package func record(_ key: String, _ reason: Reason, writtenAt: SourceSpan?) {
    guard
      !entries.contains(where: {
        $0.key == key && $0.reason == reason && $0.writtenAt?.start == writtenAt?.start
          && $0.writtenAt?.file.path == writtenAt?.file.path
      })
    else {
      return
    }
    entries.append(Entry(key: key, reason: reason, writtenAt: writtenAt))
  }
}

extension UInt8 {
  fileprivate var isASCIIUppercaseLetterOrDigit: Bool {
    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self)
  }
}
