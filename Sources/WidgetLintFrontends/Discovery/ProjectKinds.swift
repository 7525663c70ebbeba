/// The registered project kinds. Adding a frontend is one folder and one line here.
package enum ProjectKinds {
  /// Every kind, in the order they claim a folder: a manifest that lists a Swift file owns it; an Expo
  /// app comes before the Flutter and Xcode apps, because its `ios/` is what prebuild writes; a Flutter
  /// app before an Xcode app, because its `ios/` is an Xcode app of its own; a Tuist project and an
  /// XcodeGen spec before an Xcode app, because the `.xcodeproj` beside them is what they generate.
  package static let all: [any ProjectKind.Type] = [
    ManifestKind.self,
    ExpoKind.self,
    FlutterKind.self,
    TuistKind.self,
    XcodeGenKind.self,
    XcodeKind.self,
    SwiftSourcesKind.self,
  ]
}
