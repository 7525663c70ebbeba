import SwiftUI
import WidgetKit

@main
struct SteepedWidgetsBundle: WidgetBundle {
  var body: some Widget {
    LastBrewWidget()
    BrewLiveActivity()
  }
}
