import SwiftUI
import WidgetKit

@main
struct NimbusWidgetBundle: WidgetBundle {
    var body: some Widget {
        ForecastWidget()
    }
}

struct Forecast: Codable {
    var temperature: Int
    var chanceOfRain: Int
    var symbol: String

    static let placeholder = Forecast(temperature: 18, chanceOfRain: 20, symbol: "cloud.sun.fill")
}

struct ForecastEntry: TimelineEntry {
    let date: Date
    let forecast: Forecast
}

struct ForecastProvider: TimelineProvider {
    func placeholder(in context: Context) -> ForecastEntry {
        ForecastEntry(date: Date(), forecast: .placeholder)
    }

    func getSnapshot(in context: Context, completion: @escaping (ForecastEntry) -> Void) {
        completion(ForecastEntry(date: Date(), forecast: loadForecast()))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<ForecastEntry>) -> Void) {
        let now = Date()
        let entry = ForecastEntry(date: now, forecast: loadForecast())
        let nextUpdate = Calendar.current.date(byAdding: .minute, value: 30, to: now)!
        completion(Timeline(entries: [entry], policy: .after(nextUpdate)))
    }

    private func loadForecast() -> Forecast {
        guard let data = UserDefaults(suiteName: "group.com.example.nimbus")?.data(forKey: "forecast"),
              let forecast = try? JSONDecoder().decode(Forecast.self, from: data)
        else { return .placeholder }
        return forecast
    }
}

struct ForecastView: View {
    let entry: ForecastEntry

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            Image(systemName: entry.forecast.symbol)
                .symbolRenderingMode(.multicolor)
                .font(.title2)
            Text("\(entry.forecast.temperature)°")
                .font(.largeTitle.bold())
            Text("\(entry.forecast.chanceOfRain)% rain")
                .font(.caption)
                .foregroundStyle(.secondary)
            Spacer(minLength: 0)
            Link(destination: URL(string: "nimbus://radar")!) {
                Label("Radar", systemImage: "map")
                    .font(.caption.bold())
            }
        }
        .frame(maxWidth: .infinity, alignment: .leading)
    }
}

struct ForecastWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "ForecastWidget", provider: ForecastProvider()) { entry in
            ForecastView(entry: entry)
                .containerBackground(.blue.gradient, for: .widget)
                .widgetURL(URL(string: "nimbus://forecast"))
        }
        .configurationDisplayName("Forecast")
        .description("The temperature now and the chance of rain.")
        .supportedFamilies([.systemSmall])
    }
}
