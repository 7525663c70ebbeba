import WidgetLintCore
import WidgetLintModel

/// `invalid-value`: a value of the wrong type or outside its allowed set.
public struct InvalidValueRule: ReadingRule {
  public static let problemKind = ReadingProblem.Kind.invalidValue

  public static let metadata = RuleMetadata(
    id: "invalid-value",
    defaultSeverity: .error,
    summary: "A value has the wrong type, or is not one of the values its key allows.",
    rationale: """
      Each manifest key takes one kind of value: `families` a list of strings, `refresh` a policy or a
      duration, `configuration` one of `static`, `intent`, `appIntent`. Versions must be quoted strings
      ("16.0"): unquoted, YAML reads `16.10` as the number 16.1. Plain words that YAML 1.1 tools read as
      booleans (`no`, `on`, `yes`) must be quoted where a string is meant. A `sources` entry that matches
      no file is reported here too, and so is a file a project names (an entitlements file, an Info.plist)
      that cannot be read: at the build setting that names it, once, and nothing that needed its values
      is checked.

      In an app's own files, `com.apple.security.application-groups` must be an array of strings, as
      Apple documents the entitlement: a lone `<string>` (or a number in the array) is reported at the
      value, and the target's App Groups are then not known, so no App Group finding is made from them.

      Sources: widgetlint manifest v1 (docs/inputs.md, "The manifest"); YAML 1.1 boolean type; Apple, "App Groups
      Entitlement" (https://developer.apple.com/documentation/bundleresources/entitlements/com.apple.security.application-groups):
      "Type: Array of strings".
      """,
    fixable: """
      an unquoted version (`16.0` becomes `"16.0"`) and a YAML 1.1 boolean word where a string is wanted (`no` becomes `"no"`): the value is quoted and keeps its text. No manifest key takes a boolean, so no word is turned into `true` or `false`. In an XML `.entitlements` file, an App Group written as a lone `<string>` is wrapped in an `<array>`, in the file's indentation and line breaks; in an Expo app's `app.json` `expo.ios.entitlements`, or a target's `entitlements` object in `expo-target.config.js` or `.json`, a string App Group is wrapped in brackets (`"group.a"` becomes `["group.a"]`) where it is written in place.
      """,
    examples: [
      .failing(
        "A configuration that does not exist",
        """
        app:
          bundleIdentifier: com.example.app
        targets:
          - name: widgets
            bundleIdentifier: com.example.app.widgets
            widgets:
              - kind: Status
                displayName: Status
                description: The current status.
                configuration: ↓dynamic
                families: [systemSmall]
        """),
      .failing(
        "An unquoted version",
        """
        app:
          bundleIdentifier: com.example.app
          deploymentTarget: ↓16.0
        targets: []
        """),
      .passing(
        "Values of the right kind",
        """
        app:
          bundleIdentifier: com.example.app
          deploymentTarget: "16.0"
        targets:
          - name: widgets
            bundleIdentifier: com.example.app.widgets
            widgets:
              - kind: Status
                displayName: Status
                description: The current status.
                configuration: intent
                families: [systemSmall]
                refresh: 30m
        """),
    ])

  public init() {}

  /// The App Groups value at `span`, a string, wrapped in an array where it is written: an XML
  /// `.entitlements` file, or the object literal of a JSON or JavaScript config that holds them.
  package static func wrapping(_ span: SourceSpan, in entitlements: Entitlements) -> Fix? {
    if let written = entitlements.written {
      guard let member = written.member(Entitlements.appGroupsKey), member.value.file === span.file,
        member.value.start == span.start, member.value.end == span.end
      else { return nil }
      return ConfigLiteralEdits(span.file).wrappingInArray(span).map {
        Fix("write the App Group inside an array", replacements: $0)
      }
    }
    return PropertyListEdits(entitlements)?.wrappingInArray(span).map {
      Fix("write the App Group inside an <array>", replacements: $0)
    }
  }

  public func check(_ context: RuleContext) {
    context.forward(context.project.readingProblems, of: Self.problemKind)
    guard let manifest = context.manifest else { return }
    // One entitlements file may sign several targets: each value is reported once.
    var reported: Set<String> = []
    func check(_ entitlements: Entitlements, subject: String?) {
      for part in entitlements.wronglyTypedAppGroups {
        guard reported.insert("\(part.span.file.path)\u{0}\(part.span.start)\u{0}\(part.span.end)").inserted else {
          continue
        }
        let isElement = part.span.start != entitlements.appGroupsSpan?.start
        // A lone `<string>` in an `.entitlements` file, or a string in a config's entitlements object, is
        // wrapped in the array it belongs in.
        let wrapping = isElement ? nil : Self.wrapping(part.span, in: entitlements)
        context.report(
          isElement
            ? "each App Group in '\(Entitlements.appGroupsKey)' is a string, as Apple documents the entitlement; found \(part.value), so the App Groups are not known and none is compared"
            : "'\(Entitlements.appGroupsKey)' is an array of strings, as Apple documents the entitlement; found \(part.value), so the App Groups are not known and none is compared",
          at: part, subject: subject,
          fix: wrapping)
      }
    }
    // Through their wrongly typed values first, not copied whole: most entitlements have none.
    if let entitlements = manifest.app?.entitlements, !entitlements.wronglyTypedAppGroups.isEmpty {
      check(entitlements, subject: nil)
    }
    for target in manifest.targets where target.entitlements?.wronglyTypedAppGroups.isEmpty == false {
      if let entitlements = target.entitlements { check(entitlements, subject: target.name?.value) }
    }
    for entry in manifest.eas?.appExtensions ?? [] where entry.entitlements?.wronglyTypedAppGroups.isEmpty == false {
      if let entitlements = entry.entitlements { check(entitlements, subject: entry.targetName?.value) }
    }
  }
}
