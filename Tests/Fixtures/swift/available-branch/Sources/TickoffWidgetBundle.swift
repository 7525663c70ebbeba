// swift-format-ignore-file
// A fixture kept exactly as written: its expected findings are at fixed positions.
import SwiftUI
import WidgetKit

@main
struct TickoffWidgetBundle: WidgetBundle {
    var body: some Widget {
        ChecklistWidget()
        if #available(iOS 17, *) {
            ChecklistToggleWidget()
        }
        if #available(iOS 18, *) {
            AddTaskControl()
        }
    }
}

/// A task as the app stores it in the shared App Group.
struct TaskItem: Codable, Identifiable, Hashable {
    var id: String
    var title: String
    var done: Bool
}

enum TaskStore {
    private static let defaults = UserDefaults(suiteName: "group.com.example.tickoff")

    static func load() -> [TaskItem] {
        guard let data = defaults?.data(forKey: "tasks") else { return [] }
        return (try? JSONDecoder().decode([TaskItem].self, from: data)) ?? []
    }

    static func setDone(_ done: Bool, taskID: String) {
        var tasks = load()
        guard let index = tasks.firstIndex(where: { $0.id == taskID }) else { return }
        tasks[index].done = done
        defaults?.set(try? JSONEncoder().encode(tasks), forKey: "tasks")
    }

    static let samples = [
        TaskItem(id: "1", title: "Water the plants", done: false),
        TaskItem(id: "2", title: "Call the dentist", done: true),
        TaskItem(id: "3", title: "Book train tickets", done: false),
    ]
}

struct TaskEntry: TimelineEntry {
    let date: Date
    let tasks: [TaskItem]
}

/// The app reloads every timeline when a task changes, so the widgets never reload on their own.
struct TaskProvider: TimelineProvider {
    func placeholder(in context: Context) -> TaskEntry {
        TaskEntry(date: Date(), tasks: TaskStore.samples)
    }

    func getSnapshot(in context: Context, completion: @escaping (TaskEntry) -> Void) {
        completion(TaskEntry(date: Date(), tasks: context.isPreview ? TaskStore.samples : TaskStore.load()))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<TaskEntry>) -> Void) {
        completion(Timeline(entries: [TaskEntry(date: Date(), tasks: TaskStore.load())], policy: .never))
    }
}

extension View {
    /// `containerBackground` exists from iOS 17; the extension deploys to iOS 16.
    @ViewBuilder
    func tickoffBackground() -> some View {
        if #available(iOS 17.0, *) {
            containerBackground(.fill.tertiary, for: .widget)
        } else {
            padding()
        }
    }
}
