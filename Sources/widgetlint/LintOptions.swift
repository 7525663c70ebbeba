import Foundation
import WidgetLintKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The settings of one lint run as plain values. `LintCommand` (ArgumentParser) makes them from any
/// command line; `init(commonArguments:)` makes them from the everyday one without ArgumentParser.
struct LintOptions: Equatable {
  static let defaultMaxFileSize = 16 << 20
  static let defaultMaxSourceSize = 2 << 20
  static let defaultMaxFindings = 200

  var paths: [String] = []
  var format: OutputFormat?
  var sources: [String] = []
  var deploymentTarget: String?
  var config: String?
  var printConfig: String?
  var baseline: String?
  var writeBaseline: String?
  var output: String?
  var strict = false
  var verbose = false
  var color: ColorMode = .auto
  var maxFileSize = defaultMaxFileSize
  var maxSourceSize = defaultMaxSourceSize
  var maxFindings = defaultMaxFindings

  /// Words ArgumentParser reads as a subcommand (or help) when they come first.
  static let commandWords = ["lint", "rules", "explain", "init", "help"]

  var validationProblem: String? {
    if paths.isEmpty && printConfig == nil && sources.isEmpty {
      return "name at least one manifest, directory, or '-' (or --sources DIR)"
    }
    if !paths.isEmpty && !sources.isEmpty { return "lint manifests or --sources folders, not both in one run" }
    if let deploymentTarget, OSVersion(parsing: deploymentTarget) == nil {
      return "--deployment-target takes a version such as 16.0"
    }
    // Positions are kept as 32-bit offsets.
    let largest = 1 << 31
    if maxFileSize <= 0 || maxFileSize > largest { return "--max-file-size must be 1 to \(largest)" }
    if maxSourceSize <= 0 || maxSourceSize > largest { return "--max-source-size must be 1 to \(largest)" }
    if maxFindings <= 0 { return "--max-findings must be positive" }
    return nil
  }

  var resolvedFormat: OutputFormat {
    if let format { return format }
    return ProcessInfo.processInfo.environment["GITHUB_ACTIONS"] == "true" ? .github : .text
  }

  func run() throws {
    var settings = LintConfiguration(maxFileSize: maxFileSize)
    settings.maxSourceFileSize = maxSourceSize
    settings.keepsModelsUntilExit = true
    var run = LintRun(configuration: settings, configurationFile: config, maxFindingsPerFile: maxFindings)
    if let printConfig {
      let directory = (printConfig as NSString).deletingLastPathComponent
      switch run.configuration(forFileIn: directory.isEmpty ? "." : directory, loader: ConfigurationLoader()) {
      case .success(let configuration):
        print(ConfigurationLoader.describe(configuration), terminator: "")
        if configuration.isIgnored(printConfig) { print("# \(printConfig) is ignored by this configuration") }
        return
      case .failure(let failure):
        printErrors(failure.problems)
        throw LintFailure(status: 2)
      }
    }
    if let writeBaseline {
      let report = run.run(arguments: paths)
      printErrors(report.inputErrors)
      let directory = (writeBaseline as NSString).deletingLastPathComponent
      let recorded = Baseline(findings: report.findings, directory: directory.isEmpty ? "." : directory)
      do {
        try ReportWriter.write(recorded.encoded(), to: writeBaseline)
      } catch {
        printErrors([InputError(path: writeBaseline, message: "cannot write: \(error.localizedDescription)")])
        throw LintFailure(status: 2)
      }
      FileHandle.standardError.write(
        Data("widgetlint: recorded \(report.findings.count) findings in \(writeBaseline)\n".utf8))
      if !report.inputErrors.isEmpty { throw LintFailure(status: 2) }
      return
    }
    run.baseline = baseline
    let report =
      sources.isEmpty
      ? run.run(arguments: paths)
      : run.run(sources: sources, deploymentTarget: deploymentTarget.flatMap(OSVersion.init(parsing:)))
    let format = resolvedFormat
    // Say what a folder was recognised as; the files read on request.
    for project in report.projects where format == .text || verbose {
      var line = "widgetlint: \(project.path): \(project.kind), \(project.filesRead.count) files read\n"
      if verbose { line += project.filesRead.map { "  \($0)\n" }.joined() }
      FileHandle.standardError.write(Data(line.utf8))
    }
    let reporter: any Reporter
    switch format {
    case .text: reporter = TextReporter(color: useColor)
    case .json: reporter = JSONReporter()
    case .sarif:
      let root = PathUtilities.repositoryRoot(from: FileManager.default.currentDirectoryPath)
      reporter = SARIFReporter(rules: RuleRegistry.all.map { $0.metadata }, rootDirectory: root ?? ".")
    case .github: reporter = GitHubReporter()
    case .junit: reporter = JUnitReporter()
    }
    let rendered = reporter.render(report)
    if let output {
      do {
        try ReportWriter.write(rendered, to: output)
      } catch {
        FileHandle.standardError.write(Data("widgetlint: error: cannot write '\(output)': \(error)\n".utf8))
        throw LintFailure(status: 2)
      }
    } else {
      FileHandle.standardOutput.write(Data(rendered.utf8))
    }
    // Machine formats go to files and pipes; say what could not be read where a person sees it.
    if format != .text { printErrors(report.inputErrors) }
    let status = report.exitStatus(strict: strict)
    if status != 0 { throw LintFailure(status: status) }
  }

  func printErrors(_ errors: [InputError]) {
    for error in errors {
      FileHandle.standardError.write(Data("widgetlint: error: \(error.path): \(error.message)\n".utf8))
    }
  }

  var useColor: Bool {
    switch color {
    case .always: return true
    case .never: return false
    case .auto:
      let environment = ProcessInfo.processInfo.environment
      if output != nil || environment["NO_COLOR"].map({ !$0.isEmpty }) == true || environment["TERM"] == "dumb" {
        return false
      }
      return isatty(STDOUT_FILENO) != 0
    }
  }
}

// In an extension, so that the struct keeps its memberwise initializer, which `LintCommand` uses.
extension LintOptions {
  /// Reads `PATH... [--strict] [--format FORMAT]` in any order, the way ArgumentParser reads it for
  /// `LintCommand`. Anything else (another option, a repeated one, an unknown format, a word that names a
  /// subcommand, `--`) gives nil, and ArgumentParser reads the command line, with its help and errors.
  init?(commonArguments arguments: [String]) {
    var index = 0
    var sawFormat = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if argument == "--strict" {
        guard !strict else { return nil }
        strict = true
      } else if argument == "--format" || argument.hasPrefix("--format=") {
        var value = String(argument.dropFirst("--format=".count))
        if argument == "--format" {
          guard index < arguments.count else { return nil }
          value = arguments[index]
          index += 1
        }
        guard !sawFormat, let format = OutputFormat(rawValue: value) else { return nil }
        sawFormat = true
        self.format = format
      } else if argument == "-" || !argument.hasPrefix("-") {
        guard !Self.commandWords.contains(argument) else { return nil }
        paths.append(argument)
      } else {
        return nil
      }
    }
    guard !paths.isEmpty, validationProblem == nil else { return nil }
  }
}
