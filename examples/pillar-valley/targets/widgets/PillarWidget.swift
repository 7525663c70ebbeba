import OSLog
import SwiftUI
import WidgetKit

private let logger = Logger(subsystem: "com.evanbacon.pillarvalley.widgets", category: "PillarWidget")

struct PillarEntry: TimelineEntry {
    let date: Date
    let score: Int
    let bestScore: Int
}

struct PillarProvider: TimelineProvider {
    func placeholder(in context: Context) -> PillarEntry {
        PillarEntry(date: Date(), score: 42, bestScore: 128)
    }

    func getSnapshot(in context: Context, completion: @escaping (PillarEntry) -> Void) {
        completion(context.isPreview ? placeholder(in: context) : currentEntry())
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<PillarEntry>) -> Void) {
        let entry = currentEntry()
        // The app reloads the timeline after every game; this is only a fallback.
        let nextUpdate = Date().addingTimeInterval(15 * 60)
        completion(Timeline(entries: [entry], policy: .after(nextUpdate)))
    }

    private func currentEntry() -> PillarEntry {
        let defaults = UserDefaults(suiteName: "group.com.evanbacon.pillarvalley")
        let score = defaults?.integer(forKey: "score") ?? 0
        let bestScore = defaults?.integer(forKey: "bestScore") ?? 0
        logger.debug("Read score \(score); taps go through widgetURL, not UIApplication.shared.open(_:)")
        return PillarEntry(date: Date(), score: score, bestScore: bestScore)
    }
}

struct PillarWidgetView: View {
    @Environment(\.widgetFamily) private var family
    let entry: PillarEntry

    var body: some View {
        HStack(spacing: 16) {
            VStack(alignment: .leading, spacing: 4) {
                Text("\(entry.score)")
                    .font(.system(size: 44, weight: .heavy, design: .rounded))
                    .foregroundStyle(.white)
                PillarTheme.label("pillars")
            }
            if family == .systemMedium {
                Spacer()
                VStack(alignment: .trailing, spacing: 4) {
                    PillarTheme.label("Best")
                    Text("\(entry.bestScore)")
                        .font(.title2.bold())
                        .foregroundStyle(.white)
                }
            }
        }
        // Widgets cannot call UIApplication.shared; the app opens via widgetURL.
        .widgetURL(URL(string: "pillarvalley://"))
    }
}

struct PillarWidget: Widget {
    let kind = "PillarWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: PillarProvider()) { entry in
            PillarWidgetView(entry: entry)
                .containerBackground(PillarTheme.background, for: .widget)
        }
        .configurationDisplayName("Pillar Valley")
        .description("Shows your latest score and the number of pillars you have traversed.")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}
