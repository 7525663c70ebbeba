import AppIntents
import WidgetKit

/// The widget's configuration: which favorites to show and in which order.
struct SelectFavoritesIntent: WidgetConfigurationIntent {
    static var title: LocalizedStringResource = "Favorite Podcasts"
    static var description = IntentDescription("Choose which of your favorite shows the widget lists.")

    @Parameter(title: "Only shows with unplayed episodes", default: true)
    var unplayedOnly: Bool

    @Parameter(title: "Sort by", default: .recentlyUpdated)
    var sortOrder: FavoritesSortOrder

    init() {}

    init(unplayedOnly: Bool, sortOrder: FavoritesSortOrder) {
        self.unplayedOnly = unplayedOnly
        self.sortOrder = sortOrder
    }
}

enum FavoritesSortOrder: String, AppEnum {
    case recentlyUpdated
    case title
    case mostUnplayed

    static var typeDisplayRepresentation: TypeDisplayRepresentation = "Sort Order"
    static var caseDisplayRepresentations: [FavoritesSortOrder: DisplayRepresentation] = [
        .recentlyUpdated: "Recently updated",
        .title: "Title",
        .mostUnplayed: "Most unplayed",
    ]
}

extension SelectFavoritesIntent {
    func apply(to shows: [FavoriteShow]) -> [FavoriteShow] {
        let filtered = unplayedOnly ? shows.filter { $0.unplayedCount > 0 } : shows
        switch sortOrder {
        case .recentlyUpdated: return filtered
        case .title: return filtered.sorted { $0.title < $1.title }
        case .mostUnplayed: return filtered.sorted { $0.unplayedCount > $1.unplayedCount }
        }
    }
}
