import SwiftUI
import WidgetKit

@main
struct MomentsWidgetBundle: WidgetBundle {
  var body: some Widget {
    MomentsWidget()
  }
}
