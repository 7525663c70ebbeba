import Foundation
import WidgetLintCore
import WidgetLintReaders

/// The Swift files a target of an XcodeGen spec compiles, found as XcodeGen's `SourceGenerator` finds them:
/// each `sources` entry is a file, or a folder walked for its files (a group or a synchronized folder; a
/// `type: folder` reference is copied as a resource, not compiled), less what its `excludes` globs match
/// and, when it has `includes`, only what they match. Globs are relative to the entry's `path`, with `*`,
/// `?`, `[…]`, `{a,b}` and `**` spanning folders, as Bash 4's globstar; a folder a glob matches counts
/// with everything in it. A `.swift` file goes to the Sources build phase unless the entry sets another
/// `buildPhase`. Bundles such as `.xcassets` or `.docc` are files, not folders to walk.
struct XcodeGenSources {
  /// The files, and what to say about the entries (a path that names nothing, a path whose case differs).
  var files: [SwiftFileResolver.ResolvedFile] = []
  var observations: [ReadingProblem] = []
  /// The entries' paths, where they are written.
  var entries: [Located<String>] = []
  /// The first `Info.plist` among the entries (XcodeGen's default `INFOPLIST_FILE`), relative to the
  /// project's folder, at the entry that holds it.
  var infoPlist: Located<String>?

  /// Folder extensions Xcode treats as one file.
  static let fileWrappers: Set<String> = [
    "xcassets", "bundle", "framework", "xcframework", "app", "appex", "lproj", "docc", "playground",
    "xcdatamodeld", "xcdatamodel", "xcmappingmodel", "scnassets", "xcstickers", "rcproject", "mlpackage",
    "xcodeproj", "xcworkspace", "plugin", "xpc",
  ]

  init(
    target: Located<ConfigValue>, targetName: String, directory: String, defaultDirectoryType: String?,
    context: FrontendContext
  ) {
    guard let sources = target["sources"] else { return }
    let items = sources.array ?? [sources]
    for item in items {
      let path: Located<String>
      var source: Located<ConfigValue>?
      if let text = item.stringValue {
        path = text
      } else if let text = item["path"]?.stringValue {
        path = text
        source = item
      } else {
        continue
      }
      entries.append(path)
      read(
        path, options: source, targetName: targetName, directory: directory,
        defaultDirectoryType: defaultDirectoryType, context: context)
    }
  }

  private mutating func read(
    _ path: Located<String>, options: Located<ConfigValue>?, targetName: String, directory: String,
    defaultDirectoryType: String?, context: FrontendContext
  ) {
    let optional = XcodeGenSpec.Loader.boolean(options?["optional"])?.value ?? false
    // By name, as XcodeGen resolves it: `../Shared` from `App` is `Shared`.
    let full = PathUtilities.resolve(path.value, from: directory)
    let found: String
    switch context.paths.find(full, below: directory) {
    case .exact(let path): found = path
    case .caseDiffers(let spelled):
      found = spelled
      observations.append(
        ReadingProblem(
          kind: .pathCase,
          message:
            "sources entry '\(path.value)' is spelled '\(spelled)' on disk: the case differs, which a Mac's default volume ignores and a case-sensitive one does not",
          span: path.span, pointer: path.pointer, subject: targetName))
    case .ambiguous, .missing:
      if !optional {
        observations.append(
          ReadingProblem(
            kind: .invalidValue,
            message: "sources entry '\(path.value)' names no file or folder (paths are relative to the spec)",
            span: path.span, pointer: path.pointer, subject: targetName))
      }
      return
    }
    var isDirectory: ObjCBool = false
    _ = FileManager.default.fileExists(atPath: found, isDirectory: &isDirectory)
    // XcodeGen's default Info.plist is the first one in the sources, whatever their type and excludes.
    if infoPlist == nil {
      let plist =
        isDirectory.boolValue
        ? SwiftFileResolver(baseDirectory: found, displayDirectory: found).walk(".").first {
          ($0 as NSString).lastPathComponent == "Info.plist"
        }.map { PathUtilities.join(found, $0) }
        : ((found as NSString).lastPathComponent == "Info.plist" ? found : nil)
      infoPlist = plist.map { plist in path.map { _ in Self.relative(plist, to: directory) } }
    }
    // A build phase other than Sources compiles nothing (`buildPhase: resources`, `copyFiles: …`, `none`).
    if let phase = options?["buildPhase"], phase.stringValue?.value != "sources" { return }
    let type =
      options?["type"]?.stringValue?.value
      ?? ((!isDirectory.boolValue || !(found as NSString).pathExtension.isEmpty) ? "file" : defaultDirectoryType)
      ?? "group"
    if type == "folder" { return }
    guard isDirectory.boolValue, type != "file" else {
      if found.hasSuffix(".swift") { add(found) }
      return
    }
    let excludes = Self.patterns(options?["excludes"])
    let includes = Self.patterns(options?["includes"])
    let walked = SwiftFileResolver(baseDirectory: found, displayDirectory: found).walk(".").filter { relative in
      let folders = relative.split(separator: "/").dropLast()
      return !folders.contains { Self.fileWrappers.contains(($0 as NSString).pathExtension.lowercased()) }
    }
    for relative in walked {
      guard !excludes.contains(where: { Self.glob($0, matches: relative) }) else { continue }
      guard includes.isEmpty || includes.contains(where: { Self.glob($0, matches: relative) }) else { continue }
      if relative.hasSuffix(".swift") { add(PathUtilities.join(found, relative)) }
    }
  }

  /// A file compiled once, however many entries name it.
  private mutating func add(_ file: String) {
    let resolved = SwiftFileResolver.ResolvedFile(path: file, displayPath: file)
    if !files.contains(resolved) { files.append(resolved) }
  }

  private static func relative(_ path: String, to directory: String) -> String {
    let base = directory.hasSuffix("/") ? directory : directory + "/"
    return directory != "." && path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
  }

  /// A list of globs (or one written alone).
  static func patterns(_ value: Located<ConfigValue>?) -> [String] {
    guard let value else { return [] }
    return (value.array ?? [value]).compactMap { $0.stringValue?.value }.filter { !$0.isEmpty }
  }

  /// Whether a path relative to a source folder is matched by a glob, or lies in a folder it matches.
  static func glob(_ pattern: String, matches relative: String) -> Bool {
    let path = relative.split(separator: "/").map(String.init)
    for expanded in braceExpansions(of: pattern) {
      var text = expanded
      while text.hasPrefix("./") { text.removeFirst(2) }
      let segments = text.split(separator: "/").map(String.init)
      guard !segments.isEmpty else { continue }
      for count in stride(from: path.count, through: 1, by: -1)
      where PathUtilities.globMatches(segments[...], path.prefix(count)) {
        return true
      }
    }
    return false
  }

  /// `{a,b}` alternatives (Bash's brace expansion, as `glob(3)` with `GLOB_BRACE` does), at most 64.
  static func braceExpansions(of pattern: String) -> [String] {
    var results = [pattern]
    var index = 0
    while index < results.count, results.count <= 64 {
      let text = results[index]
      guard let open = text.firstIndex(of: "{"),
        let close = text[open...].firstIndex(of: "}"),
        text[text.index(after: open)..<close].contains(",")
      else {
        index += 1
        continue
      }
      let options = text[text.index(after: open)..<close].split(separator: ",", omittingEmptySubsequences: false)
      results.replaceSubrange(
        index...index,
        with: options.map { String(text[..<open]) + $0 + String(text[text.index(after: close)...]) })
    }
    return results
  }
}
