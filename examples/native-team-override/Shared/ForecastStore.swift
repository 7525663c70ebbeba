import Foundation

/// The forecast the app downloads and the widgets show, kept in the App Group both targets are entitled
/// to (`group.com.$(DEVELOPMENT_TEAM).nativewidgets` in their entitlements). The team is whoever builds
/// the app, so the group's name comes from the Info.plist, where the build writes it (`AppGroup`).
/// A member of both targets through their Sources build phases.
enum ForecastStore {
  static let defaults = UserDefaults(suiteName: Bundle.main.object(forInfoDictionaryKey: "AppGroup") as? String)

  static var temperature: Int {
    get { defaults?.integer(forKey: "temperature") ?? 0 }
    set { defaults?.set(newValue, forKey: "temperature") }
  }
}
