import SwiftUI
import WidgetKit

struct ExpoEntry: TimelineEntry {
    let date: Date
    let title: String
    let count: Int
}

struct ExpoProvider: TimelineProvider {
    func placeholder(in context: Context) -> ExpoEntry {
        ExpoEntry(date: Date(), title: "Expo", count: 3)
    }

    func getSnapshot(in context: Context, completion: @escaping (ExpoEntry) -> Void) {
        completion(context.isPreview ? placeholder(in: context) : currentEntry())
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<ExpoEntry>) -> Void) {
        // The app reloads the widget after every change (ExtensionStorage.reloadWidget()); this is a fallback.
        let nextUpdate = Date().addingTimeInterval(30 * 60)
        completion(Timeline(entries: [currentEntry()], policy: .after(nextUpdate)))
    }

    /// What the app saved with `new ExtensionStorage("group.com.example.expowidgets").set(…)`.
    private func currentEntry() -> ExpoEntry {
        let defaults = UserDefaults(suiteName: "group.com.example.expowidgets")
        let title = defaults?.string(forKey: "title") ?? "Expo"
        let count = defaults?.integer(forKey: "count") ?? 0
        return ExpoEntry(date: Date(), title: title, count: count)
    }
}

struct ExpoWidgetView: View {
    @Environment(\.widgetFamily) private var family
    let entry: ExpoEntry

    var body: some View {
        HStack(alignment: .top, spacing: 12) {
            VStack(alignment: .leading, spacing: 4) {
                Text(entry.title)
                    .font(.headline)
                    .foregroundStyle(Color("$accent"))
                Text("\(entry.count)")
                    .font(.system(size: 40, weight: .bold, design: .rounded))
                    .contentTransition(.numericText())
            }
            if family == .systemMedium {
                Spacer()
                Text(entry.date, style: .time)
                    .font(.caption)
                    .foregroundStyle(.secondary)
            }
        }
        .widgetURL(URL(string: "expowidgets://open"))
    }
}

struct ExpoWidget: Widget {
    let kind = "ExpoWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: ExpoProvider()) { entry in
            ExpoWidgetView(entry: entry)
                .containerBackground(Color("$widgetBackground"), for: .widget)
        }
        .configurationDisplayName("Expo Widget")
        .description("Shows the title and count saved by the app.")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}
