// swift-format-ignore-file
// A fixture kept exactly as written: its expected findings are at fixed positions.
import SwiftUI
import WidgetKit

@main
struct ScoresWidgetBundle: WidgetBundle {
    var body: some Widget {
        LiveScoreWidget()
        StandingsWidget()
        NextGameWidget()
        TopScorersWidget()
        TeamNewsWidget()
        MatchdayWidget()
    }
}

/// The league data the app syncs into the shared App Group.
struct LeagueSnapshot: Codable {
    struct Game: Codable, Hashable {
        var home: String
        var away: String
        var homeScore: Int?
        var awayScore: Int?
        var kickoff: Date
    }

    struct Row: Codable, Hashable {
        var team: String
        var points: Int
    }

    var liveGame: Game?
    var nextGame: Game?
    var table: [Row]
    var scorers: [Row]
    var headlines: [String]
    var matchday: [Game]

    static let empty = LeagueSnapshot(liveGame: nil, nextGame: nil, table: [], scorers: [], headlines: [], matchday: [])
}

struct LeagueEntry: TimelineEntry {
    let date: Date
    let league: LeagueSnapshot
}

/// One provider for every scores widget; each widget passes how often it wants to reload.
struct LeagueProvider: TimelineProvider {
    var reloadMinutes: Int

    func placeholder(in context: Context) -> LeagueEntry {
        LeagueEntry(date: Date(), league: .empty)
    }

    func getSnapshot(in context: Context, completion: @escaping (LeagueEntry) -> Void) {
        completion(LeagueEntry(date: Date(), league: LeagueStore.load()))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<LeagueEntry>) -> Void) {
        let now = Date()
        let entry = LeagueEntry(date: now, league: LeagueStore.load())
        let nextUpdate = Calendar.current.date(byAdding: .minute, value: reloadMinutes, to: now)!
        completion(Timeline(entries: [entry], policy: .after(nextUpdate)))
    }
}

enum LeagueStore {
    static func load() -> LeagueSnapshot {
        guard let data = UserDefaults(suiteName: "group.com.example.scores")?.data(forKey: "league"),
              let league = try? JSONDecoder().decode(LeagueSnapshot.self, from: data)
        else { return .empty }
        return league
    }
}

struct GameRow: View {
    let game: LeagueSnapshot.Game

    var body: some View {
        HStack {
            Text(game.home).lineLimit(1)
            Spacer()
            if let home = game.homeScore, let away = game.awayScore {
                Text("\(home) – \(away)").monospacedDigit().bold()
            } else {
                Text(game.kickoff, style: .time)
            }
            Spacer()
            Text(game.away).lineLimit(1)
        }
        .font(.caption)
    }
}
