import SwiftUI
import WidgetKit

struct ItineraryEntry: TimelineEntry {
    let date: Date
    let stops: [Stop]
}

struct ItineraryProvider: TimelineProvider {
    func placeholder(in context: Context) -> ItineraryEntry {
        ItineraryEntry(date: Date(), stops: [
            Stop(time: Date(), title: "Pastéis de Belém"),
            Stop(time: Date().addingTimeInterval(5_400), title: "Jerónimos Monastery"),
        ])
    }

    func getSnapshot(in context: Context, completion: @escaping (ItineraryEntry) -> Void) {
        completion(ItineraryEntry(date: Date(), stops: TripStore.todaysStops))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<ItineraryEntry>) -> Void) {
        let now = Date()
        let upcoming = TripStore.todaysStops.filter { $0.time >= now }
        let entry = ItineraryEntry(date: now, stops: upcoming)
        completion(Timeline(entries: [entry], policy: .after(now.addingTimeInterval(60 * 60))))
    }
}

struct ItineraryView: View {
    @Environment(\.widgetFamily) private var family
    let entry: ItineraryEntry

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            Text("Today")
                .font(.headline)
            if entry.stops.isEmpty {
                Text("Nothing else planned today.")
                    .font(.caption)
                    .foregroundColor(.secondary)
            }
            ForEach(entry.stops.prefix(family == .systemLarge ? 8 : 3), id: \.self) { stop in
                HStack(alignment: .firstTextBaseline) {
                    Text(stop.time, style: .time)
                        .font(.caption.monospacedDigit())
                        .foregroundColor(.secondary)
                    Text(stop.title)
                        .font(.subheadline)
                        .lineLimit(1)
                }
            }
            Spacer(minLength: 0)
        }
        .frame(maxWidth: .infinity, alignment: .leading)
        .widgetURL(URL(string: "voyage://itinerary/today"))
    }
}

struct ItineraryWidget: Widget {
    let kind = "ItineraryWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: ItineraryProvider()) { entry in
            ItineraryView(entry: entry)
                .tripWidgetBackground()
        }
        .configurationDisplayName("Today's Itinerary")
        .description("The next stops on today's plan.")
        .supportedFamilies([.systemMedium, .systemLarge])
    }
}
