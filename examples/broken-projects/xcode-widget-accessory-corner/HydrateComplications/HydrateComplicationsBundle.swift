import SwiftUI
import WidgetKit

@main
struct HydrateComplicationsBundle: WidgetBundle {
  var body: some Widget {
    WaterWidget()
  }
}
