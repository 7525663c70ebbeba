import WidgetLintCore

/// One build setting as written in a project file or an `.xcconfig`: its text and where it was written.
package struct XcodeBuildSetting: Sendable {
  package var value: String
  package var span: SourceSpan
  package var pointer: JSONPointer
  /// An include that is not in the repository, written after this setting in the same file chain: it may
  /// set the setting again, so the value written here is not known to be the one that builds.
  package var mayBeOverriddenBy: MissingInclude?

  package init(value: String, span: SourceSpan, pointer: JSONPointer, mayBeOverriddenBy: MissingInclude? = nil) {
    self.value = value
    self.span = span
    self.pointer = pointer
    self.mayBeOverriddenBy = mayBeOverriddenBy
  }
}

/// An `#include` (usually `#include?`) of a file the repository does not hold, such as a git-ignored
/// `Override.xcconfig` where each developer sets their team.
package struct MissingInclude: Sendable, Equatable {
  /// The included path as written.
  package var path: String
  /// The path's text on the `#include` line.
  package var span: SourceSpan

  package init(path: String, span: SourceSpan) {
    self.path = path
    self.span = span
  }

  package static func == (left: MissingInclude, right: MissingInclude) -> Bool {
    left.path == right.path && left.span.isSame(as: right.span)
  }
}

extension SourceSpan {
  /// The same bytes of the same file: a file read again (an `.xcconfig` each configuration reads) is a
  /// text of its own with the same path.
  package func isSame(as other: SourceSpan) -> Bool {
    start == other.start && end == other.end && (file === other.file || file.path == other.file.path)
  }
}

/// The settings of one level of Xcode's precedence: a configuration in the project file, or an
/// `.xcconfig` with the files it includes.
package struct XcodeBuildSettingsLayer: Sendable {
  package var settings: [String: XcodeBuildSetting] = [:]
  /// A missing include in this layer: a setting the layer does not write after it may be set by it.
  package var missingInclude: MissingInclude?

  package init(settings: [String: XcodeBuildSetting] = [:]) { self.settings = settings }

  /// The layer an `.xcconfig` chain makes, its entries in the order they apply.
  package init(entries: [XcconfigReader.Entry]) {
    for entry in entries {
      switch entry {
      case .setting(let key, let setting):
        settings[key] = setting
      case .missingInclude(let include):
        // Everything written so far may be set again by the missing file; what follows it wins over it.
        for key in settings.keys where settings[key]?.mayBeOverriddenBy == nil {
          settings[key]?.mayBeOverriddenBy = include
        }
        missingInclude = include
      }
    }
  }
}

extension XcodeBuildSettingsLayer {
  /// The layer with the conditional settings whose conditions hold as the plain settings: in a layer, a
  /// setting for the configuration or SDK built wins over the one without conditions. `[config=…]` is
  /// matched against the configuration and `[sdk=…]` against the SDK that ships (`SDKROOT`'s name, for the
  /// device); a condition on anything else (`[arch=…]`) is not known to hold, so its setting is not applied.
  package func applyingConditions(configuration: String?, sdk: String?) -> XcodeBuildSettingsLayer {
    var result = self
    // Fewer conditions first, so that the most specific setting that holds wins.
    let conditional = settings.filter { $0.key.contains("[") }.sorted {
      ($0.key.count(where: { $0 == "[" }), $0.key) < ($1.key.count(where: { $0 == "[" }), $1.key)
    }
    for (written, setting) in conditional {
      guard let bracket = written.firstIndex(of: "[") else { continue }
      let holds = written[bracket...].split(separator: "]").allSatisfy { part in
        let condition = part.drop { $0 == "[" }
        guard let equals = condition.firstIndex(of: "=") else { return false }
        let pattern = String(condition[condition.index(after: equals)...])
        switch condition[..<equals] {
        case "config": return configuration.map { PathUtilities.glob(pattern, matches: $0) } ?? false
        case "sdk": return sdk.map { PathUtilities.glob(pattern.lowercased(), matches: $0) } ?? false
        default: return false
        }
      }
      if holds { result.settings[String(written[..<bracket])] = setting }
    }
    return result
  }

  /// Whether the layer writes a conditional setting.
  package var hasConditions: Bool { settings.keys.contains { $0.contains("[") } }
}
