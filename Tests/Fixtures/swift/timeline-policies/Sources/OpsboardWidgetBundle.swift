// swift-format-ignore-file
// A fixture kept exactly as written: its expected findings are at fixed positions.
import SwiftUI
import WidgetKit

@main
struct OpsboardWidgetBundle: WidgetBundle {
    var body: some Widget {
        TeamWidgets()
        MonitoringWidgets()
    }
}

struct TeamWidgets: WidgetBundle {
    var body: some Widget {
        OnCallWidget()
        RunbookWidget()
        IncidentCountWidget()
    }
}

struct MonitoringWidgets: WidgetBundle {
    var body: some Widget {
        ServerStatusWidget()
        BuildStatusWidget()
        UptimeClockWidget()
    }
}

/// What the app's last sync wrote into the shared App Group.
struct OpsSnapshot: Codable {
    var onCall: [String] = []
    var runbookTitle = "No runbook pinned"
    var openIncidents = 0
    var servicesDown: [String] = []
    var lastBuildPassed = true
    var lastIncident = Date()

    static func load() -> OpsSnapshot {
        guard let data = UserDefaults(suiteName: "group.com.example.opsboard")?.data(forKey: "snapshot"),
              let snapshot = try? JSONDecoder().decode(OpsSnapshot.self, from: data)
        else { return OpsSnapshot() }
        return snapshot
    }
}

struct OpsEntry: TimelineEntry {
    let date: Date
    let snapshot: OpsSnapshot
}

struct OpsTile: View {
    let title: String
    let value: String
    let symbol: String

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            Label(title, systemImage: symbol)
                .font(.caption.bold())
                .foregroundStyle(.secondary)
            Text(value)
                .font(.headline)
                .lineLimit(3)
            Spacer(minLength: 0)
        }
        .frame(maxWidth: .infinity, alignment: .leading)
    }
}
