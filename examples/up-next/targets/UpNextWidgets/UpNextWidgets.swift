import SwiftUI
import WidgetKit

@main
struct UpNextWidgets: WidgetBundle {
    var body: some Widget {
        CountdownWidget()
        UpNextInlineWidget()
    }
}

/// The next event as the app saves it into the shared App Group.
struct UpcomingEvent: Codable {
    var title: String
    var emoji: String
    var createdAt: Date
    var date: Date

    /// 0 when the countdown was created, 1 when the event starts.
    func progress(at now: Date) -> Double {
        let total = date.timeIntervalSince(createdAt)
        guard total > 0 else { return 1 }
        return min(max(now.timeIntervalSince(createdAt) / total, 0), 1)
    }
}

enum EventStore {
    static func nextEvent() -> UpcomingEvent? {
        guard let data = UserDefaults(suiteName: "group.com.example.upnext")?.data(forKey: "nextEvent") else {
            return nil
        }
        return try? JSONDecoder().decode(UpcomingEvent.self, from: data)
    }

    static let sample = UpcomingEvent(title: "Concert", emoji: "🎸",
                                      createdAt: Date().addingTimeInterval(-6 * 86_400),
                                      date: Date().addingTimeInterval(2 * 86_400))
}

extension View {
    /// Deploying to iOS 16: `containerBackground` only exists from iOS 17.
    @ViewBuilder
    func upNextBackground() -> some View {
        if #available(iOS 17.0, *) {
            containerBackground(.clear, for: .widget)
        } else {
            self
        }
    }
}
