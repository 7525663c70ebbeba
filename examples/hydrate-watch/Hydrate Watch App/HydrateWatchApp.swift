import SwiftUI
import WidgetKit

@main
struct HydrateWatchApp: App {
  @State private var glasses = 0

  var body: some Scene {
    WindowGroup {
      Button("Log a glass (\(glasses))") {
        let defaults = UserDefaults(suiteName: "group.com.example.hydrate")
        glasses += 1
        defaults?.set(glasses, forKey: "glassesToday")
        WidgetCenter.shared.reloadTimelines(ofKind: "WaterWidget")
      }
    }
  }
}
