// swift-format-ignore-file
// A fixture kept exactly as written: its expected findings are at fixed positions.
import SwiftUI
import WidgetKit

@main
struct NudgeWidgetBundle: WidgetBundle {
    var body: some Widget {
        RemindersStatusWidget()
    }
}
