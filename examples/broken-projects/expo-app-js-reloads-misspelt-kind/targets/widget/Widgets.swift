import SwiftUI
import WidgetKit

// Entry point of the `widget` extension that @bacons/apple-targets adds to the Xcode project at prebuild.
@main
struct ExpoWidgets: WidgetBundle {
    var body: some Widget {
        ExpoWidget()
    }
}
