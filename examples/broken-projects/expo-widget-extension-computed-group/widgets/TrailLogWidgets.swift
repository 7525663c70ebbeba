import SwiftUI
import WidgetKit

@main
struct TrailLogWidgets: WidgetBundle {
  var body: some Widget {
    LastHikeWidget()
    HikeLiveActivity()
  }
}
