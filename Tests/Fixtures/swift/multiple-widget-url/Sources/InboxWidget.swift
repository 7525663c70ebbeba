// swift-format-ignore-file
// A fixture kept exactly as written: its expected findings are at fixed positions.
import SwiftUI
import WidgetKit

struct MessageRow: View {
    let message: MessageSummary

    var body: some View {
        HStack(alignment: .firstTextBaseline) {
            Circle()
                .fill(message.unread ? Color.blue : Color.clear)
                .frame(width: 6, height: 6)
            VStack(alignment: .leading, spacing: 0) {
                Text(message.sender).font(.caption.bold()).lineLimit(1)
                Text(message.subject).font(.caption).foregroundStyle(.secondary).lineLimit(1)
            }
            Spacer()
            Text(message.received, style: .time).font(.caption2).foregroundStyle(.secondary)
        }
    }
}

struct InboxView: View {
    @Environment(\.widgetFamily) private var family
    let entry: MailEntry

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            Text("Inbox").font(.headline)
            ForEach(entry.messages.prefix(family == .systemLarge ? 8 : 3)) { message in
                MessageRow(message: message)
                    .widgetURL(message.deepLink)
            }
            Spacer(minLength: 0)
        }
        .widgetURL(URL(string: "mailbox://inbox"))
    }
}

struct InboxWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "InboxWidget", provider: MailProvider()) { entry in
            InboxView(entry: entry)
                .containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName("Inbox")
        .description("The newest messages in your inbox.")
        .supportedFamilies([.systemMedium, .systemLarge])
    }
}
