import SwiftUI
import WidgetKit

@main
struct NativeWidgetsApp: App {
  var body: some Scene {
    WindowGroup {
      Button("Refresh forecast") {
        ForecastStore.temperature = 21
        WidgetCenter.shared.reloadTimelines(ofKind: "Forecast")
      }
    }
  }
}
