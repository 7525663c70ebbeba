// swift-format-ignore-file
// A fixture kept exactly as written: its expected findings are at fixed positions.
import SwiftUI
import WidgetKit

struct StreakEntry: TimelineEntry {
    let date: Date
    let days: Int
}

struct StreakProvider: TimelineProvider {
    func placeholder(in context: Context) -> StreakEntry {
        StreakEntry(date: Date(), days: 12)
    }

    func getSnapshot(in context: Context, completion: @escaping (StreakEntry) -> Void) {
        completion(StreakEntry(date: Date(), days: QuoteLibrary.streak))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<StreakEntry>) -> Void) {
        let now = Date()
        let entry = StreakEntry(date: now, days: QuoteLibrary.streak)
        let nextUpdate = Calendar.current.date(byAdding: .hour, value: 6, to: now)!
        completion(Timeline(entries: [entry], policy: .after(nextUpdate)))
    }
}

// Xcode's widget template declares the kind with an explicit type.
struct QuoteStreakWidget: Widget {
    let kind: String = "QuoteStreakWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: StreakProvider()) { entry in
            VStack {
                Image(systemName: "flame.fill")
                Text("\(entry.days)")
                    .font(.title.bold())
                    .monospacedDigit()
            }
            .containerBackground(.fill.tertiary, for: .widget)
            .widgetURL(URL(string: "quotable://streak"))
        }
        .configurationDisplayName("Reading Streak")
        .description("How many days in a row you read the quote of the day.")
        .supportedFamilies([.systemSmall, .accessoryCircular])
    }
}

struct SpotlightProvider: TimelineProvider {
    func placeholder(in context: Context) -> QuoteEntry {
        QuoteEntry(date: Date(), quote: .sample)
    }

    func getSnapshot(in context: Context, completion: @escaping (QuoteEntry) -> Void) {
        completion(QuoteEntry(date: Date(), quote: QuoteLibrary.spotlight ?? .sample))
    }

    /// The app calls QuoteLibrary.reloadSpotlight() when the library changes.
    func getTimeline(in context: Context, completion: @escaping (Timeline<QuoteEntry>) -> Void) {
        completion(Timeline(entries: [QuoteEntry(date: Date(), quote: QuoteLibrary.spotlight)], policy: .never))
    }
}

struct AuthorSpotlightWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: WidgetKinds.authorSpotlight, provider: SpotlightProvider()) { entry in
            VStack(alignment: .leading, spacing: 8) {
                Label("Author Spotlight", systemImage: "person.crop.square")
                    .font(.caption.bold())
                    .foregroundStyle(.secondary)
                QuoteCard(quote: entry.quote)
                Spacer(minLength: 0)
            }
            .containerBackground(.fill.tertiary, for: .widget)
            .widgetURL(URL(string: "quotable://authors"))
        }
        .configurationDisplayName("Author Spotlight")
        .description("An author from your library and their best-loved line.")
        .supportedFamilies([.systemMedium, .systemLarge])
    }
}
