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
    completion(Timeline(entries: [LastBrewEntry(date: Date(), tea: BrewStore.lastTea)], policy: .never))
  }
}

extension View {
  /// iOS 17 asks widgets for a container background; earlier systems draw the view's own.
  @ViewBuilder func widgetBackground() -> some View {
    if #available(iOSApplicationExtension 17.0, *) {
      containerBackground(.fill.tertiary, for: .widget)
    } else {
      background(Color(.secondarySystemBackground))
    }
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
    .widgetBackground()
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
