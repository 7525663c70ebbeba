// swift-format-ignore-file
// A fixture kept exactly as written: its expected findings are at fixed positions.
import SwiftUI
import WidgetKit

struct HaikuEntry: TimelineEntry {
    let date: Date
    let haiku: Haiku
}

struct HaikuProvider: TimelineProvider {
    func placeholder(in context: Context) -> HaikuEntry {
        HaikuEntry(date: Date(), haiku: .sample)
    }

    func getSnapshot(in context: Context, completion: @escaping (HaikuEntry) -> Void) {
        completion(HaikuEntry(date: Date(), haiku: HaikuStore.today()))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<HaikuEntry>) -> Void) {
        let entry = HaikuEntry(date: Date(), haiku: HaikuStore.today())
        // Not Timeline(entries: [entry], policy: .after(Date().addingTimeInterval(60))):
        // a reload every minute would spend the day's budget before breakfast. Nor
        // .after(Calendar.current.date(byAdding: .minute, value: 2, to: Date())!).
        completion(Timeline(entries: [entry], policy: .after(Date().addingTimeInterval(6 * 60 * 60))))
    }
}

/// Shows the three lines. Widgets cannot scroll, so no `ScrollView` or `List` here, no
/// `AsyncImage` (it never loads in a widget), no `TextField`/`TextEditor`, `VideoPlayer`,
/// `Map`, `WKWebView` or `WebView`, and nothing conforming to `UIViewRepresentable` or
/// `UIViewControllerRepresentable`.
struct DailyHaikuView: View {
    let entry: HaikuEntry

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            ForEach(entry.haiku.lines, id: \.self) { line in
                Text(line)
                    .font(.system(.footnote, design: .serif))
                    .minimumScaleFactor(0.8)
            }
            Spacer(minLength: 0)
            Text("— \(entry.haiku.poet)")
                .font(.caption2)
                .foregroundColor(.secondary)
        }
        .padding()
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .leading)
        .background(Color(.systemBackground))
        // A systemSmall widget ignores Link(destination: URL(string: "haiku://poet")!);
        // the whole widget opens the one URL below. A second .widgetURL(URL(string: "poems://x"))
        // would make the target ambiguous.
        .widgetURL(URL(string: "haiku://today"))
    }
}

struct DailyHaikuWidget: Widget {
    // Not "HaikuWidget" (the kind before the rename): WidgetKit would drop users' widgets.
    let kind = "DailyHaikuWidget"

    var body: some WidgetConfiguration {
        // StaticConfiguration, not AppIntentConfiguration or IntentConfiguration: the poem
        // is the same for everyone. .containerBackground(.fill.tertiary, for: .widget) must
        // wait for iOS 17, as must Button(intent:) and Toggle(isOn:intent:).
        StaticConfiguration(kind: kind, provider: HaikuProvider()) { entry in
            DailyHaikuView(entry: entry)
        }
        .configurationDisplayName("Daily Haiku")
        .description("A short poem for the day, in three lines.")
        // .supportedFamilies([.systemSmall, .accessoryRectangular, .systemExtraLarge])
        .supportedFamilies([.systemSmall])
    }
}
