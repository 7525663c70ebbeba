import SwiftUI
import WidgetKit

struct CountEntry: TimelineEntry {
    let date: Date
    let count: Int
}

struct CountProvider: TimelineProvider {
    func placeholder(in context: Context) -> CountEntry {
        CountEntry(date: Date(), count: 3)
    }

    func getSnapshot(in context: Context, completion: @escaping (CountEntry) -> Void) {
        completion(context.isPreview ? placeholder(in: context) : currentEntry())
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<CountEntry>) -> Void) {
        // The app reloads the widget after every change; this is a fallback.
        let nextUpdate = Date().addingTimeInterval(30 * 60)
        completion(Timeline(entries: [currentEntry()], policy: .after(nextUpdate)))
    }

    private func currentEntry() -> CountEntry {
        let defaults = UserDefaults(suiteName: "group.com.example.expowidgets")
        return CountEntry(date: Date(), count: defaults?.integer(forKey: "count") ?? 0)
    }
}

struct CountWidgetView: View {
    let entry: CountEntry

    var body: some View {
        Text("\(entry.count)")
            .font(.system(size: 44, weight: .bold, design: .rounded))
            .widgetURL(URL(string: "expowidgets://count"))
    }
}

struct CountWidget: Widget {
    let kind = "CountWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: CountProvider()) { entry in
            CountWidgetView(entry: entry)
                .containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName("Count")
        .description("Shows the count saved by the app.")
        .supportedFamilies([.systemSmall])
    }
}

@main
struct CountWidgets: WidgetBundle {
    var body: some Widget {
        CountWidget()
    }
}
