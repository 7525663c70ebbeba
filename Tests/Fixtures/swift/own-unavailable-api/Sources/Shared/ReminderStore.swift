// swift-format-ignore-file
// A fixture kept exactly as written: its expected findings are at fixed positions.
import Foundation

struct Reminder: Codable, Hashable {
    var title: String
    var due: Date
}

/// Written by the app, read by the widget, through the shared App Group.
enum ReminderStore {
    private static let defaults = UserDefaults(suiteName: "group.com.example.nudge")

    static var next: Reminder? {
        guard let data = defaults?.data(forKey: "nextReminder") else { return nil }
        return try? JSONDecoder().decode(Reminder.self, from: data)
    }

    static var notificationsEnabled: Bool {
        defaults?.bool(forKey: "notificationsEnabled") ?? false
    }
}
