import SwiftUI
import WidgetKit

struct BerthEntry: TimelineEntry {
  let date: Date
  let berth: String
  let departures: Int
}

struct BerthProvider: TimelineProvider {
  func placeholder(in context: Context) -> BerthEntry {
    BerthEntry(date: Date(), berth: "A12", departures: 3)
  }

  func getSnapshot(in context: Context, completion: @escaping (BerthEntry) -> Void) {
    completion(entry())
  }

  func getTimeline(in context: Context, completion: @escaping (Timeline<BerthEntry>) -> Void) {
    completion(Timeline(entries: [entry()], policy: .after(Date().addingTimeInterval(1800))))
  }

  private func entry() -> BerthEntry {
    let ferries = UserDefaults(suiteName: "group.com.example.harbor")
    return BerthEntry(date: Date(), berth: BerthStore.berth, departures: ferries?.integer(forKey: "departures") ?? 0)
  }
}

struct BerthView: View {
  let entry: BerthEntry

  var body: some View {
    VStack {
      Text(entry.berth)
      Text("\(entry.departures) departures")
    }
    .containerBackground(.fill.tertiary, for: .widget)
  }
}

struct BerthWidget: Widget {
  var body: some WidgetConfiguration {
    StaticConfiguration(kind: "Berth", provider: BerthProvider()) { entry in
      BerthView(entry: entry)
    }
    .configurationDisplayName("Berth")
    .description("Your berth and today's ferry departures.")
    .supportedFamilies([.systemSmall])
  }
}

@main
struct HarborWidgetsBundle: WidgetBundle {
  var body: some Widget {
    BerthWidget()
  }
}
