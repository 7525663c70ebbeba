import Foundation

/// The next tides, as the app downloads them and the widgets show them: HarborKit, the framework both
/// targets link, keeps them in the App Group both targets must be entitled to.
public enum TideStore {
    public static let defaults = UserDefaults(suiteName: "group.com.example.harbor")

    public static var nextHighTide: Date {
        get { defaults?.object(forKey: "nextHighTide") as? Date ?? Date() }
        set { defaults?.set(newValue, forKey: "nextHighTide") }
    }

    public static var height: Double {
        get { defaults?.double(forKey: "height") ?? 0 }
        set { defaults?.set(newValue, forKey: "height") }
    }
}
