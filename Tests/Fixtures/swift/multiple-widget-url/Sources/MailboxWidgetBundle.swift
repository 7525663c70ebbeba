// swift-format-ignore-file
// A fixture kept exactly as written: its expected findings are at fixed positions.
import SwiftUI
import WidgetKit

@main
struct MailboxWidgetBundle: WidgetBundle {
    var body: some Widget {
        InboxWidget()
        UnreadCountWidget()
    }
}

struct MessageSummary: Codable, Hashable, Identifiable {
    var id: String
    var sender: String
    var subject: String
    var received: Date
    var unread: Bool

    var deepLink: URL { URL(string: "mailbox://message/\(id)")! }
}

struct MailEntry: TimelineEntry {
    let date: Date
    let messages: [MessageSummary]

    var unreadCount: Int { messages.filter(\.unread).count }
}

struct MailProvider: TimelineProvider {
    func placeholder(in context: Context) -> MailEntry {
        MailEntry(date: Date(), messages: [])
    }

    func getSnapshot(in context: Context, completion: @escaping (MailEntry) -> Void) {
        completion(MailEntry(date: Date(), messages: Self.load()))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<MailEntry>) -> Void) {
        let entry = MailEntry(date: Date(), messages: Self.load())
        completion(Timeline(entries: [entry], policy: .after(Date().addingTimeInterval(15 * 60))))
    }

    static func load() -> [MessageSummary] {
        guard let data = UserDefaults(suiteName: "group.com.example.mailbox")?.data(forKey: "inbox") else { return [] }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return (try? decoder.decode([MessageSummary].self, from: data)) ?? []
    }
}
