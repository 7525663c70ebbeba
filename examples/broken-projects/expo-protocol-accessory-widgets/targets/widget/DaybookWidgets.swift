import SwiftUI
import WidgetKit

// The extension's entry point: the Home Screen agenda, then every Lock Screen widget.
@main
struct DaybookWidgets: WidgetBundle {
    var body: some Widget {
        AgendaWidget()
        AccessoryWidgets().body
    }
}

struct AgendaWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "Agenda", provider: DaybookProvider()) { entry in
            AgendaView(entry: entry)
        }
        .configurationDisplayName("Agenda")
        .description("Today's events.")
        .supportedFamilies([.systemMedium, .systemLarge])
    }
}

struct AgendaView: View {
    let entry: DaybookEntry

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            ForEach(entry.titles, id: \.self) { title in
                Text(title).lineLimit(1)
            }
        }
        .containerBackground(.fill.tertiary, for: .widget)
    }
}

struct DaybookEntry: TimelineEntry {
    let date: Date
    let titles: [String]
    let nextStart: Date?
}

struct DaybookProvider: TimelineProvider {
    func placeholder(in context: Context) -> DaybookEntry {
        DaybookEntry(date: Date(), titles: ["Stand-up", "Lunch"], nextStart: Date().addingTimeInterval(1800))
    }

    func getSnapshot(in context: Context, completion: @escaping (DaybookEntry) -> Void) {
        completion(placeholder(in: context))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<DaybookEntry>) -> Void) {
        // The app saves today's events to the App Group whenever the calendar changes.
        let defaults = UserDefaults(suiteName: "group.com.example.daybook")
        let titles = defaults?.stringArray(forKey: "titles") ?? []
        let next = defaults?.object(forKey: "nextStart") as? Date
        let entry = DaybookEntry(date: Date(), titles: titles, nextStart: next)
        completion(Timeline(entries: [entry], policy: .after(Date().addingTimeInterval(30 * 60))))
    }
}
