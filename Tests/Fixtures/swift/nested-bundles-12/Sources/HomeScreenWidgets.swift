// swift-format-ignore-file
// A fixture kept exactly as written: its expected findings are at fixed positions.
import SwiftUI
import WidgetKit

/// The Home Screen widgets, listed by HomebaseWidgetBundle.
struct HomeScreenWidgets: WidgetBundle {
    var body: some Widget {
        RoomsWidget()
        ScenesWidget()
        ThermostatWidget()
        DoorbellWidget()
    }
}

struct RoomsWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "RoomsWidget", provider: HomeProvider()) { entry in
            StatusTile(title: "Rooms", value: "\(entry.home.occupiedRooms) occupied", symbol: "house.fill")
                .containerBackground(.fill.tertiary, for: .widget)
                .widgetURL(URL(string: "homebase://rooms"))
        }
        .configurationDisplayName("Rooms")
        .description("Which rooms are occupied right now.")
        .supportedFamilies([.systemSmall])
    }
}

struct ScenesWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "ScenesWidget", provider: HomeProvider()) { entry in
            StatusTile(title: "Scene", value: entry.home.activeScene, symbol: "sparkles")
                .containerBackground(.fill.tertiary, for: .widget)
                .widgetURL(URL(string: "homebase://scenes"))
        }
        .configurationDisplayName("Scenes")
        .description("The scene that is running, and when the next one starts.")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}

struct ThermostatWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "ThermostatWidget", provider: HomeProvider()) { entry in
            StatusTile(title: "Indoors", value: "\(entry.home.indoorCelsius.formatted(.number.precision(.fractionLength(1))))°", symbol: "thermometer.medium")
                .containerBackground(.fill.tertiary, for: .widget)
                .widgetURL(URL(string: "homebase://climate"))
        }
        .configurationDisplayName("Thermostat")
        .description("Indoor temperature and the thermostat's target.")
        .supportedFamilies([.systemSmall])
    }
}

struct DoorbellWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "DoorbellWidget", provider: HomeProvider()) { entry in
            StatusTile(title: "Doorbell", value: entry.home.lastRing, symbol: "bell.fill")
                .containerBackground(.fill.tertiary, for: .widget)
                .widgetURL(URL(string: "homebase://doorbell"))
        }
        .configurationDisplayName("Doorbell")
        .description("When someone last rang the doorbell.")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}
