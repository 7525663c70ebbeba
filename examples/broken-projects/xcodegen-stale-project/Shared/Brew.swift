import ActivityKit
import Foundation

/// What the app and its widgets share: the App Group store of the last brew, and the Live Activity of
/// the pot steeping now. Compiled into both targets (`sources: [..., Shared]`).
enum BrewStore {
  static let defaults = UserDefaults(suiteName: "group.com.example.steeped")

  static var lastTea: String {
    get { defaults?.string(forKey: "lastTea") ?? "Sencha" }
    set { defaults?.set(newValue, forKey: "lastTea") }
  }
}

struct BrewAttributes: ActivityAttributes {
  struct ContentState: Codable, Hashable {
    var readyAt: Date
  }

  var tea: String
}
