// swift-format-ignore-file
// A fixture kept exactly as written: its expected findings are at fixed positions.
import AppIntents
import SwiftUI
import WidgetKit

/// Runs in the widget extension when a task's toggle is tapped, then WidgetKit reloads the timeline.
struct ToggleTaskIntent: AppIntent {
    static var title: LocalizedStringResource = "Toggle Task"

    @Parameter(title: "Task ID")
    var taskID: String

    @Parameter(title: "Done")
    var done: Bool

    init() {}

    init(taskID: String, done: Bool) {
        self.taskID = taskID
        self.done = done
    }

    func perform() async throws -> some IntentResult {
        TaskStore.setDone(done, taskID: taskID)
        return .result()
    }
}

/// Interactive widgets need iOS 17: the bundle lists this one inside `if #available(iOS 17, *)`.
@available(iOS 17.0, *)
struct ChecklistToggleView: View {
    let entry: TaskEntry

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            ForEach(entry.tasks.prefix(3)) { task in
                Toggle(isOn: task.done, intent: ToggleTaskIntent(taskID: task.id, done: !task.done)) {
                    Text(task.title)
                        .font(.caption)
                        .strikethrough(task.done)
                        .lineLimit(1)
                }
                .toggleStyle(.button)
            }
            Spacer(minLength: 0)
        }
        .containerBackground(.fill.tertiary, for: .widget)
    }
}

@available(iOS 17.0, *)
struct ChecklistToggleWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "ChecklistToggleWidget", provider: TaskProvider()) { entry in
            ChecklistToggleView(entry: entry)
                .widgetURL(URL(string: "tickoff://today"))
        }
        .configurationDisplayName("Quick Check")
        .description("Tick off tasks right from the Home Screen.")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}
