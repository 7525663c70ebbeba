import ActivityKit
import SwiftUI
import WidgetKit

@main
struct HarborApp: App {
    var body: some Scene {
        WindowGroup {
            VStack(spacing: 16) {
                Button("Refresh tides") {
                    TideStore.height = 2.4
                    TideStore.nextHighTide = Date().addingTimeInterval(3 * 3600)
                    WidgetCenter.shared.reloadTimelines(ofKind: "NextTide")
                }
                Button("Start trip") {
                    let attributes = TideActivityAttributes(harbour: "Porthleven")
                    let state = TideActivityAttributes.ContentState(
                        height: TideStore.height, turnsAt: TideStore.nextHighTide)
                    _ = try? Activity.request(attributes: attributes, content: .init(state: state, staleDate: nil))
                }
            }
        }
    }
}
