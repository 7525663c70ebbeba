import ExpoModulesCore
import WidgetKit

/// The app's own Expo module: JavaScript calls `WidgetBridge.save(note)` after the user edits a note,
/// and the module stores it where the widget reads it and asks WidgetKit to refresh the widget.
public class WidgetBridgeModule: Module {
  public func definition() -> ModuleDefinition {
    Name("WidgetBridge")

    Function("save") { (note: String) in
      UserDefaults(suiteName: "group.com.example.expowidgets")?.set(note, forKey: "note")
      WidgetCenter.shared.reloadTimelines(ofKind: "ExpoWidget")
    }
  }
}
