import Foundation

/// What the app last wrote about the boat's berth.
enum BerthStore {
  static let defaults = UserDefaults(suiteName: "group.com.example.harbor.berths")

  static var berth: String { defaults?.string(forKey: "berth") ?? "–" }
}
