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
    let notes = [
      Self.unknownKindNote(calls, nameIsTheIOSKind: namesTheKind), Self.unknownGroupNote(calls),
    ].compactMap { $0 }
    return XcodeAppFrontend(directory: directory).readVariants(context).map { project in
      var project = project
      project.filesRead += files
      project.addSuppressions(suppressions)
      project.appCalls += calls.compactMap { Self.appCall($0, nameIsTheIOSKind: namesTheKind) }
      project.readingProblems += notes
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

  /// One `computed-value` note for the first `updateWidget` whose kind is not known, naming what was
  /// not followed: the rules that judge kinds say nothing of it.
  static func unknownKindNote(_ calls: [HomeWidgetCall], nameIsTheIOSKind: Bool) -> ReadingProblem? {
    unknownArgumentNote(
      calls.filter { $0.method == "updateWidget" && ($0.argumentName != "name" || nameIsTheIOSKind) },
      what: "kind", defaultName: "iOSName", others: ("call reloads a kind", "calls reload kinds"))
  }

  /// One `computed-value` note for the first `setAppGroupId` whose group is not known: the group the
  /// app opens there is not judged against its entitlements.
  static func unknownGroupNote(_ calls: [HomeWidgetCall]) -> ReadingProblem? {
    unknownArgumentNote(
      calls.filter { $0.method == "setAppGroupId" }, what: "App Group", defaultName: "groupId",
      others: ("call sets a group", "calls set groups"))
  }

  /// The note for the first of `calls` whose argument is not known, saying why and how many more
  /// are like it.
  private static func unknownArgumentNote(
    _ calls: [HomeWidgetCall], what: String, defaultName: String, others: (one: String, many: String)
  ) -> ReadingProblem? {
    let unknown = calls.filter { $0.argument == nil && $0.unknownArgument != nil }
    guard let first = unknown.first, let argument = first.unknownArgument else { return nil }
    var reason = first.unknownReason ?? "is not known"
    if let wrapper = first.parameter {
      reason =
        "is parameter `\(wrapper.parameter)` of `\(wrapper.qualifiedName)`, which no call in the app's Dart passes a value widgetlint follows"
    } else if let reference = first.reference {
      let name = reference.owner.map { "\($0).\(reference.name)" } ?? reference.name
      reason =
        argument.text == name
        ? "is a string constant of neither its file's library nor a file of the app it imports" : reason
    }
    var message = "\(what) not checked: \(first.argumentName ?? defaultName) `\(argument.text)` \(reason)"
    if unknown.count > 1 {
      message += "; \(unknown.count - 1) more home_widget \(unknown.count == 2 ? others.one : others.many) not known"
    }
    return ReadingProblem(kind: .computedValue, message: message, span: argument.span, pointer: .root)
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

  /// The home_widget calls in `lib/` (and in the app's files outside it that `lib/` imports), and the
  /// files read for them: a call through a function of the app that passes its parameter on is one
  /// call per call of that function.
  func readDart(_ context: FrontendContext) -> (
    calls: [HomeWidgetCall], files: [String], suppressions: [FileSuppressions]
  ) {
    let lib = PathUtilities.join(directory, "lib")
    var pending = SwiftFileResolver(baseDirectory: lib, displayDirectory: lib).walk(".").filter {
      $0.hasSuffix(".dart")
    }.map { PathUtilities.join(lib, $0) }
    var libraries = DartLibraries(directory: directory, packageName: packageName(context))
    var calls: [HomeWidgetCall] = []
    var files: [String] = []
    var suppressions: [FileSuppressions] = []
    var attempted = Set(pending.map(DartLibraries.key))
    while let path = pending.first {
      pending.removeFirst()
      guard case .success(let bytes) = context.read(path: path, maxSize: context.limits.maxSourceFileSize) else {
        continue
      }
      files.append(path)
      let source = SourceText(path: path, bytes: bytes)
      let read = DartHomeWidgetScanner.scanWithConstants(source)
      let key = DartLibraries.key(path)
      libraries.files[key] = DartLibraries.File(source: source, constants: read.constants, directives: read.directives)
      calls += read.calls
      if let found = read.suppressions { suppressions.append(found) }
      // A file of the app outside lib/ that this one imports or includes.
      pending += libraries.linked(from: key).filter { attempted.insert($0).inserted }
    }
    Self.resolveReferences(&calls, in: libraries)
    return (Self.followWrappers(calls, in: libraries), files, suppressions)
  }

  /// The `name` of the app's `pubspec.yaml`, which its `package:` imports of itself use.
  func packageName(_ context: FrontendContext) -> String? {
    let pubspec = PathUtilities.join(directory, "pubspec.yaml")
    return context.readValue(at: pubspec, display: pubspec).0?.at("name")?.value.string
  }

  /// A constant another file declares (one the call's file imports, or a `part` of its library): the
  /// one value the names its file sees give it.
  static func resolveReferences(_ calls: inout [HomeWidgetCall], in libraries: DartLibraries) {
    var visible: [String: [String: [Located<String>]]] = [:]
    for index in calls.indices where calls[index].argument == nil {
      guard let reference = calls[index].reference else { continue }
      let file = DartLibraries.key(calls[index].span.file.path)
      if visible[file] == nil { visible[file] = libraries.visibleConstants(from: file) }
      guard let values = visible[file]?[reference.owner.map { "\($0).\(reference.name)" } ?? reference.name],
        let first = values.first, values.allSatisfy({ $0.value == first.value })
      else { continue }
      calls[index].argument = first
    }
  }

  /// How many functions passing a parameter on to one another are followed.
  static let maxWrapperDepth = 4

  /// The calls, with each one made with a parameter of its function (a wrapper) replaced by the calls
  /// of that function, in any file that names it. A wrapper nobody calls keeps its call, whose kind is
  /// not known.
  static func followWrappers(_ calls: [HomeWidgetCall], in libraries: DartLibraries) -> [HomeWidgetCall] {
    // A data key passed on (`saveWidgetData`) is not judged: its wrappers are not looked for.
    func isPending(_ call: HomeWidgetCall) -> Bool {
      call.parameter != nil && call.argument == nil && call.method != "saveWidgetData"
    }
    var result = calls.filter { !isPending($0) }
    var pending = calls.filter(isPending)
    var depth = 0
    while !pending.isEmpty, depth < maxWrapperDepth {
      depth += 1
      var wrappers: [DartWrapper: HomeWidgetCall] = [:]
      for call in pending { if let wrapper = call.parameter, wrappers[wrapper] == nil { wrappers[wrapper] = call } }
      let names = Set(wrappers.keys.map(\.function)).map { ByteSearch.Pattern(Array($0.utf8)) }
      var found: [(wrapper: DartWrapper, call: HomeWidgetCall)] = []
      for source in libraries.files.values.map(\.source).sorted(by: { $0.path < $1.path })
      where names.contains(where: { $0.occurs(in: source.bytes) }) {
        found += DartHomeWidgetScanner.wrapperCalls(wrappers, in: source)
      }
      var made = found.map(\.call)
      resolveReferences(&made, in: libraries)
      let called = Set(found.map(\.wrapper))
      result += pending.filter { call in call.parameter.map { !called.contains($0) } ?? true }
      result += made.filter { !isPending($0) }
      pending = made.filter(isPending)
    }
    return result + pending
  }
}
