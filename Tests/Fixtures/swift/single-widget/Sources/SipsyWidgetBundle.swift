// swift-format-ignore-file
// A fixture kept exactly as written: its expected findings are at fixed positions.
import SwiftUI
import WidgetKit

@main
struct SipsyWidgetBundle: WidgetBundle {
    var body: some Widget {
        WaterIntakeWidget()
    }
}

/// What the app writes into the shared App Group after every logged drink.
struct IntakeSnapshot: Codable {
    var millilitres: Int
    var goal: Int
    var lastDrink: Date?

    var progress: Double {
        guard goal > 0 else { return 0 }
        return min(Double(millilitres) / Double(goal), 1)
    }

    static let placeholder = IntakeSnapshot(millilitres: 1_250, goal: 2_000, lastDrink: Date())
}

enum IntakeStore {
    private static let defaults = UserDefaults(suiteName: "group.com.example.sipsy")

    static func today() -> IntakeSnapshot {
        guard let data = defaults?.data(forKey: "today"),
              let snapshot = try? JSONDecoder().decode(IntakeSnapshot.self, from: data)
        else { return IntakeSnapshot(millilitres: 0, goal: 2_000, lastDrink: nil) }
        return snapshot
    }
}
