import SwiftUI
import WidgetKit

@main
struct CastawayWidgetBundle: WidgetBundle {
    var body: some Widget {
        NowPlayingWidget()
    }
}

struct Episode: Codable {
    var show: String
    var title: String
    var artworkURL: URL
    var secondsLeft: Int
}

struct NowPlayingEntry: TimelineEntry {
    let date: Date
    let episode: Episode?
}

struct NowPlayingProvider: TimelineProvider {
    func placeholder(in context: Context) -> NowPlayingEntry {
        NowPlayingEntry(date: Date(), episode: nil)
    }

    func getSnapshot(in context: Context, completion: @escaping (NowPlayingEntry) -> Void) {
        completion(NowPlayingEntry(date: Date(), episode: loadEpisode()))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<NowPlayingEntry>) -> Void) {
        let entry = NowPlayingEntry(date: Date(), episode: loadEpisode())
        completion(Timeline(entries: [entry], policy: .after(Date().addingTimeInterval(15 * 60))))
    }

    private func loadEpisode() -> Episode? {
        guard let data = UserDefaults(suiteName: "group.com.example.castaway")?.data(forKey: "nowPlaying") else {
            return nil
        }
        return try? JSONDecoder().decode(Episode.self, from: data)
    }
}

struct NowPlayingView: View {
    let entry: NowPlayingEntry

    var body: some View {
        if let episode = entry.episode {
            HStack(spacing: 10) {
                AsyncImage(url: episode.artworkURL) { image in
                    image.resizable().scaledToFit()
                } placeholder: {
                    RoundedRectangle(cornerRadius: 8).fill(.quaternary)
                }
                .frame(width: 64, height: 64)
                VStack(alignment: .leading, spacing: 2) {
                    Text(episode.show).font(.caption).foregroundStyle(.secondary).lineLimit(1)
                    Text(episode.title).font(.subheadline.bold()).lineLimit(2)
                    Text("\(episode.secondsLeft / 60) min left").font(.caption2)
                }
            }
        } else {
            Label("Nothing playing", systemImage: "headphones")
                .font(.caption)
        }
    }
}

struct NowPlayingWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "NowPlayingWidget", provider: NowPlayingProvider()) { entry in
            NowPlayingView(entry: entry)
                .containerBackground(.fill.tertiary, for: .widget)
                .widgetURL(URL(string: "castaway://now-playing"))
        }
        .configurationDisplayName("Now Playing")
        .description("The episode you are listening to, with its artwork.")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}
