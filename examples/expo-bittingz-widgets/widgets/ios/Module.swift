import ExpoModulesCore
import WidgetKit

// Copied by the plugin into its native module, which the app links: the app's side of the widget.
public class ExpoWidgetsModule: Module {
  public func definition() -> ModuleDefinition {
    Name("ExpoWidgets")

    Function("setWidgetData") { (json: String) in
      let suite = UserDefaults(suiteName: "group.com.example.stepgoal.expowidgets")
      suite?.set(json, forKey: StepSnapshot.key)
      WidgetCenter.shared.reloadTimelines(ofKind: "StepGoal")
    }
  }
}
