import Foundation
import WidgetLintCore
import WidgetLintModel
import WidgetLintReaders

/// A manifest (`widgets.yaml` or `widgets.json`): parsed, decoded into the model, and each target's
/// `sources` resolved and read.
public struct ManifestFrontend: ProjectFrontend {
  public var source: SourceText
  /// Where the manifest's relative `sources` are read from.
  public var directory: String
  /// How `directory` is shown in findings ("" for the current folder).
  public var displayDirectory: String
  /// Whether targets' `sources` are resolved and their Swift read. Off, every target has no Swift file
  /// whatever paths the manifest names, and nothing on disk is touched (the fuzzer reads this way).
  public var resolvesSwiftFiles: Bool

  public init(source: SourceText, directory: String, displayDirectory: String, resolvesSwiftFiles: Bool = true) {
    self.source = source
    self.directory = directory
    self.displayDirectory = displayDirectory
    self.resolvesSwiftFiles = resolvesSwiftFiles
  }

  public func readProject(_ context: FrontendContext) -> Project {
    let (document, parseProblems) = context.parseDocument(source)
    // A document cut short by a syntax error would decode into misleading schema findings.
    guard !parseProblems.contains(where: { $0.kind == .syntax }) else {
      var project = Project(manifestFile: source, manifest: nil, readingProblems: parseProblems)
      describe(&project, document)
      return project
    }
    let (manifest, decodeProblems) = ManifestDecoder.decode(document)
    var project = Project(manifestFile: source, manifest: manifest, readingProblems: parseProblems + decodeProblems)
    describe(&project, document)
    project.filesRead = [source.path]
    guard let manifest else { return project }
    if let xcode = manifest.app?.xcodeVersion {
      project.toolchain = Toolchain(xcode: xcode.value, source: "app.xcodeVersion", span: xcode.span)
    }
    guard resolvesSwiftFiles else {
      context.attachCode(manifest.targets.map { _ in [] }, to: &project)
      return project
    }
    let resolver = SwiftFileResolver(baseDirectory: directory, displayDirectory: displayDirectory)
    // Many targets may name one folder: each entry is resolved once, side by side.
    var seen: Set<String> = []
    let entries = manifest.targets.flatMap { $0.sources.map(\.value) }.filter { seen.insert($0).inserted }
    let filesByEntry = Dictionary(
      uniqueKeysWithValues: zip(
        entries, concurrentMap(entries.count) { resolver.lookUp(entries[$0], in: context.paths) }))
    var filesPerTarget: [[SwiftFileResolver.ResolvedFile]] = []
    var notedEntries: Set<String> = []
    for target in manifest.targets {
      var files: [SwiftFileResolver.ResolvedFile] = []
      for entry in target.sources {
        if let found = filesByEntry[entry.value]?.files {
          files += found
          // Once per entry, at the first place it is written.
          if let spelled = filesByEntry[entry.value]?.spelledOnDisk, notedEntries.insert(entry.value).inserted {
            project.readingProblems.append(
              ReadingProblem(
                kind: .pathCase,
                message:
                  "sources entry '\(entry.value)' is spelled '\(spelled)' on disk: the case differs, which a Mac's default volume ignores and a case-sensitive one does not",
                span: entry.span, pointer: entry.pointer, subject: target.name?.value))
          }
        } else {
          project.readingProblems.append(
            ReadingProblem(
              kind: .invalidValue,
              message: "sources entry '\(entry.value)' matches no file (paths are relative to the manifest)",
              span: entry.span, pointer: entry.pointer, subject: target.name?.value))
        }
      }
      filesPerTarget.append(files)
    }
    context.attachCode(filesPerTarget, to: &project)
    return project
  }

  /// What the later stages take from the manifest's text: its suppression comments, the names that make
  /// findings' stable paths, and the edits fixes make in it.
  private func describe(_ project: inout Project, _ document: YAMLDocument) {
    project.addSuppressions(SourceComments.yamlSuppressions(source, document: document))
    project.stablePaths = StablePaths(document: document)
    project.manifestEdits = ManifestEdits(source: source, document: document)
  }
}
