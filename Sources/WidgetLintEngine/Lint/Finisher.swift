import WidgetLintCore
import WidgetLintModel
import WidgetLintRules

/// The one stage every project's findings go through after the rules, whatever the frontend that read
/// it: severities from the configuration, inline suppressions (where the project's file has comments),
/// the configuration's `overrides:` by file and JSON Pointer, stable paths for the baseline, and source
/// order.
package struct Finisher {
  package let configuration: LintConfiguration

  package func finish(_ observations: [Observation], of project: Project) -> [Finding] {
    // A project read from a manifest gets its stable paths from it below; any other, the pointers' text.
    let pathsFromDocument = project.stablePaths != nil
    var findings = assignSeverities(observations, pathsFromDocument: pathsFromDocument)
    findings = applySuppressions(to: findings, of: project, pathsFromDocument: pathsFromDocument)
    if project.manifest?.isSynthesized == true {
      // A `--sources` project's made-up manifest is nowhere a reader could look.
      for index in findings.indices {
        findings[index].related.removeAll { $0.span.file === project.manifestFile }
      }
    }
    if let file = configuration.file, !file.overrides.isEmpty {
      findings = findings.compactMap { finding in
        guard let override = file.overriddenSeverity(rule: finding.ruleID, file: finding.file, pointer: finding.pointer)
        else { return finding }
        guard let severity = override else { return nil }
        var changed = finding
        changed.severity = severity
        return changed
      }
    }
    // `--fix` edits a manifest, the property lists and Expo configs a project reads (its entitlements
    // files, `app.json`, `expo-target.config.*`), and the Swift, Dart and JavaScript sources it reads (a
    // string literal in a call). Every project file is read through the run's overlay
    // (`LintRun.fileContents`), so an edit is checked by linting again.
    let editable = project.manifest?.origin == .manifest && project.manifestEdits != nil
    let editableFiles = Set(project.filesRead.filter(Self.isEditableProjectFile))
    for index in findings.indices where findings[index].fix != nil {
      let replacements = findings[index].fix?.replacements ?? []
      let inManifest = editable && replacements.allSatisfy { $0.span.file === project.manifestFile }
      let inProjectFile = replacements.allSatisfy {
        editableFiles.contains($0.file) && Self.isEditableProjectFile($0.file)
      }
      if !inManifest && !inProjectFile { findings[index].fix = nil }
    }
    if var paths = project.stablePaths {
      for index in findings.indices { findings[index].stablePath = paths.path(for: findings[index].pointer) }
    }
    return Self.oncePerRange(findings.sorted(by: Finding.sourceOrder))
  }

  /// A property list by its name, as the frontends read it (`FrontendContext.readValue`).
  static func isPropertyList(_ path: String) -> Bool {
    let name = path.lowercased()
    return name.hasSuffix(".entitlements") || name.hasSuffix(".plist")
  }

  /// An Expo app's static config or a target's config, by its name, as the Expo frontend reads them.
  static func isExpoConfig(_ path: String) -> Bool {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    return ["app.json", "app.config.json", "expo-target.config.json", "expo-target.config.js"].contains(name)
  }

  /// A project file a fix may edit: a property list, an Expo config, or a Swift, Dart or JavaScript
  /// source.
  static func isEditableProjectFile(_ path: String) -> Bool {
    isPropertyList(path) || isExpoConfig(path) || StringLiteralEdits.language(ofFileNamed: path) != nil
  }

  /// The findings that no `widgetlint-disable…` comment suppresses, with the findings about the
  /// comments themselves, in every file the project read that has any (the readers found them; nothing
  /// is read again here).
  private func applySuppressions(to findings: [Finding], of project: Project, pathsFromDocument: Bool) -> [Finding] {
    var files: [FileSuppressions] = []
    var seen: Set<ObjectIdentifier> = []
    func add(_ file: FileSuppressions?) {
      guard let file, !file.directives.isEmpty, seen.insert(ObjectIdentifier(file.file)).inserted else { return }
      files.append(file)
    }
    project.suppressions.forEach(add)
    let swiftFiles = project.targetSwiftFiles.joined() + (project.appCode?.files ?? [])
    for facts in swiftFiles where !facts.suppressions.isEmpty {
      add(FileSuppressions(file: facts.file, directives: facts.suppressions))
    }
    guard !files.isEmpty else { return findings }
    var byFile: [ObjectIdentifier: [Finding]] = [:]
    var kept: [Finding] = []
    for finding in findings {
      let key = ObjectIdentifier(finding.span.file)
      if seen.contains(key) { byFile[key, default: []].append(finding) } else { kept.append(finding) }
    }
    var observations: [Observation] = []
    for file in files {
      var suppressions = Suppressions(file.directives)
      let applied = suppressions.apply(to: byFile[ObjectIdentifier(file.file)] ?? [], file: file.file)
      kept += applied.kept
      observations += applied.observations
    }
    return kept + assignSeverities(observations, pathsFromDocument: pathsFromDocument)
  }

  /// One finding per rule and range: two checks of one rule that meet the same bad value (an EAS entry
  /// that names no target, and so has no target to match) say it once, the first way.
  private static func oncePerRange(_ findings: [Finding]) -> [Finding] {
    struct Place: Hashable {
      package var rule: String
      package var file: String
      package var start: Int
      package var end: Int
    }
    var seen: Set<Place> = []
    return findings.filter {
      seen.insert(Place(rule: $0.ruleID, file: $0.file, start: $0.span.start, end: $0.span.end)).inserted
    }
  }

  /// Findings with the severity the configuration gives their rule; rules turned off give none.
  private func assignSeverities(_ observations: [Observation], pathsFromDocument: Bool) -> [Finding] {
    observations.compactMap { observation in
      let settings = configuration.rules[observation.ruleID.rawValue]
      if let settings, settings.severity == nil { return nil }
      let severity =
        settings?.severity ?? observation.severityOverride ?? RuleRegistry.defaultSeverity(of: observation.ruleID)
        ?? .error
      return Finding(
        observation, severity: severity, stablePath: pathsFromDocument ? "" : observation.pointer.description)
    }
  }
}
