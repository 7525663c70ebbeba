// swift-format-ignore-file
// A fixture kept exactly as written: its expected findings are at fixed positions.
import SwiftUI
import WidgetKit

struct RankingView: View {
    let title: String
    let rows: [LeagueSnapshot.Row]
    let limit: Int

    var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            Text(title).font(.headline)
            ForEach(Array(rows.prefix(limit).enumerated()), id: \.offset) { index, row in
                HStack {
                    Text("\(index + 1). \(row.team)").lineLimit(1)
                    Spacer()
                    Text("\(row.points)").monospacedDigit()
                }
                .font(.caption)
            }
            Spacer(minLength: 0)
        }
    }
}

struct StandingsWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "StandingsWidget", provider: LeagueProvider(reloadMinutes: 60)) { entry in
            RankingView(title: "Standings", rows: entry.league.table, limit: 8)
                .containerBackground(.fill.tertiary, for: .widget)
                .widgetURL(URL(string: "scores://standings"))
        }
        .configurationDisplayName("Standings")
        .description("Your league's table.")
        .supportedFamilies([.systemMedium, .systemLarge])
    }
}

struct TopScorersWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "TopScorersWidget", provider: LeagueProvider(reloadMinutes: 360)) { entry in
            RankingView(title: "Top Scorers", rows: entry.league.scorers, limit: 4)
                .containerBackground(.fill.tertiary, for: .widget)
                .widgetURL(URL(string: "scores://scorers"))
        }
        .configurationDisplayName("Top Scorers")
        .description("The league's leading scorers.")
        .supportedFamilies([.systemMedium])
    }
}

struct TeamNewsWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "TeamNewsWidget", provider: LeagueProvider(reloadMinutes: 120)) { entry in
            VStack(alignment: .leading, spacing: 6) {
                Text("Team News").font(.headline)
                ForEach(entry.league.headlines.prefix(4), id: \.self) { headline in
                    Text(headline).font(.caption).lineLimit(2)
                }
                Spacer(minLength: 0)
            }
            .containerBackground(.fill.tertiary, for: .widget)
            .widgetURL(URL(string: "scores://news"))
        }
        .configurationDisplayName("Team News")
        .description("Headlines about your team.")
        .supportedFamilies([.systemMedium, .systemLarge])
    }
}
