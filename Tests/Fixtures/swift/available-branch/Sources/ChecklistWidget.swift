// swift-format-ignore-file
// A fixture kept exactly as written: its expected findings are at fixed positions.
import SwiftUI
import WidgetKit

struct ChecklistView: View {
    @Environment(\.widgetFamily) private var family
    let entry: TaskEntry

    private var open: [TaskItem] { entry.tasks.filter { !$0.done } }

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            if family != .accessoryRectangular {
                Text("\(open.count) to do")
                    .font(.caption.bold())
                    .foregroundStyle(.secondary)
            }
            ForEach(open.prefix(family == .systemMedium ? 4 : 3)) { task in
                Label(task.title, systemImage: "circle")
                    .font(.caption)
                    .lineLimit(1)
            }
            Spacer(minLength: 0)
        }
        .frame(maxWidth: .infinity, alignment: .leading)
    }
}

struct ChecklistWidget: Widget {
    let kind = "ChecklistWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: TaskProvider()) { entry in
            ChecklistView(entry: entry)
                .tickoffBackground()
                .widgetURL(URL(string: "tickoff://today"))
        }
        .configurationDisplayName("Checklist")
        .description("The next tasks on your list.")
        .supportedFamilies([.systemSmall, .systemMedium, .accessoryRectangular])
    }
}
