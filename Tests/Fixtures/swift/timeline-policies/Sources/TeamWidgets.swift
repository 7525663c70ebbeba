// swift-format-ignore-file
// A fixture kept exactly as written: its expected findings are at fixed positions.
import SwiftUI
import WidgetKit

// MARK: - .atEnd after hourly entries (Xcode's template)

struct OnCallProvider: TimelineProvider {
    func placeholder(in context: Context) -> OpsEntry {
        OpsEntry(date: Date(), snapshot: OpsSnapshot(onCall: ["Ada", "Grace"]))
    }

    func getSnapshot(in context: Context, completion: @escaping (OpsEntry) -> Void) {
        completion(OpsEntry(date: Date(), snapshot: OpsSnapshot.load()))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<OpsEntry>) -> Void) {
        var entries: [OpsEntry] = []
        let snapshot = OpsSnapshot.load()
        // One entry per hour of the rotation the app synced.
        let currentDate = Date()
        for hourOffset in 0 ..< 5 {
            let entryDate = Calendar.current.date(byAdding: .hour, value: hourOffset, to: currentDate)!
            var shifted = snapshot
            shifted.onCall = Array(snapshot.onCall.dropFirst(hourOffset))
            entries.append(OpsEntry(date: entryDate, snapshot: shifted))
        }
        completion(Timeline(entries: entries, policy: .atEnd))
    }
}

struct OnCallWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "OnCallWidget", provider: OnCallProvider()) { entry in
            OpsTile(title: "On call", value: entry.snapshot.onCall.first ?? "Nobody", symbol: "phone.fill")
                .containerBackground(.fill.tertiary, for: .widget)
                .widgetURL(URL(string: "opsboard://oncall"))
        }
        .configurationDisplayName("On Call")
        .description("Who is on call this hour and next.")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}

// MARK: - .never: the app reloads it when the pinned runbook changes

struct RunbookProvider: TimelineProvider {
    func placeholder(in context: Context) -> OpsEntry {
        OpsEntry(date: Date(), snapshot: OpsSnapshot())
    }

    func getSnapshot(in context: Context, completion: @escaping (OpsEntry) -> Void) {
        completion(OpsEntry(date: Date(), snapshot: OpsSnapshot.load()))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<OpsEntry>) -> Void) {
        let entry = OpsEntry(date: Date(), snapshot: OpsSnapshot.load())
        completion(Timeline(entries: [entry], policy: .never))
    }
}

struct RunbookWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "RunbookWidget", provider: RunbookProvider()) { entry in
            OpsTile(title: "Runbook", value: entry.snapshot.runbookTitle, symbol: "book.closed.fill")
                .containerBackground(.fill.tertiary, for: .widget)
                .widgetURL(URL(string: "opsboard://runbooks"))
        }
        .configurationDisplayName("Pinned Runbook")
        .description("The runbook you pinned in the app.")
        .supportedFamilies([.systemMedium])
    }
}

// MARK: - .after 15 minutes

struct IncidentCountProvider: TimelineProvider {
    func placeholder(in context: Context) -> OpsEntry {
        OpsEntry(date: Date(), snapshot: OpsSnapshot(openIncidents: 2))
    }

    func getSnapshot(in context: Context, completion: @escaping (OpsEntry) -> Void) {
        completion(OpsEntry(date: Date(), snapshot: OpsSnapshot.load()))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<OpsEntry>) -> Void) {
        let entry = OpsEntry(date: Date(), snapshot: OpsSnapshot.load())
        completion(Timeline(entries: [entry], policy: .after(Date().addingTimeInterval(15 * 60))))
    }
}

struct IncidentCountWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "IncidentCountWidget", provider: IncidentCountProvider()) { entry in
            OpsTile(title: "Incidents", value: "\(entry.snapshot.openIncidents) open", symbol: "exclamationmark.triangle.fill")
                .containerBackground(.fill.tertiary, for: .widget)
                .widgetURL(URL(string: "opsboard://incidents"))
        }
        .configurationDisplayName("Open Incidents")
        .description("How many incidents are open, by severity.")
        .supportedFamilies([.systemSmall, .accessoryCircular])
    }
}
