import ActivityKit
import SwiftUI
import WidgetKit

struct BrewLiveActivity: Widget {
  var body: some WidgetConfiguration {
    ActivityConfiguration(for: BrewAttributes.self) { context in
      HStack {
        Text(context.attributes.tea)
        Spacer()
        Text(timerInterval: Date()...context.state.readyAt, countsDown: true)
          .monospacedDigit()
      }
      .padding()
    } dynamicIsland: { context in
      DynamicIsland {
        DynamicIslandExpandedRegion(.leading) {
          Text(context.attributes.tea)
        }
        DynamicIslandExpandedRegion(.trailing) {
          Text(timerInterval: Date()...context.state.readyAt, countsDown: true)
            .monospacedDigit()
        }
      } compactLeading: {
        Image(systemName: "cup.and.saucer")
      } compactTrailing: {
        Text(timerInterval: Date()...context.state.readyAt, countsDown: true)
          .monospacedDigit()
          .frame(width: 40)
      } minimal: {
        Image(systemName: "cup.and.saucer")
      }
    }
  }
}
