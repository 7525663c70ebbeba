import Foundation
import WidgetLintCore
import WidgetLintReaders

/// The path aliases of an Expo app's `tsconfig.json` (else `jsconfig.json`): `compilerOptions.paths`,
/// which Expo's Metro resolves (on by default from SDK 50) as TypeScript does: an exact pattern, else
/// the `*` pattern with the longest prefix, each of its targets tried in order, relative to
/// `compilerOptions.baseUrl` (else to the folder of the config file).
///
/// `extends` is followed where it names a file of the app (`./…`, `../…`); `expo/tsconfig.base`, which
/// sets neither `paths` nor `baseUrl`, is known. Any other base may set them: an alias that needs what
/// it may set is not known.
struct ExpoPathAliases {
  /// The patterns and their targets; nil when the paths are not known.
  private var paths: [(pattern: String, targets: [String])]?
  /// The folder the targets are relative to.
  private var base: String
  /// The config files read.
  private(set) var files: [String] = []

  /// Bases known to set neither `paths` nor `baseUrl` (`expo/tsconfig.base.json` in the expo package).
  static let knownBases: Set<String> = ["expo/tsconfig.base", "expo/tsconfig.base.json"]

  init(appDirectory: String, limit: Int, overlay: TextOverlay) {
    base = appDirectory
    paths = []
    let candidates = ["tsconfig.json", "jsconfig.json"].map { PathUtilities.join(appDirectory, $0) }
    guard let file = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) else { return }
    var options = Options()
    let wasRead = Self.read(file, limit: limit, overlay: overlay, into: &options, depth: 0)
    files = options.files
    guard wasRead else {
      paths = nil
      return
    }
    guard let declared = options.paths else {
      // No paths: no alias, unless a base not read may set them.
      if options.baseMayDeclare { paths = nil }
      return
    }
    if let baseURL = options.baseURL {
      base = baseURL
    } else if options.baseMayDeclare || declared.folder != PathUtilities.folder(of: file) {
      // A base not read may set `baseUrl`; and targets relative to a config file of another folder
      // are resolved by TypeScript from that folder, which Expo's resolver may not do.
      paths = nil
      return
    } else {
      base = declared.folder
    }
    paths = declared.patterns
  }

  /// What the config files chain sets, the derived file's options over its bases'.
  private struct Options {
    var paths: (patterns: [(pattern: String, targets: [String])], folder: String)?
    var baseURL: String?
    /// A base that was not read (a package, a file not found) may set `paths` or `baseUrl`.
    var baseMayDeclare = false
    var files: [String] = []
  }

  /// Reads one config file and its bases into `options`; false when a file cannot be read.
  private static func read(
    _ file: String, limit: Int, overlay: TextOverlay, into options: inout Options, depth: Int
  ) -> Bool {
    guard depth < 8, case .success(let bytes) = overlay.read(path: file, maxSize: limit) else { return false }
    options.files.append(file)
    guard let config = JavaScriptConfigReader.readJSON5(SourceText(path: file, bytes: bytes)).value else {
      return false
    }
    let folder = PathUtilities.folder(of: file)
    // The bases first (TypeScript 5 takes a list, the later ones over the earlier), then this file.
    var bases: [String] = []
    if let single = config["extends"]?.value.string {
      bases = [single]
    } else if let list = config["extends"]?.array {
      for item in list {
        guard let text = item.value.string else { return false }
        bases.append(text)
      }
    } else if config["extends"] != nil {
      return false
    }
    for name in bases {
      if knownBases.contains(name) { continue }
      guard name.hasPrefix("./") || name.hasPrefix("../") else {
        options.baseMayDeclare = true
        continue
      }
      var path = ExpoAppScripts.normalized(PathUtilities.join(folder, name))
      if !FileManager.default.fileExists(atPath: path), FileManager.default.fileExists(atPath: path + ".json") {
        path += ".json"
      }
      guard read(path, limit: limit, overlay: overlay, into: &options, depth: depth + 1) else { return false }
    }
    guard let compilerOptions = config["compilerOptions"] else { return true }
    if let baseURL = compilerOptions["baseUrl"] {
      guard let text = baseURL.value.string else { return false }
      options.baseURL = ExpoAppScripts.normalized(PathUtilities.join(folder, text))
    }
    if let paths = compilerOptions["paths"] {
      guard case .object(let members) = paths.value else { return false }
      var patterns: [(pattern: String, targets: [String])] = []
      for member in members {
        guard let targets = member.value.array?.compactMap({ $0.value.string }),
          targets.count == member.value.array?.count
        else { return false }
        patterns.removeAll { $0.pattern == member.key.value }
        patterns.append((member.key.value, targets))
      }
      options.paths = (patterns, folder)
    }
    return true
  }

  /// Whether the aliases are known (there may be none).
  var isKnown: Bool { paths != nil }

  /// The file an aliased module names, as Metro finds it; nil when no pattern matches it, when the
  /// aliases are not known, or when no target is a file.
  func resolve(_ module: String) -> String? {
    guard let paths, !JavaScriptAppCallScanner.isRelative(module), !module.hasPrefix("/") else { return nil }
    var best: (targets: [String], star: String?)?
    var longestPrefix = -1
    for (pattern, targets) in paths {
      guard let star = pattern.firstIndex(of: "*") else {
        if pattern == module { return Self.first(targets, star: nil, base: base) }
        continue
      }
      let prefix = String(pattern[..<star])
      let suffix = String(pattern[pattern.index(after: star)...])
      guard module.count >= prefix.count + suffix.count, module.hasPrefix(prefix), module.hasSuffix(suffix),
        prefix.count > longestPrefix
      else { continue }
      longestPrefix = prefix.count
      best = (targets, String(module.dropFirst(prefix.count).dropLast(suffix.count)))
    }
    guard let best else { return nil }
    return Self.first(best.targets, star: best.star, base: base)
  }

  private static func first(_ targets: [String], star: String?, base: String) -> String? {
    for target in targets where !target.hasSuffix(".d.ts") {
      let replaced = star.map { target.replacingOccurrences(of: "*", with: $0) } ?? target
      if let found = ExpoAppScripts.resolve(file: PathUtilities.join(base, replaced)) { return found }
    }
    return nil
  }
}
