import WidgetLintCore
import WidgetLintModel

/// `availability`: a family or configuration the target's OS version or platform cannot show.
public struct AvailabilityRule: Rule {
  public static let metadata = RuleMetadata(
    id: "availability",
    defaultSeverity: .error,
    summary: "A widget uses a family or configuration that its target's deployment target or platform cannot show.",
    rationale: """
      Each WidgetFamily and configuration type arrived in a given OS version:

      | family / configuration | iOS | watchOS |
      |---|---|---|
      | systemSmall, systemMedium, systemLarge | 14 | – |
      | systemExtraLarge (iPadOS only) | 15 | – |
      | accessoryCircular, accessoryRectangular, accessoryInline | 16 | 9 |
      | accessoryCorner | – | 9 |
      | `static` (StaticConfiguration), `intent` (IntentConfiguration) | 14 | 9 |
      | `appIntent` (AppIntentConfiguration) | 17 | 10 |
      | ActivityConfiguration (a Live Activity, in code) | 16.1 | – |
      | StaticControlConfiguration, AppIntentControlConfiguration (a control, in code) | 18 | – |

      A widget whose target deploys below the version does not compile without `#available` guards, and one
      that compiles anyway shows nothing: an AppIntentConfiguration widget on an iOS 16 device is blank
      (expo-apple-targets#130). A target's deployment target is its own `deploymentTarget`, else the app's,
      else iOS 14.0. A watchOS target without its own deployment target is judged only on platform.
      In code, each family `.supportedFamilies([...])` lists is judged against the target's platform: a
      watch widget (an Xcode watchOS widget extension, `SDKROOT = watchos`) cannot list a system family,
      and an iOS widget not `accessoryCorner`, which WidgetFamily declares for watchOS only. Code that an
      iOS and a watchOS extension share usually lists each platform's families under `#if os(watchOS)`:
      a family in a clause for the other platform is not compiled there and is not judged, nor is one
      in a clause whose condition is a compilation flag. A watch extension's code is judged against its
      own `WATCHOS_DEPLOYMENT_TARGET`: the accessory families need watchOS 9, AppIntentConfiguration and
      `containerBackground(_:for:)` watchOS 10, unless `if #available(watchOS …, *)` or `@available`
      guarantees the version.

      Sources: Apple, WidgetFamily (https://developer.apple.com/documentation/widgetkit/widgetfamily), StaticConfiguration, IntentConfiguration and
      AppIntentConfiguration (https://developer.apple.com/documentation/widgetkit/appintentconfiguration), ActivityConfiguration
      (https://developer.apple.com/documentation/widgetkit/activityconfiguration) and StaticControlConfiguration
      (https://developer.apple.com/documentation/widgetkit/staticcontrolconfiguration): the availability each declares.
      """,
    examples: [
      .failing(
        "Lock Screen families on an iOS 15 target",
        """
        app:
          bundleIdentifier: com.example.steps
          deploymentTarget: "15.0"
        targets:
          - name: StepsWidget
            bundleIdentifier: com.example.steps.widget
            widgets:
              - kind: Steps
                displayName: Steps
                description: Today's step count.
                families: [systemSmall, ↓accessoryCircular]
        """),
      .failing(
        "AppIntentConfiguration below iOS 17",
        """
        app:
          bundleIdentifier: com.example.steps
        targets:
          - name: StepsWidget
            bundleIdentifier: com.example.steps.widget
            deploymentTarget: "16.4"
            widgets:
              - kind: Steps
                displayName: Steps
                description: Today's step count.
                configuration: ↓appIntent
                families: [systemSmall]
        """),
      .passing(
        "The target deploys to iOS 17",
        """
        app:
          bundleIdentifier: com.example.steps
          deploymentTarget: "15.0"
        targets:
          - name: StepsWidget
            bundleIdentifier: com.example.steps.widget
            deploymentTarget: "17.0"
            widgets:
              - kind: Steps
                displayName: Steps
                description: Today's step count.
                configuration: appIntent
                families: [systemSmall, accessoryCircular]
        """),
    ])

  public init() {}

  public func check(_ context: RuleContext) {
    guard let manifest = context.manifest else { return }
    // Where the code has a @main bundle, availability is judged on the code, which knows its guards.
    for (index, target) in manifest.targets.enumerated() where !context.project.code(ofTarget: index).declaresWidgets {
      let platform = target.resolvedPlatform
      let deployment = context.project.deploymentTarget(of: target)
      // Wording is made only for a finding: most targets have none.
      var related: [RelatedLocation] {
        deployment?.setAt.map { [RelatedLocation("deployment target set here", at: $0)] } ?? []
      }
      var deploysTo: String? { deployment.map { "\(platform.displayName) \($0.version)" } }
      for widget in target.widgets {
        var subject: String? { widget.kind?.value }
        let families = widget.families
        for index in families.indices {
          guard let info = WidgetKitCatalog.family(named: families[index].value) else { continue }
          if let minimum = info.minimum(on: platform) {
            guard let deployment, deployment.version < minimum else { continue }
            let family = families[index]
            context.report(
              "\(family.value) needs \(platform.displayName) \(minimum), but the target deploys to \(deploysTo ?? ""); raise deploymentTarget or drop the family",
              at: family, subject: subject, related: related)
          } else {
            let family = families[index]
            let elsewhere = platform == .ios ? "watchOS" : "iOS"
            context.report(
              "\(family.value) is not available on \(platform.displayName) (it is a \(elsewhere) family); remove it or move the widget to a \(elsewhere) target",
              at: family, subject: subject)
          }
        }
        if let deployment, let type = widget.configuration?.value,
          case let minimum = WidgetKitCatalog.minimum(of: type, on: platform), deployment.version < minimum,
          let configuration = widget.configuration
        {
          context.report(
            "\(configuration.value.rawValue) configuration (\(configuration.value.swiftName)) needs \(platform.displayName) \(minimum), but the target deploys to \(deploysTo ?? ""); the widget would show nothing on older systems",
            at: configuration, subject: subject, related: related)
        }
      }
    }
    // The families the code lists, against the target's platform: a watch widget cannot list a system
    // family, an iOS widget not `accessoryCorner`. A family inside `#if os(…)` for the other platform (code
    // shared by an iOS and a watch extension) is not compiled there.
    for (target, code) in context.targetsWithCode where code.declaresWidgets {
      let platform = target.resolvedPlatform
      for use in code.files.flatMap(\.code.familyUses) where use.platforms.contains(platform) {
        guard let info = WidgetKitCatalog.family(named: use.name), info.minimum(on: platform) == nil else { continue }
        let elsewhere = platform == .ios ? "watchOS" : "iOS"
        context.report(
          "\(use.name) is not available on \(platform.displayName) (it is a\(platform == .ios ? "" : "n") \(elsewhere) family); remove it, or list it under `#if os(\(elsewhere))` in code both targets share",
          inCodeOf: target, at: use.span)
      }
    }
    // A watch extension's code against its watchOS deployment target (`WATCHOS_DEPLOYMENT_TARGET`).
    for (target, code) in context.targetsWithCode where target.resolvedPlatform == .watchos {
      guard let deployment = context.project.deploymentTarget(of: target) else { continue }
      let related = deployment.setAt.map { [RelatedLocation("deployment target set here", at: $0)] } ?? []
      var uses: [(symbol: String, minimum: OSVersion, guaranteed: OSVersion?, span: SourceSpan)] = []
      for file in code.files {
        for use in file.code.versionedUses where use.possiblyCompiledOn.contains(.watchos) {
          if let minimum = use.watchOSMinimum { uses.append((use.symbol, minimum, use.watchOSGuaranteed, use.span)) }
        }
        for use in file.code.familyUses where use.possiblyCompiledOn.contains(.watchos) {
          if let minimum = WidgetKitCatalog.family(named: use.name)?.watchOS {
            uses.append((use.name, minimum, use.watchOSGuaranteed, use.span))
          }
        }
      }
      for use in uses.sorted(by: { ($0.span.file.path, $0.span.start) < ($1.span.file.path, $1.span.start) })
      where deployment.version < use.minimum && (use.guaranteed ?? OSVersion(0)) < use.minimum {
        context.report(
          "\(use.symbol) needs watchOS \(use.minimum), but the target deploys to watchOS \(deployment.version) and this use is not inside `if #available(watchOS \(use.minimum), *)`",
          inCodeOf: target, at: use.span, related: related)
      }
    }
    for (target, code) in context.targetsWithCode where target.resolvedPlatform == .ios {
      guard let deployment = context.project.deploymentTarget(of: target) else { continue }
      let related = deployment.setAt.map { [RelatedLocation("deployment target set here", at: $0)] } ?? []
      // Code under `#if os(watchOS)` is not compiled for iOS.
      for use in code.files.flatMap(\.code.versionedUses) where use.possiblyCompiledOn.contains(.ios) {
        guard deployment.version < use.minimum, (use.guaranteed ?? OSVersion(0)) < use.minimum else { continue }
        context.report(
          "\(use.symbol) needs iOS \(use.minimum), but the target deploys to iOS \(deployment.version) and this use is not inside `if #available(iOS \(use.minimum), *)`",
          inCodeOf: target, at: use.span, related: related)
      }
    }
  }
}
