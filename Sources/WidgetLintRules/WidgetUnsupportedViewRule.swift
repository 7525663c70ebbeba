import WidgetLintModel

/// `widget-unsupported-view`: SwiftUI views that do not render in a widget.
public struct WidgetUnsupportedViewRule: Rule {
  public static let metadata = RuleMetadata(
    id: "widget-unsupported-view",
    defaultSeverity: .warning,
    summary:
      "Widget code uses a view that does not render in a widget (AsyncImage, ScrollView, List, text input, UIKit views).",
    rationale: """
      A widget is an archived view hierarchy rendered by the system, not a live view. Only a fixed set of
      SwiftUI views render; others are ignored or show a placeholder: `AsyncImage` never loads (download the
      image in the timeline provider and pass it in the entry), `ScrollView` and `List` cannot scroll,
      `TextField`, `TextEditor` and `SecureField` take no input, `VideoPlayer`, `Map` and web views do not
      render, and `UIViewRepresentable` / `UIViewControllerRepresentable` cannot be used at all. The code
      compiles, so the problem shows only on a device.

      The rule reads the target's `sources`. A type the target declares itself under one of these names
      (its own image loader called `AsyncImage`, or a `typealias`) is what the name means in that target,
      and is not reported; one nested in another type (`Gallery.AsyncImage`) only inside that type and its
      extensions. A type declared only in the app's target does not count in the widget's.

      Only the views the extension's widgets and controls may show are judged: from each widget, the views
      its content builds and the project's views, functions and computed properties they use, transitively.
      An app-only view in a file the extension also compiles (a shared model file's UIKit bridge, a detail
      screen) is not reported. When a widget's content is not known (a stored closure), every view is judged.

      Source: Apple, "Creating a widget extension" (https://developer.apple.com/documentation/widgetkit/creating-a-widget-extension): widgets are
      rendered from a snapshot of their view, with no scrolling, text input or network loading in the view.
      """,
    examples: [
      .failing(
        "An AsyncImage in a widget view",
        """
        app:
          bundleIdentifier: com.example.photos
        targets:
          - name: PhotoWidget
            bundleIdentifier: com.example.photos.widget
            sources: [PhotoWidget]
            widgets:
              - {kind: PhotoOfTheDay, displayName: Photo of the day, description: A photo a day., families: [systemSmall]}
        """,
        files: [
          (
            "PhotoWidget/PhotoView.swift",
            """
            import SwiftUI

            struct PhotoView: View {
                let url: URL
                var body: some View {
                    ↓AsyncImage(url: url)
                }
            }
            """
          )
        ]),
      .passing(
        "The provider downloads the image; the view shows it",
        """
        app:
          bundleIdentifier: com.example.photos
        targets:
          - name: PhotoWidget
            bundleIdentifier: com.example.photos.widget
            sources: [PhotoWidget]
            widgets:
              - {kind: PhotoOfTheDay, displayName: Photo of the day, description: A photo a day., families: [systemSmall]}
        """,
        files: [
          (
            "PhotoWidget/PhotoView.swift",
            """
            import SwiftUI

            struct PhotoView: View {
                let image: UIImage
                var body: some View {
                    // Not AsyncImage: the provider downloads the image before the timeline is built.
                    Image(uiImage: image).resizable().scaledToFill()
                }
            }
            """
          )
        ]),
      .passing(
        "The target's own view named AsyncImage",
        """
        app:
          bundleIdentifier: com.example.photos
        targets:
          - name: PhotoWidget
            bundleIdentifier: com.example.photos.widget
            sources: [PhotoWidget]
            widgets:
              - {kind: PhotoOfTheDay, displayName: Photo of the day, description: A photo a day., families: [systemSmall]}
        """,
        files: [
          (
            "PhotoWidget/PhotoView.swift",
            """
            import SwiftUI

            /// The widget's image view: it shows the file the provider downloaded, under SwiftUI's name.
            struct AsyncImage: View {
                let url: URL
                var body: some View {
                    if let image = UIImage(contentsOfFile: url.path) { Image(uiImage: image) } else { Color.gray }
                }
            }

            struct PhotoView: View {
                let url: URL
                var body: some View {
                    AsyncImage(url: url)
                }
            }
            """
          )
        ]),
    ])

  public init() {}

  /// What to do instead of each view that does not render (`WidgetKitCatalog.viewsThatDoNotRender`).
  package static let advice: [String: String] = [
    "AsyncImage": "it never loads in a widget; download the image in the timeline provider and pass it in the entry",
    "ScrollView": "widgets do not scroll; show a fixed number of items",
    "List": "widgets do not scroll; use a VStack of a fixed number of rows",
    "TextField": "widgets take no text input; open the app with widgetURL for editing",
    "TextEditor": "widgets take no text input; open the app with widgetURL for editing",
    "SecureField": "widgets take no text input; open the app with widgetURL for editing",
    "VideoPlayer": "widgets show no video; show a still image",
    "Map": "render a snapshot with MKMapSnapshotter in the provider",
    "WKWebView": "web views do not render in a widget",
    "WebView": "web views do not render in a widget",
  ]

  /// The types and functions the target's widgets and controls show: from each, the views its content
  /// builds and the project's functions and computed properties they use, transitively (over-reaching
  /// is safe: only what is never reached is left out). Nil when a widget's content is not known.
  package static func shownTypes(in code: TargetCode) -> Set<String>? {
    guard !code.widgets.isEmpty else { return nil }
    var visited: Set<String> = []
    var pending: [String] = []
    func reach(_ name: String) {
      if visited.insert(name).inserted { pending.append(name) }
    }
    for widget in code.widgets.values {
      if widget.contentIsUnknown { return nil }
      reach(widget.typeName)
      for view in code.contentViews(of: widget) { reach(view) }
      if let function = widget.contentFunction {
        reach(function)
        reach("\(widget.typeName).\(function)")
      }
    }
    for control in code.bundledControls { reach(control) }
    while let scope = pending.popLast() {
      for name in code.calls[scope] ?? [] { reach(name) }
      for name in code.references[scope] ?? [] where code.declaredFunctions.contains(name) { reach(name) }
      for name in code.viewReferences[scope] ?? [] { reach(name) }
    }
    return visited
  }

  public func check(_ context: RuleContext) {
    for (target, code) in context.targetsWithCode {
      // A type of the project's own of the same name (its image loader called `AsyncImage`) is what the
      // name means where that declaration is visible.
      let shown = Self.shownTypes(in: code)
      for view in code.files.flatMap(\.code.unsupportedViews)
      where !code.declaresType(view.name, visibleIn: view.enclosingTypes) {
        // An app-only view in a file the extension also compiles is never shown by a widget.
        if let shown, let owner = view.ownerType, !shown.contains(owner) { continue }
        let advice =
          view.isConformance
          ? "widgets cannot host UIKit views; draw it with SwiftUI views, or render an image in the provider"
          : Self.advice[view.name] ?? "show a view WidgetKit renders instead"
        context.report("\(view.name) does not render in a widget: \(advice)", inCodeOf: target, at: view.span)
      }
    }
  }
}
