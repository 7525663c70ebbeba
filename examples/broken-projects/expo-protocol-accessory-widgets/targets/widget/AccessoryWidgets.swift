import SwiftUI
import WidgetKit

/// Composed into the @main bundle through its `body`.
struct AccessoryWidgets: WidgetBundle {
    @WidgetBundleBuilder
    var body: some Widget {
        NextEventWidget()
        EventCountWidget()
        FreeTimeWidget()
    }
}

struct NextEventWidget: EventAccessoryWidget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "NextEvent", provider: DaybookProvider(), content: buildContentView)
            .configurationDisplayName("Next event")
            .description("The next event and when it starts.")
            .supportedFamilies([.accessoryRectangular])
    }

    func buildContentView(entry: DaybookEntry) -> some View {
        VStack(alignment: .leading) {
            Text(entry.titles.first ?? "Nothing planned").font(.headline)
            if let start = entry.nextStart {
                Text(start, style: .relative)
            }
        }
    }
}

struct EventCountWidget: EventAccessoryWidget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "EventCount", provider: DaybookProvider(), content: buildContentView)
            .configurationDisplayName("Events today")
            .description("How many events are left today.")
            .supportedFamilies([.accessoryCircular])
    }

    func buildContentView(entry: DaybookEntry) -> some View {
        Gauge(value: Double(entry.titles.count), in: 0...8) {
            Image(systemName: "calendar")
        } currentValueLabel: {
            Text("\(entry.titles.count)")
        }
        .gaugeStyle(.accessoryCircularCapacity)
    }
}

struct FreeTimeWidget: AccessoryWidget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "FreeTime", provider: DaybookProvider(), content: Self.freeTimeView(entry:))
            .configurationDisplayName("Free time")
            .description("Time until the next event.")
            .supportedFamilies([.accessoryRectangular])
    }

    static func freeTimeView(entry: DaybookEntry) -> some View {
        Label {
            Text(entry.nextStart ?? entry.date, style: .timer)
        } icon: {
            Image(systemName: "cup.and.saucer")
        }
    }
}
