// swift-format-ignore-file
// A fixture kept exactly as written: its expected findings are at fixed positions.
import AppIntents
import SwiftUI
import WidgetKit

/// Opens the app on its "new task" sheet.
@available(iOS 18.0, *)
struct OpenNewTaskIntent: AppIntent {
    static var title: LocalizedStringResource = "New Task"
    static var openAppWhenRun = true

    func perform() async throws -> some IntentResult {
        .result()
    }
}

/// A Control Center button (iOS 18). Controls are listed in the same bundle as the widgets,
/// behind `if #available(iOS 18, *)`; they have no widget families and no manifest entry.
@available(iOS 18.0, *)
struct AddTaskControl: ControlWidget {
    var body: some ControlWidgetConfiguration {
        StaticControlConfiguration(kind: "com.example.tickoff.AddTaskControl") {
            ControlWidgetButton(action: OpenNewTaskIntent()) {
                Label("New Task", systemImage: "plus.circle")
            }
        }
        .displayName("New Task")
    }
}
