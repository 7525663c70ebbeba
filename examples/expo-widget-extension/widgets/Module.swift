import ActivityKit
import ExpoModulesCore
import WidgetKit

// Copied by the plugin into its native module, which the app links: the app's side of the widget.
public class ReactNativeWidgetExtensionModule: Module {
  public func definition() -> ModuleDefinition {
    Name("ReactNativeWidgetExtension")

    Function("saveLastHike") { (trail: String, distance: Double) in
      let store = UserDefaults(suiteName: "group.com.example.traillog")
      store?.set(trail, forKey: "lastTrail")
      store?.set(distance, forKey: "lastDistance")
      WidgetCenter.shared.reloadTimelines(ofKind: "LastHike")
    }

    Function("startActivity") { (trail: String, distance: Double) in
      if #available(iOS 16.2, *) {
        let content = ActivityContent(state: HikeAttributes.ContentState(distance: distance), staleDate: nil)
        _ = try? Activity.request(attributes: HikeAttributes(trailName: trail), content: content)
      }
    }
  }
}
