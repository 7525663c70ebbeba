import ActivityKit
import Foundation

/// The Live Activity the app starts on a boat trip: the harbour it counts down to, and the water's height.
struct TideActivityAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        var height: Double
        var turnsAt: Date
    }

    var harbour: String
}
