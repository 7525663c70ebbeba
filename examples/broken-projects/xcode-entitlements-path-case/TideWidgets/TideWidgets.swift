import SwiftUI
import WidgetKit

struct TideEntry: TimelineEntry {
  let date: Date
  let height: Double
}

struct TideProvider: TimelineProvider {
  private let store = UserDefaults(suiteName: "group.com.example.tides")

  func placeholder(in context: Context) -> TideEntry {
    TideEntry(date: Date(), height: 1.2)
  }

  func getSnapshot(in context: Context, completion: @escaping (TideEntry) -> Void) {
    completion(TideEntry(date: Date(), height: store?.double(forKey: "nextHighWater") ?? 0))
  }

  func getTimeline(in context: Context, completion: @escaping (Timeline<TideEntry>) -> Void) {
    let entry = TideEntry(date: Date(), height: store?.double(forKey: "nextHighWater") ?? 0)
    completion(Timeline(entries: [entry], policy: .after(Date().addingTimeInterval(3600))))
  }
}

struct TideView: View {
  let entry: TideEntry

  var body: some View {
    Text(String(format: "%.1f m", entry.height))
      .containerBackground(.fill.tertiary, for: .widget)
  }
}

struct HighWaterWidget: Widget {
  var body: some WidgetConfiguration {
    StaticConfiguration(kind: "HighWater", provider: TideProvider()) { entry in
      TideView(entry: entry)
    }
    .configurationDisplayName("High water")
    .description("The height of the next high water.")
    .supportedFamilies([.systemSmall])
  }
}

@main
struct TideWidgetsBundle: WidgetBundle {
  var body: some Widget {
    HighWaterWidget()
  }
}
