import Foundation

/// The next tides, as the app downloads them and the widgets show them. Both targets compile this file
/// (`Shared/**` is in both targets' sources) and are entitled to the App Group it opens.
enum TideStore {
    static let defaults = UserDefaults(suiteName: "group.com.example.harbor")

    static var nextHighTide: Date {
        get { defaults?.object(forKey: "nextHighTide") as? Date ?? Date() }
        set { defaults?.set(newValue, forKey: "nextHighTide") }
    }

    static var height: Double {
        get { defaults?.double(forKey: "height") ?? 0 }
        set { defaults?.set(newValue, forKey: "height") }
    }
}
