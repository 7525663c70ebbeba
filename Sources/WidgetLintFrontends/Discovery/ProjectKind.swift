import Foundation
import WidgetLintCore
import WidgetLintModel

/// One kind of project widgetlint reads (a manifest, an Expo app, a Flutter app, an Xcode app, a
/// folder of Swift sources), as discovery and the engine see it: how its projects are recognised in a
/// folder and from one of their files, which files it reads, and which frontend reads it. A kind lives
/// in its frontend's folder and is listed once, in `ProjectKinds.all`.
package protocol ProjectKind: Sendable {
  /// The kind's name in inputs; stable, never shown.
  static var id: String { get }

  /// How the report's summary names a project of this kind ("Expo app").
  static var summaryName: String { get }

  /// What a file named on the command line is to this kind, by its name; nil when the kind does not
  /// read files so named.
  static func role(ofFileNamed name: String) -> FileRole?

  /// The input a file in the `.entry` or `.entryWhenNamed` role stands for, or why it is skipped.
  static func input(forFile path: String, cache: DiscoveryCache) -> Result<
    ProjectDiscovery.Input, ProjectDiscovery.SkippedFile
  >

  /// The input an argument that is a project's bundle stands for (an `.xcodeproj`), or why it cannot be
  /// linted; nil when the argument is no bundle of this kind.
  static func input(forBundle argument: String, cache: DiscoveryCache) -> Result<ProjectDiscovery.Input, InputError>?

  /// Adds the projects of this kind in a folder named on the command line, and claims their folders
  /// so that later kinds do not take them again.
  static func discover(in scan: inout FolderScan, cache: DiscoveryCache)

  /// The project whose folder this is, for a file below it.
  static func app(in folder: ProjectDiscovery.Folder, names: [String], cache: DiscoveryCache) -> ProjectDiscovery.Input?

  /// How far the project `app` of `folder` settles which project a file below it is linted as.
  static func claim(
    of file: String, by app: ProjectDiscovery.Input, in folder: ProjectDiscovery.Folder, names: [String],
    cache: DiscoveryCache
  ) -> FolderClaim

  /// The project that certainly reads a file, found in a folder above it before any app is met (a
  /// manifest whose `sources` list a Swift file); nil for most kinds.
  static func owner(of file: String, in folder: ProjectDiscovery.Folder, names: [String], cache: DiscoveryCache)
    -> ProjectDiscovery.Input?

  /// The frontend that reads an input of this kind, and how the report shows the input.
  static func frontend(for input: ProjectDiscovery.Input, options: FrontendOptions) -> Result<
    (frontend: any ProjectFrontend, shownPath: String), InputError
  >

  /// The path a configuration's `ignore:` globs are matched against.
  static func configurationPath(of input: ProjectDiscovery.Input) -> String

  /// The folder whose nearest `.widgetlint.yml` applies to the input.
  static func configurationDirectory(of input: ProjectDiscovery.Input) -> String

  /// A line the summary adds under the project, when what was read calls for one.
  static func summaryNote(for variants: [Project]) -> String?
}

/// What a file is to a project kind, by the file's name.
package enum FileRole: Sendable, Equatable {
  /// The file names its project itself (a manifest, an Expo app's config, one of its plugins).
  case entry
  /// The file is one only when named on the command line (YAML under another name: a hook passes none).
  case entryWhenNamed
  /// A file a project reads: the project in the folders above it says which.
  case projectFile
}

/// How a project in a folder above a file settles the project the file is linted as.
package enum FolderClaim: Sendable, Equatable {
  /// The file is certainly this project's.
  case owner(ProjectDiscovery.Input)
  /// A nearer project met on the way up wins, else this one; no folder above is looked at.
  case boundary(ProjectDiscovery.Input)
  /// A project of its own; one further up may still own the file (an Expo app owns its `ios/`).
  case candidate(ProjectDiscovery.Input)
}

/// What the command line sets for frontends: the texts to read instead of files, Expo's environment.
package struct FrontendOptions: Sendable {
  /// Texts to read instead of files (the editor's unsaved text, what `--fix` holds unwritten).
  package var overlay = TextOverlay()
  /// Standard input's text, when it was read already (`--fix -` lints it again).
  package var standardInput: [UInt8]?
  package var maxFileSize: Int
  /// `process.env` variants an Expo config is evaluated with.
  package var expoEnvironments: [[String: String]] = [[:]]
  /// The config `npx expo config --json --type prebuild` printed, for the one Expo app linted.
  package var expoResolvedConfig: SourceText?

  package init(maxFileSize: Int) { self.maxFileSize = maxFileSize }
}

/// A folder named on the command line, its files, and what the kinds found in it so far.
package struct FolderScan {
  /// The folder as named.
  package let root: String
  /// Its files, relative to it, in walk order.
  package let files: [String]
  package var found: [ProjectDiscovery.Input] = []
  /// Projects that may have widgets, which a kind cannot tell without running what builds them (a Tuist
  /// manifest whose targets come from helpers): linted, to say what is not known, when nothing else is
  /// found in the folder.
  package var undecided: [ProjectDiscovery.Input] = []
  /// Folders (relative, "" for the root) whose project a kind has taken.
  package var claimedFolders: Set<String> = []
  /// The indices in `files` of each name's files: each kind looks for a few names among thousands.
  private let indicesByName: [String: [Int]]

  package init(root: String, files: [String]) {
    self.root = root
    self.files = files
    var indicesByName: [String: [Int]] = [:]
    for (index, file) in files.enumerated() { indicesByName[Self.name(of: file), default: []].append(index) }
    self.indicesByName = indicesByName
  }

  /// The files with one of these names, in walk order.
  package func files(named names: some Sequence<String>) -> [String] {
    names.flatMap { indicesByName[$0] ?? [] }.sorted().map { files[$0] }
  }

  package func path(_ relative: String) -> String { relative.isEmpty ? root : PathUtilities.join(root, relative) }

  /// The name of one of `files` (the part after its last `/`), without Foundation's `NSString`, which
  /// the kinds would otherwise bridge every walked file's path to.
  package static func name(of relative: String) -> String { String(PathUtilities.name(of: relative)) }
}

extension ProjectKind {
  package static func role(ofFileNamed name: String) -> FileRole? { nil }

  package static func input(forFile path: String, cache: DiscoveryCache) -> Result<
    ProjectDiscovery.Input, ProjectDiscovery.SkippedFile
  > {
    .failure(ProjectDiscovery.SkippedFile(path: path, reason: "not a file widgetlint reads"))
  }

  package static func input(forBundle argument: String, cache: DiscoveryCache) -> Result<
    ProjectDiscovery.Input, InputError
  >? { nil }

  package static func discover(in scan: inout FolderScan, cache: DiscoveryCache) {}

  package static func app(in folder: ProjectDiscovery.Folder, names: [String], cache: DiscoveryCache)
    -> ProjectDiscovery.Input?
  { nil }

  package static func claim(
    of file: String, by app: ProjectDiscovery.Input, in folder: ProjectDiscovery.Folder, names: [String],
    cache: DiscoveryCache
  ) -> FolderClaim { .candidate(app) }

  package static func owner(
    of file: String, in folder: ProjectDiscovery.Folder, names: [String], cache: DiscoveryCache
  ) -> ProjectDiscovery.Input? { nil }

  package static func configurationPath(of input: ProjectDiscovery.Input) -> String { input.path }

  package static func configurationDirectory(of input: ProjectDiscovery.Input) -> String {
    let directory = PathUtilities.folder(of: configurationPath(of: input))
    return directory.isEmpty ? "." : directory
  }

  package static func summaryNote(for variants: [Project]) -> String? { nil }
}
