// swift-format-ignore-file
// A fixture kept exactly as written: its expected findings are at fixed positions.
import SwiftUI
import WidgetKit

@main
struct QuotableWidgetBundle: WidgetBundle {
    var body: some Widget {
        QuoteOfTheDayWidget()
        FavoriteQuoteWidget()
        QuoteStreakWidget()
        AuthorSpotlightWidget()
    }
}

/// Widget kinds the app refers to as well: it reloads the spotlight when the library changes.
enum WidgetKinds {
    static let authorSpotlight = "AuthorSpotlightWidget"
}

struct Quote: Codable, Hashable {
    var text: String
    var author: String

    static let sample = Quote(text: "Simplicity is prerequisite for reliability.", author: "Edsger W. Dijkstra")
}

enum QuoteLibrary {
    private static let defaults = UserDefaults(suiteName: "group.com.example.quotable")

    static var daily: [Quote] { decode([Quote].self, forKey: "daily") ?? [Quote.sample] }
    static var favorites: [Quote] { decode([Quote].self, forKey: "favorites") ?? [] }
    static var streak: Int { defaults?.integer(forKey: "streak") ?? 0 }
    static var spotlight: Quote? { decode(Quote.self, forKey: "spotlight") }

    private static func decode<T: Decodable>(_ type: T.Type, forKey key: String) -> T? {
        guard let data = defaults?.data(forKey: key) else { return nil }
        return try? JSONDecoder().decode(type, from: data)
    }

    /// Called by the app after the user edits their library.
    static func reloadSpotlight() {
        WidgetCenter.shared.reloadTimelines(ofKind: WidgetKinds.authorSpotlight)
    }
}

struct QuoteEntry: TimelineEntry {
    let date: Date
    let quote: Quote?
}

struct QuoteCard: View {
    let quote: Quote?

    var body: some View {
        if let quote {
            VStack(alignment: .leading, spacing: 6) {
                Text("“\(quote.text)”")
                    .font(.system(.body, design: .serif))
                    .minimumScaleFactor(0.7)
                Text("— \(quote.author)")
                    .font(.caption)
                    .foregroundStyle(.secondary)
            }
        } else {
            Text("Save a quote in Quotable to see it here.")
                .font(.caption)
        }
    }
}
