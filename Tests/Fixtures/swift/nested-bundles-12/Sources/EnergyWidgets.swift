// swift-format-ignore-file
// A fixture kept exactly as written: its expected findings are at fixed positions.
import SwiftUI
import WidgetKit

/// The Energy widgets, listed by HomebaseWidgetBundle.
struct EnergyWidgets: WidgetBundle {
    var body: some Widget {
        SolarWidget()
        BatteryWidget()
        GridUsageWidget()
        EnergyTipWidget()
    }
}

struct SolarWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "SolarWidget", provider: HomeProvider()) { entry in
            StatusTile(title: "Solar", value: "\(entry.home.solarWatts) W", symbol: "sun.max")
                .containerBackground(.fill.tertiary, for: .widget)
                .widgetURL(URL(string: "homebase://energy/solar"))
        }
        .configurationDisplayName("Solar")
        .description("What your panels are producing now.")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}

struct BatteryWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "BatteryWidget", provider: HomeProvider()) { entry in
            StatusTile(title: "Battery", value: "\(entry.home.batteryPercent)%", symbol: "battery.75percent")
                .containerBackground(.fill.tertiary, for: .widget)
                .widgetURL(URL(string: "homebase://energy/battery"))
        }
        .configurationDisplayName("Home Battery")
        .description("Charge left in the home battery.")
        .supportedFamilies([.systemSmall, .accessoryCircular])
    }
}

struct GridUsageWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "GridUsageWidget", provider: HomeProvider()) { entry in
            StatusTile(title: "Grid", value: "\(entry.home.gridWatts) W", symbol: "bolt.fill")
                .containerBackground(.fill.tertiary, for: .widget)
                .widgetURL(URL(string: "homebase://energy/grid"))
        }
        .configurationDisplayName("Grid Usage")
        .description("How much power you are drawing from the grid.")
        .supportedFamilies([.systemMedium])
    }
}

struct EnergyTipWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "EnergyTipWidget", provider: HomeProvider()) { entry in
            StatusTile(title: "Tip", value: entry.home.energyTip, symbol: "leaf.fill")
                .containerBackground(.fill.tertiary, for: .widget)
                .widgetURL(URL(string: "homebase://energy/tips"))
        }
        .configurationDisplayName("Energy Tip")
        .description("A tip for using less power at home.")
        .supportedFamilies([.systemMedium, .systemLarge])
    }
}
