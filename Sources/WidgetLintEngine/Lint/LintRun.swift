import Foundation
import WidgetLintCore
import WidgetLintFrontends
import WidgetLintModel

/// Lints what a command line names and gathers one report: the library's entry point for the CLI.
public struct LintRun {
  public var configuration: LintConfiguration
  /// A configuration file named on the command line, used for every input instead of the nearest one.
  public var configurationFile: String?
  /// Whether to look for `.widgetlint.yml` files at all (tests and embedders may not want to).
  public var discoversConfiguration: Bool
  public var baseline: String?
  /// How many findings of one file a report lists; the summary still counts them all.
  public var maxFindingsPerFile: Int?
  /// `process.env` for Expo configs (`--env NAME=VALUE`): one variant, instead of a configuration's
  /// `expo.variants` (or the default variant, no variables set).
  public var environment: [String: String]?
  /// `--exclude` globs, relative to the working folder: projects whose file they match are not linted,
  /// as a configuration's `ignore:` leaves them out.
  public var excluded: [String] = []
  /// The JSON `npx expo config --json --type prebuild` printed (`--expo-config`), for the one Expo app linted.
  public var expoConfig: SourceText?
  /// Text to lint instead of what a manifest or a project file holds, by its path as shown ("<stdin>"
  /// for standard input): what `--fix` has changed and not written yet.
  public var fileContents: [String: [UInt8]] = [:]

  /// Whether an `--exclude` glob matches a file, relative to the working folder (looked up once).
  func exclusion() -> (String) -> Bool {
    guard !excluded.isEmpty else { return { _ in false } }
    var working = PathUtilities.currentDirectory
    if !working.hasSuffix("/") { working += "/" }
    return { [excluded] file in
      let absolute = PathUtilities.absolute(file)
      let relative = absolute.hasPrefix(working) ? String(absolute.dropFirst(working.count)) : absolute
      return excluded.contains { PathUtilities.glob($0, matches: relative) }
    }
  }

  /// `fileContents` as every reader of this run sees it.
  private var overlay: TextOverlay { TextOverlay(fileContents.filter { $0.key != "<stdin>" }) }
  /// The Swift facts to read through, when they are kept longer than this run (the language server
  /// keeps them, and parses again only the files whose text changed).
  package var swiftFacts: SwiftFactsCache?
  /// Project files parsed and app code searched, kept from one run to the next (the language server's).
  package var projectCache: ProjectReadingCache?

  public init(
    configuration: LintConfiguration = LintConfiguration(), configurationFile: String? = nil,
    discoversConfiguration: Bool = true, baseline: String? = nil, maxFindingsPerFile: Int? = nil
  ) {
    self.maxFindingsPerFile = maxFindingsPerFile
    self.configuration = configuration
    self.configurationFile = configurationFile
    self.discoversConfiguration = discoversConfiguration
    self.baseline = baseline
  }

  /// The configuration that applies to a file in `directory`.
  public func configuration(forFileIn directory: String, loader: ConfigurationLoader) -> Result<
    Configuration, ConfigurationLoader.ConfigurationError
  > {
    if let configurationFile { return loader.configuration(at: configurationFile) }
    guard discoversConfiguration else { return .success(.defaults(in: PathUtilities.absolute(directory))) }
    return loader.configuration(forFileIn: directory)
  }

  /// Lints what a command line names: manifests, apps and folders found from the paths.
  public func run(arguments: [String]) -> LintReport {
    run(ProjectDiscovery.discover(arguments))
  }

  /// Lints folders of Swift code with no manifest (`--sources`), as any other input; without a
  /// deployment target, OS availability is not judged.
  public func run(sources directories: [String], deploymentTarget: OSVersion?) -> LintReport {
    run(ProjectDiscovery.discover(sources: directories, deploymentTarget: deploymentTarget))
  }

  /// Lints the inputs found: each with the configuration that applies to it, then the baseline.
  public func run(_ discovery: ProjectDiscovery.Discovery) -> LintReport {
    let inputs = discovery.inputs
    let loader = ConfigurationLoader(overlay: overlay)
    let isExcluded = exclusion()
    // Project files read as `--fix` left them, as manifests are.
    let shared = Linter(
      configuration: configuration,
      frontendContext: FrontendContext(
        limits: configuration.readingLimits, swiftFacts: swiftFacts, overlay: overlay,
        folderListings: discovery.folderListings, projectCache: projectCache))
    var linters: [String: Linter] = [:]
    var files: [String] = []
    var findings: [Finding] = []
    var errors = discovery.errors
    var reportedConfigurations: Set<String> = []
    var projects: [ProjectSummary] = []
    let expoApps = inputs.filter { $0.kind == ExpoKind.self }
    if expoConfig != nil, expoApps.count != 1 {
      errors.append(
        InputError(
          path: expoConfig?.path ?? "--expo-config",
          message: "--expo-config is one app's resolved config; \(expoApps.count) Expo apps were found"))
    }
    for input in inputs {
      // The configuration that applies to the input's folder (the current folder's for standard input).
      var linter = shared
      var fileConfiguration: Configuration?
      let directory = input.configurationDirectory
      switch configuration(forFileIn: directory, loader: loader) {
      case .failure(let failure):
        for problem in failure.problems where reportedConfigurations.insert(problem.path).inserted {
          errors.append(problem)
        }
        continue
      case .success(let found):
        fileConfiguration = found
        if input != .standardInput,
          found.isIgnored(input.configurationPath) || isExcluded(input.configurationPath)
        {
          continue
        }
        if let path = found.path {
          linter = linters[path] ?? Linter(configuration: merged(with: found), sharing: shared)
          linters[path] = linter
        }
      }
      switch frontend(for: input, variants: linter.configuration.file?.expoVariants) {
      case .failure(let error):
        errors.append(error)
      case .success(let (frontend, shownPath)):
        var variants = linter.readVariants(frontend)
        if let named = discovery.namedFiles[PathUtilities.absolute(input.configurationPath)] {
          variants = Self.variants(variants, reading: named)
        }
        files.append(shownPath)
        // A file the project reads from an ignored folder (a vendored copy) reports nothing either.
        findings += linter.lint(variants: variants).filter {
          !(fileConfiguration?.isIgnored($0.file) ?? false) && !isExcluded($0.file)
        }
        var filesRead: [String] = []
        var seen: Set<String> = []
        for file in variants.flatMap(\.filesRead) where seen.insert(file).inserted { filesRead.append(file) }
        var summary = ProjectSummary(kind: input.kind, path: shownPath, filesRead: filesRead)
        summary.note = input.kind.summaryNote(for: variants)
        if variants.count > 1 { summary.variants = variants.compactMap(\.variant) }
        if let expo = frontend as? ExpoAppFrontend, let dynamic = expo.configFiles().dynamic {
          let name = (dynamic as NSString).lastPathComponent
          summary.fixLimit = "\(name) computes the app's config, and --fix edits no value code computes"
        }
        projects.append(summary)
      }
    }
    if let baseline {
      switch Baseline.load(path: baseline) {
      case .success(let recorded):
        findings = recorded.newFindings(findings, directory: PathUtilities.folder(of: baseline))
      case .failure(let error):
        errors.append(error)
      }
    }
    var report = LintReport(
      files: files, findings: findings, inputErrors: errors, maxFindingsPerFile: maxFindingsPerFile)
    report.projects = projects
    report.sourceFolders = projects.filter(\.isSwiftSources).count
    report.skipped = discovery.skipped
    return report
  }

  /// The variants of a project (its apps, its configurations) that read one of the files named on the
  /// command line; all of them when none does, or when every one does.
  static func variants(_ variants: [Project], reading files: [String]) -> [Project] {
    guard variants.count > 1 else { return variants }
    let named = Set(files)
    let reading = variants.filter { variant in
      variant.filesRead.contains { named.contains(PathUtilities.absolute($0)) }
    }
    return reading.isEmpty ? variants : reading
  }

  /// The frontend that reads an input, and how the input is shown in the report.
  private func frontend(for input: ProjectDiscovery.Input, variants: [[String: String]]?) -> Result<
    (frontend: any ProjectFrontend, shownPath: String), InputError
  > {
    var options = FrontendOptions(maxFileSize: configuration.maxFileSize)
    options.overlay = overlay
    options.standardInput = fileContents["<stdin>"]
    options.expoEnvironments = environment.map { [$0] } ?? variants ?? [[:]]
    options.expoResolvedConfig = expoConfig
    return input.kind.frontend(for: input, options: options)
  }

  /// The run's settings with a configuration file's rules on top.
  private func merged(with file: Configuration) -> LintConfiguration {
    var result = configuration
    for (id, settings) in file.rules { result.rules[id] = settings }
    result.file = file
    return result
  }
}
