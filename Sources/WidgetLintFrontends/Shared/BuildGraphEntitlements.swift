import Foundation
import WidgetLintCore
import WidgetLintModel

extension BuildGraphProjects {
  /// The entitlements that sign a target, with the build settings they use expanded as Xcode expands
  /// them: those the description writes itself, else the file `CODE_SIGN_ENTITLEMENTS` names.
  func entitlements(of target: BuildGraph.Target, _ settings: Resolved, _ configuration: Configuration)
    -> Entitlements?
  {
    let key = "CODE_SIGN_ENTITLEMENTS"
    let reading = configuration.reading
    if let written = target.entitlements, uses(written, settings.resolver.lookup(key)) {
      return writtenEntitlements(written, settings, reading)
    }
    guard let path = resolved(key, settings) else {
      // Which file signs the target is the builder's choice: none of its entitlements are known.
      if settings.resolver.isLeftToBuilder(key) {
        return Entitlements(isComputed: true, span: target.span, pointer: target.entitlementsPointer)
      }
      // Named by a setting whose value cannot be worked out: nothing in the file is known.
      if case .written(let setting, _) = settings.resolver.lookup(key),
        case .unknown = settings.resolver.evaluation(key)
      {
        return Entitlements(isComputed: true, span: setting.span, pointer: setting.pointer)
      }
      return nil
    }
    let (value, wasRead) = readFile(named: path, what: "the entitlements file", reading)
    // Named but not read (missing, unreadable, not a dictionary): nothing in it is known, and the
    // rules that need it stay silent rather than report what its absence would mean.
    guard wasRead, var result = value.flatMap(ConfigValues.entitlements) else {
      reading.signature.append("entitlements \(path.value) unknown")
      return Entitlements(isUnreadable: true, span: path.span, pointer: path.pointer)
    }
    result.isSigningFile = true
    // A Mac target's groups may be `<TeamID>.name` as well as `group.name`.
    result.isForMacOS = platform(of: target, in: configuration) == .macOS
    result = expandingGroups(result, settings, fromSpec: false, reading)
    reading.signature.append("entitlements \(path.value) \(result.appGroupNames.sorted())")
    return result
  }

  /// Entitlements the description writes itself (XcodeGen's `properties`, a Tuist dictionary).
  private func writtenEntitlements(
    _ written: BuildGraph.WrittenPlist, _ settings: Resolved, _ reading: ProjectReading
  ) -> Entitlements {
    switch written.content {
    case .empty(let span, let pointer):
      reading.signature.append("entitlements \(written.path) []")
      return Entitlements(span: span, pointer: pointer)
    case .unknown(let span, let pointer):
      reading.signature.append("entitlements \(written.path) unknown")
      return Entitlements(isComputed: true, span: span, pointer: pointer)
    case .file(let path):
      // Not written by the description: read as the file a setting names.
      let (value, wasRead) = readFile(named: path, what: "the entitlements file", reading)
      guard wasRead, var result = value.flatMap(ConfigValues.entitlements) else {
        reading.signature.append("entitlements \(path.value) unknown")
        return Entitlements(isUnreadable: true, span: path.span, pointer: path.pointer)
      }
      result.isSigningFile = true
      return expandingGroups(result, settings, fromSpec: false, reading)
    case .value(let content):
      // Content that is no dictionary is none (the generator writes an empty dictionary).
      guard let result = ConfigValues.entitlements(content) else {
        reading.signature.append("entitlements \(written.path) []")
        return Entitlements(span: content.span, pointer: content.pointer)
      }
      let expanded = expandingGroups(result, settings, fromSpec: true, reading)
      reading.signature.append("entitlements \(written.path) \(expanded.appGroupNames.sorted())")
      return expanded
    }
  }

  /// The App Groups with the build settings they use expanded; one that cannot be is left as written and
  /// compared with nothing, with a note unless another note says why.
  private func expandingGroups(
    _ entitlements: Entitlements, _ settings: Resolved, fromSpec: Bool, _ reading: ProjectReading
  ) -> Entitlements {
    var result = entitlements
    result.appGroups = entitlements.appGroups?.map { group in
      guard BuildSettings.containsReference(group.value) else { return group }
      if let expanded = settings.resolver.expandInEntitlements(group.value) { return group.map { _ in expanded } }
      let isEnvironment = noteEnvironment(
        in: group.value, at: group.span, fromSpec: fromSpec && !settings.environmentLayers.isEmpty, settings, depth: 0)
      if !isEnvironment, !settings.lacksAnXcconfig, !settings.resolver.refersToBuilderSettings(group.value) {
        reading.observe([
          ReadingProblem(
            kind: .computedValue,
            message:
              "App Group '\(group.value)' is not checked: it refers to a build setting the project does not set, whose value widgetlint cannot know",
            span: group.span, pointer: group.pointer)
        ])
      }
      return group
    }
    return result
  }

}
