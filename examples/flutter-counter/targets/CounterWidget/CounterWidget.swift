import SwiftUI
import WidgetKit

struct CounterEntry: TimelineEntry {
    let date: Date
    let count: Int
}

struct CounterProvider: TimelineProvider {
    func placeholder(in context: Context) -> CounterEntry {
        CounterEntry(date: Date(), count: 0)
    }

    func getSnapshot(in context: Context, completion: @escaping (CounterEntry) -> Void) {
        completion(CounterEntry(date: Date(), count: context.isPreview ? 7 : CounterStore.count()))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<CounterEntry>) -> Void) {
        let entry = CounterEntry(date: Date(), count: CounterStore.count())
        // HomeWidget.updateWidget(iOSName: 'CounterWidget') reloads us from Dart.
        completion(Timeline(entries: [entry], policy: .never))
    }
}

struct CounterWidgetView: View {
    @Environment(\.widgetFamily) var family
    var entry: CounterEntry

    var body: some View {
        VStack(spacing: 8) {
            Text("You have pushed the button this many times:")
                .font(family == .systemSmall ? .caption : .body)
                .multilineTextAlignment(.center)
                .foregroundColor(.secondary)
            Text("\(entry.count)")
                .font(.system(size: family == .systemLarge ? 96 : 48, weight: .bold, design: .rounded))
                .foregroundColor(.blue)
            if family == .systemLarge {
                Text("Updated \(entry.date, style: .relative) ago")
                    .font(.footnote)
                    .foregroundColor(.secondary)
            }
        }
        .padding()
        // No openURL from an extension: home_widget reads this URL in Dart via
        // HomeWidget.widgetClicked when the app comes to the foreground.
        .widgetURL(URL(string: "fluttercounter://counter"))
    }
}

struct CounterWidget: Widget {
    let kind: String = "CounterWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: CounterProvider()) { entry in
            CounterWidgetView(entry: entry)
                .counterWidgetBackground(Color(.systemBackground))
        }
        .configurationDisplayName("Counter")
        .description("Shows how many times you have pressed the button in the app.")
        .supportedFamilies([.systemSmall, .systemMedium, .systemLarge])
    }
}
