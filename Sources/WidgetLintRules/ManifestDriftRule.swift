import WidgetLintCore
import WidgetLintModel

/// `manifest-drift`: the manifest says one thing, the widget's Swift code another.
public struct ManifestDriftRule: Rule {
  public static let metadata = RuleMetadata(
    id: "manifest-drift",
    defaultSeverity: .error,
    summary: "The manifest and the target's Swift code disagree on the widgets, their families or configuration.",
    rationale: """
      The manifest is only worth checking while it describes the code. When a widget is added to the
      `@main` WidgetBundle but not to the manifest, or its `.supportedFamilies` or configuration type change,
      every other rule is checking a widget that does not exist. widgetlint reads the target's `sources` and
      compares, by `kind`: a kind in the code's bundle but not in the manifest, a kind in the manifest but not
      in the code, different families (when the code calls `.supportedFamilies`; without it a widget supports
      every system family), and a different configuration type (`StaticConfiguration` is `static`,
      `IntentConfiguration` is `intent`, `AppIntentConfiguration` is `appIntent`). Each finding points at one
      side and names the other as a related location.

      Kinds the code computes at run time cannot be compared and are skipped; the rule applies only to
      targets whose `sources` declare a `@main` WidgetBundle.

      Source: Apple, WidgetBundle (https://developer.apple.com/documentation/swiftui/widgetbundle) and
      `supportedFamilies(_:)` (https://developer.apple.com/documentation/swiftui/widgetconfiguration/supportedfamilies(_:)).
      """,
    fixable: """
      a manifest kind the code does not declare that is a typo of exactly one code kind the manifest lacks (near as `unknown-widget-kind`'s fix means it): the manifest's kind is replaced by the code's, in its quoting. The code is what ships, and is not edited.
      """,
    examples: [
      .failing(
        "A widget added to the bundle but not to the manifest", exampleManifest,
        files: exampleFiles(
          bundled: ["RecentNoteWidget", "PinnedNoteWidget"],
          widgets: """
            struct PinnedNoteWidget: Widget {
                let kind = ↓"PinnedNote"
                var body: some WidgetConfiguration {
                    StaticConfiguration(kind: kind, provider: Provider()) { entry in
                        NoteView(entry: entry)
                    }
                    .supportedFamilies([.systemSmall])
                }
            }
            """)),
      .passing(
        "Manifest and code list the same widgets", exampleManifest,
        files: exampleFiles(bundled: ["RecentNoteWidget"], widgets: "")),
    ])

  package static let exampleManifest = """
    app:
      bundleIdentifier: com.example.notes
    targets:
      - name: NotesWidgets
        bundleIdentifier: com.example.notes.widgets
        sources: [NotesWidgets]
        widgets:
          - {kind: RecentNote, displayName: Recent note, description: Your latest note., families: [systemSmall]}
    """

  /// A bundle of `bundled` widgets, the RecentNote widget the manifest lists, and `widgets` after it.
  package static func exampleFiles(bundled: [String], widgets: String) -> [(String, String)] {
    let bundleBody = bundled.map { "        \($0)()" }.joined(separator: "\n")
    return [
      (
        "NotesWidgets/Bundle.swift",
        """
        import SwiftUI
        import WidgetKit

        @main
        struct NotesWidgets: WidgetBundle {
            var body: some Widget {
        \(bundleBody)
            }
        }

        struct RecentNoteWidget: Widget {
            var body: some WidgetConfiguration {
                StaticConfiguration(kind: "RecentNote", provider: Provider()) { entry in
                    NoteView(entry: entry)
                }
                .supportedFamilies([.systemSmall])
            }
        }
        """ + (widgets.isEmpty ? "" : "\n\n" + widgets)
      )
    ]
  }

  public init() {}

  public func check(_ context: RuleContext) {
    guard context.manifest?.origin == .manifest else { return }
    for (target, code) in context.targetsWithCode {
      guard code.declaresWidgets else { continue }
      let bundleName = code.mainBundle?.typeName ?? code.mainWidget?.typeName ?? ""
      let bundleSpan = code.mainBundle?.nameSpan ?? code.mainWidget?.nameSpan
      var manifestByKind: [String: Manifest.Widget] = [:]
      for widget in target.widgets { if let kind = widget.kind?.value { manifestByKind[kind] = widget } }
      let manifestAt = target.widgetsSpan ?? target.name?.span
      var codeKinds: Set<String> = []
      var unresolved = false
      for widget in code.bundledWidgets {
        guard !widget.isLiveActivity else { continue }
        guard let use = widget.kind, let (kind, kindSpan) = code.resolve(use) else {
          unresolved = true
          continue
        }
        codeKinds.insert(kind)
        guard let declared = manifestByKind[kind] else {
          context.report(
            "widget kind '\(kind)' is in the code's WidgetBundle but not in the manifest; add it to target '\(target.name?.value ?? "")'",
            inCodeOf: target, at: kindSpan, subject: kind,
            related: manifestAt.map { [RelatedLocation("the manifest's widgets", at: $0)] } ?? [])
          continue
        }
        var related: [RelatedLocation] { [RelatedLocation("the manifest's widget '\(kind)'", at: declared.anchorSpan)] }
        if let families = widget.families {
          // The same families, each list read as a set (a handful of names: no hashing needed).
          let codeFamilies = families.names.map(\.name)
          let manifestFamilies = declared.families.map(\.value)
          if !codeFamilies.allSatisfy(manifestFamilies.contains) || !manifestFamilies.allSatisfy(codeFamilies.contains)
          {
            context.report(
              "widget '\(kind)' supports \(codeFamilies.joined(separator: ", ")) in code, but the manifest lists \(manifestFamilies.joined(separator: ", "))",
              inCodeOf: target, at: families.span, subject: kind, related: related)
          }
        }
        if let configuration = widget.configuration,
          let codeConfiguration = WidgetKitCatalog.configurationsBySwiftType[configuration.name]
        {
          let manifestConfiguration = declared.configuration?.value ?? .static
          if codeConfiguration != manifestConfiguration {
            context.report(
              "widget '\(kind)' uses \(configuration.name) in code, but the manifest says configuration '\(manifestConfiguration.rawValue)' (\(manifestConfiguration.swiftName))",
              inCodeOf: target, at: configuration.span, subject: kind, related: related)
          }
        }
      }
      // A kind missing from the code is only certain when the code's list is fully known.
      guard !unresolved, code.bundleIsFullyKnown, let bundleSpan else { continue }
      // A manifest kind that is a typo of the one code kind near it, which the manifest lacks, is
      // corrected to it (near as `unknown-widget-kind` means it): the code is what ships.
      var nearKinds = UnknownWidgetKindRule.NearKinds(codeKinds)
      for widget in target.widgets {
        guard let kind = widget.kind, !codeKinds.contains(kind.value) else { continue }
        let near = nearKinds.only(to: kind.value).flatMap { manifestByKind[$0] == nil ? $0 : nil }
        let fix = near.flatMap { near in
          context.manifestEdits?.replacingScalar(at: kind.span, old: kind.value, with: near).map {
            Fix("replace '\(kind.value)' with '\(near)'", replacements: [$0])
          }
        }
        context.report(
          "widget kind '\(kind.value)' is in the manifest, but the code's @main '\(bundleName)' does not list it"
            + (near.map { "; did you mean '\($0)'?" } ?? ""),
          at: kind, subject: kind.value, related: [RelatedLocation("'\(bundleName)' declared here", at: bundleSpan)],
          fix: fix)
      }
    }
  }
}
