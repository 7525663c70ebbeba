import Foundation

/// The forecast the app downloads and the widgets show, kept in the App Group both targets are entitled
/// to (`group.$(APP_BUNDLE_ID)` in their entitlements, with APP_BUNDLE_ID from Config/Shared.xcconfig).
/// A member of both targets through their Sources build phases.
enum ForecastStore {
  static let defaults = UserDefaults(suiteName: "group.com.example.nativewidgets")

  static var temperature: Int {
    get { defaults?.integer(forKey: "temperature") ?? 0 }
    set { defaults?.set(newValue, forKey: "temperature") }
  }
}
