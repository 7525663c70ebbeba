// swift-format-ignore-file
// A fixture kept exactly as written: its expected findings are at fixed positions.
import AppIntents
import SwiftUI
import WidgetKit

struct HabitEntity: AppEntity {
    static var typeDisplayRepresentation: TypeDisplayRepresentation = "Habit"
    static var defaultQuery = HabitQuery()

    var id: String
    var name: String

    var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\(name)") }
}

struct HabitQuery: EntityQuery {
    func entities(for identifiers: [String]) async throws -> [HabitEntity] {
        HabitStore.habits.filter { identifiers.contains($0.id) }.map { HabitEntity(id: $0.id, name: $0.name) }
    }

    func suggestedEntities() async throws -> [HabitEntity] {
        HabitStore.habits.map { HabitEntity(id: $0.id, name: $0.name) }
    }
}

@available(iOS 17.0, *)
struct SelectHabitIntent: WidgetConfigurationIntent {
    static var title: LocalizedStringResource = "Choose a Habit"

    @Parameter(title: "Habit")
    var habit: HabitEntity?
}

@available(iOS 17.0, *)
struct ToggleHabitIntent: AppIntent {
    static var title: LocalizedStringResource = "Mark Habit Done"

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

struct HabitPickerEntry: TimelineEntry {
    let date: Date
    let habit: Habit?
}

@available(iOS 17.0, *)
struct HabitPickerProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> HabitPickerEntry {
        HabitPickerEntry(date: Date(), habit: HabitStore.samples.first)
    }

    func snapshot(for configuration: SelectHabitIntent, in context: Context) async -> HabitPickerEntry {
        HabitPickerEntry(date: Date(), habit: habit(for: configuration))
    }

    func timeline(for configuration: SelectHabitIntent, in context: Context) async -> Timeline<HabitPickerEntry> {
        let entry = HabitPickerEntry(date: Date(), habit: habit(for: configuration))
        return Timeline(entries: [entry], policy: .after(Date().addingTimeInterval(60 * 60)))
    }

    private func habit(for configuration: SelectHabitIntent) -> Habit? {
        HabitStore.habits.first { $0.id == configuration.habit?.id } ?? HabitStore.habits.first
    }
}

@available(iOS 17.0, *)
struct HabitPickerView: View {
    let entry: HabitPickerEntry

    var body: some View {
        if let habit = entry.habit {
            VStack(alignment: .leading, spacing: 8) {
                Label(habit.name, systemImage: habit.symbol)
                    .font(.headline)
                Text("\(habit.doneThisWeek) of 7 this week")
                    .font(.caption)
                    .foregroundStyle(.secondary)
                Toggle(isOn: habit.doneToday, intent: ToggleHabitIntent(habitID: habit.id)) {
                    Text("Done today")
                }
                .font(.caption)
            }
            .containerBackground(.fill.tertiary, for: .widget)
        } else {
            Text("Choose a habit")
                .containerBackground(.fill.tertiary, for: .widget)
        }
    }
}

@available(iOS 17.0, *)
struct HabitPickerWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "HabitPickerWidget", intent: SelectHabitIntent.self,
                               provider: HabitPickerProvider()) { entry in
            HabitPickerView(entry: entry)
                .widgetURL(URL(string: "habits://habit"))
        }
        .configurationDisplayName("One Habit")
        .description("The habit you choose, with this week's progress.")
        .supportedFamilies([.systemSmall])
    }
}
