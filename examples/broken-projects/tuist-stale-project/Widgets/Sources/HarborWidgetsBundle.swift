import SwiftUI
import WidgetKit

@main
struct HarborWidgetsBundle: WidgetBundle {
    var body: some Widget {
        NextTideWidget()
        TideLiveActivity()
    }
}
