import SwiftUI
import WidgetKit

struct PackingEntry: TimelineEntry {
    let date: Date
    let items: [PackingItem]

    var remaining: [PackingItem] { items.filter { !$0.packed } }
}

struct PackingListProvider: TimelineProvider {
    func placeholder(in context: Context) -> PackingEntry {
        PackingEntry(date: Date(), items: [
            PackingItem(name: "Passport", packed: true),
            PackingItem(name: "Charger", packed: false),
            PackingItem(name: "Sunscreen", packed: false),
        ])
    }

    func getSnapshot(in context: Context, completion: @escaping (PackingEntry) -> Void) {
        completion(PackingEntry(date: Date(), items: TripStore.packingList))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<PackingEntry>) -> Void) {
        // The list only changes in the app, which calls
        // WidgetCenter.shared.reloadTimelines(ofKind: "PackingListWidget") after each edit.
        let entry = PackingEntry(date: Date(), items: TripStore.packingList)
        completion(Timeline(entries: [entry], policy: .never))
    }
}

struct PackingListView: View {
    @Environment(\.widgetFamily) private var family
    let entry: PackingEntry

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            Text("\(entry.remaining.count) left to pack")
                .font(.headline)
            ForEach(entry.remaining.prefix(family == .systemLarge ? 10 : 3), id: \.self) { item in
                Label(item.name, systemImage: "circle")
                    .font(.caption)
            }
            if entry.remaining.isEmpty && !entry.items.isEmpty {
                Label("All packed", systemImage: "checkmark.circle.fill")
                    .foregroundColor(.green)
            }
            Spacer(minLength: 0)
        }
        .frame(maxWidth: .infinity, alignment: .leading)
        .widgetURL(URL(string: "voyage://packing"))
    }
}

struct PackingListWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "PackingListWidget", provider: PackingListProvider()) { entry in
            PackingListView(entry: entry)
                .tripWidgetBackground()
        }
        .configurationDisplayName("Packing List")
        .description("What is still left to pack for your next trip.")
        .supportedFamilies([.systemSmall, .systemLarge])
    }
}
