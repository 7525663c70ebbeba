import AppIntents
import SwiftUI
import WidgetKit

/// Lets the person pick which counter the widget shows (edited with a long press on the widget).
struct SelectCounterIntent: WidgetConfigurationIntent {
    static var title: LocalizedStringResource = "Select Counter"
    static var description = IntentDescription("Choose the counter this widget shows.")

    @Parameter(title: "Counter", default: "count")
    var counterKey: String
}

struct ExpoEntry: TimelineEntry {
    let date: Date
    let title: String
    let count: Int
}

struct ExpoProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> ExpoEntry {
        ExpoEntry(date: Date(), title: "Expo", count: 3)
    }

    func snapshot(for configuration: SelectCounterIntent, in context: Context) async -> ExpoEntry {
        context.isPreview ? placeholder(in: context) : currentEntry(for: configuration)
    }

    func timeline(for configuration: SelectCounterIntent, in context: Context) async -> Timeline<ExpoEntry> {
        // The app reloads the widget after every change (ExtensionStorage.reloadWidget()); this is a fallback.
        let nextUpdate = Date().addingTimeInterval(30 * 60)
        return Timeline(entries: [currentEntry(for: configuration)], policy: .after(nextUpdate))
    }

    private func currentEntry(for configuration: SelectCounterIntent) -> ExpoEntry {
        let defaults = UserDefaults(suiteName: "group.com.example.expowidgets")
        let title = defaults?.string(forKey: "title") ?? "Expo"
        let count = defaults?.integer(forKey: configuration.counterKey) ?? 0
        return ExpoEntry(date: Date(), title: title, count: count)
    }
}

struct ExpoWidgetView: View {
    @Environment(\.widgetFamily) private var family
    let entry: ExpoEntry

    var body: some View {
        HStack(alignment: .top, spacing: 12) {
            VStack(alignment: .leading, spacing: 4) {
                Text(entry.title)
                    .font(.headline)
                    .foregroundStyle(Color("$accent"))
                Text("\(entry.count)")
                    .font(.system(size: 40, weight: .bold, design: .rounded))
            }
            if family == .systemMedium {
                Spacer()
                Text(entry.date, style: .time)
                    .font(.caption)
                    .foregroundStyle(.secondary)
            }
        }
        .widgetURL(URL(string: "expowidgets://open"))
    }
}

extension View {
    /// The widget background: containerBackground on iOS 17, a plain background before.
    @ViewBuilder
    func expoWidgetBackground() -> some View {
        if #available(iOS 17.0, *) {
            containerBackground(Color("$widgetBackground"), for: .widget)
        } else {
            background(Color("$widgetBackground"))
        }
    }
}

struct ExpoWidget: Widget {
    let kind = "ExpoWidget"

    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: kind, intent: SelectCounterIntent.self, provider: ExpoProvider()) { entry in
            ExpoWidgetView(entry: entry)
                .expoWidgetBackground()
        }
        .configurationDisplayName("Expo Widget")
        .description("Shows the counter you pick, saved by the app.")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}
