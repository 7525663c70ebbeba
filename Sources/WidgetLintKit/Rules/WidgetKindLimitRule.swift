/// `widget-kind-limit`: more widgets in one WidgetBundle than the builder takes.
public struct WidgetKindLimitRule: Rule {
  public static let metadata = RuleMetadata(
    id: .widgetKindLimit,
    defaultSeverity: .error,
    summary: "A target's WidgetBundle lists more widgets than the SDK's WidgetBundleBuilder accepts.",
    rationale: """
      A widget extension lists its widgets in the `body` of one `@main` `WidgetBundle`, built by
      `@WidgetBundleBuilder`. The number it accepts depends on the SDK the app is built with: Xcode 12's
      SDK had `buildBlock` overloads for at most 5 widgets, later SDKs for 10, and current SDKs take a
      variadic parameter pack. Past the limit the bundle does not compile, which today is found only on a
      Mac. Controls and Live Activities listed in the same body count too.

      The usual fix is nesting: a bundle's `body` is itself a `Widget`, so a second `WidgetBundle` can
      hold the extra widgets and be listed in the first. If every build uses a newer SDK, raise `max`.

      Source: Apple, WidgetBundleBuilder (https://developer.apple.com/documentation/swiftui/widgetbundlebuilder): older SDKs' `buildBlock`
      overloads take at most a fixed number of widgets per block.
      """,
    options: [
      RuleOption(
        name: "max", kind: .integer, defaultValue: 5,
        summary: "The most widgets one target's bundle may list (5 for Xcode 12's SDK, 10 for later ones).")
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

  public func check(_ context: RuleContext) {
    guard let manifest = context.manifest else { return }
    let max = context.option("max")
    // Where the code has a @main bundle, its blocks are what the builder sees (nesting included).
    for (index, target) in manifest.targets.enumerated()
    where target.widgets.count > max && !context.project.code(ofTarget: index).declaresWidgets {
      let first = target.widgets[max]
      let name = target.name?.value ?? "this target"
      context.report(
        "target '\(name)' lists \(target.widgets.count) widgets, more than the \(max) one WidgetBundle may list; "
          + "nest a second WidgetBundle in the bundle's body for the rest (or raise 'max' if you build with a newer SDK)",
        at: first.anchorSpan, pointer: first.pointer, subject: target.name?.value)
    }
    for (target, code) in context.targetsWithCode {
      for bundle in code.bundles.values.sorted(by: { $0.nameSpan.start < $1.nameSpan.start }) {
        for block in bundle.blocks where block.count > max {
          context.report(
            "WidgetBundle '\(bundle.typeName)' lists \(block.count) entries in one block, more than the \(max) its builder may take; "
              + "move some into a second WidgetBundle and list that bundle here (or raise 'max' if you build with a newer SDK)",
            inCodeOf: target, at: block[max].span, subject: bundle.typeName)
        }
      }
    }
  }
}

extension RuleID {
  public static let widgetKindLimit = RuleID("widget-kind-limit")
}
