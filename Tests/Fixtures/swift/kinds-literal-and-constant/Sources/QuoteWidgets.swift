// swift-format-ignore-file
// A fixture kept exactly as written: its expected findings are at fixed positions.
import SwiftUI
import WidgetKit

struct DailyQuoteProvider: TimelineProvider {
    func placeholder(in context: Context) -> QuoteEntry {
        QuoteEntry(date: Date(), quote: .sample)
    }

    func getSnapshot(in context: Context, completion: @escaping (QuoteEntry) -> Void) {
        completion(QuoteEntry(date: Date(), quote: QuoteLibrary.daily.first))
    }

    /// One entry per morning for the week the app has already picked quotes for.
    func getTimeline(in context: Context, completion: @escaping (Timeline<QuoteEntry>) -> Void) {
        let morning = Calendar.current.startOfDay(for: Date())
        let entries = QuoteLibrary.daily.prefix(7).enumerated().map { day, quote in
            QuoteEntry(date: Calendar.current.date(byAdding: .day, value: day, to: morning)!, quote: quote)
        }
        completion(Timeline(entries: entries, policy: .atEnd))
    }
}

struct QuoteOfTheDayWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "QuoteOfTheDayWidget", provider: DailyQuoteProvider()) { entry in
            QuoteCard(quote: entry.quote)
                .containerBackground(.fill.tertiary, for: .widget)
                .widgetURL(URL(string: "quotable://today"))
        }
        .configurationDisplayName("Quote of the Day")
        .description("A new quote every morning.")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}

struct FavoriteQuoteProvider: TimelineProvider {
    func placeholder(in context: Context) -> QuoteEntry {
        QuoteEntry(date: Date(), quote: .sample)
    }

    func getSnapshot(in context: Context, completion: @escaping (QuoteEntry) -> Void) {
        completion(QuoteEntry(date: Date(), quote: QuoteLibrary.favorites.randomElement()))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<QuoteEntry>) -> Void) {
        let entry = QuoteEntry(date: Date(), quote: QuoteLibrary.favorites.randomElement())
        completion(Timeline(entries: [entry], policy: .after(Date().addingTimeInterval(3 * 60 * 60))))
    }
}

struct FavoriteQuoteWidget: Widget {
    let kind = "FavoriteQuoteWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: FavoriteQuoteProvider()) { entry in
            QuoteCard(quote: entry.quote)
                .containerBackground(.fill.tertiary, for: .widget)
                .widgetURL(URL(string: "quotable://favorites"))
        }
        .configurationDisplayName("Favorite Quote")
        .description("One of the quotes you saved, changing every few hours.")
        .supportedFamilies([.systemMedium])
    }
}
