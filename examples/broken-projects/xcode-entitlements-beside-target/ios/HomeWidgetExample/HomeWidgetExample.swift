import SwiftUI
import WidgetKit

/// The title and message the Flutter app saves with `HomeWidget.saveWidgetData`.
struct MessageEntry: TimelineEntry {
  let date: Date
  let title: String
  let message: String
}

struct MessageProvider: TimelineProvider {
  func placeholder(in context: Context) -> MessageEntry {
    MessageEntry(date: Date(), title: "Title", message: "Message")
  }

  func getSnapshot(in context: Context, completion: @escaping (MessageEntry) -> Void) {
    let data = UserDefaults(suiteName: "group.es.antonborri.exampleHomeWidget")
    completion(
      MessageEntry(
        date: Date(), title: data?.string(forKey: "title") ?? "No title",
        message: data?.string(forKey: "message") ?? "No message"))
  }

  func getTimeline(in context: Context, completion: @escaping (Timeline<MessageEntry>) -> Void) {
    getSnapshot(in: context) { entry in completion(Timeline(entries: [entry], policy: .atEnd)) }
  }
}

struct MessageView: View {
  let entry: MessageEntry

  var body: some View {
    VStack(alignment: .leading) {
      Text(entry.title).bold().font(.title)
      Text(entry.message).font(.body)
    }
  }
}

@main
struct HomeWidgetExample: Widget {
  let kind: String = "HomeWidgetExample"

  var body: some WidgetConfiguration {
    StaticConfiguration(kind: kind, provider: MessageProvider()) { entry in
      MessageView(entry: entry)
    }
    .configurationDisplayName("My Widget")
    .description("The title and message the app saved.")
    .supportedFamilies([.systemSmall, .systemMedium])
  }
}
