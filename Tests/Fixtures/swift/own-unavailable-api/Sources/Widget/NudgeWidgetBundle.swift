import SwiftUI
import WidgetKit

@main
struct NudgeWidgetBundle: WidgetBundle {
  var body: some Widget {
    RemindersStatusWidget()
  }
}
