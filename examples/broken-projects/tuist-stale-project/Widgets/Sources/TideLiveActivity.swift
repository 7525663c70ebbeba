import ActivityKit
import SwiftUI
import WidgetKit

struct TideLiveActivity: Widget {
    var body: some WidgetConfiguration {
        ActivityConfiguration(for: TideActivityAttributes.self) { context in
            HStack {
                Text(context.attributes.harbour)
                Spacer()
                Text(context.state.turnsAt, style: .timer)
            }
            .padding()
        } dynamicIsland: { context in
            DynamicIsland {
                DynamicIslandExpandedRegion(.leading) {
                    Text(context.attributes.harbour)
                }
                DynamicIslandExpandedRegion(.trailing) {
                    Text(context.state.height, format: .number.precision(.fractionLength(1)))
                }
            } compactLeading: {
                Image(systemName: "water.waves")
            } compactTrailing: {
                Text(context.state.turnsAt, style: .timer)
            } minimal: {
                Image(systemName: "water.waves")
            }
        }
    }
}
