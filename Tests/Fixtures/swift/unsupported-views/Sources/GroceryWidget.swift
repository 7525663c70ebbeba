// swift-format-ignore-file
// A fixture kept exactly as written: its expected findings are at fixed positions.
import MapKit
import SwiftUI
import WidgetKit

struct GroceryEntry: TimelineEntry {
    let date: Date
    let groceries: GroceryList
}

struct GroceryProvider: TimelineProvider {
    func placeholder(in context: Context) -> GroceryEntry {
        GroceryEntry(date: Date(), groceries: GroceryList())
    }

    func getSnapshot(in context: Context, completion: @escaping (GroceryEntry) -> Void) {
        completion(GroceryEntry(date: Date(), groceries: CookbookStore.groceries))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<GroceryEntry>) -> Void) {
        let now = Date()
        let entry = GroceryEntry(date: now, groceries: CookbookStore.groceries)
        let nextUpdate = Calendar.current.date(byAdding: .hour, value: 1, to: now)!
        completion(Timeline(entries: [entry], policy: .after(nextUpdate)))
    }
}

struct GroceryListView: View {
    let entry: GroceryEntry

    private var names: [String] { entry.groceries.items.map { "\($0.quantity) \($0.name)" } }

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            Text("Groceries").font(.headline)
            List(entry.groceries.items) { item in
                HStack {
                    Text(item.name)
                    Spacer()
                    Text(item.quantity).foregroundStyle(.secondary)
                }
            }
            .listStyle(.plain)
            TextField("Add an item", text: .constant(""))
                .textFieldStyle(.roundedBorder)
            TextEditor(text: .constant(entry.groceries.notes))
                .frame(height: 48)
            Map(coordinateRegion: .constant(entry.groceries.storeRegion))
                .frame(height: 80)
                .clipShape(RoundedRectangle(cornerRadius: 8))
            ReceiptPhotoPicker()
                .frame(height: 44)
        }
    }
}

struct GroceryWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "GroceryWidget", provider: GroceryProvider()) { entry in
            GroceryListView(entry: entry)
                .containerBackground(.fill.tertiary, for: .widget)
                .widgetURL(URL(string: "cookbook://groceries"))
        }
        .configurationDisplayName("Grocery List")
        .description("What is still on your grocery list, and the nearest store.")
        .supportedFamilies([.systemLarge])
    }
}
