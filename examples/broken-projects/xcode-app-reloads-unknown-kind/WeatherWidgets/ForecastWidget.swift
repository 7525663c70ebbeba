import SwiftUI
import WidgetKit

struct ForecastEntry: TimelineEntry {
  let date: Date
  let temperature: Int
}

struct ForecastProvider: TimelineProvider {
  func placeholder(in context: Context) -> ForecastEntry {
    ForecastEntry(date: Date(), temperature: 20)
  }

  func getSnapshot(in context: Context, completion: @escaping (ForecastEntry) -> Void) {
    completion(ForecastEntry(date: Date(), temperature: ForecastStore.temperature))
  }

  func getTimeline(in context: Context, completion: @escaping (Timeline<ForecastEntry>) -> Void) {
    let entry = ForecastEntry(date: Date(), temperature: ForecastStore.temperature)
    completion(Timeline(entries: [entry], policy: .after(Date().addingTimeInterval(3600))))
  }
}

struct ForecastView: View {
  let entry: ForecastEntry

  var body: some View {
    Text("\(entry.temperature)°")
      .font(.largeTitle)
      .containerBackground(.fill.tertiary, for: .widget)
  }
}

struct ForecastWidget: Widget {
  var body: some WidgetConfiguration {
    StaticConfiguration(kind: "Forecast", provider: ForecastProvider()) { entry in
      ForecastView(entry: entry)
    }
    .configurationDisplayName("Forecast")
    .description("The temperature where you are.")
    .supportedFamilies([.systemSmall, .accessoryRectangular])
  }
}
