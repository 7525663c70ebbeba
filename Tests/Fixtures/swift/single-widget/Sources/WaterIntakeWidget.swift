// swift-format-ignore-file
// A fixture kept exactly as written: its expected findings are at fixed positions.
import SwiftUI
import WidgetKit

struct IntakeEntry: TimelineEntry {
    let date: Date
    let snapshot: IntakeSnapshot
}

struct IntakeProvider: TimelineProvider {
    func placeholder(in context: Context) -> IntakeEntry {
        IntakeEntry(date: Date(), snapshot: .placeholder)
    }

    func getSnapshot(in context: Context, completion: @escaping (IntakeEntry) -> Void) {
        completion(IntakeEntry(date: Date(), snapshot: context.isPreview ? .placeholder : IntakeStore.today()))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<IntakeEntry>) -> Void) {
        let entry = IntakeEntry(date: Date(), snapshot: IntakeStore.today())
        // The app reloads the timeline whenever a drink is logged; the half-hourly reload
        // only resets the ring at midnight.
        completion(Timeline(entries: [entry], policy: .after(Date().addingTimeInterval(30 * 60))))
    }
}

struct WaterIntakeView: View {
    @Environment(\.widgetFamily) private var family
    let entry: IntakeEntry

    var body: some View {
        switch family {
        case .accessoryCircular:
            Gauge(value: entry.snapshot.progress) {
                Image(systemName: "drop.fill")
            }
            .gaugeStyle(.accessoryCircularCapacity)
        default:
            VStack(alignment: .leading, spacing: 6) {
                Label("Water", systemImage: "drop.fill")
                    .font(.caption.bold())
                    .foregroundStyle(.cyan)
                Text("\(entry.snapshot.millilitres) ml")
                    .font(.title2.bold())
                ProgressView(value: entry.snapshot.progress)
                    .tint(.cyan)
                if family == .systemMedium, let last = entry.snapshot.lastDrink {
                    Text("Last drink \(last, style: .relative) ago")
                        .font(.caption)
                        .foregroundStyle(.secondary)
                }
            }
        }
    }
}

struct WaterIntakeWidget: Widget {
    let kind = "WaterIntakeWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: IntakeProvider()) { entry in
            WaterIntakeView(entry: entry)
                .containerBackground(.fill.tertiary, for: .widget)
                .widgetURL(URL(string: "sipsy://today"))
        }
        .configurationDisplayName("Water Intake")
        .description("How much you have had to drink today, against your goal.")
        .supportedFamilies([.systemSmall, .systemMedium, .accessoryCircular])
    }
}
