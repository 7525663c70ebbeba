// swift-format-ignore-file
// A fixture kept exactly as written: its expected findings are at fixed positions.
import SwiftUI
import WidgetKit

struct QuickAddView: View {
    let entry: ShortcutsEntry

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            Label("\(entry.inboxCount) in inbox", systemImage: "tray.full")
                .font(.caption)
                .foregroundStyle(.secondary)
            Spacer()
            // Meant to open the "new note" sheet, but a small widget ignores Link.
            Link(destination: URL(string: "quickly://new")!) {
                Label("New", systemImage: "plus.circle.fill")
                    .font(.headline)
            }
        }
        .frame(maxWidth: .infinity, alignment: .leading)
    }
}

struct QuickAddWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "QuickAddWidget", provider: ShortcutsProvider()) { entry in
            QuickAddView(entry: entry)
                .containerBackground(.fill.tertiary, for: .widget)
                .widgetURL(URL(string: "quickly://inbox"))
        }
        .configurationDisplayName("Quick Add")
        .description("Add a note or a reminder in one tap.")
        .supportedFamilies([.systemSmall])
    }
}
