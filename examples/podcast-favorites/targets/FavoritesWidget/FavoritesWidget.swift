import AppIntents
import SwiftUI
import WidgetKit

struct FavoritesEntry: TimelineEntry {
    let date: Date
    let shows: [FavoriteShow]
}

struct FavoritesProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> FavoritesEntry {
        FavoritesEntry(date: .now, shows: FavoritesStore.samples)
    }

    func snapshot(for configuration: SelectFavoritesIntent, in context: Context) async -> FavoritesEntry {
        let shows = context.isPreview ? FavoritesStore.samples : FavoritesStore.load()
        return FavoritesEntry(date: .now, shows: configuration.apply(to: shows))
    }

    func timeline(for configuration: SelectFavoritesIntent, in context: Context) async -> Timeline<FavoritesEntry> {
        let now = Date()
        let entry = FavoritesEntry(date: now, shows: configuration.apply(to: FavoritesStore.load()))
        // New episodes arrive through the app's background refresh, which reloads this
        // timeline itself; the hourly reload only catches episodes marked played elsewhere.
        let nextUpdate = Calendar.current.date(byAdding: .hour, value: 1, to: now)!
        return Timeline(entries: [entry], policy: .after(nextUpdate))
    }
}

struct FavoritesWidgetView: View {
    @Environment(\.widgetFamily) private var family
    let entry: FavoritesEntry

    private var visibleShows: ArraySlice<FavoriteShow> {
        entry.shows.prefix(family == .systemSmall ? 2 : 4)
    }

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            Label("Favorites", systemImage: "star.fill")
                .font(.caption.bold())
                .foregroundStyle(.purple)
            if entry.shows.isEmpty {
                Text("Star a show to see it here.")
                    .font(.footnote)
                    .foregroundStyle(.secondary)
            }
            ForEach(visibleShows) { show in
                HStack {
                    VStack(alignment: .leading) {
                        Text(show.title).font(.subheadline.bold()).lineLimit(1)
                        if family == .systemMedium, let episode = show.latestEpisodeTitle {
                            Text(episode).font(.caption).foregroundStyle(.secondary).lineLimit(1)
                        }
                    }
                    Spacer(minLength: 4)
                    if show.unplayedCount > 0 {
                        Text("\(show.unplayedCount)")
                            .font(.caption2.bold())
                            .padding(.horizontal, 6)
                            .background(Capsule().fill(.purple.opacity(0.2)))
                    }
                }
            }
            Spacer(minLength: 0)
        }
        .widgetURL(URL(string: "podfav://favorites"))
    }
}

struct FavoritesWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "FavoritesWidget", intent: SelectFavoritesIntent.self, provider: FavoritesProvider()) { entry in
            FavoritesWidgetView(entry: entry)
                .containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName("Favorite Podcasts")
        .description("Your favorite shows, with the newest unplayed episode of each.")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}
