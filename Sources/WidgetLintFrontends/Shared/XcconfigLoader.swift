import Foundation
import WidgetLintCore
import WidgetLintReaders

/// The `.xcconfig` files of one project (pbxproj, XcodeGen spec or Tuist manifest), each read once with
/// its includes as one layer of build settings. Includes are found as a Mac finds them (a spelling that
/// differs in case is said where the include is written); an include that is not in the repository is
/// the builder's file, not an error (see `XcconfigReader`).
package final class XcconfigLoader {
  package struct Reading {
    package var layer: XcodeBuildSettingsLayer
    package var files: [String]
    /// Problems finding the file and its includes.
    package var observations: [ReadingProblem]
    /// The `widgetlint-disable…` comments of its files.
    package var suppressions: [FileSuppressions] = []

    package static let none = Reading(layer: XcodeBuildSettingsLayer(), files: [], observations: [])
  }

  /// What a file the project names is when the repository does not hold it.
  package enum WhenMissing {
    /// Read as it is (the pbxproj's `baseConfigurationReference`: an empty layer).
    case readAsNamed
    /// The builder's file, which may set anything (XcodeGen's `configFiles`, like a missing `#include?`).
    case mayBeAnything
    /// Said where it is named (Tuist's `xcconfig:`), and an empty layer.
    case said
  }

  private let context: FrontendContext
  /// The folder includes and named files are looked for below.
  private let root: String
  private var cache: [String: Reading] = [:]

  package init(context: FrontendContext, root: String) {
    self.context = context
    self.root = root
  }

  /// The xcconfig at `path`, named at `written` in the project (nil: named by the pbxproj).
  package func load(
    _ path: String?, namedAt written: Located<String>? = nil, what: String = "the config file",
    whenMissing: WhenMissing = .readAsNamed
  ) -> Reading {
    guard let path else { return .none }
    if let known = cache[path] { return known }
    var observations: [ReadingProblem] = []
    var found: String? = path
    if let written, whenMissing != .readAsNamed {
      if whenMissing == .mayBeAnything, case .missing = context.paths.find(path, below: root) {
        var layer = XcodeBuildSettingsLayer()
        layer.missingInclude = MissingInclude(path: written.value, span: written.span)
        let reading = Reading(layer: layer, files: [], observations: [])
        cache[path] = reading
        return reading
      }
      let located = context.locate(path, below: root, namedAt: written, what: what)
      observations += located.observations
      found = located.path
    }
    guard let found else {
      let reading = Reading(layer: XcodeBuildSettingsLayer(), files: [], observations: observations)
      cache[path] = reading
      return reading
    }
    var reader = XcconfigReader(maxFileSize: context.limits.maxFileSize, overlay: context.overlay)
    let suppressions = SuppressionLog()
    reader.suppressions = suppressions
    reader.locate = { [context, root] included, writtenAt in
      if case .missing = context.paths.find(included, below: root) { return nil }
      let name = Located(included, span: writtenAt, pointer: .root)
      let (located, notes) = context.locate(included, below: root, namedAt: name, what: "the included file")
      observations += notes
      return located
    }
    let (entries, files) = reader.read(path: found)
    let reading = Reading(
      layer: XcodeBuildSettingsLayer(entries: entries), files: files, observations: observations,
      suppressions: suppressions.files)
    cache[path] = reading
    return reading
  }
}
