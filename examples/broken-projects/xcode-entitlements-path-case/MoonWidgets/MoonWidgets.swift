import SwiftUI
import WidgetKit

struct MoonEntry: TimelineEntry {
  let date: Date
  let phase: Double
}

struct MoonProvider: TimelineProvider {
  private let store = UserDefaults(suiteName: "group.com.example.tides")

  func placeholder(in context: Context) -> MoonEntry {
    MoonEntry(date: Date(), phase: 0.5)
  }

  func getSnapshot(in context: Context, completion: @escaping (MoonEntry) -> Void) {
    completion(MoonEntry(date: Date(), phase: store?.double(forKey: "moonPhase") ?? 0))
  }

  func getTimeline(in context: Context, completion: @escaping (Timeline<MoonEntry>) -> Void) {
    let entry = MoonEntry(date: Date(), phase: store?.double(forKey: "moonPhase") ?? 0)
    completion(Timeline(entries: [entry], policy: .after(Date().addingTimeInterval(3600))))
  }
}

struct MoonView: View {
  let entry: MoonEntry

  var body: some View {
    Text(String(format: "%.0f %%", entry.phase * 100))
      .containerBackground(.fill.tertiary, for: .widget)
  }
}

struct MoonPhaseWidget: Widget {
  var body: some WidgetConfiguration {
    StaticConfiguration(kind: "MoonPhase", provider: MoonProvider()) { entry in
      MoonView(entry: entry)
    }
    .configurationDisplayName("Moon phase")
    .description("How much of the moon is lit tonight.")
    .supportedFamilies([.systemSmall])
  }
}

@main
struct MoonWidgetsBundle: WidgetBundle {
  var body: some Widget {
    MoonPhaseWidget()
  }
}
