// swift-format-ignore-file
// A fixture kept exactly as written: its expected findings are at fixed positions.
import SwiftUI
import WidgetKit

struct StepCountWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "StepCountWidget", provider: HealthProvider()) { entry in
            Gauge(value: Double(entry.health.steps), in: 0...Double(entry.health.stepGoal)) {
                Image(systemName: "figure.walk")
            } currentValueLabel: {
                Text("\(entry.health.steps)")
            }
            .gaugeStyle(.accessoryCircularCapacity)
            .containerBackground(.fill.tertiary, for: .widget)
            .widgetURL(URL(string: "stride://steps"))
        }
        .configurationDisplayName("Steps")
        .description("Today's steps against your daily goal.")
        .supportedFamilies([.systemSmall, .accessoryCircular])
    }
}

struct HeartRateWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "HeartRateWidget", provider: HealthProvider()) { entry in
            MetricView(title: "Heart", value: "\(entry.health.heartRate) bpm", symbol: "heart.fill", tint: .red)
                .containerBackground(.fill.tertiary, for: .widget)
                .widgetURL(URL(string: "stride://heart"))
        }
        .configurationDisplayName("Heart Rate")
        .description("Your latest heart rate and today's range.")
        .supportedFamilies([.systemSmall, .accessoryRectangular])
    }
}

struct WorkoutsWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "WorkoutsWidget", provider: HealthProvider(reloadHours: 1)) { entry in
            MetricView(title: "Workouts", value: "\(entry.health.workoutsThisWeek) this week",
                       symbol: "figure.run", tint: .green)
                .containerBackground(.fill.tertiary, for: .widget)
                .widgetURL(URL(string: "stride://workouts"))
        }
        .configurationDisplayName("Workouts")
        .description("This week's workouts.")
    }
}
