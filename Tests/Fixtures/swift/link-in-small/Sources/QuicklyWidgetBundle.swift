// swift-format-ignore-file
// A fixture kept exactly as written: its expected findings are at fixed positions.
import SwiftUI
import WidgetKit

@main
struct QuicklyWidgetBundle: WidgetBundle {
    var body: some Widget {
        QuickAddWidget()
        ShortcutsGridWidget()
    }
}

struct Shortcut: Codable, Hashable, Identifiable {
    var id: String
    var title: String
    var symbol: String

    var deepLink: URL { URL(string: "quickly://run/\(id)")! }
}

struct ShortcutsEntry: TimelineEntry {
    let date: Date
    let shortcuts: [Shortcut]
    let inboxCount: Int
}

/// The app reloads the timelines when shortcuts or the inbox change.
struct ShortcutsProvider: TimelineProvider {
    private static let defaults = UserDefaults(suiteName: "group.com.example.quickly")

    func placeholder(in context: Context) -> ShortcutsEntry {
        ShortcutsEntry(date: Date(), shortcuts: [], inboxCount: 0)
    }

    func getSnapshot(in context: Context, completion: @escaping (ShortcutsEntry) -> Void) {
        completion(load())
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<ShortcutsEntry>) -> Void) {
        completion(Timeline(entries: [load()], policy: .never))
    }

    private func load() -> ShortcutsEntry {
        let data = Self.defaults?.data(forKey: "shortcuts")
        let shortcuts = data.flatMap { try? JSONDecoder().decode([Shortcut].self, from: $0) } ?? []
        return ShortcutsEntry(date: Date(), shortcuts: shortcuts, inboxCount: Self.defaults?.integer(forKey: "inboxCount") ?? 0)
    }
}
