import Foundation
import WidgetLintCore

/// The object graph of a `project.pbxproj` read by `XcodeProjectReader`: the objects by id, the project,
/// its native targets with their build configurations, build phases and synchronized folders, and the
/// path on disk of every file reference and group reachable from the main group.
///
/// A reference's path follows its `sourceTree`: `<group>` is relative to the enclosing group's path (a
/// group without `path` adds nothing), `SOURCE_ROOT` to the project's folder, `<absolute>` is as written;
/// `SDKROOT`, `BUILT_PRODUCTS_DIR` and the other build locations are not in the source tree and have none.
/// Each path is joined by name, as Xcode joins a group's path to its parent's: `ios/Widgets` and
/// `../Widget` give `ios/Widget`, so that a file is named one way however its groups reach it.
package struct XcodeProjectObjects {
  package let objects: [String: Located<ConfigValue>]
  package let project: Located<ConfigValue>
  /// The folder holding the `.xcodeproj` (plus the project's `projectDirPath`): Xcode's `SRCROOT`.
  package let projectDirectory: String
  private var paths: [String: String] = [:]
  private var synchronizedRootGroups: [String] = []

  package init?(root: Located<ConfigValue>, projectFolder: String) {
    guard case .object(let members) = root["objects"]?.value, let rootID = root["rootObject"]?.value.string
    else { return nil }
    var objects: [String: Located<ConfigValue>] = [:]
    objects.reserveCapacity(members.count)
    for member in members { objects[member.key.value] = member.value }
    guard let project = objects[rootID], Self.isa(project) == "PBXProject" else { return nil }
    self.objects = objects
    self.project = project
    let directoryPath = project["projectDirPath"]?.value.string ?? ""
    self.projectDirectory =
      directoryPath.isEmpty ? projectFolder : PathUtilities.resolve(directoryPath, from: projectFolder)
    synchronizedRootGroups = members.filter { Self.isa($0.value) == "PBXFileSystemSynchronizedRootGroup" }
      .map(\.key.value)
    computePaths()
  }

  package static func isa(_ object: Located<ConfigValue>?) -> String? { object?["isa"]?.value.string }

  package func object(_ id: String?) -> Located<ConfigValue>? { id.flatMap { objects[$0] } }

  /// The ids an array of object references holds.
  package static func ids(_ value: Located<ConfigValue>?) -> [String] {
    (value?.array ?? []).compactMap { $0.value.string }
  }

  // MARK: Paths

  private func resolve(_ object: Located<ConfigValue>, parentPath: String?) -> String? {
    let path = object["path"]?.value.string
    switch object["sourceTree"]?.value.string ?? "<group>" {
    case "<group>":
      guard let parentPath else { return nil }
      return path.map { PathUtilities.resolve($0, from: parentPath) } ?? parentPath
    case "SOURCE_ROOT":
      return path.map { PathUtilities.resolve($0, from: projectDirectory) } ?? projectDirectory
    case "<absolute>":
      return path.map { PathUtilities.resolve($0, from: "") }
    default:
      return nil
    }
  }

  /// Walks the groups from the main group, once each (a malformed project's cycle is walked once).
  private mutating func computePaths() {
    guard let main = project["mainGroup"]?.value.string else { return }
    var pending: [(id: String, parentPath: String?)] = [(main, projectDirectory)]
    var visited: Set<String> = []
    while let (id, parentPath) = pending.popLast() {
      guard visited.insert(id).inserted, let object = objects[id] else { continue }
      let path = resolve(object, parentPath: parentPath)
      if let path { paths[id] = path }
      for child in Self.ids(object["children"]).reversed() { pending.append((child, path)) }
    }
  }

  /// Where a file reference or group is on disk, nil when it is not in the source tree.
  package func path(of id: String?) -> String? {
    guard let id else { return nil }
    if let path = paths[id] { return path }
    guard let object = objects[id] else { return nil }
    return resolve(object, parentPath: nil)
  }

  // MARK: Configurations

  package struct BuildConfiguration {
    package var name: String
    package var settings: [String: XcodeBuildSetting]
    /// The `.xcconfig` it is based on (`baseConfigurationReference`, or Xcode 16's anchor and relative path).
    package var baseConfigurationPath: String?
  }

  package func configurations(list id: String?) -> [BuildConfiguration] {
    Self.ids(object(id)?["buildConfigurations"]).compactMap { configurationID in
      guard let configuration = objects[configurationID], Self.isa(configuration) == "XCBuildConfiguration",
        let name = configuration["name"]?.value.string
      else { return nil }
      var settings: [String: XcodeBuildSetting] = [:]
      if case .object(let members) = configuration["buildSettings"]?.value {
        for member in members {
          let text: String
          switch member.value.value {
          case .string(let value): text = value
          case .array(let items): text = items.compactMap { $0.value.string }.joined(separator: " ")
          default: continue
          }
          settings[member.key.value] = XcodeBuildSetting(
            value: text, span: member.value.span, pointer: member.value.pointer)
        }
      }
      var base = path(of: configuration["baseConfigurationReference"]?.value.string)
      if base == nil, let anchor = path(of: configuration["baseConfigurationReferenceAnchor"]?.value.string),
        let relative = configuration["baseConfigurationReferenceRelativePath"]?.value.string
      {
        base = PathUtilities.resolve(relative, from: anchor)
      }
      return BuildConfiguration(name: name, settings: settings, baseConfigurationPath: base)
    }
  }

  /// The project-level configurations (Debug, Release, Profile…), in the order the project lists them.
  package var projectConfigurations: [BuildConfiguration] {
    configurations(list: project["buildConfigurationList"]?.value.string)
  }

  // MARK: Targets

  package struct Target {
    package var id: String
    package var object: Located<ConfigValue>
    package var name: Located<String>?
    package var productType: String?
    package var productReference: String?
    package var configurations: [BuildConfiguration]
    /// The Swift files of its Sources build phase.
    package var sourcePaths: [String]
    /// Its synchronized folders (Xcode 16), each with the paths (relative to it) that are not members.
    package var synchronizedFolders: [(path: String, excluded: Set<String>)]
    /// Files of other targets' synchronized folders that are members of this one too.
    package var synchronizedExtras: [String]
    /// The product references its "Embed Foundation Extensions" phases copy (`dstSubfolderSpec = 13`).
    package var embeddedProducts: [String]
    /// The product references its "Embed Watch Content" phases copy (`dstSubfolderSpec = 16` into
    /// `$(CONTENTS_FOLDER_PATH)/Watch`): the watch app an iPhone app carries.
    package var embeddedWatchContent: [String] = []
    /// The file references its Frameworks build phase links and its "Embed Frameworks" phases copy
    /// (`dstSubfolderSpec = 10`): a framework target of the project is found by its product reference.
    package var linkedProducts: [String] = []
    /// The targets it depends on (`PBXTargetDependency`), by id.
    package var dependencies: [String] = []
    /// The products of local Swift packages it uses (`packageProductDependencies`); those of remote
    /// packages are not in the repository and are left out.
    package var localPackageProducts: [LocalPackageProduct] = []
  }

  /// A product of a Swift package in the repository (`XCLocalSwiftPackageReference`).
  package struct LocalPackageProduct {
    package var name: String
    /// The package's folder.
    package var packagePath: String
    /// The `XCSwiftPackageProductDependency` object.
    package var object: Located<ConfigValue>
  }

  /// The local package products a target's `packageProductDependencies` list.
  private func localPackageProducts(of target: Located<ConfigValue>) -> [LocalPackageProduct] {
    Self.ids(target["packageProductDependencies"]).compactMap { id in
      guard let dependency = objects[id], Self.isa(dependency) == "XCSwiftPackageProductDependency",
        let name = dependency["productName"]?.value.string,
        let package = object(dependency["package"]?.value.string),
        Self.isa(package) == "XCLocalSwiftPackageReference",
        let relativePath = package["relativePath"]?.value.string
      else { return nil }
      return LocalPackageProduct(
        name: name, packagePath: PathUtilities.resolve(relativePath, from: projectDirectory), object: dependency)
    }
  }

  package var nativeTargets: [Target] {
    Self.ids(project["targets"]).compactMap { id in
      guard let object = objects[id], Self.isa(object) == "PBXNativeTarget" else { return nil }
      let phases = Self.ids(object["buildPhases"]).compactMap { objects[$0] }
      var sources: [String] = []
      var embedded: [String] = []
      var watchContent: [String] = []
      var linked: [String] = []
      for phase in phases {
        let files = Self.ids(phase["files"]).compactMap { objects[$0]?["fileRef"]?.value.string }
        switch Self.isa(phase) {
        case "PBXSourcesBuildPhase":
          sources += files.compactMap { path(of: $0) }.filter { $0.hasSuffix(".swift") }
        case "PBXCopyFilesBuildPhase" where phase["dstSubfolderSpec"]?.value.string == "13":
          embedded += files
        case "PBXCopyFilesBuildPhase"
        where phase["dstSubfolderSpec"]?.value.string == "16"
          && (phase["dstPath"]?.value.string ?? "").hasSuffix("/Watch"):
          watchContent += files
        case "PBXCopyFilesBuildPhase" where phase["dstSubfolderSpec"]?.value.string == "10":
          linked += files
        case "PBXFrameworksBuildPhase":
          linked += files
        default:
          break
        }
      }
      let ownGroups = Self.ids(object["fileSystemSynchronizedGroups"])
      let folders = ownGroups.compactMap { group -> (path: String, excluded: Set<String>)? in
        guard let path = path(of: group) else { return nil }
        return (path, Set(membershipExceptions(of: group, for: id)))
      }
      var extras: [String] = []
      for group in synchronizedRootGroups where !ownGroups.contains(group) {
        guard let folder = path(of: group) else { continue }
        extras += membershipExceptions(of: group, for: id).map { PathUtilities.resolve($0, from: folder) }
      }
      let dependencies = Self.ids(object["dependencies"]).compactMap { objects[$0]?["target"]?.value.string }
      var target = Target(
        id: id, object: object, name: object["name"]?.stringValue, productType: object["productType"]?.value.string,
        productReference: object["productReference"]?.value.string,
        configurations: configurations(list: object["buildConfigurationList"]?.value.string), sourcePaths: sources,
        synchronizedFolders: folders, synchronizedExtras: extras, embeddedProducts: embedded,
        embeddedWatchContent: watchContent, linkedProducts: linked, dependencies: dependencies)
      target.localPackageProducts = localPackageProducts(of: object)
      return target
    }
  }

  /// The paths a synchronized folder's exception sets list for a target.
  private func membershipExceptions(of group: String, for target: String) -> [String] {
    Self.ids(objects[group]?["exceptions"]).flatMap { id -> [String] in
      guard let set = objects[id], Self.isa(set) == "PBXFileSystemSynchronizedBuildFileExceptionSet",
        set["target"]?.value.string == target
      else { return [] }
      return Self.ids(set["membershipExceptions"])
    }
  }
}
