// swift-format-ignore-file
// A fixture kept exactly as written: its expected findings are at fixed positions.
import UIKit

// Shared with the app target. Everything here needs UIApplication, which app extensions
// do not have, so each declaration is marked unavailable in extensions.

@available(iOSApplicationExtension, unavailable)
@MainActor
func openSettings() {
    guard let url = URL(string: UIApplication.openSettingsURLString) else { return }
    UIApplication.shared.open(url)
}

@available(iOSApplicationExtension, unavailable)
@MainActor
func openNotificationSettings() {
    guard let url = URL(string: UIApplication.openNotificationSettingsURLString) else {
        openSettings()
        return
    }
    UIApplication.shared.open(url)
}

/// The alternate icon the user picked in the app, or nil for the default icon.
@available(iOSApplicationExtension, unavailable)
@MainActor
var currentAppIconName: String? {
    UIApplication.shared.alternateIconName
}
