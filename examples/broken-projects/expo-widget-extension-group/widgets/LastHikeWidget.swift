import SwiftUI
import WidgetKit

struct HikeEntry: TimelineEntry {
  let date: Date
  let trail: String
  let distance: Double
}

struct HikeProvider: TimelineProvider {
  private let store = UserDefaults(suiteName: "group.com.example.trail-log")

  private func current() -> HikeEntry {
    HikeEntry(
      date: Date(),
      trail: store?.string(forKey: "lastTrail") ?? "No hike yet",
      distance: store?.double(forKey: "lastDistance") ?? 0)
  }

  func placeholder(in context: Context) -> HikeEntry {
    HikeEntry(date: Date(), trail: "Ridge Loop", distance: 8.4)
  }

  func getSnapshot(in context: Context, completion: @escaping (HikeEntry) -> Void) {
    completion(current())
  }

  func getTimeline(in context: Context, completion: @escaping (Timeline<HikeEntry>) -> Void) {
    completion(Timeline(entries: [current()], policy: .never))
  }
}

struct LastHikeView: View {
  let entry: HikeEntry

  var body: some View {
    VStack(alignment: .leading) {
      Text(entry.trail).font(.headline)
      Text(String(format: "%.1f km", entry.distance)).font(.caption)
    }
    .widgetBackground(Color("WidgetBackground"))
    .widgetURL(URL(string: "traillog://hikes/last"))
  }
}

extension View {
  @ViewBuilder
  func widgetBackground(_ color: Color) -> some View {
    if #available(iOSApplicationExtension 17.0, *) {
      containerBackground(for: .widget) { color }
    } else {
      background(color)
    }
  }
}

struct LastHikeWidget: Widget {
  let kind = "LastHike"

  var body: some WidgetConfiguration {
    StaticConfiguration(kind: kind, provider: HikeProvider()) { entry in
      LastHikeView(entry: entry)
    }
    .configurationDisplayName("Last hike")
    .description("The trail you walked last, and how far.")
    .supportedFamilies([.systemSmall, .accessoryRectangular])
  }
}
