import ArgumentParser
import Foundation
import WidgetLintKit

/// `widgetlint lint`, the default command: ArgumentParser reads the options, `LintRun` (WidgetLintKit)
/// does the work, and a reporter renders what it found.
struct LintCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lint",
    abstract: "Lint manifests (the default command).",
    // One source line per paragraph (`\` joins them): ArgumentParser wraps each line to the terminal's
    // width, so a line break written here would show in the middle of a sentence.
    discussion: """
      A directory means every project below it: manifests (widgets.yaml, widgets.yml, widgets.json), \
      Expo apps and iOS or Flutter apps with widgets (skipping .git, .build, node_modules and Pods). A \
      file means the project it belongs to (a Swift file, an Info.plist, an app.json: the manifest or \
      app that reads it); a file no project reads is skipped (-v says so). No path lints the current \
      folder; '-' reads a manifest from standard input.

      Exit status: 0 no error-level finding (with --strict: no warning either), 1 findings at that \
      level (with --fix --dry-run: also when a fix would change a file), 2 a usage error or an input \
      that could not be read (said on standard error).

      To accept a finding, write a comment with its rule id and a reason after ' -- ' in the file it \
      points into (# in YAML, // in Swift, Dart and JavaScript): on the line before it, at the end of \
      its line, or, for the whole file, in the file's first comment block:
        # widgetlint-disable-next-line <rule> -- <reason>
        # widgetlint-disable-line <rule> -- <reason>
        # widgetlint-disable-file <rule> -- <reason>
      Name one or more rule ids, or 'all'. JSON and property lists take no comments: use the \
      configuration's overrides (docs/usage.md).
      """
  )

  @Argument(help: "Manifests, project files or folders (default: the current folder), or '-' for standard input.")
  var paths: [String] = []

  @Option(help: "Report format: text, json, sarif, github or junit (default: text; github when GITHUB_ACTIONS=true).")
  var format: OutputFormat?

  @Option(help: ArgumentHelp("Lint a folder of widget Swift code with no manifest (repeatable).", valueName: "dir"))
  var sources: [String] = []

  @Option(
    help: ArgumentHelp(
      "The iOS version --sources code deploys to; without it OS availability is not judged.", valueName: "version"))
  var deploymentTarget: String?

  @Option(
    help: ArgumentHelp(
      "The Xcode version that builds the app (its SDK decides limits such as widgets per WidgetBundle block).",
      valueName: "version"))
  var xcodeVersion: String?

  @Option(
    name: .customLong("env"),
    help: ArgumentHelp(
      "Set process.env.NAME for Expo app configs (repeatable); lints that one variant instead of the "
        + "configuration's expo.variants. Without it no variable is set.", valueName: "NAME=VALUE"))
  var environment: [String] = []

  @Option(
    help: ArgumentHelp(
      "Expo's resolved config for the app: the JSON 'npx expo config --json --type prebuild' prints, "
        + "or '-' for standard input.", valueName: "file"))
  var expoConfig: String?

  @Option(
    help: ArgumentHelp(
      "Skip the projects whose file matches this glob, relative to the current folder (repeatable), as "
        + "a configuration's ignore: does.", valueName: "glob"))
  var exclude: [String] = []

  @Option(help: "Use this configuration file instead of the nearest .widgetlint.yml.")
  var config: String?

  @Option(help: ArgumentHelp("Print the configuration in effect for a file, then exit.", valueName: "file"))
  var printConfig: String?

  @Option(help: ArgumentHelp("Report only findings not recorded in this baseline file.", valueName: "file"))
  var baseline: String?

  @Option(help: ArgumentHelp("Record the current findings in a baseline file, then exit.", valueName: "file"))
  var writeBaseline: String?

  @Option(name: .shortAndLong, help: "Write the report to this file instead of standard output.")
  var output: String?

  @Flag(help: "Apply the fixes widgetlint is certain of to the files, then report what is left.")
  var fix = false

  @Flag(help: "With --fix: print the changes as a unified diff instead of writing them; exit 1 if there are any.")
  var dryRun = false

  @Flag(help: "Fail (exit 1) on warnings too.")
  var strict = false

  @Flag(name: .shortAndLong, help: "List the files read for each project.")
  var verbose = false

  @Flag(name: .shortAndLong, help: "Print the findings only: no summary line, and no progress lines on standard error.")
  var quiet = false

  @Option(help: "Color in text reports: auto (on a terminal, unless NO_COLOR is set), always, never.")
  var color: ColorMode = .auto

  @Option(help: "Largest manifest to read, in bytes.")
  var maxFileSize: Int = 16 << 20

  @Option(help: "Largest Swift source to parse, in bytes.")
  var maxSourceSize: Int = 2 << 20

  @Option(help: "Most findings listed per file; the summary and exit status still count them all.")
  var maxFindings: Int = 200

  func validate() throws {
    if let problem = validationProblem { throw ValidationError(problem) }
  }

  private var validationProblem: String? {
    if !paths.isEmpty && !sources.isEmpty { return "lint manifests or --sources folders, not both in one run" }
    if let problem = fixUsageProblem { return problem }
    if quiet && verbose { return "--quiet and --verbose cannot be combined" }
    if let variable = environment.first(where: { !$0.contains("=") || $0.hasPrefix("=") }) {
      return "--env takes NAME=VALUE, found '\(variable)'"
    }
    if expoConfig == "-" && paths.contains("-") { return "--expo-config - and '-' cannot both read standard input" }
    if let deploymentTarget, OSVersion(parsing: deploymentTarget) == nil {
      return "--deployment-target takes a version such as 16.0"
    }
    if let xcodeVersion, OSVersion(parsing: xcodeVersion) == nil {
      return "--xcode-version takes a version such as 16.2"
    }
    // Positions are kept as 32-bit offsets.
    let largest = 1 << 31
    if maxFileSize <= 0 || maxFileSize > largest { return "--max-file-size must be 1 to \(largest)" }
    if maxSourceSize <= 0 || maxSourceSize > largest { return "--max-source-size must be 1 to \(largest)" }
    if maxFindings <= 0 { return "--max-findings must be positive" }
    return nil
  }

  /// The paths to lint: the current folder when none is named, as SwiftLint does.
  var lintedPaths: [String] { paths.isEmpty ? ["."] : paths }

  /// Lints the `--sources` folders, or else the paths: either way the inputs of one run.
  func lint(_ run: LintRun) -> LintReport {
    guard !sources.isEmpty else { return run.run(arguments: lintedPaths) }
    return run.run(sources: sources, deploymentTarget: deploymentTarget.flatMap(OSVersion.init(parsing:)))
  }

  var resolvedFormat: OutputFormat {
    if let format { return format }
    return ProcessInfo.processInfo.environment["GITHUB_ACTIONS"] == "true" ? .github : .text
  }

  func run() throws {
    var run = try makeRun()
    if let printConfig { return try printConfiguration(for: printConfig, of: run) }
    if let writeBaseline { return try recordBaseline(in: writeBaseline, of: run) }
    run.baseline = baseline
    // With --fix, what is linted below is the fixed text.
    var changedFiles = 0
    if fix { (run.fileContents, changedFiles) = try applyFixes(run) }
    let report = lint(run)
    let format = resolvedFormat
    // Say what a folder was recognised as; the files read (of manifests too) on request.
    let summary = RunSummary(verbose: verbose)
    var lines: [String] = []
    if !quiet { lines += summary.projectLines(of: report, appsOnly: format == .text) }
    if fix && !quiet { lines += summary.unfixedLines(of: report) }
    lines += summary.skippedLines(of: report)
    FileHandle.standardError.write(Data(lines.map { $0 + "\n" }.joined().utf8))
    try writeReport(report, format: format)
    // A clean run on a terminal says so, so the first run of a newcomer does not look like nothing ran.
    if !quiet, format == .text, output == nil, isatty(STDERR_FILENO) != 0, let line = summary.cleanRunLine(of: report) {
      FileHandle.standardError.write(Data((line + "\n").utf8))
    }
    printErrors(report.inputErrors)
    var status = report.exitStatus(strict: strict)
    // `--fix --dry-run` is a check, as `ruff --diff` is: a file it would change fails it.
    if dryRun && changedFiles > 0 && status == 0 { status = 1 }
    if status != 0 { throw LintFailure(status: status) }
  }

  /// The run the options ask for: its settings, `--env` variables and Expo's resolved config.
  func makeRun() throws -> LintRun {
    var settings = LintConfiguration(maxFileSize: maxFileSize)
    settings.maxSourceFileSize = maxSourceSize
    settings.xcodeVersion = xcodeVersion.flatMap(OSVersion.init(parsing:))
    settings.keepsModelsUntilExit = true
    var run = LintRun(configuration: settings, configurationFile: config, maxFindingsPerFile: maxFindings)
    run.excluded = exclude
    if !environment.isEmpty {
      var variables: [String: String] = [:]
      for variable in environment {
        let parts = variable.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        variables[String(parts[0])] = String(parts[1])
      }
      run.environment = variables
    }
    if let expoConfig {
      let read =
        expoConfig == "-"
        ? InputReader.readStandardInput(maxSize: maxFileSize) : InputReader.read(path: expoConfig, maxSize: maxFileSize)
      switch read {
      case .success(let bytes):
        run.expoConfig = SourceText(path: expoConfig == "-" ? "<expo config>" : expoConfig, bytes: bytes)
      case .failure(let error):
        printErrors([InputError(path: expoConfig, message: error.message)])
        throw LintFailure(status: 2)
      }
    }
    return run
  }

  /// `--print-config`: the configuration in effect for a file.
  func printConfiguration(for file: String, of run: LintRun) throws {
    let directory = PathUtilities.folder(of: file)
    switch run.configuration(forFileIn: directory.isEmpty ? "." : directory, loader: ConfigurationLoader()) {
    case .success(let configuration):
      print(ConfigurationLoader.describe(configuration), terminator: "")
      if configuration.isIgnored(file) { print("# \(file) is ignored by this configuration") }
    case .failure(let failure):
      printErrors(failure.problems)
      throw LintFailure(status: 2)
    }
  }

  /// `--write-baseline`: records the run's findings in a baseline file.
  func recordBaseline(in file: String, of run: LintRun) throws {
    let report = lint(run)
    printErrors(report.inputErrors)
    let directory = PathUtilities.folder(of: file)
    let recorded = Baseline(findings: report.findings, directory: directory.isEmpty ? "." : directory)
    do {
      try AtomicFileWriter.write(recorded.encoded(), to: file)
    } catch {
      printErrors([InputError(path: file, message: "cannot write: \(error)")])
      throw LintFailure(status: 2)
    }
    if !quiet {
      FileHandle.standardError.write(Data("widgetlint: recorded \(report.findings.count) findings in \(file)\n".utf8))
    }
    if !report.inputErrors.isEmpty { throw LintFailure(status: 2) }
  }

  func reporter(for format: OutputFormat) -> any Reporter {
    switch format {
    case .text: return TextReporter(color: useColor, showsSummary: !quiet)
    case .json: return JSONReporter()
    case .sarif:
      let root = PathUtilities.repositoryRoot(from: PathUtilities.currentDirectory)
      return SARIFReporter(rules: RuleRegistry.all.map { $0.metadata }, rootDirectory: root ?? ".")
    case .github: return GitHubReporter(workspace: ProcessInfo.processInfo.environment["GITHUB_WORKSPACE"])
    case .junit: return JUnitReporter()
    }
  }

  /// Renders the report to `--output`, or else to standard output (standard error where standard output
  /// carries the diff or the fixed text).
  func writeReport(_ report: LintReport, format: OutputFormat) throws {
    // What could not be read is said on standard error, where a person sees it, and not again in a text
    // report beside it; a report written to a file, and every machine format, keeps it to stay complete.
    var shown = report
    if format == .text && output == nil { shown.inputErrors = [] }
    let rendered = reporter(for: format).render(shown)
    if let output {
      do {
        try AtomicFileWriter.write(rendered, to: output)
      } catch {
        FileHandle.standardError.write(Data("widgetlint: error: cannot write '\(output)': \(error)\n".utf8))
        throw LintFailure(status: 2)
      }
    } else {
      // Where standard output carries the diff or the fixed text, the report goes beside it.
      (reportsToStandardError ? FileHandle.standardError : FileHandle.standardOutput).write(Data(rendered.utf8))
    }
  }

  func printErrors(_ errors: [InputError]) {
    for error in errors {
      let line = "widgetlint: error: \(TextReporter.printable(error.path)): \(TextReporter.printable(error.message))\n"
      FileHandle.standardError.write(Data(line.utf8))
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
