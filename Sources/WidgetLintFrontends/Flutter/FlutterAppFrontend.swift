import Foundation
import WidgetLintCore
import WidgetLintModel
import WidgetLintReaders

/// A Flutter app as it is: its `ios/` read as the Xcode app it is, and the home_widget calls in its
/// `lib/` Dart, the app's side of the widget.
public struct FlutterAppFrontend: ProjectFrontend {
  /// The folder holding `pubspec.yaml`, `lib/` and `ios/`.
  public var directory: String

  public init(directory: String) { self.directory = directory }

  public func readProject(_ context: FrontendContext) -> Project {
    readVariants(context)[0]
  }

  /// Each of the Xcode project's variants, with the one Dart reading.
  public func readVariants(_ context: FrontendContext) -> [Project] {
    let (calls, files, suppressions) = readDart(context)
    return XcodeAppFrontend(directory: directory).readVariants(context).map { project in
      var project = project
      project.filesRead += files
      project.addSuppressions(suppressions)
      project.appCalls += calls.compactMap(Self.appCall)
      return project
    }
  }

  /// A home_widget call as the rules judge it: `setAppGroupId` opens its group, `updateWidget` reloads
  /// its `iOSName`; `saveWidgetData` names a key, and a call whose argument is not known says nothing.
  static func appCall(_ call: HomeWidgetCall) -> AppCall? {
    guard let name = call.argument else { return nil }
    switch call.method {
    case "setAppGroupId":
      return AppCall(effect: .opensAppGroup, language: .dart, callee: "HomeWidget.setAppGroupId", name: name)
    case "updateWidget":
      return AppCall(
        effect: .reloadsWidgetKind, language: .dart, callee: "HomeWidget.updateWidget", name: name,
        nameIsInCall: call.argumentIsInCall)
    default:
      return nil
    }
  }

  /// The home_widget calls in `lib/`, and the files read for them.
  func readDart(_ context: FrontendContext) -> (
    calls: [HomeWidgetCall], files: [String], suppressions: [FileSuppressions]
  ) {
    let lib = PathUtilities.join(directory, "lib")
    let dartFiles = SwiftFileResolver(baseDirectory: lib, displayDirectory: lib).walk(".").filter {
      $0.hasSuffix(".dart")
    }
    var calls: [HomeWidgetCall] = []
    var files: [String] = []
    var suppressions: [FileSuppressions] = []
    for relative in dartFiles {
      let path = PathUtilities.join(lib, relative)
      guard case .success(let bytes) = context.read(path: path, maxSize: context.limits.maxSourceFileSize) else {
        continue
      }
      files.append(path)
      let read = DartHomeWidgetScanner.scanWithSuppressions(SourceText(path: path, bytes: bytes))
      calls += read.calls
      if let found = read.suppressions { suppressions.append(found) }
    }
    return (calls, files, suppressions)
  }
}
