import SwiftUI
import WidgetKit

struct TideEntry: TimelineEntry {
    let date: Date
    let height: Double
}

struct TideProvider: TimelineProvider {
    func placeholder(in context: Context) -> TideEntry {
        TideEntry(date: Date(), height: 2.0)
    }

    func getSnapshot(in context: Context, completion: @escaping (TideEntry) -> Void) {
        completion(TideEntry(date: Date(), height: TideStore.height))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<TideEntry>) -> Void) {
        let entry = TideEntry(date: Date(), height: TideStore.height)
        completion(Timeline(entries: [entry], policy: .after(Date().addingTimeInterval(30 * 60))))
    }
}

struct NextTideView: View {
    let entry: TideEntry

    var body: some View {
        VStack(alignment: .leading) {
            Text("High tide")
                .font(.caption)
            Text(entry.height, format: .number.precision(.fractionLength(1)))
                .font(.title)
        }
        .containerBackground(.blue.gradient, for: .widget)
    }
}

struct NextTideWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "NextTide", provider: TideProvider()) { entry in
            NextTideView(entry: entry)
        }
        .configurationDisplayName("Next tide")
        .description("The height of the next high tide.")
        .supportedFamilies([.systemSmall, .systemMedium, .accessoryRectangular])
    }
}
