import SwiftUI
import WidgetKit

struct ExchangeRateEntry: TimelineEntry {
    let date: Date
    let rate: ExchangeRate?
}

struct ExchangeRateProvider: TimelineProvider {
    func placeholder(in context: Context) -> ExchangeRateEntry {
        ExchangeRateEntry(date: Date(), rate: ExchangeRate(from: "USD", to: "EUR", rate: 0.92))
    }

    func getSnapshot(in context: Context, completion: @escaping (ExchangeRateEntry) -> Void) {
        completion(ExchangeRateEntry(date: Date(), rate: TripStore.exchangeRate))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<ExchangeRateEntry>) -> Void) {
        // Rates are cached by the app; re-read them every two hours (7200 seconds).
        let now = Date()
        let entry = ExchangeRateEntry(date: now, rate: TripStore.exchangeRate)
        completion(Timeline(entries: [entry], policy: .after(now.addingTimeInterval(7_200))))
    }
}

struct ExchangeRateView: View {
    @Environment(\.widgetFamily) private var family
    let entry: ExchangeRateEntry

    var body: some View {
        Group {
            if let rate = entry.rate {
                switch family {
                case .accessoryInline:
                    Text("1 \(rate.from) = \(rate.rate, specifier: "%.2f") \(rate.to)")
                case .accessoryCircular:
                    ZStack {
                        AccessoryWidgetBackground()
                        VStack(spacing: 0) {
                            Text(rate.to).font(.caption2)
                            Text(rate.rate, format: .number.precision(.fractionLength(2)))
                                .font(.headline)
                        }
                    }
                default:
                    VStack(alignment: .leading, spacing: 4) {
                        Text("\(rate.from) → \(rate.to)")
                            .font(.caption)
                            .foregroundColor(.secondary)
                        Text(rate.rate, format: .number.precision(.fractionLength(4)))
                            .font(.title.bold())
                        Text("Updated \(entry.date, style: .relative) ago")
                            .font(.caption2)
                            .foregroundColor(.secondary)
                    }
                }
            } else {
                Text("No rate yet")
            }
        }
        .widgetURL(URL(string: "voyage://currency"))
    }
}

struct ExchangeRateWidget: Widget {
    let kind = "ExchangeRateWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: ExchangeRateProvider()) { entry in
            ExchangeRateView(entry: entry)
                .tripWidgetBackground()
        }
        .configurationDisplayName("Exchange Rate")
        .description("Your home currency against the currency at your destination.")
        .supportedFamilies([.systemSmall, .accessoryInline, .accessoryCircular])
    }
}
