// swift-format-ignore-file
// A fixture kept exactly as written: its expected findings are at fixed positions.
import SwiftUI
import WidgetKit

/// Twelve widgets in three nested bundles of four: no bundle body lists more than five.
@main
struct HomebaseWidgetBundle: WidgetBundle {
    var body: some Widget {
        HomeScreenWidgets()
        LockScreenWidgets()
        EnergyWidgets()
    }
}

/// The state of the house, as the app writes it into the shared App Group.
struct HomeSnapshot: Codable {
    var occupiedRooms = 0
    var activeScene = "Evening"
    var indoorCelsius = 21.0
    var outdoorCelsius = 12.0
    var lastRing = "No visitors today"
    var doorLocked = true
    var alarmArmed = false
    var nextAutomation = "Lights off at 23:00"
    var solarWatts = 0
    var batteryPercent = 80
    var gridWatts = 0
    var energyTip = "Run the dishwasher at midday, when the panels produce the most."
}

struct HomeEntry: TimelineEntry {
    let date: Date
    let home: HomeSnapshot
}

struct HomeProvider: TimelineProvider {
    func placeholder(in context: Context) -> HomeEntry {
        HomeEntry(date: Date(), home: HomeSnapshot())
    }

    func getSnapshot(in context: Context, completion: @escaping (HomeEntry) -> Void) {
        completion(HomeEntry(date: Date(), home: HomeStore.load()))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<HomeEntry>) -> Void) {
        let entry = HomeEntry(date: Date(), home: HomeStore.load())
        completion(Timeline(entries: [entry], policy: .after(Date().addingTimeInterval(15 * 60))))
    }
}

enum HomeStore {
    static func load() -> HomeSnapshot {
        guard let data = UserDefaults(suiteName: "group.com.example.homebase")?.data(forKey: "home"),
              let home = try? JSONDecoder().decode(HomeSnapshot.self, from: data)
        else { return HomeSnapshot() }
        return home
    }
}

/// One tile for every widget: a symbol, a title and a value. On the Lock Screen the
/// system tints it; the accessoryInline family shows only the first Text.
struct StatusTile: View {
    @Environment(\.widgetFamily) private var family
    let title: String
    let value: String
    let symbol: String

    var body: some View {
        switch family {
        case .accessoryInline:
            Text("\(title): \(value)")
        case .accessoryCircular:
            VStack(spacing: 0) {
                Image(systemName: symbol)
                Text(value).font(.caption2).minimumScaleFactor(0.6)
            }
        default:
            VStack(alignment: .leading, spacing: 4) {
                Label(title, systemImage: symbol)
                    .font(.caption.bold())
                    .foregroundStyle(.secondary)
                Text(value)
                    .font(family == .systemSmall ? .title3.bold() : .body)
                    .lineLimit(3)
                Spacer(minLength: 0)
            }
            .frame(maxWidth: .infinity, alignment: .leading)
        }
    }
}
