import SwiftUI
import WidgetKit

struct NextTripEntry: TimelineEntry {
    let date: Date
    let trip: Trip?

    var daysLeft: Int? {
        guard let trip else { return nil }
        let calendar = Calendar.current
        return calendar.dateComponents([.day], from: calendar.startOfDay(for: date),
                                       to: calendar.startOfDay(for: trip.departure)).day
    }
}

struct NextTripProvider: TimelineProvider {
    func placeholder(in context: Context) -> NextTripEntry {
        NextTripEntry(date: Date(), trip: Trip(destination: "Lisbon",
                                               departure: Date().addingTimeInterval(9 * 86_400),
                                               returnDate: Date().addingTimeInterval(16 * 86_400)))
    }

    func getSnapshot(in context: Context, completion: @escaping (NextTripEntry) -> Void) {
        completion(NextTripEntry(date: Date(), trip: TripStore.nextTrip))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<NextTripEntry>) -> Void) {
        // One entry per midnight for the coming week; WidgetKit asks again after the last one.
        let calendar = Calendar.current
        let today = calendar.startOfDay(for: Date())
        let trip = TripStore.nextTrip
        let entries = (0..<7).compactMap { offset -> NextTripEntry? in
            guard let day = calendar.date(byAdding: .day, value: offset, to: today) else { return nil }
            return NextTripEntry(date: offset == 0 ? Date() : day, trip: trip)
        }
        completion(Timeline(entries: entries, policy: .atEnd))
    }
}

struct NextTripView: View {
    @Environment(\.widgetFamily) private var family
    let entry: NextTripEntry

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            if let trip = entry.trip, let days = entry.daysLeft {
                Text(trip.destination)
                    .font(.headline)
                Text(days <= 0 ? "Today!" : "\(days) days")
                    .font(.system(size: 34, weight: .bold, design: .rounded))
                    .foregroundColor(.teal)
                if family == .systemMedium {
                    Text("\(trip.departure, style: .date) – \(trip.returnDate, style: .date)")
                        .font(.caption)
                        .foregroundColor(.secondary)
                }
            } else {
                Text("No trips planned")
                    .font(.headline)
                Text("Add one in Voyage.")
                    .font(.caption)
                    .foregroundColor(.secondary)
            }
        }
        .frame(maxWidth: .infinity, alignment: .leading)
        .widgetURL(URL(string: "voyage://trips/next"))
    }
}

struct NextTripWidget: Widget {
    let kind = "NextTripWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: NextTripProvider()) { entry in
            NextTripView(entry: entry)
                .tripWidgetBackground()
        }
        .configurationDisplayName("Next Trip")
        .description("Counts down the days to your next trip.")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}
