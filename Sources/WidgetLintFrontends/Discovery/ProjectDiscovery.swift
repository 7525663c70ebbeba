import Foundation
import WidgetLintCore
import WidgetLintModel

/// Finds the projects a command line names, asking each registered project kind (`ProjectKinds.all`):
/// files as given, folders searched, `--sources` folders as they are.
public enum ProjectDiscovery {
  /// A project to lint: its kind, and the file or folder that names it as the user wrote it.
  public struct Input: Hashable, Sendable {
    /// The kind that recognised it, and whose frontend reads it.
    package var kind: any ProjectKind.Type
    /// The file or folder, as named ("-" for standard input).
    public var path: String
    /// The iOS version a `--sources` folder deploys to (`--deployment-target`); nil for other kinds.
    public var deploymentTarget: OSVersion?

    package init(kind: any ProjectKind.Type, path: String, deploymentTarget: OSVersion? = nil) {
      self.kind = kind
      self.path = path
      self.deploymentTarget = deploymentTarget
    }

    /// The path a configuration's `ignore:` globs are matched against.
    package var configurationPath: String { kind.configurationPath(of: self) }

    /// The folder whose nearest configuration applies.
    package var configurationDirectory: String { kind.configurationDirectory(of: self) }

    /// How the report's summary names the project.
    package var summaryName: String { kind.summaryName }

    // A kind is a type: two inputs are the same when the same kind names the same path.
    public static func == (lhs: Input, rhs: Input) -> Bool {
      lhs.kind == rhs.kind && lhs.path == rhs.path && lhs.deploymentTarget == rhs.deploymentTarget
    }

    public func hash(into hasher: inout Hasher) {
      hasher.combine(ObjectIdentifier(kind))
      hasher.combine(path)
      hasher.combine(deploymentTarget)
    }
  }

  /// A file named on the command line that is not linted, and why.
  public struct SkippedFile: Error, Sendable, Equatable {
    public var path: String
    public var reason: String
  }

  /// What a command line names: each project once, in the order first named.
  public struct Discovery: Sendable {
    public var inputs: [Input] = []
    /// Arguments that name nothing that exists, or a folder with nothing to lint.
    public var errors: [InputError] = []
    /// Files that belong to no project widgetlint reads.
    public var skipped: [SkippedFile] = []
    /// The files named on the command line, by the project they stand for (its `configurationPath`, made
    /// absolute), where only files name it: of its apps and configurations, those that read none of the
    /// files are not linted.
    package var namedFiles: [String: [String]] = [:]
    /// The files of the folders named, as discovery walked them, for the frontends.
    package var folderListings = FolderListings()
  }

  /// The inputs for the given arguments, and the arguments that named nothing lintable.
  public static func inputs(for arguments: [String]) -> (inputs: [Input], errors: [InputError]) {
    let discovery = discover(arguments)
    return (discovery.inputs, discovery.errors)
  }

  /// The `--sources` folders, each an input as given; a path that is not a folder is an error.
  public static func discover(sources directories: [String], deploymentTarget: OSVersion? = nil) -> Discovery {
    var discovery = Discovery()
    var seen: Set<String> = []
    for directory in directories {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
        discovery.errors.append(InputError(path: directory, message: "is not a folder of Swift sources"))
        continue
      }
      let input = Input.swiftSources(directory: directory, deploymentTarget: deploymentTarget)
      if seen.insert(PathUtilities.absolute(input.configurationPath)).inserted { discovery.inputs.append(input) }
    }
    return discovery
  }

  /// - Parameter overlay: texts to look at instead of the files on disk (the language server's open
  ///   documents), so that a file is taken for what its text makes it.
  /// - Parameter listingError: the `errno` of listing a folder named on the command line, or nil when it
  ///   can be listed. Tests pass their own: they run as root, whom permissions do not stop.
  public static func discover(
    _ arguments: [String], overlay: TextOverlay = TextOverlay(),
    listingError: (String) -> Int32? = ProjectDiscovery.listingError
  ) -> Discovery {
    var discovery = Discovery()
    var seen: Set<String> = []
    var namedWhole: Set<String> = []
    var files: [String: [String]] = [:]
    for (input, file) in discoverEach(arguments, overlay: overlay, listingError: listingError, into: &discovery) {
      let key = PathUtilities.absolute(input.configurationPath)
      if let file { files[key, default: []].append(PathUtilities.absolute(file)) } else { namedWhole.insert(key) }
      // A project named twice (a folder and a file in it, two files of one app) is linted once.
      if input == .standardInput || seen.insert(key).inserted {
        discovery.inputs.append(input)
      }
    }
    discovery.namedFiles = files.filter { !namedWhole.contains($0.key) }
    return discovery
  }

  /// Why a folder cannot be listed (`EACCES` for an unreadable one), or nil when it can.
  public static func listingError(_ directory: String) -> Int32? {
    guard let stream = opendir(directory) else { return errno }
    closedir(stream)
    return nil
  }

  private static func discoverEach(
    _ arguments: [String], overlay: TextOverlay, listingError: (String) -> Int32?, into discovery: inout Discovery
  ) -> [(input: Input, file: String?)] {
    var inputs: [(input: Input, file: String?)] = []
    let cache = DiscoveryCache(overlay: overlay)
    for argument in arguments {
      if argument == "-" {
        inputs.append((.standardInput, nil))
        continue
      }
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory) else {
        let message =
          (try? FileManager.default.destinationOfSymbolicLink(atPath: argument)) != nil
          ? "is a broken symbolic link" : "no such file or directory"
        discovery.errors.append(InputError(path: argument, message: message))
        continue
      }
      if let bundle = ProjectKinds.all.lazy.compactMap({ $0.input(forBundle: argument, cache: cache) }).first {
        switch bundle {
        case .success(let input): inputs.append((input, nil))
        case .failure(let error): discovery.errors.append(error)
        }
        continue
      }
      guard isDirectory.boolValue else {
        switch input(forFile: argument, cache: cache) {
        case .success(let input): inputs.append((input, argument))
        case .failure(let skipped): discovery.skipped.append(skipped)
        }
        continue
      }
      // A folder that cannot be listed says why, rather than that it holds nothing to lint.
      if let code = listingError(argument) {
        discovery.errors.append(InputError(path: argument, message: InputReader.message(forErrno: code)))
        continue
      }
      var scan = FolderScan(
        root: argument, files: SwiftFileResolver(baseDirectory: argument, displayDirectory: argument).walk("."))
      for kind in ProjectKinds.all { kind.discover(in: &scan, cache: cache) }
      discovery.folderListings.record(root: argument, files: scan.files)
      if scan.found.isEmpty { scan.found = scan.undecided }
      if scan.found.isEmpty {
        discovery.errors.append(
          InputError(
            path: argument,
            message:
              "contains no manifest (widgets.yaml, widgets.yml or widgets.json), Expo app or iOS app with widgets"))
      }
      inputs += scan.found.map { ($0, nil) }
    }
    return inputs
  }
}
