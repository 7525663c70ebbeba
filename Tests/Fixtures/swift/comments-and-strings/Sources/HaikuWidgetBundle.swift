// swift-format-ignore-file
// A fixture kept exactly as written: its expected findings are at fixed positions.
import SwiftUI
import WidgetKit

// The seasonal widgets wait for a nested bundle; until then they stay commented out.
// widget-kind-limit must count only the one real entry below, not these six.

@main
struct HaikuWidgetBundle: WidgetBundle {
    var body: some Widget {
        DailyHaikuWidget()
        // SpringHaikuWidget()
        // SummerHaikuWidget()
        // AutumnHaikuWidget()
        // WinterHaikuWidget()
        /* NewYearHaikuWidget() */
        /* FullMoonHaikuWidget() */
    }
}

/*
 The first version, kept for reference. It did not work as a widget:

 @available(iOSApplicationExtension, unavailable)
 func openSettings() {
     UIApplication.shared.open(URL(string: UIApplication.openSettingsURLString)!)
 }

 struct LegacyHaikuWidget: Widget {
     let kind = "LegacyHaikuWidget"

     var body: some WidgetConfiguration {
         AppIntentConfiguration(kind: "LegacyHaikuWidget", intent: PickPoetIntent.self, provider: LegacyProvider()) { entry in
             ScrollView {
                 AsyncImage(url: entry.illustrationURL)
                 List(entry.poems) { poem in Text(poem.text) }
                 Link(destination: URL(string: "poems://poem")!) { Text("More") }
                 Button(intent: NextPoemIntent()) { Text("Next") }
                 Toggle(isOn: entry.isFavorite, intent: FavoriteIntent()) { Text("Favorite") }
             }
             .containerBackground(.fill.tertiary, for: .widget)
             .widgetURL(URL(string: "poems://legacy"))
             .widgetURL(URL(string: "poems://legacy/other"))
             .onTapGesture { openSettings() }
         }
         .supportedFamilies([.accessoryCircular, .accessoryRectangular, .accessoryInline, .systemExtraLarge])
     }
 }
 */

/// The poem of the day, as the app writes it into the shared App Group.
///
/// Read it with `UserDefaults(suiteName: "group.com.example.haiku")`, never with
/// `UserDefaults(suiteName: "group.com.example.poems")` (the old app's group) or
/// `FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.com.example.poems")`.
struct Haiku: Codable {
    var lines: [String]
    var poet: String

    static let sample = Haiku(lines: ["An old silent pond", "A frog jumps into the pond", "Splash! Silence again."],
                              poet: "Matsuo Bashō")
}

enum HaikuStore {
    private static let defaults = UserDefaults(suiteName: "group.com.example.haiku")

    static func today() -> Haiku {
        guard let data = defaults?.data(forKey: "today"),
              let haiku = try? JSONDecoder().decode(Haiku.self, from: data)
        else { return .sample }
        return haiku
    }
}
