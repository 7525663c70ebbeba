import Foundation

// Shared by the widget and, through moduleDependencies, the app's module.
struct StepSnapshot: Codable {
  var steps: Int
  var goal: Int

  static let suiteName = "group.com.example.stepgoal.expowidgets"
  static let key = "StepSnapshot"
}
