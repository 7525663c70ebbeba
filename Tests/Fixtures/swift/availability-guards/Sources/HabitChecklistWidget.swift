// swift-format-ignore-file
// A fixture kept exactly as written: its expected findings are at fixed positions.
import AppIntents
import SwiftUI
import WidgetKit

struct CompleteHabitIntent: AppIntent {
    static var title: LocalizedStringResource = "Complete Habit"

    @Parameter(title: "Habit ID")
    var habitID: String

    init() {}

    init(habitID: String) {
        self.habitID = habitID
    }

    func perform() async throws -> some IntentResult {
        HabitStore.complete(habitID: habitID)
        return .result()
    }
}

struct HabitChecklistView: View {
    let entry: HabitsEntry

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            ForEach(entry.habits.prefix(3)) { habit in
                Button(intent: CompleteHabitIntent(habitID: habit.id)) {
                    Label(habit.name, systemImage: habit.doneToday ? "checkmark.circle.fill" : habit.symbol)
                        .font(.caption)
                }
                .buttonStyle(.plain)
            }
            Spacer(minLength: 0)
        }
        .frame(maxWidth: .infinity, alignment: .leading)
    }
}

struct HabitChecklistWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "HabitChecklistWidget", provider: HabitsProvider()) { entry in
            HabitChecklistView(entry: entry)
                .checklistBackground()
                .widgetURL(URL(string: "habits://today"))
        }
        .configurationDisplayName("Today's Habits")
        .description("Check off today's habits.")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}
