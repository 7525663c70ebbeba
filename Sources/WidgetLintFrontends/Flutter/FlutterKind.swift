import Foundation
import WidgetLintCore

/// A Flutter app with an iOS widget: a folder with `pubspec.yaml` whose `ios/` is an Xcode app with an
/// app extension. Its Dart is the app's side of the widget (home_widget).
package enum FlutterKind: ProjectKind {
  package static let id = "flutter"
  package static let summaryName = "Flutter app"

  /// The Dart code, and the pubspec and lock file that say which home_widget it calls.
  package static func role(ofFileNamed name: String) -> FileRole? {
    name.hasSuffix(".dart") || name == "pubspec.yaml" || name == "pubspec.lock" ? .projectFile : nil
  }

  /// Folders with `pubspec.yaml` and an `ios/` of app extensions; a Flutter app's `ios/` itself names
  /// the app.
  package static func discover(in scan: inout FolderScan, cache: DiscoveryCache) {
    let root = ProjectDiscovery.Folder(scan.root)
    if root.name == "ios", let app = app(in: root, names: root.names, cache: cache) {
      scan.claimedFolders.insert("")
      scan.found.append(app)
    }
    for relative in scan.files(named: ["pubspec.yaml"]) {
      let folder = PathUtilities.folder(of: relative)
      guard !scan.claimedFolders.contains(folder) else { continue }
      let path = scan.path(folder)
      if XcodeKind.isAppFolder(PathUtilities.join(path, "ios"), cache: cache) {
        scan.claimedFolders.insert(folder)
        scan.found.append(.flutterApp(directory: path))
      }
    }
  }

  /// The app whose folder (or whose `ios/`) this is.
  package static func app(in folder: ProjectDiscovery.Folder, names: [String], cache: DiscoveryCache)
    -> ProjectDiscovery.Input?
  {
    if names.contains("pubspec.yaml"), names.contains("ios"), XcodeKind.isAppFolder(folder.child("ios"), cache: cache) {
      return .flutterApp(directory: folder.display)
    }
    if folder.name == "ios", let parent = folder.parent,
      FileManager.default.fileExists(atPath: parent.child("pubspec.yaml")),
      XcodeKind.isAppFolder(folder.display, cache: cache)
    {
      return .flutterApp(directory: parent.display)
    }
    return nil
  }

  package static func frontend(for input: ProjectDiscovery.Input, options: FrontendOptions) -> Result<
    (frontend: any ProjectFrontend, shownPath: String), InputError
  > {
    .success((FlutterAppFrontend(directory: input.path), input.path))
  }

  package static func configurationPath(of input: ProjectDiscovery.Input) -> String {
    XcodeKind.configurationPath(of: input)
  }
}

extension ProjectDiscovery.Input {
  /// A Flutter app, by the folder holding `pubspec.yaml` and `ios/`.
  public static func flutterApp(directory: String) -> Self { Self(kind: FlutterKind.self, path: directory) }
}
