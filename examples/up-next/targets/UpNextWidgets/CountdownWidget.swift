import SwiftUI
import WidgetKit

struct CountdownEntry: TimelineEntry {
    let date: Date
    let event: UpcomingEvent?
}

struct CountdownProvider: TimelineProvider {
    func placeholder(in context: Context) -> CountdownEntry {
        CountdownEntry(date: Date(), event: EventStore.sample)
    }

    func getSnapshot(in context: Context, completion: @escaping (CountdownEntry) -> Void) {
        completion(CountdownEntry(date: Date(), event: EventStore.nextEvent() ?? EventStore.sample))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<CountdownEntry>) -> Void) {
        let now = Date()
        guard let event = EventStore.nextEvent(), event.date > now else {
            // Nothing scheduled: look again in an hour (.atEnd after one entry dated now would ask at once).
            let later = Calendar.current.date(byAdding: .hour, value: 1, to: now)!
            completion(Timeline(entries: [CountdownEntry(date: now, event: nil)], policy: .after(later)))
            return
        }
        // Text(_:style: .relative) keeps the numbers current; entries only move the
        // progress ring, every six hours until the event starts.
        let steps = stride(from: now, to: event.date, by: 6 * 3_600)
        let entries = steps.map { CountdownEntry(date: $0, event: event) }
            + [CountdownEntry(date: event.date, event: event)]
        completion(Timeline(entries: entries, policy: .atEnd))
    }
}

struct CountdownView: View {
    @Environment(\.widgetFamily) private var family
    let entry: CountdownEntry

    var body: some View {
        content.widgetURL(URL(string: "upnext://countdown"))
    }

    @ViewBuilder
    private var content: some View {
        if let event = entry.event {
            switch family {
            case .accessoryCircular:
                Gauge(value: event.progress(at: entry.date)) {
                    Text(event.emoji)
                }
                .gaugeStyle(.accessoryCircularCapacity)
            case .accessoryRectangular:
                VStack(alignment: .leading) {
                    Text("\(event.emoji) \(event.title)").font(.headline).widgetAccentable()
                    Text(event.date, style: .relative)
                    ProgressView(value: event.progress(at: entry.date))
                }
            default:
                VStack(spacing: 6) {
                    Text(event.emoji).font(.largeTitle)
                    Text(event.title).font(.headline).lineLimit(1)
                    Text(event.date, style: .relative)
                        .font(.caption.monospacedDigit())
                        .multilineTextAlignment(.center)
                }
            }
        } else {
            ZStack {
                AccessoryWidgetBackground()
                Image(systemName: "calendar.badge.plus")
            }
        }
    }
}

struct CountdownWidget: Widget {
    let kind = "CountdownWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: CountdownProvider()) { entry in
            CountdownView(entry: entry)
                .upNextBackground()
        }
        .configurationDisplayName("Countdown")
        .description("Time left until your next event, with a progress ring.")
        .supportedFamilies([.systemSmall, .accessoryCircular, .accessoryRectangular])
    }
}
