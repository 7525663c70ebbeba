// swift-format-ignore-file
// A fixture kept exactly as written: its expected findings are at fixed positions.
import Foundation
import UIKit

/// Reads what the Flutter app saved with home_widget:
///   HomeWidget.saveWidgetData<String>('caption', caption)
///   HomeWidget.renderFlutterWidget(..., key: 'photo')   // a PNG in the group container
enum SharedStore {
    private static let defaults = UserDefaults(suiteName: "group.com.example.app.shared")

    static var caption: String? {
        defaults?.string(forKey: "caption")
    }

    static var photo: UIImage? {
        guard let container = FileManager.default.containerURL(
            forSecurityApplicationGroupIdentifier: "group.com.example.app.data")
        else { return nil }
        let url = container.appendingPathComponent("photo.png")
        guard let data = try? Data(contentsOf: url) else { return nil }
        return UIImage(data: data)
    }
}
