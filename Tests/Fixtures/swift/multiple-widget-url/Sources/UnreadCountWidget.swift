// swift-format-ignore-file
// A fixture kept exactly as written: its expected findings are at fixed positions.
import SwiftUI
import WidgetKit

struct UnreadCountView: View {
    @Environment(\.widgetFamily) private var family
    let entry: MailEntry

    var body: some View {
        if family == .accessoryCircular {
            ZStack {
                AccessoryWidgetBackground()
                VStack(spacing: 0) {
                    Image(systemName: "envelope.fill")
                    Text("\(entry.unreadCount)").font(.caption.bold())
                }
            }
        } else {
            VStack(alignment: .leading) {
                Image(systemName: "envelope.badge.fill")
                    .foregroundStyle(.blue)
                Spacer()
                Text("\(entry.unreadCount)")
                    .font(.largeTitle.bold())
                    .monospacedDigit()
                Text("unread").font(.caption).foregroundStyle(.secondary)
            }
            .frame(maxWidth: .infinity, alignment: .leading)
        }
    }
}

struct UnreadCountWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "UnreadCountWidget", provider: MailProvider()) { entry in
            UnreadCountView(entry: entry)
                .containerBackground(.fill.tertiary, for: .widget)
                .widgetURL(URL(string: "mailbox://unread"))
        }
        .configurationDisplayName("Unread")
        .description("How many unread messages are waiting.")
        .supportedFamilies([.systemSmall, .accessoryCircular])
    }
}
