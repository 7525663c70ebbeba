// swift-format-ignore-file
// A fixture kept exactly as written: its expected findings are at fixed positions.
import SwiftUI
import WidgetKit

@main
struct HabitsWidgetBundle: WidgetBundle {
    var body: some Widget {
        StreakWidget()
        HabitChecklistWidget()
        if #available(iOS 17.0, *) {
            HabitPickerWidget()
        }
    }
}

struct Habit: Codable, Hashable, Identifiable {
    var id: String
    var name: String
    var symbol: String
    var doneToday: Bool
    var doneThisWeek: Int
}

enum HabitStore {
    private static let defaults = UserDefaults(suiteName: "group.com.example.habits")

    static var habits: [Habit] {
        guard let data = defaults?.data(forKey: "habits") else { return [] }
        return (try? JSONDecoder().decode([Habit].self, from: data)) ?? []
    }

    static var streak: Int { defaults?.integer(forKey: "streak") ?? 0 }

    static func complete(habitID: String) {
        var all = habits
        guard let index = all.firstIndex(where: { $0.id == habitID }) else { return }
        all[index].doneToday = true
        all[index].doneThisWeek += 1
        defaults?.set(try? JSONEncoder().encode(all), forKey: "habits")
    }

    static let samples = [
        Habit(id: "read", name: "Read", symbol: "book.fill", doneToday: true, doneThisWeek: 4),
        Habit(id: "walk", name: "Walk", symbol: "figure.walk", doneToday: false, doneThisWeek: 3),
    ]
}

struct HabitsEntry: TimelineEntry {
    let date: Date
    let habits: [Habit]
    let streak: Int
}

struct HabitsProvider: TimelineProvider {
    func placeholder(in context: Context) -> HabitsEntry {
        HabitsEntry(date: Date(), habits: HabitStore.samples, streak: 12)
    }

    func getSnapshot(in context: Context, completion: @escaping (HabitsEntry) -> Void) {
        completion(HabitsEntry(date: Date(), habits: HabitStore.habits, streak: HabitStore.streak))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<HabitsEntry>) -> Void) {
        let now = Date()
        let entry = HabitsEntry(date: now, habits: HabitStore.habits, streak: HabitStore.streak)
        let nextUpdate = Calendar.current.date(byAdding: .hour, value: 1, to: now)!
        completion(Timeline(entries: [entry], policy: .after(nextUpdate)))
    }
}

/// Behind `guard #available`: the function is not a view builder, so it can return early.
func habitCardBackground<Content: View>(_ content: Content) -> AnyView {
    guard #available(iOS 17.0, *) else {
        return AnyView(content.padding().background(Color.orange.opacity(0.15)))
    }
    return AnyView(content.containerBackground(Color.orange.opacity(0.15), for: .widget))
}

extension View {
    /// Behind `if #available`.
    @ViewBuilder
    func checklistBackground() -> some View {
        if #available(iOS 17.0, *) {
            self.containerBackground(.fill.tertiary, for: .widget)
        } else {
            self.padding()
        }
    }
}
