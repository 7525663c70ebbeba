import SwiftUI
import WidgetKit

@main
struct NativeWidgetsApp: App {
  var body: some Scene {
    WindowGroup {
      Button("Refresh forecast") {
        ForecastStore.temperature = 21
        // The city the widget shows, saved where the widget cannot read it: one letter short of the group.
        UserDefaults(suiteName: "group.com.example.nativewidget")?.set("Lisbon", forKey: "city")
        WidgetCenter.shared.reloadTimelines(ofKind: "Forecast")
      }
    }
  }
}
