import SwiftUI
import WidgetKit

@main
struct StepGoalWidgets: WidgetBundle {
  var body: some Widget {
    StepGoalWidget()
  }
}
