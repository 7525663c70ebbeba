import SwiftUI
import WidgetKit

struct LastBrewEntry: TimelineEntry {
  let date: Date
  let tea: String
}

struct LastBrewProvider: TimelineProvider {
  func placeholder(in context: Context) -> LastBrewEntry {
    LastBrewEntry(date: Date(), tea: "Sencha")
  }

  func getSnapshot(in context: Context, completion: @escaping (LastBrewEntry) -> Void) {
    completion(LastBrewEntry(date: Date(), tea: BrewStore.lastTea))
  }

  func getTimeline(in context: Context, completion: @escaping (Timeline<LastBrewEntry>) -> Void) {
    // The app reloads the widget after each brew; nothing changes in between.
    completion(Timeline(entries: [LastBrewEntry(date: Date(), tea: BrewStore.lastTea)], policy: .never))
  }
}

struct LastBrewView: View {
  let entry: LastBrewEntry

  var body: some View {
    VStack(alignment: .leading) {
      Text("Last brew")
        .font(.caption)
      Text(entry.tea)
        .font(.headline)
    }
    .containerBackground(.fill.tertiary, for: .widget)
  }
}

struct LastBrewWidget: Widget {
  var body: some WidgetConfiguration {
    StaticConfiguration(kind: "LastBrew", provider: LastBrewProvider()) { entry in
      LastBrewView(entry: entry)
    }
    .configurationDisplayName("Last brew")
    .description("The tea you steeped last.")
    .supportedFamilies([.systemSmall, .accessoryRectangular])
  }
}
