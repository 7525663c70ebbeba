import WidgetLintCore
import WidgetLintModel

/// Decodes manifest v1 from a parsed document, recording schema findings (`unknown-key`,
/// `invalid-value`, `missing-key`) as it goes. It never stops at the first problem.
public struct ManifestDecoder {
  /// `$schema` lets a JSON manifest name its JSON Schema for editors; widgetlint ignores its value.
  package static let rootKeys = ["$schema", "version", "app", "targets", "eas"]
  package static let appKeys = [
    "name", "bundleIdentifier", "deploymentTarget", "xcodeVersion", "urlSchemes", "entitlements",
  ]
  package static let targetKeys = [
    "name", "bundleIdentifier", "deploymentTarget", "platform", "entitlements", "sources", "widgets",
  ]
  package static let widgetKeys = [
    "kind", "displayName", "description", "configuration", "families", "refresh", "appGroup", "url",
  ]
  package static let refreshKeys = ["policy", "interval"]
  package static let easKeys = ["appExtensions"]
  /// The keys EAS accepts in an `appExtensions` entry (eas-cli, src/project/ios/target.ts).

  /// What people write for a manifest key when they know it from elsewhere: SwiftUI's and WidgetKit's
  /// names (`widgetURL`, `supportedFamilies`), Xcode's build settings, Expo's and home_widget's words.
  /// An unknown key among them is suggested and renamed as a misspelling is, where the mapping allows it.
  package static let keySynonyms: [String: String] = [
    "widgetURL": "url", "widgetUrl": "url", "deepLink": "url", "deeplink": "url", "link": "url",
    "supportedFamilies": "families", "family": "families", "widgetFamilies": "families",
    "bundleId": "bundleIdentifier", "bundleID": "bundleIdentifier", "PRODUCT_BUNDLE_IDENTIFIER": "bundleIdentifier",
    "IPHONEOS_DEPLOYMENT_TARGET": "deploymentTarget", "iosDeploymentTarget": "deploymentTarget",
    "minimumOSVersion": "deploymentTarget", "appGroupId": "appGroup", "appGroupIdentifier": "appGroup",
    "suiteName": "appGroup", "timelinePolicy": "refresh", "reloadPolicy": "refresh",
    "configurationDisplayName": "displayName",
  ]

  private var reader: DocumentReader
  /// The fewest targets per parallel run (see `decodeTargets`).
  private let targetsPerRun: Int

  public init(document: YAMLDocument) { self.init(document: document, targetsPerRun: 128) }

  package init(document: YAMLDocument, targetsPerRun: Int) {
    reader = DocumentReader(document: document)
    reader.synonyms = Self.keySynonyms
    self.targetsPerRun = targetsPerRun
  }

  public static func decode(_ document: YAMLDocument) -> (manifest: Manifest?, observations: [ReadingProblem]) {
    decode(document, targetsPerRun: 128)
  }

  package static func decode(
    _ document: YAMLDocument, targetsPerRun: Int
  ) -> (manifest: Manifest?, observations: [ReadingProblem]) {
    var decoder = ManifestDecoder(document: document, targetsPerRun: targetsPerRun)
    let manifest = decoder.decodeRoot()
    return (manifest, decoder.reader.observations)
  }

  private mutating func decodeRoot() -> Manifest? {
    let document = reader.document
    guard let root = document.root else {
      reader.report(
        .missingKey, "the manifest is empty; it needs at least an 'app' with a 'bundleIdentifier'",
        at: SourceSpan(file: document.source, start: 0, end: 0), pointer: .root)
      return nil
    }
    guard let map = reader.mapping(root, pointer: .root, what: "the manifest", allowedKeys: Self.rootKeys) else {
      return nil
    }
    var manifest = Manifest(rootSpan: reader.span(root))
    if let entry = map["version"] {
      if case .scalar(let text, let style) = document.content(of: entry.valueNode),
        ScalarValue(text: text, style: style, tag: document.tag(of: entry.valueNode)) == .int(1)
      {
        manifest.version = Located(1, span: reader.span(entry.valueNode), pointer: entry.pointer)
      } else {
        reader.report(
          .invalidValue,
          "'version' must be 1 (the manifest version this widgetlint reads), found \(reader.describe(entry.valueNode))",
          at: reader.span(entry.valueNode), pointer: entry.pointer)
      }
    }
    if let entry = reader.require("app", in: map, what: "the manifest") {
      manifest.app = decodeApp(entry)
    }
    if let entry = map["targets"], let items = reader.sequence(entry, what: "'targets'") {
      manifest.targets = decodeTargets(items, pointer: entry.pointer)
    }
    if let entry = map["eas"] { manifest.eas = decodeEAS(entry) }
    return manifest
  }

  private mutating func decodeApp(_ entry: DocumentReader.Entry) -> Manifest.App? {
    guard let map = reader.mapping(entry.valueNode, pointer: entry.pointer, what: "'app'", allowedKeys: Self.appKeys)
    else { return nil }
    var app = Manifest.App(span: reader.headSpan(of: map), pointer: map.pointer)
    if let value = map["name"] { app.name = reader.string(value) }
    if let value = reader.require("bundleIdentifier", in: map, what: "'app'") {
      app.bundleIdentifier = reader.string(value)
    }
    if let value = map["deploymentTarget"] {
      app.deploymentTarget = osVersion(value)
      app.hasUnreadableDeploymentTarget = app.deploymentTarget == nil
    }
    if let value = map["xcodeVersion"] { app.xcodeVersion = osVersion(value) }
    if let value = map["urlSchemes"] {
      app.urlSchemes = reader.stringList(value) ?? []
      app.urlSchemesSpan = reader.span(value.valueNode)
    }
    if let value = map["entitlements"] { app.entitlements = entitlements(value) }
    return app
  }

  /// Many targets are decoded in runs on all cores. Without aliases a target's nodes belong to it alone
  /// (and no merge can exhaust the expansion budget), so each run reads with a reader of its own, and
  /// targets and observations are joined in document order: the result is the sequential one.
  private mutating func decodeTargets(_ items: [YAMLDocument.NodeID], pointer: JSONPointer) -> [Manifest.Target] {
    let runCount = min(items.count / targetsPerRun, 8)
    guard runCount > 1, !reader.document.containsAliases else {
      return items.enumerated().compactMap { index, item in decodeTarget(item, pointer: pointer.appending(index)) }
    }
    let document = reader.document
    let runs = concurrentMap(runCount) { run in
      var decoder = ManifestDecoder(document: document, targetsPerRun: .max)
      let range = (items.count * run / runCount)..<(items.count * (run + 1) / runCount)
      let targets = range.compactMap { index in decoder.decodeTarget(items[index], pointer: pointer.appending(index)) }
      return (targets, decoder.reader)
    }
    for (_, runReader) in runs { reader.append(runReader.observations) }
    return runs.flatMap(\.0)
  }

  private mutating func decodeTarget(_ id: YAMLDocument.NodeID, pointer: JSONPointer) -> Manifest.Target? {
    guard let map = reader.mapping(id, pointer: pointer, what: "a target", allowedKeys: Self.targetKeys) else {
      return nil
    }
    // The draft is handed over as the value a call returns, so it is moved into the target, not copied.
    return Manifest.Target(targetDraft(map, pointer: pointer))
  }

  private mutating func targetDraft(_ map: DocumentReader.Mapping, pointer: JSONPointer) -> Manifest.Target.Draft {
    var target = Manifest.Target.Draft(span: reader.headSpan(of: map), pointer: pointer)
    if let value = reader.require("name", in: map, what: "a target") { target.name = reader.string(value) }
    let label = target.name.map { "target '\($0.value)'" } ?? "a target"
    if let value = reader.require("bundleIdentifier", in: map, what: label, subject: target.name?.value) {
      target.bundleIdentifier = reader.string(value)
    }
    if let value = map["deploymentTarget"] {
      target.deploymentTarget = osVersion(value)
      target.hasUnreadableDeploymentTarget = target.deploymentTarget == nil
    }
    if let value = map["platform"] { target.platform = reader.choice(value, as: Manifest.Platform.self) }
    if let value = map["entitlements"] { target.entitlements = entitlements(value) }
    if let value = map["sources"] { target.sources = reader.stringList(value) ?? [] }
    if let value = map["widgets"], let items = reader.sequence(value, what: "'widgets'") {
      target.widgetsSpan = reader.span(value.valueNode)
      for (index, item) in items.enumerated() {
        if let widget = decodeWidget(item, pointer: value.pointer.appending(index)) {
          target.widgets.append(widget)
        }
      }
    }
    return target
  }

  private mutating func decodeWidget(_ id: YAMLDocument.NodeID, pointer: JSONPointer) -> Manifest.Widget? {
    guard let map = reader.mapping(id, pointer: pointer, what: "a widget", allowedKeys: Self.widgetKeys) else {
      return nil
    }
    return Manifest.Widget(widgetDraft(map, pointer: pointer))
  }

  private mutating func widgetDraft(_ map: DocumentReader.Mapping, pointer: JSONPointer) -> Manifest.Widget.Draft {
    var widget = Manifest.Widget.Draft(span: reader.headSpan(of: map), pointer: pointer)
    if let value = reader.require("kind", in: map, what: "a widget") { widget.kind = reader.string(value) }
    let subject = widget.kind?.value
    if let value = map["displayName"] { widget.displayName = reader.string(value) }
    if let value = map["description"] { widget.description = reader.string(value) }
    if let value = map["configuration"] {
      widget.configuration = reader.choice(value, as: Manifest.WidgetConfigurationType.self)
    }
    if let value = reader.require(
      "families", in: map, what: subject.map { "widget '\($0)'" } ?? "a widget", subject: subject)
    {
      widget.families = reader.stringList(value) ?? []
    }
    if let value = map["refresh"] { widget.refresh = refresh(value) }
    if let value = map["appGroup"] { widget.appGroup = reader.string(value) }
    if let value = map["url"] { widget.url = reader.string(value) }
    return widget
  }

  private mutating func refresh(_ entry: DocumentReader.Entry) -> Manifest.Refresh? {
    let hint = "use atEnd, never, a duration such as 15m, or {policy: after, interval: 15m}"
    switch reader.document.content(of: entry.valueNode) {
    case .scalar(let text, let style):
      let span = reader.span(entry.valueNode)
      let tag = reader.document.tag(of: entry.valueNode)
      if case .string = ScalarValue(text: text, style: style, tag: tag),
        let policy = Manifest.RefreshPolicy(rawValue: text)
      {
        guard policy != .after else {
          reader.report(
            .invalidValue, "'refresh: after' needs an interval; write a duration such as 15m",
            at: span, pointer: entry.pointer)
          return nil
        }
        return Manifest.Refresh(policy: Located(policy, span: span, pointer: entry.pointer), interval: nil)
      }
      if case .int(let seconds) = ScalarValue(text: text, style: style, tag: tag), seconds < 0 {
        reader.report(.invalidValue, "'refresh' cannot be negative", at: span, pointer: entry.pointer)
        return nil
      }
      guard let seconds = Duration.seconds(parsing: text) else {
        var message = "'refresh' is '\(text)', which is not a policy or a duration; \(hint)"
        if let suggestion = Suggestions.closest(to: text, in: ["atEnd", "never"]) {
          message = "'refresh' is '\(text)'; did you mean '\(suggestion)'?"
        }
        reader.report(.invalidValue, message, at: span, pointer: entry.pointer)
        return nil
      }
      let interval = Located(seconds, span: span, pointer: entry.pointer)
      return Manifest.Refresh(policy: interval.map { _ in .after }, interval: interval)
    case .mapping:
      guard
        let map = reader.mapping(
          entry.valueNode, pointer: entry.pointer, what: "'refresh'", allowedKeys: Self.refreshKeys),
        let policyEntry = reader.require("policy", in: map, what: "'refresh'"),
        let policy = reader.choice(policyEntry, as: Manifest.RefreshPolicy.self)
      else { return nil }
      var refresh = Manifest.Refresh(policy: policy, interval: nil)
      if let intervalEntry = map["interval"] {
        refresh.interval = duration(intervalEntry)
        if policy.value == .never {
          reader.report(
            .invalidValue,
            "'interval' has no meaning with policy 'never': the widget reloads only when the app asks",
            at: reader.span(intervalEntry.keyNode), pointer: intervalEntry.pointer)
        }
      } else if policy.value == .after {
        _ = reader.require("interval", in: map, what: "'refresh' with policy 'after'")
      }
      return refresh
    default:
      reader.report(
        .invalidValue,
        "'refresh' must be a policy or a mapping, found \(reader.describe(entry.valueNode)); \(hint)",
        at: reader.span(entry.valueNode), pointer: entry.pointer)
      return nil
    }
  }

  private mutating func duration(_ entry: DocumentReader.Entry) -> Located<Int>? {
    let span = reader.span(entry.valueNode)
    guard case .scalar(let text, _) = reader.document.content(of: entry.valueNode),
      let seconds = Duration.seconds(parsing: text)
    else {
      reader.report(
        .invalidValue,
        "'\(entry.key)' must be a duration such as 90s, 15m, 1h or 1h30m, found \(reader.describe(entry.valueNode))",
        at: span, pointer: entry.pointer)
      return nil
    }
    return Located(seconds, span: span, pointer: entry.pointer)
  }

  private mutating func osVersion(_ entry: DocumentReader.Entry) -> Located<OSVersion>? {
    let span = reader.span(entry.valueNode)
    let tag = reader.document.tag(of: entry.valueNode)
    guard case .scalar(let text, let style) = reader.document.content(of: entry.valueNode) else {
      reader.report(
        .invalidValue,
        "'\(entry.key)' must be a version string such as \"16.0\", found \(reader.describe(entry.valueNode))",
        at: span, pointer: entry.pointer)
      return nil
    }
    let value = ScalarValue(text: text, style: style, tag: tag)
    switch value {
    case .string:
      guard let version = OSVersion(parsing: text) else {
        reader.report(
          .invalidValue,
          "'\(entry.key)' must be a version such as \"16.0\" or \"17.2\", found '\(text)'",
          at: span, pointer: entry.pointer)
        return nil
      }
      return Located(version, span: span, pointer: entry.pointer)
    default:
      // Unquoted 16.0 is a number to YAML and JSON, and 16.10 would read as 16.1.
      var isNumber = false
      if case .int = value { isNumber = true } else if case .float = value { isNumber = true }
      reader.report(
        .invalidValue,
        "'\(entry.key)' must be a string; write \"\(text)\" in quotes (unquoted, YAML reads \(value.typeName))",
        at: span, pointer: entry.pointer,
        fix: isNumber && OSVersion(parsing: text) != nil ? reader.quotingFix(entry.valueNode, text) : nil)
      return nil
    }
  }

  private mutating func entitlements(_ entry: DocumentReader.Entry) -> Entitlements? {
    guard let map = reader.mapping(entry.valueNode, pointer: entry.pointer, what: "'entitlements'", allowedKeys: nil)
    else { return nil }
    var result = Entitlements(span: map.span, pointer: map.pointer)
    for item in map.entries {
      if let value = reader.budgetedPlainValue(item.valueNode) { result.values[item.key] = value }
      if item.key == Entitlements.appGroupsKey {
        result.appGroups = reader.stringList(item, what: "'\(Entitlements.appGroupsKey)'")
        result.appGroupsSpan = reader.span(item.valueNode)
      }
    }
    return result
  }

  private mutating func decodeEAS(_ entry: DocumentReader.Entry) -> Manifest.EAS? {
    guard let map = reader.mapping(entry.valueNode, pointer: entry.pointer, what: "'eas'", allowedKeys: Self.easKeys)
    else { return nil }
    var eas = Manifest.EAS(span: map.span)
    guard let listEntry = map["appExtensions"], let items = reader.sequence(listEntry, what: "'appExtensions'") else {
      return eas
    }
    eas.appExtensionsSpan = reader.span(listEntry.valueNode)
    eas.appExtensions = items.enumerated().compactMap { index, item in
      decodeAppExtension(item, pointer: listEntry.pointer.appending(index))
    }
    return eas
  }

  private mutating func decodeAppExtension(_ item: YAMLDocument.NodeID, pointer: JSONPointer) -> Manifest.AppExtension?
  {
    // Unknown keys and missing required keys are EAS's own rules, so they are left to
    // `eas-extension-mismatch` rather than reported as schema findings.
    guard let entryMap = reader.mapping(item, pointer: pointer, what: "an appExtensions entry", allowedKeys: nil)
    else { return nil }
    var appExtension = Manifest.AppExtension(span: reader.headSpan(of: entryMap), pointer: pointer)
    for field in entryMap.entries {
      switch field.key {
      case "targetName": appExtension.targetName = reader.string(field)
      case "bundleIdentifier": appExtension.bundleIdentifier = reader.string(field)
      case "parentBundleIdentifier": appExtension.parentBundleIdentifier = reader.string(field)
      case "entitlements": appExtension.entitlements = entitlements(field)
      default:
        appExtension.unknownKeys.append(Located(field.key, span: reader.span(field.keyNode), pointer: field.pointer))
      }
    }
    return appExtension
  }
}
