import UIKit

/// Compiled into the Runner app only (its target membership in Xcode), though it sits in the widget's
/// folder: the app's Home Screen quick actions. Extensions may not use UIApplication.shared, but this is
/// not extension code.
enum AppShortcuts {
  static func install() {
    UIApplication.shared.shortcutItems = [
      UIApplicationShortcutItem(type: "increment", localizedTitle: "Add one")
    ]
    // The app's own settings, in a group only the app is entitled to.
    UserDefaults(suiteName: "group.com.example.flutterCounter.settings")?.set(true, forKey: "shortcuts")
  }
}
