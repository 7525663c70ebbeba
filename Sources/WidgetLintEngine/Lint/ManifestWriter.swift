import Foundation
import WidgetLintCore
import WidgetLintFrontends
import WidgetLintModel
import WidgetLintRules

/// Writes a manifest v1 describing what a folder of widget Swift code says (`widgetlint init`), with
/// a comment wherever it had to guess.
public enum ManifestWriter {
  /// The iOS versions a widget API arrived in, the candidates for the lowest deployment target.
  package static let candidateDeploymentTargets = [
    OSVersion(14), OSVersion(15), OSVersion(16), OSVersion(16, 1), OSVersion(17), OSVersion(18), OSVersion(26),
  ]

  /// The lowest iOS version at which the code in `directory` uses nothing it does not guard with
  /// `#available`: the availability rule itself is asked at each version a widget API arrived in, so
  /// init and the lint never disagree. Nil when no version satisfies it.
  public static func lowestDeploymentTarget(sourcesIn directory: String, linter: Linter) -> OSVersion? {
    candidateDeploymentTargets.first { version in
      let frontend = SwiftSourcesFrontend(directory: directory, displayDirectory: directory, deploymentTarget: version)
      return !linter.lint(frontend).contains { $0.ruleID == RuleID.availability.rawValue }
    }
  }

  /// The manifest text. `deploymentTarget` is the lowest version the code needs, written with a TODO
  /// (the app's own is unknown from widget code); without it the key is left commented out.
  public static func manifest(for project: Project, sourcesPath: String, deploymentTarget: OSVersion? = nil) -> String {
    let code = project.code(ofTarget: 0)
    let name = project.manifest?.targets.first?.name?.value ?? "widgets"
    let groups = Set(
      code.files.flatMap(\.code.groupIdentifiers).compactMap { code.resolveAppGroup($0, onMacOS: false)?.value }
    ).sorted()
    let schemes = Set(
      code.files.flatMap(\.code.urlUses).compactMap { $0.url.flatMap { code.resolve($0)?.value } }.compactMap {
        url -> String? in
        if case .absolute(let scheme) = URIReference.parse(url) { return scheme }
        return nil
      }
    ).sorted()
    let slug = name.lowercased().filter { $0.isLetter || $0.isNumber || $0 == "-" }
    var text = "# yaml-language-server: $schema=https://widgetlint.dev/schemas/manifest-v1.schema.json\n"
    text += "# Written by `widgetlint init` from the Swift in \(sourcesPath). Check every TODO.\n"
    text += "version: 1\napp:\n"
    text += "  bundleIdentifier: com.example.app  # TODO: the app's bundle identifier\n"
    if let deploymentTarget {
      text +=
        "  deploymentTarget: \"\(deploymentTarget)\"  # TODO: the lowest iOS this widget code needs; write the app's own\n"
    } else {
      text += "  # deploymentTarget: \"16.0\"  # TODO: the app's iOS deployment target (unknown from widget code)\n"
    }
    if !schemes.isEmpty { text += "  urlSchemes: [\(schemes.joined(separator: ", "))]  # from the widgets' URLs\n" }
    if !groups.isEmpty {
      text +=
        "  entitlements:\n    com.apple.security.application-groups: [\(groups.joined(separator: ", "))]  # read by the widget code\n"
    }
    text += "targets:\n  - name: \(ManifestEdits.yamlString(name))  # TODO: the Xcode target's name\n"
    text += "    bundleIdentifier: com.example.app.\(slug.isEmpty ? "widgets" : slug)  # TODO\n"
    text += "    sources: [\(ManifestEdits.yamlString(sourcesPath))]\n"
    if !groups.isEmpty {
      text += "    entitlements:\n      com.apple.security.application-groups: [\(groups.joined(separator: ", "))]\n"
    }
    let widgets = code.bundledWidgets.filter { !$0.isLiveActivity }
    if code.mainBundle == nil {
      text += "    # No @main WidgetBundle was found in these sources; list the widgets by hand.\n"
    }
    text += widgets.isEmpty ? "    widgets: []\n" : "    widgets:\n"
    for widget in widgets {
      if let use = widget.kind, let kind = code.resolve(use)?.value {
        text += "      - kind: \(ManifestEdits.yamlString(kind))\n"
      } else {
        text +=
          "      - kind: \(ManifestEdits.yamlString(widget.typeName))  # TODO: the kind is computed in code; this is the type's name\n"
      }
      if let displayName = widget.displayName {
        text += "        displayName: \(ManifestEdits.yamlString(displayName))\n"
      }
      if let description = widget.description {
        text += "        description: \(ManifestEdits.yamlString(description))\n"
      }
      if let configuration = widget.configuration,
        let value = WidgetKitCatalog.configurationsBySwiftType[configuration.name]
      {
        text += "        configuration: \(value.rawValue)\n"
      }
      if let families = widget.families {
        text += "        families: [\(families.names.map(\.name).joined(separator: ", "))]\n"
      } else {
        text +=
          "        families: [systemSmall, systemMedium, systemLarge]  # the code calls no .supportedFamilies: all system families\n"
      }
    }
    return text
  }
}
