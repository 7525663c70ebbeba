import SwiftUI
import WidgetKit

@main
struct AgendaWidgetBundle: WidgetBundle {
    var body: some Widget {
        UpcomingEventsWidget()
    }
}

struct CalendarEvent: Codable, Hashable {
    var title: String
    var start: Date
    var location: String?
}

struct AgendaEntry: TimelineEntry {
    let date: Date
    let events: [CalendarEvent]
}

struct AgendaProvider: TimelineProvider {
    func placeholder(in context: Context) -> AgendaEntry {
        AgendaEntry(date: Date(), events: [])
    }

    func getSnapshot(in context: Context, completion: @escaping (AgendaEntry) -> Void) {
        completion(AgendaEntry(date: Date(), events: loadEvents()))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<AgendaEntry>) -> Void) {
        let entry = AgendaEntry(date: Date(), events: loadEvents())
        completion(Timeline(entries: [entry], policy: .after(Date().addingTimeInterval(15 * 60))))
    }

    private func loadEvents() -> [CalendarEvent] {
        guard let data = UserDefaults(suiteName: "group.com.example.agenda")?.data(forKey: "today") else { return [] }
        return (try? JSONDecoder().decode([CalendarEvent].self, from: data)) ?? []
    }
}

struct UpcomingEventsView: View {
    let entry: AgendaEntry

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            Text(entry.date, format: .dateTime.weekday(.wide).day())
                .font(.caption.bold())
                .foregroundStyle(.red)
            if let next = entry.events.first {
                VStack(alignment: .leading) {
                    Text(next.title).font(.headline).lineLimit(1)
                    Text(next.start, style: .time).font(.caption)
                }
                .widgetURL(URL(string: "agenda://next-event"))
            }
            ForEach(entry.events.dropFirst().prefix(2), id: \.self) { event in
                Text("\(event.start, style: .time)  \(event.title)")
                    .font(.caption)
                    .foregroundStyle(.secondary)
                    .lineLimit(1)
            }
            Spacer(minLength: 0)
        }
        .frame(maxWidth: .infinity, alignment: .leading)
        .widgetURL(URL(string: "agenda://today"))
    }
}

struct UpcomingEventsWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "UpcomingEventsWidget", provider: AgendaProvider()) { entry in
            UpcomingEventsView(entry: entry)
                .containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName("Upcoming")
        .description("Your next events today.")
        .supportedFamilies([.systemMedium])
    }
}
