import SwiftUI
import WidgetKit

@main
struct FavoritesWidgetBundle: WidgetBundle {
    var body: some Widget {
        FavoritesWidget()
    }
}

/// A show as the app stores it in the shared App Group (JSON under "favorites").
struct FavoriteShow: Codable, Identifiable, Hashable {
    let id: String
    let title: String
    let author: String
    let unplayedCount: Int
    let latestEpisodeTitle: String?
}

enum FavoritesStore {
    static func load() -> [FavoriteShow] {
        guard
            let defaults = UserDefaults(suiteName: "group.com.example.podcastfavorites"),
            let data = defaults.data(forKey: "favorites")
        else { return [] }
        return (try? JSONDecoder().decode([FavoriteShow].self, from: data)) ?? []
    }

    static let samples: [FavoriteShow] = [
        FavoriteShow(id: "1", title: "Swift by Sundell", author: "John Sundell",
                     unplayedCount: 2, latestEpisodeTitle: "Widgets, revisited"),
        FavoriteShow(id: "2", title: "Under the Radar", author: "Marco & David",
                     unplayedCount: 1, latestEpisodeTitle: "Timeline budgets"),
        FavoriteShow(id: "3", title: "Stacktrace", author: "Rambo & Gui",
                     unplayedCount: 0, latestEpisodeTitle: nil),
    ]
}
