// swift-format-ignore-file
// A fixture kept exactly as written: its expected findings are at fixed positions.
import SwiftUI
import WidgetKit

struct StreakView: View {
    let entry: HabitsEntry

    var body: some View {
        VStack(spacing: 2) {
            Image(systemName: "flame.fill")
                .foregroundStyle(.orange)
            Text("\(entry.streak)")
                .font(.title.bold())
                .monospacedDigit()
        }
        // Added for iOS 17's widget margins, without a guard: the target deploys to 16.0.
        .containerBackground(.orange.gradient, for: .widget)
    }
}

struct StreakWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "StreakWidget", provider: HabitsProvider()) { entry in
            StreakView(entry: entry)
                .widgetURL(URL(string: "habits://streak"))
        }
        .configurationDisplayName("Streak")
        .description("How many days in a row you kept all your habits.")
        .supportedFamilies([.systemSmall, .accessoryCircular])
    }
}
