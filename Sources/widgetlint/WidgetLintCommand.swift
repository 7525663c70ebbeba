import ArgumentParser
import Foundation
import WidgetLintKit

@main
struct WidgetLintCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "widgetlint",
    abstract: "Lint the configuration of an iOS widget bundle: widgets, families, refresh, App Groups, EAS.",
    version: WidgetLintInfo.version,
    subcommands: [
      LintCommand.self, RulesCommand.self, ExplainCommand.self, InitCommand.self, LanguageServerCommand.self,
    ],
    defaultSubcommand: LintCommand.self
  )

  /// ArgumentParser exits 64 on usage errors; widgetlint promises 2.
  static func main() {
    if ["-h", "--help", "help"].contains(CommandLine.arguments.dropFirst().first ?? ""),
      CommandLine.arguments.count == 2
    {
      print(rootHelp)
      return
    }
    do {
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

extension WidgetLintCommand {
  /// `widgetlint --help`: linting is what people run, so its arguments and options come first, then
  /// the other commands. ArgumentParser's own root help lists only the subcommands.
  static var rootHelp: String {
    let lintHelp = helpMessage(for: LintCommand.self)
    let rootHelp = helpMessage()
    let lintDetails = lintHelp.range(of: "ARGUMENTS:").map { String(lintHelp[$0.lowerBound...]) } ?? lintHelp
    let commands = rootHelp.range(of: "SUBCOMMANDS:").map { String(rootHelp[$0.lowerBound...]) } ?? ""
    // The lint command's discussion (inputs, exit status, suppressions), wrapped to the terminal as
    // ArgumentParser wraps it: between its overview line and its usage.
    var discussion = ""
    if let overviewEnd = lintHelp.range(of: "\n\n"), let usage = lintHelp.range(of: "\n\nUSAGE:"),
      overviewEnd.upperBound <= usage.lowerBound
    {
      discussion = String(lintHelp[overviewEnd.upperBound..<usage.lowerBound]) + "\n\n"
    }
    return """
      OVERVIEW: \(configuration.abstract)

      USAGE: widgetlint [lint] [<options>] [<paths> ...]
             widgetlint <subcommand>

      \(discussion)\(lintDetails.trimmingCharacters(in: .newlines))

      \(commands.trimmingCharacters(in: .newlines))
      """
  }
}

/// A lint that ran and found something (1) or could not read an input (2).
struct LintFailure: Error {
  var status: Int32
}

/// An option's values as the cases of an enum, named by their raw values. ArgumentParser's defaults for
/// such an enum reach the names through a key path and casts that the Swift runtime resolves on every
/// start, each by scanning the binary's 11 000 conformance records (docs/performance.md); here they
/// are read directly.
protocol ChoiceArgument: ExpressibleByArgument, CaseIterable, RawRepresentable<String> {}

extension ChoiceArgument {
  static var allValueStrings: [String] { allCases.map { $0.rawValue } }
  /// No value has a description of its own beyond its name.
  static var allValueDescriptions: [String: String] { [:] }
  var defaultValueDescription: String { rawValue }
}

enum OutputFormat: String, ChoiceArgument {
  case text, json, sarif, github, junit
}

enum ColorMode: String, ChoiceArgument {
  case auto, always, never
}

enum ListFormat: String, ChoiceArgument {
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
    let linter = Linter()
    let project = linter.read(
      SwiftSourcesFrontend(directory: sources, displayDirectory: sources, deploymentTarget: nil))
    let deploymentTarget = ManifestWriter.lowestDeploymentTarget(sourcesIn: sources, linter: linter)
    // Sources are written relative to where the manifest will be.
    let manifestDirectory = output.map { PathUtilities.folder(of: $0) } ?? "."
    let relative = Baseline.relativeFile(sources, to: manifestDirectory.isEmpty ? "." : manifestDirectory)
    let text = ManifestWriter.manifest(for: project, sourcesPath: relative, deploymentTarget: deploymentTarget)
    if let output {
      try AtomicFileWriter.write(text, to: output)
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
