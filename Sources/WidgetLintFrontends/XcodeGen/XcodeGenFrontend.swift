import Foundation
import WidgetLintCore
import WidgetLintModel
import WidgetLintReaders

/// An XcodeGen project: `project.yml` (with its includes and templates) read as XcodeGen reads it, into
/// the same model as the `.xcodeproj` it generates, so every rule applies unchanged. Where a generated
/// `<name>.xcodeproj` is committed beside the spec, the spec is still the source: it is linted, and each
/// difference of the committed project from it on what the rules use is a `stale-generated-project`
/// finding in the committed project (`GeneratedProjectDrift`).
public struct XcodeGenFrontend: ProjectFrontend {
  /// The spec, `project.yml`, as named.
  public var spec: String
  /// The spec's text when it is not to be read from disk (what `--fix` holds unwritten).
  public var contents: [UInt8]?

  public init(spec: String, contents: [UInt8]? = nil) {
    self.spec = spec
    self.contents = contents
  }

  /// The folder the spec's paths are relative to, and the generated project's.
  package var directory: String {
    let folder = PathUtilities.folder(of: spec)
    return folder.isEmpty ? "." : folder
  }

  public func readProject(_ context: FrontendContext) -> Project {
    readVariants(context)[0]
  }

  public func readVariants(_ context: FrontendContext) -> [Project] {
    let loaded = XcodeGenSpec.read(path: spec, context: context, contents: contents)
    guard let root = loaded.root else {
      var project = Project(
        manifestFile: SourceText(path: spec, text: ""), manifest: nil, readingProblems: loaded.observations)
      project.filesRead = loaded.files
      project.addSuppressions(loaded.suppressions)
      return [project]
    }
    let decoded = XcodeGenProject(root: root)
    var variants = XcodeGenVariants(context: context, spec: decoded, directory: directory).read()
    let stated = XcodeVersionFile.toolchain(near: directory, context: context)
    var committed: [Project]?
    if let name = decoded.name?.value, !name.isEmpty {
      committed = GeneratedProjectDrift.readCommittedProject(
        PathUtilities.join(directory, name + ".xcodeproj"), context: context)
    }
    for index in variants.indices {
      variants[index].readingProblems = loaded.observations + variants[index].readingProblems
      variants[index].filesRead = loaded.files + variants[index].filesRead
      variants[index].addSuppressions(loaded.suppressions)
      // `.xcode-version` names the Xcode itself; `options.xcodeVersion` only what the spec is written for.
      if let stated { variants[index].toolchain = stated }
      guard let committed else { continue }
      variants[index].readingProblems += GeneratedProjectDrift.observations(
        spec: variants[index], generated: committed, specName: (spec as NSString).lastPathComponent,
        regenerate: "xcodegen generate")
      for file in committed.flatMap(\.filesRead) where !variants[index].filesRead.contains(file) {
        variants[index].filesRead.append(file)
      }
    }
    return variants
  }
}

/// What widgetlint reads of a merged XcodeGen spec (`Docs/ProjectSpec.md`), with the targets in
/// XcodeGen's order (by name).
struct XcodeGenProject {
  var root: Located<ConfigValue>
  var name: Located<String>?
  /// The build configurations: `configs`' keys, else Debug and Release; sorted by name, as XcodeGen does.
  var configurations: [String]
  var bundleIdPrefix: Located<String>?
  var targets: [Target] = []

  struct Target {
    /// The target's name: its key in `targets`, or its `name`.
    var name: Located<String>
    var value: Located<ConfigValue>
    /// `type` without `com.apple.product-type.`.
    var type: String
    /// `iOS`, `watchOS`, … (`iOS` for `auto` with an iOS destination).
    var platform: String?
    /// The Product Name, `$(PRODUCT_NAME)`.
    var productName: String

    subscript(key: String) -> Located<ConfigValue>? { value[key] }
  }

  init(root: Located<ConfigValue>) {
    self.root = root
    name = root["name"]?.stringValue
    let configs = root["configs"].flatMap { value -> [String]? in
      guard case .object(let members) = value.value else { return nil }
      return XcodeGenSpec.lastOfEachKey(members).map(\.key.value)
    }
    configurations = (configs?.isEmpty == false ? configs! : ["Debug", "Release"]).sorted()
    bundleIdPrefix = XcodeGenVariants.text(root["options"]?["bundleIdPrefix"])
    guard let targets = root["targets"], case .object(let members) = targets.value else { return }
    for member in XcodeGenSpec.lastOfEachKey(members) {
      guard case .object = member.value.value else { continue }
      let name = member.value["name"]?.stringValue ?? member.key
      var type = member.value["type"]?.stringValue?.value ?? ""
      if type.hasPrefix("com.apple.product-type.") { type.removeFirst("com.apple.product-type.".count) }
      var platform = member.value["platform"]?.stringValue?.value
      if platform == nil || platform == "auto",
        let destinations = member.value["supportedDestinations"]?.array?.compactMap({ $0.stringValue?.value })
      {
        platform = destinations.contains("iOS") ? "iOS" : destinations.first
      }
      let productName = member.value["productName"]?.stringValue?.value ?? name.value
      self.targets.append(
        Target(name: name, value: member.value, type: type, platform: platform, productName: productName))
    }
    self.targets.sort { $0.name.value < $1.name.value }
  }
}
