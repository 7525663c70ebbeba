// swift-format-ignore-file
// A fixture kept exactly as written: its expected findings are at fixed positions.
import AppIntents
import SwiftUI
import WidgetKit

/// Opens the app on the Settings screen when notifications are off.
struct OpenSettingsIntent: AppIntent {
    static var title: LocalizedStringResource = "Turn On Notifications"
    static var openAppWhenRun = true

    @MainActor
    func perform() async throws -> some IntentResult {
        // This intent is compiled into the widget extension, where openSettings() is unavailable.
        openSettings()
        return .result()
    }
}

struct RemindersEntry: TimelineEntry {
    let date: Date
    let next: Reminder?
    let notificationsEnabled: Bool
}

struct RemindersProvider: TimelineProvider {
    func placeholder(in context: Context) -> RemindersEntry {
        RemindersEntry(date: Date(), next: Reminder(title: "Stretch", due: Date().addingTimeInterval(1_800)),
                       notificationsEnabled: true)
    }

    func getSnapshot(in context: Context, completion: @escaping (RemindersEntry) -> Void) {
        completion(RemindersEntry(date: Date(), next: ReminderStore.next,
                                  notificationsEnabled: ReminderStore.notificationsEnabled))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<RemindersEntry>) -> Void) {
        let entry = RemindersEntry(date: Date(), next: ReminderStore.next,
                                   notificationsEnabled: ReminderStore.notificationsEnabled)
        completion(Timeline(entries: [entry], policy: .after(Date().addingTimeInterval(30 * 60))))
    }
}

struct RemindersStatusView: View {
    let entry: RemindersEntry

    private var accent: Color {
        currentAppIconName == "Dark" ? .white : .orange
    }

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            if let next = entry.next {
                Label(next.title, systemImage: "bell.fill")
                    .font(.headline)
                    .foregroundStyle(accent)
                Text(next.due, style: .relative)
                    .font(.caption)
            } else {
                Text("Nothing due").font(.headline)
            }
            Spacer(minLength: 0)
            if !entry.notificationsEnabled {
                // Not a closure calling openSettings(): a widget button runs an App Intent.
                Button(intent: OpenSettingsIntent()) {
                    Text("Notifications are off").font(.caption)
                }
                .accessibilityHint("Opens Settings, like openSettings() does in the app")
            }
        }
        .frame(maxWidth: .infinity, alignment: .leading)
    }
}

struct RemindersStatusWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "RemindersStatusWidget", provider: RemindersProvider()) { entry in
            RemindersStatusView(entry: entry)
                .containerBackground(.fill.tertiary, for: .widget)
                .widgetURL(URL(string: "nudge://reminders"))
        }
        .configurationDisplayName("Reminders")
        .description("Your next reminder, and whether notifications are on.")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}
