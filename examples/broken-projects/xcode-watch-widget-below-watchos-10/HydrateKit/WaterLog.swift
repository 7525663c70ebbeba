import Foundation
import WidgetKit

/// The day's water intake, kept in the App Group the iPhone widget reads.
public final class WaterLog {
  public static let shared = WaterLog()
  public static let dailyGoal = 8
  public static let widgetKind = "WaterWidget"

  private let defaults = UserDefaults(suiteName: "group.com.example.hydrate")

  public var glassesToday: Int { defaults?.integer(forKey: "glassesToday") ?? 0 }

  public func logGlass() {
    defaults?.set(glassesToday + 1, forKey: "glassesToday")
    WidgetCenter.shared.reloadTimelines(ofKind: WaterLog.widgetKind)
  }
}
