import SwiftUI
import WidgetKit

/// Compiled into the iPhone widget extension and the watch's: each lists its own platform's families.
struct WaterWidget: Widget {
  var body: some WidgetConfiguration {
    StaticConfiguration(kind: "WaterWidget", provider: WaterProvider()) { entry in
      WaterView(entry: entry)
        .containerBackground(.blue.gradient, for: .widget)
    }
    .configurationDisplayName("Water")
    .description("Glasses of water today.")
    #if os(watchOS)
      .supportedFamilies([.accessoryCircular, .accessoryCorner, .accessoryRectangular, .accessoryInline])
    #else
      .supportedFamilies([.systemSmall, .accessoryCircular, .accessoryRectangular])
    #endif
  }
}

struct WaterEntry: TimelineEntry {
  let date: Date
  let glasses: Int
}

struct WaterProvider: TimelineProvider {
  func placeholder(in context: Context) -> WaterEntry { WaterEntry(date: .now, glasses: 3) }

  func getSnapshot(in context: Context, completion: @escaping (WaterEntry) -> Void) {
    completion(placeholder(in: context))
  }

  func getTimeline(in context: Context, completion: @escaping (Timeline<WaterEntry>) -> Void) {
    let glasses = UserDefaults(suiteName: "group.com.example.hydrate")?.integer(forKey: "glassesToday") ?? 0
    let next = Calendar.current.date(byAdding: .minute, value: 30, to: .now)!
    completion(Timeline(entries: [WaterEntry(date: .now, glasses: glasses)], policy: .after(next)))
  }
}

struct WaterView: View {
  let entry: WaterEntry

  var body: some View {
    Gauge(value: Double(entry.glasses), in: 0...8) {
      Image(systemName: "drop.fill")
    } currentValueLabel: {
      Text("\(entry.glasses)")
    }
    .gaugeStyle(.accessoryCircularCapacity)
  }
}
