import AppIntents
import SwiftUI
import WidgetKit

/// A Control Center button that reloads the widget (iOS 18).
@available(iOS 18.0, *)
struct RefreshControl: ControlWidget {
    static let kind = "com.example.expowidgets.refresh"

    var body: some ControlWidgetConfiguration {
        StaticControlConfiguration(kind: Self.kind) {
            ControlWidgetButton(action: RefreshWidgetIntent()) {
                Label("Refresh", systemImage: "arrow.clockwise")
            }
        }
        .displayName("Refresh the widget")
    }
}

@available(iOS 18.0, *)
struct RefreshWidgetIntent: AppIntent {
    static let title: LocalizedStringResource = "Refresh the widget"

    func perform() async throws -> some IntentResult {
        WidgetCenter.shared.reloadTimelines(ofKind: "ExpoWidget")
        return .result()
    }
}
