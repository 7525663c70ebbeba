import WidgetLintModel

/// `widget-kind-limit`: more widgets in one WidgetBundle than the builder takes.
public struct WidgetKindLimitRule: Rule {
  public static let metadata = RuleMetadata(
    id: "widget-kind-limit",
    defaultSeverity: .error,
    summary: "A target's WidgetBundle lists more widgets than the SDK's WidgetBundleBuilder accepts.",
    rationale: """
      A widget extension lists its widgets in the `body` of one `@main` `WidgetBundle`, built by
      `@WidgetBundleBuilder`. The number it accepts depends on the SDK the app is built with: Xcode 12's
      SDK had `buildBlock` overloads for at most 5 widgets, later SDKs for 10, and current SDKs take a
      variadic parameter pack. Past the limit the bundle does not compile, which today is found only on a
      Mac. Controls and Live Activities listed in the same body count too, and so does every block the
      builder sees: each `if #available` branch, a nested bundle's body, and each explicit
      `WidgetBundleBuilder.buildBlock(…)` call (`return WidgetBundleBuilder.buildBlock(A(), B())` in a
      helper the body calls, a common way to list widgets per OS version).

      widgetlint judges each block against the SDK of the Xcode the project builds with, where it is
      stated: `app.xcodeVersion` in a manifest, `--xcode-version`, a `.xcode-version` file (in the
      project's folder or above it, up to the repository's root; Tuist reads it too), XcodeGen's
      `options.xcodeVersion`, or the Expo SDK in `package.json` (each Expo SDK names its minimum Xcode).
      `LastUpgradeCheck` in `project.pbxproj` is not one: it is the Xcode that last offered to upgrade the
      project's settings, not the one that builds it. With Xcode 16 or later there is no fixed limit; with
      Xcode 13 to 15 it is 10. A real project (Xcode, XcodeGen, Tuist, Flutter, Expo) whose Xcode is not
      stated builds with the App Store's minimum: since 28 April 2026 App Store Connect accepts only builds
      made with Xcode 26, so there is no fixed limit. A manifest that states none keeps the classic 5 and
      says so. `max` overrides all of it.

      The usual fix is nesting: a bundle's `body` is itself a `Widget`, so a second `WidgetBundle` can
      hold the extra widgets and be listed in the first.

      Sources: Apple, "Upcoming requirements" (https://developer.apple.com/news/upcoming-requirements/):
      from April 28, 2026 apps uploaded to App Store Connect must be built with Xcode 26 or later; Apple,
      WidgetBundleBuilder.buildBlock(_:)
      (https://developer.apple.com/documentation/swiftui/widgetbundlebuilder/buildblock(_:)): current SDKs
      declare `static func buildBlock<each C>(_ c: repeat each C) -> some Widget where repeat each C :
      Widget`, a parameter pack with no fixed count; older SDKs declared one overload per count, up to a
      fixed number of widgets per block.
      """,
    options: [
      RuleOption(
        name: "max", kind: .integer, defaultValue: 5,
        summary:
          "The most widgets one block may list, whatever the SDK. Unset, the limit follows the Xcode the project builds with (app.xcodeVersion, --xcode-version, .xcode-version, the Expo SDK): none for a project whose Xcode is not stated (the App Store's minimum, Xcode 26), 5 for such a manifest."
      )
    ],
    examples: [
      .failing(
        "Six widgets in one target",
        """
        app:
          bundleIdentifier: com.example.trips
        targets:
          - name: TripWidgets
            bundleIdentifier: com.example.trips.widgets
            widgets:
              - {kind: NextFlight, displayName: Next flight, description: Your next flight., families: [systemSmall]}
              - {kind: Boarding, displayName: Boarding, description: Boarding time and gate., families: [systemSmall]}
              - {kind: Hotel, displayName: Hotel, description: Tonight's hotel., families: [systemSmall]}
              - {kind: Weather, displayName: Weather, description: Weather at the destination., families: [systemSmall]}
              - {kind: Packing, displayName: Packing, description: What is left to pack., families: [systemSmall]}
              - {kind: ↓Currency, displayName: Currency, description: Exchange rate., families: [systemSmall]}
        """),
      .passing(
        "Five widgets, the extra one moved to a second target",
        """
        app:
          bundleIdentifier: com.example.trips
        targets:
          - name: TripWidgets
            bundleIdentifier: com.example.trips.widgets
            widgets:
              - {kind: NextFlight, displayName: Next flight, description: Your next flight., families: [systemSmall]}
              - {kind: Boarding, displayName: Boarding, description: Boarding time and gate., families: [systemSmall]}
              - {kind: Hotel, displayName: Hotel, description: Tonight's hotel., families: [systemSmall]}
              - {kind: Weather, displayName: Weather, description: Weather at the destination., families: [systemSmall]}
              - {kind: Packing, displayName: Packing, description: What is left to pack., families: [systemSmall]}
          - name: MoneyWidgets
            bundleIdentifier: com.example.trips.money
            widgets:
              - {kind: Currency, displayName: Currency, description: Exchange rate., families: [systemSmall]}
        """),
    ])

  public init() {}

  /// The block size to judge against, and how a finding explains it; nil when the SDK has no limit.
  package static func limit(_ context: RuleContext) -> (max: Int, why: String)? {
    if let configured = context.configuredOption("max") { return (configured, "the \(configured) 'max' allows") }
    guard let toolchain = context.project.buildToolchain else {
      let classic = WidgetKitCatalog.classicBundleBlockLimit
      return (
        classic,
        "the \(classic) older SDKs' builder takes (Xcode 16 and later take more: say which Xcode builds the app "
          + "with app.xcodeVersion or --xcode-version)"
      )
    }
    guard let max = WidgetKitCatalog.bundleBlockLimit(xcode: toolchain.xcode) else { return nil }
    return (max, "the \(max) the builder of Xcode \(toolchain.xcode)'s SDK takes (\(toolchain.source))")
  }

  public func check(_ context: RuleContext) {
    guard let manifest = context.manifest, let (max, why) = Self.limit(context) else { return }
    // Where the code has a @main bundle, its blocks are what the builder sees (nesting included).
    for (index, target) in manifest.targets.enumerated()
    where target.widgets.count > max && !context.project.code(ofTarget: index).declaresWidgets {
      let first = target.widgets[max]
      let name = target.name?.value ?? "this target"
      context.report(
        "target '\(name)' lists \(target.widgets.count) widgets, more than \(why); "
          + "nest a second WidgetBundle in the bundle's body for the rest",
        at: first.anchorSpan, pointer: first.pointer, subject: target.name?.value)
    }
    for (target, code) in context.targetsWithCode {
      for bundle in code.bundles.values.sorted(by: { $0.nameSpan.start < $1.nameSpan.start }) {
        for block in bundle.blocks where block.count > max {
          context.report(
            "WidgetBundle '\(bundle.typeName)' lists \(block.count) entries in one block, more than \(why); "
              + "move some into a second WidgetBundle and list that bundle here",
            inCodeOf: target, at: block[max].span, subject: bundle.typeName)
        }
        for block in bundle.helperBlocks where block.count > max {
          context.report(
            "WidgetBundleBuilder.buildBlock in WidgetBundle '\(bundle.typeName)' takes \(block.count) widgets, "
              + "more than \(why); move some into a second WidgetBundle and pass that bundle here",
            inCodeOf: target, at: block[max].span, subject: bundle.typeName)
        }
      }
    }
  }
}
