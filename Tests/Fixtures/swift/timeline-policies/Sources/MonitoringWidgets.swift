// swift-format-ignore-file
// A fixture kept exactly as written: its expected findings are at fixed positions.
import SwiftUI
import WidgetKit

// MARK: - .after one minute: far below WidgetKit's reload budget

struct ServerStatusProvider: TimelineProvider {
    func placeholder(in context: Context) -> OpsEntry {
        OpsEntry(date: Date(), snapshot: OpsSnapshot())
    }

    func getSnapshot(in context: Context, completion: @escaping (OpsEntry) -> Void) {
        completion(OpsEntry(date: Date(), snapshot: OpsSnapshot.load()))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<OpsEntry>) -> Void) {
        let entry = OpsEntry(date: Date(), snapshot: OpsSnapshot.load())
        completion(Timeline(entries: [entry], policy: .after(Date(timeIntervalSinceNow: 60))))
    }
}

struct ServerStatusWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "ServerStatusWidget", provider: ServerStatusProvider()) { entry in
            OpsTile(title: "Status",
                    value: entry.snapshot.servicesDown.isEmpty ? "All up" : "\(entry.snapshot.servicesDown.count) down",
                    symbol: "server.rack")
                .containerBackground(.fill.tertiary, for: .widget)
                .widgetURL(URL(string: "opsboard://status"))
        }
        .configurationDisplayName("Server Status")
        .description("Whether your services answer their health checks.")
        .supportedFamilies([.systemSmall])
    }
}

// MARK: - .after two minutes, through a local date

struct BuildStatusProvider: TimelineProvider {
    func placeholder(in context: Context) -> OpsEntry {
        OpsEntry(date: Date(), snapshot: OpsSnapshot())
    }

    func getSnapshot(in context: Context, completion: @escaping (OpsEntry) -> Void) {
        completion(OpsEntry(date: Date(), snapshot: OpsSnapshot.load()))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<OpsEntry>) -> Void) {
        let now = Date()
        let entry = OpsEntry(date: now, snapshot: OpsSnapshot.load())
        let next = Calendar.current.date(byAdding: .minute, value: 2, to: now)!
        completion(Timeline(entries: [entry], policy: .after(next)))
    }
}

struct BuildStatusWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "BuildStatusWidget", provider: BuildStatusProvider()) { entry in
            OpsTile(title: "main",
                    value: entry.snapshot.lastBuildPassed ? "Passing" : "Failing",
                    symbol: entry.snapshot.lastBuildPassed ? "checkmark.circle.fill" : "xmark.octagon.fill")
                .containerBackground(.fill.tertiary, for: .widget)
                .widgetURL(URL(string: "opsboard://builds"))
        }
        .configurationDisplayName("Build Status")
        .description("The result of the latest build on main.")
        .supportedFamilies([.systemSmall, .accessoryRectangular])
    }
}

// MARK: - .atEnd after an hour of entries one minute apart

struct UptimeEntry: TimelineEntry {
    let date: Date
    let since: Date
}

struct UptimeClockProvider: TimelineProvider {
    func placeholder(in context: Context) -> UptimeEntry {
        UptimeEntry(date: Date(), since: Date().addingTimeInterval(-86_400))
    }

    func getSnapshot(in context: Context, completion: @escaping (UptimeEntry) -> Void) {
        completion(UptimeEntry(date: Date(), since: OpsSnapshot.load().lastIncident))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<UptimeEntry>) -> Void) {
        let now = Date()
        let since = OpsSnapshot.load().lastIncident
        var entries: [UptimeEntry] = []
        for i in 0..<60 {
            entries.append(UptimeEntry(date: now.addingTimeInterval(Double(i) * 60), since: since))
        }
        completion(Timeline(entries: entries, policy: .atEnd))
    }
}

struct UptimeClockWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "UptimeClockWidget", provider: UptimeClockProvider()) { entry in
            let minutes = Int(entry.date.timeIntervalSince(entry.since) / 60)
            OpsTile(title: "Since last incident", value: "\(minutes / 60) h \(minutes % 60) min", symbol: "timer")
                .containerBackground(.fill.tertiary, for: .widget)
                .widgetURL(URL(string: "opsboard://uptime"))
        }
        .configurationDisplayName("Uptime")
        .description("How long since the last incident, to the minute.")
        .supportedFamilies([.systemSmall])
    }
}
