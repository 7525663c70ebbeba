import SwiftUI
import WidgetKit

struct TitleEntry: TimelineEntry {
    let date: Date
    let title: String
}

struct TitleProvider: TimelineProvider {
    func placeholder(in context: Context) -> TitleEntry {
        TitleEntry(date: Date(), title: "Expo")
    }

    func getSnapshot(in context: Context, completion: @escaping (TitleEntry) -> Void) {
        completion(context.isPreview ? placeholder(in: context) : currentEntry())
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<TitleEntry>) -> Void) {
        // The app reloads the widget after every change; this is a fallback.
        let nextUpdate = Date().addingTimeInterval(60 * 60)
        completion(Timeline(entries: [currentEntry()], policy: .after(nextUpdate)))
    }

    private func currentEntry() -> TitleEntry {
        let defaults = UserDefaults(suiteName: "group.com.example.expowidgets")
        return TitleEntry(date: Date(), title: defaults?.string(forKey: "title") ?? "Expo")
    }
}

struct TitleWidgetView: View {
    let entry: TitleEntry

    var body: some View {
        Text(entry.title)
            .font(.title2.bold())
            .widgetURL(URL(string: "expowidgets://title"))
    }
}

struct TitleWidget: Widget {
    let kind = "TitleWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: TitleProvider()) { entry in
            TitleWidgetView(entry: entry)
                .containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName("Title")
        .description("Shows the title saved by the app.")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}

@main
struct TitleWidgets: WidgetBundle {
    var body: some Widget {
        TitleWidget()
    }
}
