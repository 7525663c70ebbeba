import Foundation
import WidgetLintCore
import WidgetLintModel
import WidgetLintReaders

/// The Expo app's own JavaScript and TypeScript, as far as it touches widgets: the App Groups it opens
/// with `new ExtensionStorage(…)` or `SharedGroupPreferences`, and the kinds it reloads with
/// `ExtensionStorage.reloadWidget(…)` and `ExtensionStorage.reloadControls(…)` (see
/// `JavaScriptAppCallScanner`), as `AppCall`s. Constants are followed into relative modules and through
/// the app's `tsconfig.json` path aliases (`ExpoPathAliases`).
///
/// Big apps have thousands of script files: each is read and searched for the APIs' names as bytes,
/// and only those that hold one are parsed, with the relative modules whose constants their calls
/// import.
package enum ExpoAppScripts {
  /// The script files the app's bundler reads.
  package static let extensions = [".js", ".jsx", ".ts", ".tsx", ".mjs", ".cjs"]

  /// Folders at the app's root that hold no code of the app's: the native projects prebuild writes and
  /// what builds leave. (`node_modules`, `Pods` and hidden folders are skipped anywhere.)
  package static let nonCodeFolders: Set<String> = ["ios", "android", "dist", "build", "web-build"]

  /// Whether a file, by its path relative to the app's folder, is the app's own code: a script outside
  /// the folders above, the targets root, dependencies and hidden folders, and not a test (Jest's
  /// `__tests__`, `__mocks__`, `*.test.*`, `*.spec.*`), which the app does not ship.
  package static func isAppScript(_ relative: String, targetsRoot: String) -> Bool {
    let relative = SwiftFileResolver.normalize(relative)
    guard isScript(relative) else { return false }
    let components = relative.split(separator: "/").map(String.init)
    guard let first = components.first, !nonCodeFolders.contains(first), relative != targetsRoot,
      !relative.hasPrefix(targetsRoot + "/")
    else { return false }
    for component in components
    where SwiftFileResolver.walkSkips(folderNamed: component) {
      return false
    }
    return !isTest(relative)
  }

  static func isScript(_ path: String) -> Bool { extensions.contains(where: path.hasSuffix) }

  /// Jest's folders of tests and mocks.
  static let testFolders: Set<String> = ["__tests__", "__mocks__"]

  /// The endings of Jest's test files: `*.test.ts`, `*.spec.jsx`, …
  static let testSuffixes = ["test", "spec"].flatMap { kind in extensions.map { "." + kind + $0 } }

  /// A test of Jest's: in `__tests__` or `__mocks__`, or named `*.test.*` or `*.spec.*`.
  static func isTest(_ relative: String) -> Bool {
    isTestName(relative) || relative.split(separator: "/").dropLast().contains { testFolders.contains(String($0)) }
  }

  static func isTestName(_ path: String) -> Bool { testSuffixes.contains(where: path.hasSuffix) }

  /// The names of files that make their folder an app's root: an Expo config, a Flutter pubspec, an
  /// Xcode project. A folder below the app with one is a project of its own, whose code the app never
  /// runs.
  static let projectRootNames: Set<Substring> = Set(
    (ExpoAppFrontend.dynamicConfigNames + ExpoAppFrontend.staticConfigNames + ["pubspec.yaml"]).map { Substring($0) })

  /// The folders (relative to the app, never the app's own) that hold a project of their own.
  /// `isAppPackage` tells whether a `package.json` below the app is an app's (``isExpoAppPackage(_:)``).
  static func nestedProjectFolders(_ files: [String], isAppPackage: (String) -> Bool = { _ in false }) -> [String] {
    var folders: Set<String> = []
    // Names are compared in place: an app has thousands of files and a few project roots at most.
    for file in files {
      let name = PathUtilities.name(of: file)
      if projectRootNames.contains(name) {
        let folder = PathUtilities.folder(of: file)
        if !folder.isEmpty { folders.insert(folder) }
      } else if name == "package.json" {
        let folder = PathUtilities.folder(of: file)
        if !folder.isEmpty, isAppPackage(file) { folders.insert(folder) }
      } else if name == "project.pbxproj" {
        // `Demo.xcodeproj/project.pbxproj`: the folder that holds the project.
        let folder = PathUtilities.folder(of: file)
        let holder = PathUtilities.folder(of: folder)
        if folder.hasSuffix(".xcodeproj"), !holder.isEmpty { folders.insert(holder) }
      }
    }
    return folders.sorted()
  }

  /// An Expo app's `package.json` without an app config of its own (optional since Expo SDK 46): it
  /// depends on `expo` and `react-native` both, where a library of the workspace lists them as peers.
  static func isExpoAppPackage(_ bytes: [UInt8]) -> Bool {
    guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
      let dependencies = object["dependencies"] as? [String: Any]
    else { return false }
    return dependencies["expo"] != nil && dependencies["react-native"] != nil
  }

  static func isInside(_ file: String, _ folders: [String]) -> Bool {
    folders.contains { file.hasPrefix($0 + "/") }
  }

  /// The app's calls, and the files parsed for them.
  /// What the app's scripts hold for the rules, and the files read.
  package typealias Scripts = (
    calls: [AppCall], files: [String], suppressions: [FileSuppressions], widgetRuntimeUses: [WidgetRuntimeUse]
  )

  package static func read(appDirectory: String, targetsRoot: String, context: FrontendContext) -> Scripts {
    let skipped = nonCodeFolders.union([targetsRoot])
    // The walk leaves out what is not the app's code: a script it finds is the app's unless its name
    // makes it a test, or it is in a project of its own (a demo app beside the app).
    let files = context.files(below: appDirectory, skipping: skipped, skippingNames: testFolders)
    let nested = nestedProjectFolders(files) { file in
      guard case .success(let bytes) = context.read(path: PathUtilities.join(appDirectory, file), maxSize: 1 << 20)
      else { return false }
      return isExpoAppPackage(bytes)
    }
    let scripts = files.filter {
      isScript($0) && !isTestName($0) && !isInside($0, nested)
    }.map { PathUtilities.join(appDirectory, $0) }
    let needles = ByteSearch.NeedleSet(JavaScriptAppCallScanner.needles.map { Array($0.utf8) })
    let limit = context.limits.maxSourceFileSize
    // Only the bytes of the files that mention a call are kept; the language server keeps the search
    // from one lint to the next while no script changes.
    let search = {
      context.overlay.look(at: scripts, maxSize: limit) { bytes -> [UInt8]? in
        needles.anyOccurs(in: bytes) ? Array(bytes) : nil
      }
    }
    let candidates =
      context.projectCache?.scriptSearch(scripts, maxFileSize: limit, overlay: context.overlay, search: search)
      ?? search()
    var reading = Reading(limit: limit, context: context, appDirectory: appDirectory)
    var calls: [AppCall] = []
    var runtimeUses: [WidgetRuntimeUse] = []
    var seen: Set<String> = []
    for (path, bytes) in zip(scripts, candidates) {
      guard let bytes = bytes ?? nil, let facts = reading.facts(of: path, bytes: bytes) else { continue }
      runtimeUses += facts.widgetRuntimeUses
      for call in facts.calls {
        let effect: AppCall.Effect
        switch call.effect {
        case .opensAppGroup: effect = .opensAppGroup
        case .reloadsWidgetKind: effect = .reloadsWidgetKind
        case .reloadsControlKind: effect = .reloadsControlKind
        }
        let name: Located<String>?
        switch call.argument {
        case .literal(let literal): name = literal
        case .imported(let module, let imported, _):
          name = reading.constant(imported, of: module, importedBy: path)
        case .absent, .unknown: name = nil
        }
        // A constant several calls use is judged once.
        guard let name, seen.insert("\(effect)\u{0}\(name.span.file.path)\u{0}\(name.span.start)").inserted else {
          continue
        }
        calls.append(
          AppCall(
            effect: effect, language: .javaScript, callee: call.callee, name: name,
            nameIsInCall: call.argumentIsInCall))
      }
    }
    return (calls, reading.filesRead, reading.suppressions, runtimeUses)
  }

  /// One app's reading, made once for all its variants (by targets root, which a variant may change).
  package final class Cache {
    private var readings: [String: Scripts] = [:]

    package init() {}

    package func read(appDirectory: String, targetsRoot: String, context: FrontendContext) -> Scripts {
      if let known = readings[targetsRoot] { return known }
      let reading = ExpoAppScripts.read(appDirectory: appDirectory, targetsRoot: targetsRoot, context: context)
      readings[targetsRoot] = reading
      return reading
    }
  }

  /// The files parsed for one app, each once.
  struct Reading {
    let limit: Int
    /// Reads a file as the run's overlay has it (`FrontendContext.read`).
    let context: FrontendContext
    var facts: [String: JavaScriptAppCallScanner.FileFacts?] = [:]
    var filesRead: [String] = []
    /// The `widgetlint-disable…` comments of the files parsed.
    var suppressions: [FileSuppressions] = []

    /// The app's folder, whose `tsconfig.json` may give path aliases (read when an import needs one).
    let appDirectory: String
    var aliases: ExpoPathAliases?

    init(limit: Int, context: FrontendContext, appDirectory: String) {
      self.limit = limit
      self.context = context
      self.appDirectory = appDirectory
    }

    /// The file a module names: a relative one from the importing file, else through the app's path
    /// aliases (`@/constants`); nil for a package, or an alias that is not known.
    mutating func file(of module: String, importedBy file: String) -> String? {
      if JavaScriptAppCallScanner.isRelative(module) { return ExpoAppScripts.resolve(module, from: file) }
      if aliases == nil {
        let read = ExpoPathAliases(appDirectory: appDirectory, limit: limit, overlay: context.overlay)
        aliases = read
        filesRead += read.files
      }
      return aliases?.resolve(module)
    }

    mutating func facts(of path: String, bytes: [UInt8]? = nil) -> JavaScriptAppCallScanner.FileFacts? {
      if let known = facts[path] { return known }
      var read: JavaScriptAppCallScanner.FileFacts?
      if let bytes = bytes ?? (try? context.read(path: path, maxSize: limit).get()) {
        let source = SourceText(path: path, bytes: bytes)
        read = JavaScriptAppCallScanner.scan(source)
        filesRead.append(path)
        if let directives = read?.suppressions, !directives.isEmpty {
          suppressions.append(FileSuppressions(file: source, directives: directives))
        }
      }
      facts[path] = read
      return read
    }

    /// The string constant a relative module exports under `name`, following `export … from` and
    /// `export * from` through relative modules; nil when it is not one, or not found.
    mutating func constant(_ name: String, of module: String, importedBy file: String, depth: Int = 0)
      -> Located<String>?
    {
      guard depth < 16, let path = self.file(of: module, importedBy: file), let facts = facts(of: path) else {
        return nil
      }
      switch facts.exports[name] {
      case .literal(let literal)?:
        return literal
      case .reexport(let next, let original)?:
        return constant(original, of: next, importedBy: path, depth: depth + 1)
      case nil:
        for star in facts.starExports {
          if let found = constant(name, of: star, importedBy: path, depth: depth + 1) { return found }
        }
        return nil
      }
    }
  }

  /// The extensions a relative import may leave out, in the order Expo's Metro config lists them.
  static let resolvedExtensions = ["ts", "tsx", "mjs", "js", "jsx", "cjs"]

  /// The file a relative import names, as Metro finds it for iOS: the path itself when it is a script,
  /// else with `.ios`, `.native` or no platform before an extension, else the folder's `index` so.
  package static func resolve(_ module: String, from file: String) -> String? {
    resolve(file: PathUtilities.join((file as NSString).deletingLastPathComponent, module))
  }

  /// The file a path names as Metro finds it (see `resolve(_:from:)`).
  static func resolve(file path: String) -> String? {
    let base = normalized(path)
    let manager = FileManager.default
    func isFile(_ path: String) -> Bool {
      var isDirectory: ObjCBool = false
      return manager.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }
    if extensions.contains(where: base.hasSuffix), isFile(base) { return base }
    for prefix in [base, PathUtilities.join(base, "index")] {
      for ext in resolvedExtensions {
        for candidate in ["\(prefix).ios.\(ext)", "\(prefix).native.\(ext)", "\(prefix).\(ext)"] where isFile(candidate)
        {
          return candidate
        }
      }
    }
    return nil
  }

  /// A path with its `.` and `name/..` segments taken out (a leading `..` stays).
  static func normalized(_ path: String) -> String {
    var segments: [Substring] = []
    for segment in path.split(separator: "/", omittingEmptySubsequences: true) {
      if segment == "." { continue }
      if segment == "..", let last = segments.last, last != ".." {
        segments.removeLast()
      } else {
        segments.append(segment)
      }
    }
    let joined = segments.joined(separator: "/")
    return path.hasPrefix("/") ? "/" + joined : (joined.isEmpty ? "." : joined)
  }
}
