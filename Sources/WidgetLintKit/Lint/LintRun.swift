import Foundation

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

  /// Lints folders of Swift code with no manifest (`--sources`).
  public func run(sources directories: [String], deploymentTarget: OSVersion?) -> LintReport {
    let linter = Linter(configuration: configuration)
    var findings: [Finding] = []
    var errors: [InputError] = []
    var linted: [String] = []
    for directory in directories {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
        errors.append(InputError(path: directory, message: "is not a folder of Swift sources"))
        continue
      }
      linted.append(directory)
      findings += linter.lint(sourcesIn: directory, displayDirectory: directory, deploymentTarget: deploymentTarget)
    }
    return LintReport(files: linted, findings: findings, inputErrors: errors, maxFindingsPerFile: maxFindingsPerFile)
  }

  public func run(arguments: [String]) -> LintReport {
    let (inputs, discoveryErrors) = ManifestDiscovery.inputs(for: arguments)
    let loader = ConfigurationLoader()
    let shared = Linter(configuration: configuration)
    var linters: [String: Linter] = [:]
    var files: [String] = []
    var findings: [Finding] = []
    var errors = discoveryErrors
    var reportedConfigurations: Set<String> = []
    var projects: [ProjectSummary] = []
    for input in inputs {
      var linter = shared
      // Standard input takes the configuration of the current folder.
      let filePath: String
      switch input {
      case .file(let path): filePath = path
      case .standardInput: filePath = "-"
      case .expoApp(let config): filePath = config
      case .xcodeProject(let directory): filePath = SourceResolver.join(directory, "ios")
      }
      do {
        let directory = input == .standardInput ? "." : (filePath as NSString).deletingLastPathComponent
        switch configuration(forFileIn: directory.isEmpty ? "." : directory, loader: loader) {
        case .failure(let failure):
          for problem in failure.problems where reportedConfigurations.insert(problem.path).inserted {
            errors.append(problem)
          }
          continue
        case .success(let fileConfiguration):
          if input != .standardInput, fileConfiguration.isIgnored(filePath) { continue }
          if let path = fileConfiguration.path {
            linter = linters[path] ?? Linter(configuration: merged(with: fileConfiguration), sharing: shared)
            linters[path] = linter
          }
        }
      }
      switch input {
      case .expoApp(let config):
        let (found, read) = linter.lint(expoAppAt: config)
        files.append(config)
        findings += found
        projects.append(ProjectSummary(kind: "Expo app", path: config, filesRead: read))
        continue
      case .xcodeProject(let directory):
        let (found, read) = linter.lint(xcodeProjectAt: directory)
        files.append(directory)
        findings += found
        let kind =
          FileManager.default.fileExists(atPath: SourceResolver.join(directory, "pubspec.yaml"))
          ? "Flutter app" : "Xcode app"
        projects.append(ProjectSummary(kind: kind, path: directory, filesRead: read))
        continue
      default:
        break
      }
      let path: String
      let bytes: Result<[UInt8], InputError>
      switch input {
      case .file(let filePath):
        path = filePath
        bytes = InputReader.read(path: filePath, maxSize: configuration.maxFileSize)
      case .standardInput:
        path = "<stdin>"
        bytes = InputReader.readStandardInput(maxSize: configuration.maxFileSize)
      case .expoApp, .xcodeProject:
        continue
      }
      switch bytes {
      case .failure(let error):
        errors.append(InputError(path: path, message: error.message))
      case .success(let bytes):
        files.append(path)
        let directory = input == .standardInput ? "." : (path as NSString).deletingLastPathComponent
        let display = input == .standardInput ? "" : directory
        let source = SourceText(path: path, bytes: bytes)
        findings += linter.lint(
          manifest: source, directory: directory.isEmpty ? "." : directory, displayDirectory: display)
      }
    }
    if let baseline {
      switch Baseline.load(path: baseline) {
      case .success(let recorded):
        findings = recorded.newFindings(findings, directory: (baseline as NSString).deletingLastPathComponent)
      case .failure(let error):
        errors.append(error)
      }
    }
    var report = LintReport(
      files: files, findings: findings, inputErrors: errors, maxFindingsPerFile: maxFindingsPerFile)
    report.projects = projects
    return report
  }

  /// The run's settings with a configuration file's rules on top.
  private func merged(with file: Configuration) -> LintConfiguration {
    var result = configuration
    for (id, settings) in file.rules { result.rules[id] = settings }
    result.file = file
    return result
  }
}
