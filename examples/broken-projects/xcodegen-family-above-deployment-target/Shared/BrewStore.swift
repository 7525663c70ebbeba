import Foundation

/// The last brew, in the App Group both targets are entitled to.
enum BrewStore {
  static let defaults = UserDefaults(suiteName: "group.com.example.steeped")

  static var lastTea: String {
    get { defaults?.string(forKey: "lastTea") ?? "Sencha" }
    set { defaults?.set(newValue, forKey: "lastTea") }
  }
}
