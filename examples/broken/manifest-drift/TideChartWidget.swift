import SwiftUI
import WidgetKit

@main
struct TidesWidgetBundle: WidgetBundle {
    var body: some Widget {
        TideChartWidget()
    }
}

struct Tide: Codable, Hashable {
    var time: Date
    var heightMetres: Double
    var isHigh: Bool
}

struct TideEntry: TimelineEntry {
    let date: Date
    let tides: [Tide]
}

struct TideProvider: TimelineProvider {
    func placeholder(in context: Context) -> TideEntry {
        TideEntry(date: Date(), tides: [])
    }

    func getSnapshot(in context: Context, completion: @escaping (TideEntry) -> Void) {
        completion(TideEntry(date: Date(), tides: loadTides()))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<TideEntry>) -> Void) {
        let entry = TideEntry(date: Date(), tides: loadTides())
        completion(Timeline(entries: [entry], policy: .after(Date().addingTimeInterval(30 * 60))))
    }

    private func loadTides() -> [Tide] {
        guard let data = UserDefaults(suiteName: "group.com.example.tides")?.data(forKey: "today") else { return [] }
        return (try? JSONDecoder().decode([Tide].self, from: data)) ?? []
    }
}

struct TideChartView: View {
    @Environment(\.widgetFamily) private var family
    let entry: TideEntry

    var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            if family != .accessoryRectangular {
                Label("Tides", systemImage: "water.waves")
                    .font(.caption.bold())
                    .foregroundStyle(.teal)
            }
            ForEach(entry.tides.prefix(family == .systemMedium ? 4 : 2), id: \.self) { tide in
                HStack {
                    Image(systemName: tide.isHigh ? "arrow.up" : "arrow.down")
                    Text(tide.time, style: .time)
                    Spacer()
                    Text(tide.heightMetres.formatted(.number.precision(.fractionLength(1))) + " m")
                }
                .font(.caption)
            }
        }
    }
}

struct TideChartWidget: Widget {
    let kind = "TideChartWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: TideProvider()) { entry in
            TideChartView(entry: entry)
                .containerBackground(.fill.tertiary, for: .widget)
                .widgetURL(URL(string: "tides://today"))
        }
        .configurationDisplayName("Tide Chart")
        .description("High and low tide at your beach today.")
        .supportedFamilies([.systemSmall, .systemMedium, .accessoryRectangular])
    }
}
