import SwiftUI
import WidgetKit

@main
struct SteepedApp: App {
  var body: some Scene {
    WindowGroup {
      Button("Steep Sencha") {
        BrewStore.lastTea = "Sencha"
        WidgetCenter.shared.reloadTimelines(ofKind: "LastBrew")
      }
    }
  }
}
