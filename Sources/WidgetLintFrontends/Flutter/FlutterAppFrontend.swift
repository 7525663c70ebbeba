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
    let namesTheKind = calls.contains { $0.argumentName == "name" } ? nameIsTheIOSKind(context) : false
    return XcodeAppFrontend(directory: directory).readVariants(context).map { project in
      var project = project
      project.filesRead += files
      project.addSuppressions(suppressions)
      project.appCalls += calls.compactMap { Self.appCall($0, nameIsTheIOSKind: namesTheKind) }
      return project
    }
  }

  /// A home_widget call as the rules judge it: `setAppGroupId` opens its group, `updateWidget` reloads
  /// its `iOSName` (or its `name`, where that is the iOS kind); `saveWidgetData` names a key, and a call
  /// whose argument is not known says nothing.
  static func appCall(_ call: HomeWidgetCall, nameIsTheIOSKind: Bool = false) -> AppCall? {
    guard let name = call.argument else { return nil }
    switch call.method {
    case "setAppGroupId":
      return AppCall(effect: .opensAppGroup, language: .dart, callee: "HomeWidget.setAppGroupId", name: name)
    case "updateWidget":
      guard call.argumentName != "name" || nameIsTheIOSKind else { return nil }
      var reload = AppCall(
        effect: .reloadsWidgetKind, language: .dart, callee: "HomeWidget.updateWidget", name: name,
        nameIsInCall: call.argumentIsInCall)
      reload.argumentName = call.argumentName
      return reload
    default:
      return nil
    }
  }

  /// The version of home_widget from which `updateWidget(name:)` without `iOSName` reloads the kind
  /// `name` on iOS (its changelog, 0.9.0: "Fix iOS Widget Updating using only `name` parameter"):
  /// before it, the iOS plugin took only `iOSName` and answered an `InvalidArguments` error.
  static let nameFallbackVersion = OSVersion(0, 9, 0)

  /// Whether the app's home_widget is 0.9.0 or later: the version `pubspec.lock` resolved, else the
  /// lower bound of the constraint in `pubspec.yaml` (`^0.9.0`, `>=0.9.0 <1.0.0`, `0.9.1`). Anything
  /// else (no lock, `any`, a git or path dependency, a pre-release) is not known: false.
  func nameIsTheIOSKind(_ context: FrontendContext) -> Bool {
    let lock = PathUtilities.join(directory, "pubspec.lock")
    if FileManager.default.fileExists(atPath: lock) {
      let (value, _, _) = context.readValue(at: lock, display: lock)
      if let version = value?.at("packages", "home_widget", "version")?.value.string {
        return Self.version(version).map { $0 >= Self.nameFallbackVersion } ?? false
      }
    }
    let pubspec = PathUtilities.join(directory, "pubspec.yaml")
    let (value, _, _) = context.readValue(at: pubspec, display: pubspec)
    guard let constraint = value?.at("dependencies", "home_widget")?.value.string else { return false }
    var lowerBound: OSVersion?
    for part in constraint.split(separator: " ") {
      var text = Substring(part)
      if text.hasPrefix(">=") {
        text = text.dropFirst(2)
      } else if text.hasPrefix("^") || text.hasPrefix(">") {
        text = text.dropFirst()
      } else if text.hasPrefix("<") {
        continue
      }
      guard let version = Self.version(String(text)) else { return false }
      lowerBound = max(lowerBound ?? version, version)
    }
    return lowerBound.map { $0 >= Self.nameFallbackVersion } ?? false
  }

  /// A package version (`0.9.0`, `0.9.0+1`) without its build number; nil for a pre-release.
  static func version(_ text: String) -> OSVersion? {
    let release = text.split(separator: "+", maxSplits: 1).first.map(String.init) ?? text
    guard !release.contains("-") else { return nil }
    return OSVersion(parsing: release)
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
    var constants: [String: [Located<String>]] = [:]
    for relative in dartFiles {
      let path = PathUtilities.join(lib, relative)
      guard case .success(let bytes) = context.read(path: path, maxSize: context.limits.maxSourceFileSize) else {
        continue
      }
      files.append(path)
      let read = DartHomeWidgetScanner.scanWithConstants(SourceText(path: path, bytes: bytes))
      calls += read.calls
      for (name, value) in read.constants { constants[name, default: []].append(value) }
      if let found = read.suppressions { suppressions.append(found) }
    }
    // A constant another file declares (`import 'widget_kinds.dart'`, or a `part`): the one value the
    // app's files give that name.
    for index in calls.indices where calls[index].argument == nil {
      guard let reference = calls[index].reference,
        let values = constants[reference.owner.map { "\($0).\(reference.name)" } ?? reference.name],
        let first = values.first, values.allSatisfy({ $0.value == first.value })
      else { continue }
      calls[index].argument = first
    }
    return (calls, files, suppressions)
  }
}
