// swift-format-ignore-file
// A fixture kept exactly as written: its expected findings are at fixed positions.
import SwiftUI
import WidgetKit

@main
struct StrideWidgetBundle: WidgetBundle {
    var body: some Widget {
        StepCountWidget()
        HeartRateWidget()
        SleepWidget()
        WorkoutsWidget()
        HydrationWidget()
    }
}

/// Today's numbers, as the app writes them into the shared App Group after each HealthKit sync.
struct HealthSnapshot: Codable {
    var steps = 0
    var stepGoal = 10_000
    var heartRate = 0
    var heartRateRange = 0...0
    var sleepMinutes = 0
    var workoutsThisWeek = 0
    var waterMillilitres = 0

    static func load() -> HealthSnapshot {
        guard let data = UserDefaults(suiteName: "group.com.example.stride")?.data(forKey: "today"),
              let snapshot = try? JSONDecoder().decode(HealthSnapshot.self, from: data)
        else { return HealthSnapshot() }
        return snapshot
    }
}

struct HealthEntry: TimelineEntry {
    let date: Date
    let health: HealthSnapshot
}

struct HealthProvider: TimelineProvider {
    var reloadHours: Double = 0.25

    func placeholder(in context: Context) -> HealthEntry {
        HealthEntry(date: Date(), health: HealthSnapshot(steps: 6_500, heartRate: 62))
    }

    func getSnapshot(in context: Context, completion: @escaping (HealthEntry) -> Void) {
        completion(HealthEntry(date: Date(), health: HealthSnapshot.load()))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<HealthEntry>) -> Void) {
        let entry = HealthEntry(date: Date(), health: HealthSnapshot.load())
        completion(Timeline(entries: [entry], policy: .after(Date().addingTimeInterval(reloadHours * 3_600))))
    }
}

struct MetricView: View {
    let title: String
    let value: String
    let symbol: String
    let tint: Color

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            Label(title, systemImage: symbol)
                .font(.caption.bold())
                .foregroundStyle(tint)
            Text(value)
                .font(.title2.bold())
                .minimumScaleFactor(0.6)
            Spacer(minLength: 0)
        }
        .frame(maxWidth: .infinity, alignment: .leading)
    }
}
