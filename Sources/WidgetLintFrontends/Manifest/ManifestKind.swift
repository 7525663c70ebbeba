import Foundation
import WidgetLintCore
import WidgetLintReaders

/// A widgetlint manifest: `widgets.yaml`, `widgets.yml` or `widgets.json` (any YAML or JSON file with a
/// manifest's keys when named on the command line), or standard input.
package enum ManifestKind: ProjectKind {
  package static let id = "manifest"
  package static let summaryName = "manifest"
  package static let fileNames: Set<String> = ["widgets.yaml", "widgets.yml", "widgets.json"]

  package static func role(ofFileNamed name: String) -> FileRole? {
    if fileNames.contains(name) { return .entry }
    if [".yaml", ".yml", ".json"].contains(where: name.lowercased().hasSuffix) { return .entryWhenNamed }
    return nil
  }

  package static func input(forFile path: String, cache: DiscoveryCache) -> Result<
    ProjectDiscovery.Input, ProjectDiscovery.SkippedFile
  > {
    guard fileNames.contains((path as NSString).lastPathComponent) || looksLikeManifest(path, cache: cache) else {
      return .failure(
        ProjectDiscovery.SkippedFile(path: path, reason: "not a widgetlint manifest (no top-level 'app' or 'targets')"))
    }
    return .success(.manifest(path: path))
  }

  package static func discover(in scan: inout FolderScan, cache: DiscoveryCache) {
    for relative in scan.files(named: fileNames) {
      scan.found.append(.manifest(path: scan.path(relative)))
    }
  }

  /// A manifest in the folder whose `sources` include the Swift file.
  package static func owner(
    of file: String, in folder: ProjectDiscovery.Folder, names: [String], cache: DiscoveryCache
  ) -> ProjectDiscovery.Input? {
    guard file.hasSuffix(".swift") else { return nil }
    for name in names.sorted() where fileNames.contains(name) {
      let manifest = folder.child(name)
      if swiftFiles(of: manifest, cache: cache).contains(file) { return .manifest(path: manifest) }
    }
    return nil
  }

  package static func frontend(for input: ProjectDiscovery.Input, options: FrontendOptions) -> Result<
    (frontend: any ProjectFrontend, shownPath: String), InputError
  > {
    if input == .standardInput {
      let read =
        options.standardInput.map { .success($0) } ?? InputReader.readStandardInput(maxSize: options.maxFileSize)
      return read.map { bytes in
        let source = SourceText(path: "<stdin>", bytes: bytes)
        return (ManifestFrontend(source: source, directory: ".", displayDirectory: ""), "<stdin>")
      }.mapError { InputError(path: "<stdin>", message: $0.message) }
    }
    let path = input.path
    let read = options.overlay.read(path: path, maxSize: options.maxFileSize)
    return read.map { bytes in
      let directory = PathUtilities.folder(of: path)
      let frontend = ManifestFrontend(
        source: SourceText(path: path, bytes: bytes), directory: directory.isEmpty ? "." : directory,
        displayDirectory: directory)
      return (frontend, path)
    }.mapError { InputError(path: path, message: $0.message) }
  }

  package static func configurationDirectory(of input: ProjectDiscovery.Input) -> String {
    guard input != .standardInput else { return "." }
    let directory = PathUtilities.folder(of: input.path)
    return directory.isEmpty ? "." : directory
  }

  /// Whether YAML or JSON has a manifest's top-level keys: a line that starts, after indentation and
  /// an opening brace, with `app` or `targets` (quoted or not) and a colon. A broken manifest still
  /// has them, so its syntax error is reported rather than the file skipped.
  package static func looksLikeManifest(_ path: String, cache: DiscoveryCache) -> Bool {
    // The first 64 KB, then the first megabyte: a manifest names `app` or `targets` in its first lines,
    // and reading all of a large file here would read it twice.
    for count in [1 << 16, 1 << 20] {
      guard let scanned = cache.overlay.readPrefix(path: path, count: count) else {
        return true  // Reading it as a manifest reports why it cannot be read.
      }
      if hasManifestKeyLine(scanned) { return true }
      if scanned.count < count { return false }
    }
    return false
  }

  /// Line by line from the top, stopping at the first key: splitting a big text into lines first would
  /// cost more than its parse's start.
  private static func hasManifestKeyLine(_ scanned: [UInt8]) -> Bool {
    var lineStart = scanned.startIndex
    while lineStart < scanned.endIndex {
      let lineEnd = scanned[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? scanned.endIndex
      if startsWithManifestKey(scanned[lineStart..<lineEnd]) { return true }
      lineStart = lineEnd + 1
    }
    return false
  }

  /// Whether a line starts, after indentation and an opening brace, with `app` or `targets` (quoted or
  /// not) and a colon.
  private static func startsWithManifestKey(_ line: ArraySlice<UInt8>) -> Bool {
    var rest = line.drop(while: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "{") })
    if let quote = rest.first, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") { rest = rest.dropFirst() }
    for key in ["app", "targets"] where rest.starts(with: key.utf8) {
      var after = rest.dropFirst(key.utf8.count)
      if let quote = after.first, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
        after = after.dropFirst()
      }
      if after.drop(while: { $0 == UInt8(ascii: " ") }).first == UInt8(ascii: ":") { return true }
    }
    return false
  }

  /// The absolute paths of the Swift files a manifest names (none for an unreadable or broken one).
  package static func swiftFiles(of manifestPath: String, cache: DiscoveryCache) -> Set<String> {
    cache.value("manifest.swiftFiles\u{0}" + PathUtilities.absolute(manifestPath)) {
      var files: Set<String> = []
      guard case .success(let bytes) = cache.read(path: manifestPath, maxSize: 16 << 20) else { return files }
      let source = SourceText(path: manifestPath, bytes: bytes)
      let (document, _) = YAMLParser(limits: ReadingLimits().parser).parse(source)
      guard let manifest = ManifestDecoder.decode(document).manifest else { return files }
      let directory = PathUtilities.folder(of: manifestPath)
      let resolver = SwiftFileResolver(baseDirectory: directory.isEmpty ? "." : directory, displayDirectory: directory)
      for entry in manifest.targets.flatMap(\.sources) {
        for file in resolver.files(for: entry.value) ?? [] { files.insert(PathUtilities.absolute(file.path)) }
      }
      return files
    }
  }
}

extension ProjectDiscovery.Input {
  /// A manifest file to lint, as named.
  public static func manifest(path: String) -> Self { Self(kind: ManifestKind.self, path: path) }

  /// A manifest read from standard input.
  // swift-format-ignore: DontRepeatTypeInStaticProperties
  public static let standardInput = Self(kind: ManifestKind.self, path: "-")
}
