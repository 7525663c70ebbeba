import ActivityKit
import SwiftUI
import WidgetKit

@main
struct SteepedApp: App {
  var body: some Scene {
    WindowGroup {
      Button("Steep Sencha for 2 minutes") {
        BrewStore.lastTea = "Sencha"
        WidgetCenter.shared.reloadTimelines(ofKind: "LastBrew")
        let state = BrewAttributes.ContentState(readyAt: Date().addingTimeInterval(120))
        _ = try? Activity.request(
          attributes: BrewAttributes(tea: "Sencha"), content: ActivityContent(state: state, staleDate: nil))
      }
    }
  }
}
