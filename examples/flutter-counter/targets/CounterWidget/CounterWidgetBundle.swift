import SwiftUI
import WidgetKit

@main
struct CounterWidgetBundle: WidgetBundle {
    var body: some Widget {
        CounterWidget()
    }
}

extension View {
    /// `containerBackground(_:for:)` only exists from iOS 17; this extension deploys to 14.
    @ViewBuilder
    func counterWidgetBackground(_ color: Color) -> some View {
        if #available(iOS 17.0, *) {
            containerBackground(color, for: .widget)
        } else {
            background(color)
        }
    }
}

enum CounterStore {
    /// Must equal the group passed to `HomeWidget.setAppGroupId` in Dart, or the
    /// widget silently reads an empty store.
    static func count() -> Int {
        let prefs = UserDefaults(suiteName: "group.com.example.flutterCounter")
        return prefs?.integer(forKey: "counter") ?? 0
    }
}
