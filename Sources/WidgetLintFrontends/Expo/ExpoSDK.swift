import Foundation
import WidgetLintCore
import WidgetLintModel

/// The Expo SDK an app depends on (`package.json`'s `expo` dependency), and the Xcode it needs: each
/// SDK names its minimum Xcode (Expo, "Support for Android and iOS versions",
/// https://docs.expo.dev/versions/latest/#support-for-android-and-ios-versions), and App Store Connect
/// has required Xcode 16 since April 2025, which SDK 52 and later require too.
package enum ExpoSDK {
  /// The lowest Xcode each SDK builds with, from the oldest listed; older SDKs are not judged.
  package static let minimumXcode: [(sdk: Int, xcode: OSVersion)] = [
    (52, OSVersion(16)), (50, OSVersion(15)),
  ]

  /// The SDK's major version from a dependency range such as `~53.0.4`, `^52.0.0` or `53.0.0`; nil for
  /// a tag, a URL or anything else that names no version.
  package static func majorVersion(ofDependency range: String) -> Int? {
    let digits = range.drop { "~^=>v ".contains($0) }.prefix { $0.isNumber }
    return digits.isEmpty ? nil : Int(digits)
  }

  /// The toolchain the app in `directory` builds with, from its package.json, where it can be known,
  /// and the package.json's path when it was read.
  package static func toolchain(appDirectory directory: String, context: FrontendContext) -> (Toolchain?, read: String?)
  {
    let path = PathUtilities.join(directory, "package.json")
    guard FileManager.default.fileExists(atPath: path) else { return (nil, nil) }
    let (value, problems, _) = context.readValue(at: path, display: path)
    guard problems.isEmpty, let dependency = value?.at("dependencies", "expo")?.stringValue,
      let sdk = majorVersion(ofDependency: dependency.value),
      let xcode = minimumXcode.first(where: { sdk >= $0.sdk })?.xcode
    else { return (nil, path) }
    return (Toolchain(xcode: xcode, source: "Expo SDK \(sdk) in package.json", span: dependency.span), path)
  }
}
