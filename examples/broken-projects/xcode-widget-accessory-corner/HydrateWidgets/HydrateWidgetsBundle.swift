import SwiftUI
import WidgetKit

@main
struct HydrateWidgetsBundle: WidgetBundle {
  var body: some Widget {
    WaterWidget()
  }
}
