import WidgetLintCore
import WidgetLintModel

/// `widget-url-scheme`: a widget URL that is not a URL, or that the app does not handle.
public struct WidgetURLSchemeRule: Rule {
  public static let metadata = RuleMetadata(
    id: "widget-url-scheme",
    defaultSeverity: .error,
    summary: "A widget's url is not a valid URL (error), or its scheme is not one of the app's urlSchemes (warning).",
    rationale: """
      A tap on a widget opens the containing app with the widget's `widgetURL` (or a `Link`'s URL), which
      the app receives in `onOpenURL` / `application(_:open:options:)`. A string that is not a valid URL
      makes `URL(string:)` return nil, so the tap opens the app with no link at all. A URL with a scheme the
      app does not declare still opens the app (WidgetKit delivers it regardless), but the app's router will
      not recognise it: that case is a warning. A relative URL such as `/` is valid: WidgetKit hands it to
      the app as is.

      URLs are checked against RFC 3986: a scheme of letters, digits, `+`, `-` and `.`, and only URL
      characters elsewhere (percent-encode the rest).

      Sources: Apple, `widgetURL(_:)` (https://developer.apple.com/documentation/swiftui/view/widgeturl(_:)) and "Defining a custom URL scheme
      for your app" (https://developer.apple.com/documentation/xcode/defining-a-custom-url-scheme-for-your-app).
      """,
    examples: [
      .failing(
        "A URL with a space",
        """
        app:
          bundleIdentifier: com.example.podcasts
          urlSchemes: [podcasts]
        targets:
          - name: PodcastWidget
            bundleIdentifier: com.example.podcasts.widget
            widgets:
              - kind: UpNext
                displayName: Up next
                description: The next episode in your queue.
                families: [systemSmall]
                url: ↓podcasts://up next
        """),
      .failing(
        "A scheme the app does not declare",
        """
        app:
          bundleIdentifier: com.example.podcasts
          urlSchemes: [podcasts]
        targets:
          - name: PodcastWidget
            bundleIdentifier: com.example.podcasts.widget
            widgets:
              - kind: UpNext
                displayName: Up next
                description: The next episode in your queue.
                families: [systemSmall]
                url: ↓podcast://up-next
        """),
      .passing(
        "The app's own scheme, and a relative URL",
        """
        app:
          bundleIdentifier: com.example.podcasts
          urlSchemes: [podcasts]
        targets:
          - name: PodcastWidget
            bundleIdentifier: com.example.podcasts.widget
            widgets:
              - kind: UpNext
                displayName: Up next
                description: The next episode in your queue.
                families: [systemSmall]
                url: podcasts://up-next
              - kind: Library
                displayName: Library
                description: Your shows.
                families: [systemMedium]
                url: /
        """),
    ])

  public init() {}

  public func check(_ context: RuleContext) {
    guard let manifest = context.manifest else { return }
    var schemes = DeclaredSchemes(manifest.app?.urlSchemes ?? [])
    for target in manifest.targets {
      for widget in target.widgets {
        guard let urlText = widget.url?.value else { continue }
        if let (message, severity) = Self.problem(with: urlText, schemes: &schemes), let url = widget.url {
          let related = severity == .warning ? appSchemes(manifest) : []
          context.report(message, at: url, subject: widget.kind?.value, related: related, severity: severity)
        }
      }
    }
    for (target, code) in context.targetsWithCode {
      for use in code.files.flatMap(\.code.urlUses) {
        guard let url = use.url, let (value, span) = code.resolve(url),
          let (message, severity) = Self.problem(with: value, schemes: &schemes)
        else { continue }
        let related = severity == .warning ? appSchemes(manifest) : []
        context.report(message, inCodeOf: target, at: span, related: related, severity: severity)
      }
    }
  }

  private func appSchemes(_ manifest: Manifest) -> [RelatedLocation] {
    manifest.app?.urlSchemesSpan.map { [RelatedLocation("the app's urlSchemes", at: $0)] } ?? []
  }

  /// The app's URL schemes, prepared once for every URL a rule run checks.
  package struct DeclaredSchemes {
    package let lowercased: Set<String>
    package let listed: String
    package var suggester: Suggester

    package init(_ schemes: [Located<String>]) {
      lowercased = Set(schemes.map { $0.value.lowercased() })
      listed = Wording.list(schemes.map(\.value))
      suggester = Suggester(candidates: schemes.map(\.value))
    }
  }

  /// What is wrong with a widget URL and how much it matters, or nil.
  package static func problem(with url: String, schemes: inout DeclaredSchemes) -> (String, Severity?)? {
    switch URIReference.parse(url) {
    case .invalid(let reason):
      return ("widget url '\(url)' is not a valid URL: \(reason)", nil)
    case .relative:
      return nil
    case .absolute(let scheme):
      guard !schemes.lowercased.isEmpty, !schemes.lowercased.contains(scheme.lowercased()) else { return nil }
      var message =
        "widget url scheme '\(scheme)' is not one of the app's urlSchemes (\(schemes.listed)); the tap opens the app, but its router will not recognise the link"
      if let suggestion = schemes.suggester.closest(to: scheme) {
        message += "; did you mean '\(suggestion)'?"
      }
      return (message, .warning)
    }
  }
}
