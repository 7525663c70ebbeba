// swift-format-ignore-file
// A fixture kept exactly as written: its expected findings are at fixed positions.
import SwiftUI
import WidgetKit

@main
struct MomentsWidgetBundle: WidgetBundle {
    var body: some Widget {
        MomentsWidget()
    }
}
