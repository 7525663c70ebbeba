// swift-format-ignore-file
// A fixture kept exactly as written: its expected findings are at fixed positions.
import Foundation

/// Text for the app's "About the widget" screen and its support page. These are strings,
/// not code: nothing in them is called.
enum WidgetHelp {
    static let limitations = "The widget cannot scroll: there is no List or ScrollView, AsyncImage, TextField, TextEditor, VideoPlayer, Map or WKWebView in it."

    static let tapBehaviour = "Tapping opens haiku://today. In the small size, Link(destination:) is ignored; only .widgetURL(_:) works, and only one of them."

    static let sharedData = #"The app and the widget share UserDefaults(suiteName: "group.com.example.haiku"), not UserDefaults(suiteName: "group.com.example.poems")."#

    static let reloadPolicy = "Timeline(entries: entries, policy: .after(Date(timeIntervalSinceNow: 60))) would be too often; the widget reloads every six hours."

    static let developerNotes = """
        StaticConfiguration(kind: "GhostWidget", provider: GhostProvider()) { entry in
            GhostView(entry: entry)
                .containerBackground(.fill.tertiary, for: .widget)
                .widgetURL(URL(string: "ghost://open"))
        }
        .supportedFamilies([.accessoryInline])
        Button(intent: NextPoemIntent()) { Text("Next") }
        struct PoemWebView: UIViewRepresentable { func makeUIView(context: Context) -> WKWebView { WKWebView() } }
        FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.com.example.poems")
        UIApplication.shared.open(URL(string: UIApplication.openSettingsURLString)!)
        openSettings()
        """
}
