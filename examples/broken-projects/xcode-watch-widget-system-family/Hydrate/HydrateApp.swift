import HydrateKit
import SwiftUI

@main
struct HydrateApp: App {
  @State private var glasses = WaterLog.shared.glassesToday

  var body: some Scene {
    WindowGroup {
      VStack(spacing: 16) {
        Text("\(glasses) of \(WaterLog.dailyGoal) glasses")
          .font(.title)
        Button("Log a glass") {
          WaterLog.shared.logGlass()
          glasses = WaterLog.shared.glassesToday
        }
      }
    }
  }
}
