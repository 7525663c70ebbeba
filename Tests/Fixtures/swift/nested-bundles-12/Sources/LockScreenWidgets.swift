// swift-format-ignore-file
// A fixture kept exactly as written: its expected findings are at fixed positions.
import SwiftUI
import WidgetKit

/// The Lock Screen widgets, listed by HomebaseWidgetBundle.
struct LockScreenWidgets: WidgetBundle {
    var body: some Widget {
        DoorLockWidget()
        OutdoorTemperatureWidget()
        AlarmStatusWidget()
        NextAutomationWidget()
    }
}

struct DoorLockWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "DoorLockWidget", provider: HomeProvider()) { entry in
            StatusTile(title: "Door", value: entry.home.doorLocked ? "Locked" : "Open", symbol: "lock.fill")
                .containerBackground(.fill.tertiary, for: .widget)
                .widgetURL(URL(string: "homebase://locks"))
        }
        .configurationDisplayName("Front Door")
        .description("Whether the front door is locked.")
        .supportedFamilies([.accessoryCircular])
    }
}

struct OutdoorTemperatureWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "OutdoorTemperatureWidget", provider: HomeProvider()) { entry in
            StatusTile(title: "Outside", value: "\(Int(entry.home.outdoorCelsius.rounded()))°", symbol: "sun.max.fill")
                .containerBackground(.fill.tertiary, for: .widget)
                .widgetURL(URL(string: "homebase://climate/outdoor"))
        }
        .configurationDisplayName("Outdoor Temperature")
        .description("The temperature on your porch sensor.")
        .supportedFamilies([.accessoryCircular, .accessoryInline])
    }
}

struct AlarmStatusWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "AlarmStatusWidget", provider: HomeProvider()) { entry in
            StatusTile(title: "Alarm", value: entry.home.alarmArmed ? "Armed" : "Off", symbol: "shield.fill")
                .containerBackground(.fill.tertiary, for: .widget)
                .widgetURL(URL(string: "homebase://alarm"))
        }
        .configurationDisplayName("Alarm")
        .description("Whether the alarm is armed.")
        .supportedFamilies([.accessoryInline])
    }
}

struct NextAutomationWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "NextAutomationWidget", provider: HomeProvider()) { entry in
            StatusTile(title: "Next", value: entry.home.nextAutomation, symbol: "clock.arrow.circlepath")
                .containerBackground(.fill.tertiary, for: .widget)
                .widgetURL(URL(string: "homebase://automations"))
        }
        .configurationDisplayName("Next Automation")
        .description("The next automation and when it runs.")
        .supportedFamilies([.accessoryRectangular])
    }
}
