// swift-format-ignore-file
// A fixture kept exactly as written: its expected findings are at fixed positions.
import SwiftUI
import WidgetKit

struct LiveScoreWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "LiveScoreWidget", provider: LeagueProvider(reloadMinutes: 5)) { entry in
            Group {
                if let game = entry.league.liveGame {
                    GameRow(game: game)
                } else {
                    Text("No game right now").font(.caption)
                }
            }
            .containerBackground(.fill.tertiary, for: .widget)
            .widgetURL(URL(string: "scores://live"))
        }
        .configurationDisplayName("Live Score")
        .description("The score of the game your team is playing now.")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}

struct NextGameWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "NextGameWidget", provider: LeagueProvider(reloadMinutes: 60)) { entry in
            VStack(alignment: .leading) {
                Text("Next game").font(.caption.bold())
                if let game = entry.league.nextGame {
                    GameRow(game: game)
                    Text(game.kickoff, style: .relative).font(.caption2)
                }
            }
            .containerBackground(.fill.tertiary, for: .widget)
            .widgetURL(URL(string: "scores://schedule"))
        }
        .configurationDisplayName("Next Game")
        .description("When and where your team plays next.")
        .supportedFamilies([.systemSmall, .accessoryRectangular])
    }
}

struct MatchdayWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "MatchdayWidget", provider: LeagueProvider(reloadMinutes: 30)) { entry in
            VStack(alignment: .leading, spacing: 4) {
                Text("Matchday").font(.headline)
                ForEach(entry.league.matchday, id: \.self) { game in
                    GameRow(game: game)
                }
                Spacer(minLength: 0)
            }
            .containerBackground(.fill.tertiary, for: .widget)
            .widgetURL(URL(string: "scores://matchday"))
        }
        .configurationDisplayName("Matchday")
        .description("Every game of the current matchday.")
        .supportedFamilies([.systemLarge])
    }
}
