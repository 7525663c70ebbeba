// swift-format-ignore-file
// A fixture kept exactly as written: its expected findings are at fixed positions.
import SwiftUI
import WidgetKit

struct SleepWidget: Widget {
    let kind = "SleepWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: HealthProvider(reloadHours: 6)) { entry in
            MetricView(title: "Sleep",
                       value: "\(entry.health.sleepMinutes / 60) h \(entry.health.sleepMinutes % 60) min",
                       symbol: "bed.double.fill", tint: .indigo)
                .containerBackground(.fill.tertiary, for: .widget)
                .widgetURL(URL(string: "stride://sleep"))
        }
        .configurationDisplayName("Sleep")
        .description("How long you slept last night.")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}

struct HydrationWidget: Widget {
    let kind = "HydrationWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: HealthProvider(reloadHours: 1)) { entry in
            MetricView(title: "Water", value: "\(entry.health.waterMillilitres) ml", symbol: "drop.fill", tint: .cyan)
                .containerBackground(.fill.tertiary, for: .widget)
                .widgetURL(URL(string: "stride://water"))
        }
        .configurationDisplayName("Hydration")
        .description("Water you have logged today.")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}
