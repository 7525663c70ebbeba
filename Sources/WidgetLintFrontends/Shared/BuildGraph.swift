import Foundation
import WidgetLintCore
import WidgetLintModel
import WidgetLintReaders

/// What Xcode would build from one project description (a `project.pbxproj`, an XcodeGen spec, a Tuist
/// manifest): its build configurations and its targets, each with its product type, its platform, the
/// targets it embeds, its build settings in each configuration as the layers Xcode resolves, the
/// entitlements and Info.plist the description writes itself, and its Swift files. Every value keeps the
/// place it is written.
///
/// The three readers only translate their input into a graph; `BuildGraphProjects` reads the projects
/// (apps, watch hosts, extensions, code, variants) from it, the same way for all three.
package struct BuildGraph {
  package enum ProductType: Equatable {
    case application
    /// A WatchKit 2 app and its WatchKit extension (before Xcode 14's single-target watch apps).
    case watchApp2, watchExtension2
    case appExtension, framework, other
  }

  package enum Platform: Equatable {
    case iOS, watchOS, macOS, other
  }

  /// A target's build settings in one configuration.
  package struct Settings {
    /// Highest precedence first.
    package var layers: [XcodeBuildSettingsLayer]
    /// The settings Xcode defines itself (`TARGET_NAME`, `SRCROOT`, …).
    package var builtIns: [String: String]
    /// The xcconfigs the layers come from: their files, the problems finding them, their suppressions.
    package var xcconfigs: [XcconfigLoader.Reading] = []
    /// The layers a generator expands `${NAME}` in from the environment it runs in (XcodeGen's spec);
    /// such a name that no setting defines is the environment's, not the repository's.
    package var environmentLayers: Set<Int> = []

    package init(
      layers: [XcodeBuildSettingsLayer], builtIns: [String: String], xcconfigs: [XcconfigLoader.Reading] = [],
      environmentLayers: Set<Int> = []
    ) {
      self.layers = layers
      self.builtIns = builtIns
      self.xcconfigs = xcconfigs
      self.environmentLayers = environmentLayers
    }
  }

  /// A property list the description writes for a target itself (XcodeGen's `properties`, Tuist's
  /// dictionaries and `infoPlist` path): what the target uses while the setting that names the file is
  /// the one written at `settingSpan`.
  package struct WrittenPlist {
    package enum Content {
      /// This value (a dictionary; the generator writes anything else as an empty one).
      case value(Located<ConfigValue>)
      /// An empty dictionary, said at this place.
      case empty(SourceSpan, JSONPointer)
      /// Not known without running the description.
      case unknown(SourceSpan, JSONPointer)
      /// The file at this path, relative to the graph's directory.
      case file(Located<String>)
    }

    package var settingSpan: SourceSpan
    /// The file it is written to, to tell configurations apart.
    package var path: String
    package var content: Content
    /// Whether the target uses it also when the setting is not known (a target's own argument names it
    /// whatever an unknown layer may say).
    package var whenSettingUnknown = false

    package init(settingSpan: SourceSpan, path: String, content: Content, whenSettingUnknown: Bool = false) {
      self.settingSpan = settingSpan
      self.path = path
      self.content = content
      self.whenSettingUnknown = whenSettingUnknown
    }
  }

  package struct Target {
    /// Unique in the graph.
    package var id: String
    package var name: Located<String>?
    /// Where the model places the target: its name, else its declaration.
    package var span: SourceSpan
    package var pointer: JSONPointer
    /// Where entitlements that are not known point.
    package var entitlementsPointer: JSONPointer
    package var productType: ProductType
    /// The platform the description declares, at its place; nil: the one its `SDKROOT` names.
    package var platform: Located<Platform>?
    /// The targets it embeds (app extensions, watch apps, a WatchKit 2 app's extension), by id.
    package var embeds: [String] = []
    /// The framework targets it links, embeds or depends on, and the local package products it uses, by id.
    package var frameworks: [String] = []
    /// Its build settings in a configuration.
    package var settings: (_ configuration: String) -> Settings
    package var entitlements: WrittenPlist?
    package var infoPlist: WrittenPlist?
    /// Its Swift files; with `onDiskOnly`, those not on disk are left out.
    package var swiftFiles: (_ onDiskOnly: Bool) -> [SwiftFileResolver.ResolvedFile]
    /// Where its widgets' sources are written; nil: the folder of its first Swift file.
    package var sources: [Located<String>]?
    /// Problems finding its Swift files, said when they are read.
    package var sourceProblems: [ReadingProblem] = []

    package init(
      id: String, name: Located<String>?, span: SourceSpan, pointer: JSONPointer, productType: ProductType,
      settings: @escaping (_ configuration: String) -> Settings,
      swiftFiles: @escaping (_ onDiskOnly: Bool) -> [SwiftFileResolver.ResolvedFile]
    ) {
      self.id = id
      self.name = name
      self.span = span
      self.pointer = pointer
      self.entitlementsPointer = pointer
      self.productType = productType
      self.settings = settings
      self.swiftFiles = swiftFiles
    }
  }

  package var configurations: [String]
  package var targets: [Target]
  /// The products of Swift packages in the repository that targets use, as frameworks (a target's
  /// `frameworks` names them by id): read as the code of the targets that use them, never as targets.
  package var packageProducts: [Target] = []
  /// The folder a setting's paths are relative to (the project's `SRCROOT`).
  package var directory: String
  /// `SRCROOT`, `PROJECT_DIR` and `SOURCE_ROOT` as settings see them: the graph's `directory`, which
  /// the paths settings name are read from. Xcode's are absolute, so that `$(SRCROOT)/../Shared/x`
  /// is read from the project's folder as `../Shared/x` is; the folder as given here is relative, and
  /// would be joined to itself.
  package static let sourceRoot = "."
  /// The folder named files are found below.
  package var root: String
  package var rootSpan: SourceSpan
  /// A new project for one reading, with the files read to describe it.
  package var newProject: () -> Project
  /// Whether a setting that a file not in the repository may set is named in the note whenever its
  /// value is asked for. A generated project's description (XcodeGen, Tuist) says so; a `project.pbxproj`
  /// names only the settings whose values are worked out through it, as it always has.
  package var notesSettingsAFileMaySet = true
  /// The Xcode the description names.
  package var toolchain: Toolchain?
  /// The one note on the values left unknown, from the settings left to the builder and the targets read.
  package var note: (_ entries: [SettingsLeftToBuilder.Entry], _ targets: [Target]) -> ReadingProblem? = {
    entries, _ in BuildGraphProjects.note(entries)
  }

  package init(
    configurations: [String], targets: [Target], directory: String, root: String, rootSpan: SourceSpan,
    newProject: @escaping () -> Project
  ) {
    self.configurations = configurations
    self.targets = targets
    self.directory = directory
    self.root = root
    self.rootSpan = rootSpan
    self.newProject = newProject
  }

  package static let widgetExtensionPoint = "com.apple.widgetkit-extension"
  /// The Today extension point of the widgets before WidgetKit: the system shows no WidgetKit widget of
  /// an extension that declares it.
  package static let todayExtensionPoint = "com.apple.widget-extension"
}
