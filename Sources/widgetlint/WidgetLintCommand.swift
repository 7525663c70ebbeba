import ArgumentParser
import Foundation
import WidgetLintKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@main
struct WidgetLintCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "widgetlint",
    abstract: "Lint the configuration of an iOS widget bundle: widgets, families, refresh, App Groups, EAS.",
    version: WidgetLintInfo.version,
    subcommands: [LintCommand.self, RulesCommand.self, ExplainCommand.self, InitCommand.self],
    defaultSubcommand: LintCommand.self
  )

  /// ArgumentParser exits 64 on usage errors; widgetlint promises 2.
  static func main() {
    do {
      // The everyday command line (paths, perhaps --strict and --format) skips ArgumentParser, whose
      // reflection over every command and option costs a small run more than linting does.
      if let options = LintOptions(commonArguments: Array(CommandLine.arguments.dropFirst())) {
        try options.run()
        return
      }
      var command = try parseAsRoot()
      try command.run()
    } catch {
      let code = exitCode(for: error)
      let message = fullMessage(for: error)
      if code == .success {
        if !message.isEmpty { print(message) }
        Foundation.exit(0)
      }
      if let failure = error as? LintFailure {
        Foundation.exit(failure.status)
      }
      if !message.isEmpty { FileHandle.standardError.write(Data((message + "\n").utf8)) }
      Foundation.exit(2)
    }
  }
}

/// A lint that ran and found something (1) or could not read an input (2).
struct LintFailure: Error {
  var status: Int32
}

enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
  case text, json, sarif, github, junit
}

enum ColorMode: String, ExpressibleByArgument, CaseIterable {
  case auto, always, never
}

struct LintCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lint",
    abstract: "Lint manifests (the default command).",
    discussion: """
      A directory means every widgets.yaml, widgets.yml and widgets.json below it (skipping .git, .build,
      node_modules and Pods); '-' reads a manifest from standard input.
      Exit status: 0 no error-level finding (with --strict: no warning either), 1 findings at that level,
      2 a usage error or an input that could not be read.
      """
  )

  @Argument(help: "Manifest files, directories, or '-' for standard input.")
  var paths: [String] = []

  @Option(help: "Report format: text, json, sarif, github or junit (default: text; github when GITHUB_ACTIONS=true).")
  var format: OutputFormat?

  @Option(help: ArgumentHelp("Lint a folder of widget Swift code with no manifest (repeatable).", valueName: "dir"))
  var sources: [String] = []

  @Option(
    help: ArgumentHelp(
      "The iOS version --sources code deploys to; without it OS availability is not judged.", valueName: "version"))
  var deploymentTarget: String?

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

  @Flag(help: "Fail (exit 1) on warnings too.")
  var strict = false

  @Flag(name: .shortAndLong, help: "List the files read for each project.")
  var verbose = false

  @Option(help: "Color in text reports: auto (on a terminal, unless NO_COLOR is set), always, never.")
  var color: ColorMode = .auto

  @Option(help: "Largest manifest to read, in bytes.")
  var maxFileSize: Int = LintOptions.defaultMaxFileSize

  @Option(help: "Largest Swift source to parse, in bytes.")
  var maxSourceSize: Int = LintOptions.defaultMaxSourceSize

  @Option(help: "Most findings listed per file; the summary and exit status still count them all.")
  var maxFindings: Int = LintOptions.defaultMaxFindings

  /// The options as plain values, for the run.
  var options: LintOptions {
    LintOptions(
      paths: paths, format: format, sources: sources, deploymentTarget: deploymentTarget, config: config,
      printConfig: printConfig, baseline: baseline, writeBaseline: writeBaseline, output: output, strict: strict,
      verbose: verbose, color: color, maxFileSize: maxFileSize, maxSourceSize: maxSourceSize,
      maxFindings: maxFindings)
  }

  func validate() throws {
    if let problem = options.validationProblem { throw ValidationError(problem) }
  }

  func run() throws { try options.run() }
}

enum ListFormat: String, ExpressibleByArgument, CaseIterable {
  case text, json
}

struct InitCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "init", abstract: "Write a manifest describing the widgets a folder of Swift code declares.")

  @Option(help: ArgumentHelp("The widget extension's Swift sources.", valueName: "dir"))
  var sources: String

  @Option(name: .shortAndLong, help: "Write the manifest here instead of standard output.")
  var output: String?

  @Flag(help: "Replace an existing output file.")
  var force = false

  func validate() throws {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: sources, isDirectory: &isDirectory), isDirectory.boolValue else {
      throw ValidationError("--sources must be a folder")
    }
    if let output, !force, FileManager.default.fileExists(atPath: output) {
      throw ValidationError("\(output) exists; use --force to replace it")
    }
  }

  func run() throws {
    let project = Linter().read(
      SwiftSourcesFrontend(directory: sources, displayDirectory: sources, deploymentTarget: nil))
    // Sources are written relative to where the manifest will be.
    let manifestDirectory = output.map { ($0 as NSString).deletingLastPathComponent } ?? "."
    let relative = Baseline.relativeFile(sources, to: manifestDirectory.isEmpty ? "." : manifestDirectory)
    let text = ManifestWriter.manifest(for: project, sourcesPath: relative)
    if let output {
      try ReportWriter.write(text, to: output)
      FileHandle.standardError.write(Data("widgetlint: wrote \(output)\n".utf8))
    } else {
      print(text, terminator: "")
    }
  }
}

struct RulesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "rules", abstract: "List the rules with their default severity and summary.")

  @Option(help: "Output format.")
  var format: ListFormat = .text

  func run() throws {
    let rules = RuleRegistry.all.map { $0.metadata }
    switch format {
    case .text:
      let width = rules.map(\.id.rawValue.count).max() ?? 0
      for rule in rules {
        let id = rule.id.rawValue.padding(toLength: width, withPad: " ", startingAt: 0)
        let severity = rule.defaultSeverity.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)
        print("\(id)  \(severity)  \(rule.summary)")
      }
    case .json:
      print(RuleDocumentation.json(rules))
    }
  }
}

struct ExplainCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "explain", abstract: "Print a rule's rationale, options and examples.")

  @Argument(help: "A rule id, as `widgetlint rules` lists them.")
  var rule: String

  func validate() throws {
    guard RuleRegistry.rule(withID: rule) != nil else {
      var message = "unknown rule '\(rule)'"
      if let suggestion = Suggestions.closest(to: rule, in: RuleRegistry.ids) {
        message += "; did you mean '\(suggestion)'?"
      }
      throw ValidationError(message)
    }
  }

  func run() throws {
    guard let ruleType = RuleRegistry.rule(withID: rule) else { return }
    print(RuleDocumentation.markdown(ruleType.metadata), terminator: "")
  }
}
