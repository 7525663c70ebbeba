import SwiftUI
import WidgetKit

/// A lock-screen counter: one habit's count, as the app saved it.
struct CounterView: View {
    let title: String
    let entry: ExpoEntry

    var body: some View {
        VStack {
            Text(title).font(.caption2)
            Text("\(entry.count)").font(.title2.bold())
        }
        .containerBackground(.fill.tertiary, for: .widget)
    }
}

struct StepsCounterWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "StepsCounter", provider: ExpoProvider()) { entry in
            CounterView(title: "Steps", entry: entry)
        }
        .configurationDisplayName("Steps")
        .description("Today's steps count.")
        .supportedFamilies([.accessoryCircular])
    }
}

struct WaterCounterWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "WaterCounter", provider: ExpoProvider()) { entry in
            CounterView(title: "Water", entry: entry)
        }
        .configurationDisplayName("Water")
        .description("Today's water count.")
        .supportedFamilies([.accessoryCircular])
    }
}

struct SleepCounterWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "SleepCounter", provider: ExpoProvider()) { entry in
            CounterView(title: "Sleep", entry: entry)
        }
        .configurationDisplayName("Sleep")
        .description("Today's sleep count.")
        .supportedFamilies([.accessoryCircular])
    }
}

struct MoodCounterWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "MoodCounter", provider: ExpoProvider()) { entry in
            CounterView(title: "Mood", entry: entry)
        }
        .configurationDisplayName("Mood")
        .description("Today's mood count.")
        .supportedFamilies([.accessoryCircular])
    }
}

struct FocusCounterWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "FocusCounter", provider: ExpoProvider()) { entry in
            CounterView(title: "Focus", entry: entry)
        }
        .configurationDisplayName("Focus")
        .description("Today's focus count.")
        .supportedFamilies([.accessoryCircular])
    }
}

struct ReadingCounterWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "ReadingCounter", provider: ExpoProvider()) { entry in
            CounterView(title: "Reading", entry: entry)
        }
        .configurationDisplayName("Reading")
        .description("Today's reading count.")
        .supportedFamilies([.accessoryCircular])
    }
}

struct StretchCounterWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "StretchCounter", provider: ExpoProvider()) { entry in
            CounterView(title: "Stretch", entry: entry)
        }
        .configurationDisplayName("Stretch")
        .description("Today's stretch count.")
        .supportedFamilies([.accessoryCircular])
    }
}

struct MeditationCounterWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "MeditationCounter", provider: ExpoProvider()) { entry in
            CounterView(title: "Meditation", entry: entry)
        }
        .configurationDisplayName("Meditation")
        .description("Today's meditation count.")
        .supportedFamilies([.accessoryCircular])
    }
}

struct JournalCounterWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "JournalCounter", provider: ExpoProvider()) { entry in
            CounterView(title: "Journal", entry: entry)
        }
        .configurationDisplayName("Journal")
        .description("Today's journal count.")
        .supportedFamilies([.accessoryCircular])
    }
}

struct SavingsCounterWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "SavingsCounter", provider: ExpoProvider()) { entry in
            CounterView(title: "Savings", entry: entry)
        }
        .configurationDisplayName("Savings")
        .description("Today's savings count.")
        .supportedFamilies([.accessoryCircular])
    }
}
