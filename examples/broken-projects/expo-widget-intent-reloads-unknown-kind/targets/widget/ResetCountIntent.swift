import AppIntents
import WidgetKit

/// The widget's reset button (iOS 17): clears the count the app saved, then reloads the widget.
@available(iOS 17.0, *)
struct ResetCountIntent: AppIntent {
    static let title: LocalizedStringResource = "Reset the count"

    func perform() async throws -> some IntentResult {
        UserDefaults(suiteName: "group.com.example.expowidgets")?.removeObject(forKey: "count")
        // The bundle's name, not the widget's kind.
        WidgetCenter.shared.reloadTimelines(ofKind: "ExpoWidgets")
        return .result()
    }
}
