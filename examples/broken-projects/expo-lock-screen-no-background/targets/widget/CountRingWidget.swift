import SwiftUI
import WidgetKit

/// The count on the Lock Screen, added in the app's second release.
struct CountRingView: View {
    let entry: ExpoEntry

    var body: some View {
        Gauge(value: Double(min(entry.count, 10)), in: 0...10) {
            Text(entry.title)
        } currentValueLabel: {
            Text("\(entry.count)")
        }
        .gaugeStyle(.accessoryCircularCapacity)
    }
}

struct CountRingWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "CountRing", provider: ExpoProvider()) { entry in
            CountRingView(entry: entry)
        }
        .configurationDisplayName("Count")
        .description("The count saved by the app, on the Lock Screen.")
        .supportedFamilies([.accessoryCircular])
    }
}
