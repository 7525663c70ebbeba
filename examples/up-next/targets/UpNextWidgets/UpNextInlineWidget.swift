import SwiftUI
import WidgetKit

struct InlineEntry: TimelineEntry {
    let date: Date
    let event: UpcomingEvent?
}

struct InlineProvider: TimelineProvider {
    func placeholder(in context: Context) -> InlineEntry {
        InlineEntry(date: Date(), event: EventStore.sample)
    }

    func getSnapshot(in context: Context, completion: @escaping (InlineEntry) -> Void) {
        completion(InlineEntry(date: Date(), event: EventStore.nextEvent() ?? EventStore.sample))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<InlineEntry>) -> Void) {
        let now = Date()
        let entry = InlineEntry(date: now, event: EventStore.nextEvent())
        let nextUpdate = Calendar.current.date(byAdding: .hour, value: 1, to: now)!
        completion(Timeline(entries: [entry], policy: .after(nextUpdate)))
    }
}

struct UpNextInlineView: View {
    let entry: InlineEntry

    var body: some View {
        Group {
            if let event = entry.event {
                // Inline widgets show one Text (and optionally one image) in the system font.
                Text("\(event.emoji) \(event.title) \(event.date, style: .relative)")
            } else {
                Label("Nothing up next", systemImage: "calendar")
            }
        }
        .widgetURL(URL(string: "upnext://countdown"))
    }
}

struct UpNextInlineWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "UpNextInlineWidget", provider: InlineProvider()) { entry in
            UpNextInlineView(entry: entry)
                .upNextBackground()
        }
        .configurationDisplayName("Up Next")
        .description("A single line above the clock naming your next event.")
        .supportedFamilies([.accessoryInline])
    }
}
