import ActivityKit
import SwiftUI
import WidgetKit

struct HikeLiveActivity: Widget {
  var body: some WidgetConfiguration {
    ActivityConfiguration(for: HikeAttributes.self) { context in
      Text("\(context.attributes.trailName): \(context.state.distance, specifier: "%.1f") km")
        .padding()
    } dynamicIsland: { context in
      DynamicIsland {
        DynamicIslandExpandedRegion(.center) {
          Text(context.attributes.trailName)
        }
      } compactLeading: {
        Image(systemName: "figure.hiking")
      } compactTrailing: {
        Text("\(context.state.distance, specifier: "%.1f")")
      } minimal: {
        Image(systemName: "figure.hiking")
      }
    }
  }
}
