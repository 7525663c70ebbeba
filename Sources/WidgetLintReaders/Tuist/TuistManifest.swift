import WidgetLintCore

/// What a Tuist `Project.swift` says about its targets, as ProjectDescription's API spells it, each
/// value with where it is written. A value that cannot be worked out without running the manifest is
/// left out (nil, or `.unknown`) and listed in `unknowns` with why.
package struct TuistManifest: Sendable {
  package var file: SourceText
  /// A `Project(…)` was found; without one, the file describes no project widgetlint reads.
  package var isProject = false
  package var name: Located<String>?
  package var settings: Settings?
  package var targets: [Target] = []
  /// The paths of the Swift packages in the repository the project names (`packages: [.local(path:)]`),
  /// as written (`//` starts a path from the root).
  package var localPackages: [Located<String>] = []
  /// The values the rules would need that are not known, with what each is and why.
  package var unknowns: [Unknown] = []
  /// Some targets are not known, or not known to be what they are (their product): the project may
  /// have an app extension that is not in `targets`.
  package var targetsAreUnknown = false
  /// Files that could not be parsed (the manifest or a helper), with why.
  package var unreadFiles: [(path: String, reason: String)] = []
  /// The expressions worked out to read it (bounded by `TuistEvaluator.maxSteps`).
  package var steps = 0
  /// The `widgetlint-disable…` comments of the manifest and its helpers.
  package var suppressions: [FileSuppressions] = []

  package init(file: SourceText) { self.file = file }

  package struct Unknown: Sendable {
    /// What the value is: "the bundleId of target 'Widget'".
    package var what: String
    package var value: Located<TuistUnknown>
    /// The `.target(…)` call the value belongs to; nil for the project's own values and for what makes
    /// a target (its product), which every reading needs.
    package var target: SourceSpan?
  }

  package struct Target: Sendable {
    /// The `.target(…)` call.
    package var span: SourceSpan
    package var pointer: JSONPointer
    package var name: Located<String>?
    /// `app`, `appExtension`, … (the case of `Product`).
    package var product: Located<String>?
    /// The cases of `destinations` (`iPhone`, `appleWatch`, …), or of the old API's `platform`
    /// (`iOS`, `watchOS`); nil when not known.
    package var destinations: [Located<String>]?
    package var bundleId: Setting?
    /// Per platform (`iOS`, `watchOS`): the version written.
    package var deploymentTargets: [String: Setting] = [:]
    package var infoPlist: PlistSource?
    package var entitlements: EntitlementsSource?
    /// nil when no sources are written.
    package var sources: [SourceGlob]?
    package var buildableFolders: [Located<String>] = []
    /// The names of the targets of the same project it depends on (an app embeds its extensions so).
    package var dependencies: [Located<String>] = []
    /// The products of the project's packages it depends on (`.package(product:)`).
    package var packageProducts: [Located<String>] = []
    package var settings: Settings?

    package init(span: SourceSpan, pointer: JSONPointer) {
      self.span = span
      self.pointer = pointer
    }
  }

  /// A value written as a string, or one that is not known.
  package enum Setting: Sendable {
    case value(Located<String>)
    case unknown(Located<TuistUnknown>)

    package var span: SourceSpan {
      switch self {
      case .value(let value): value.span
      case .unknown(let unknown): unknown.span
      }
    }
  }

  /// Where an Info.plist comes from.
  package enum PlistSource: Sendable {
    /// `.file(path:)`, or a path written as a string.
    case file(Located<String>)
    /// `.dictionary([…])`, or `.extendingDefault(with: […])` (Tuist's defaults hold no `NSExtension`):
    /// Tuist writes the file from it.
    case dictionary(Located<ConfigValue>)
    case unknown(Located<TuistUnknown>)
  }

  /// Where the entitlements come from.
  package enum EntitlementsSource: Sendable {
    /// `.file(path:)`, or a path written as a string.
    case file(Located<String>)
    /// `.variable("$(SETTING)")`, or a string starting with `$(`: a build setting names the file.
    case variable(Located<String>)
    /// `.dictionary([…])`: Tuist writes the file from it.
    case dictionary(Located<ConfigValue>)
    case unknown(Located<TuistUnknown>)
  }

  /// One entry of `sources`: a glob, and the globs it excludes. Paths are relative to the manifest's
  /// folder; one relative to the root (`.relativeToRoot("x")`) is written `//x`, as Tuist spells it.
  package struct SourceGlob: Sendable {
    package var glob: Located<String>
    package var excluding: [Located<String>] = []
  }

  /// `.settings(base:…, configurations:…)` or `.settings(base:debug:release:)`.
  package struct Settings: Sendable {
    package var base: SettingsDictionary
    package var configurations: [BuildConfiguration] = []
  }

  /// Build settings as written: each a value, or not known.
  package struct SettingsDictionary: Sendable {
    package var values: [String: Setting] = [:]
    /// The dictionary itself (or a part that may set any setting) is not known.
    package var unknown: Located<TuistUnknown>?

    package init(values: [String: Setting] = [:], unknown: Located<TuistUnknown>? = nil) {
      self.values = values
      self.unknown = unknown
    }
  }

  /// A build configuration: its name (`Debug`, `Release`, or as written), its settings and `.xcconfig`.
  package struct BuildConfiguration: Sendable {
    package var name: String
    package var nameSpan: SourceSpan
    package var settings: SettingsDictionary
    package var xcconfig: Located<String>?
  }
}

/// What a Tuist `Workspace.swift` lists.
package struct TuistWorkspace: Sendable {
  /// The project folders (or globs of them), relative to the workspace's folder.
  package var projects: [Located<String>] = []
  package var unknowns: [TuistManifest.Unknown] = []
}
