import SwiftUI
import WidgetKit

struct TideEntry: TimelineEntry {
    let date: Date
    let nextHighTide: Date
    let height: Double
}

struct TideProvider: TimelineProvider {
    func placeholder(in context: Context) -> TideEntry {
        TideEntry(date: Date(), nextHighTide: Date().addingTimeInterval(3 * 3600), height: 4.2)
    }

    func getSnapshot(in context: Context, completion: @escaping (TideEntry) -> Void) {
        completion(placeholder(in: context))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<TideEntry>) -> Void) {
        // The app writes the next tides to the App Group; the widget reloads every hour.
        let defaults = UserDefaults(suiteName: "group.com.example.tidetimes")
        let next = defaults?.object(forKey: "nextHighTide") as? Date ?? Date().addingTimeInterval(3600)
        let entry = TideEntry(date: Date(), nextHighTide: next, height: defaults?.double(forKey: "height") ?? 0)
        completion(Timeline(entries: [entry], policy: .after(Date().addingTimeInterval(60 * 60))))
    }
}

/// One view for every family: the home-screen card got a background when the app moved to Xcode 15,
/// the Lock Screen layouts added later did not.
struct TideView: View {
    @Environment(\.widgetFamily) private var family
    let entry: TideEntry

    var body: some View {
        switch family {
        case .accessoryRectangular:
            VStack(alignment: .leading) {
                Text("High tide")
                    .font(.headline)
                Text(entry.nextHighTide, style: .time)
            }
        case .accessoryCircular:
            Gauge(value: min(entry.height, 6), in: 0...6) {
                Image(systemName: "water.waves")
            }
            .gaugeStyle(.accessoryCircular)
        default:
            VStack(alignment: .leading, spacing: 6) {
                Text("Next high tide")
                    .font(.caption)
                Text(entry.nextHighTide, style: .time)
                    .font(.title2.bold())
                Text(String(format: "%.1f m", entry.height))
                    .foregroundStyle(.secondary)
            }
            .containerBackground(Color("$sea").gradient, for: .widget)
        }
    }
}

@main
struct TideWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "TideWidget", provider: TideProvider()) { entry in
            TideView(entry: entry)
        }
        .configurationDisplayName("Tides")
        .description("The next high tide.")
        .supportedFamilies([.systemSmall, .systemMedium, .accessoryRectangular, .accessoryCircular])
    }
}
