import Foundation
import WidgetLintCore
import WidgetLintFrontends
import WidgetLintModel
import WidgetLintRules

/// The pipeline: a frontend reads a project, the rules check it, and the finishing stage turns what
/// they observed into findings.
public final class Linter: Sendable {
  public let configuration: LintConfiguration
  /// Shared with the linter this one was made `sharing`, so a run reads each Swift file once.
  public let frontendContext: FrontendContext

  /// The rules the configuration leaves on, in registry order, with the option values it sets.
  private let enabledRules: [(rule: any Rule.Type, id: RuleID, options: [String: Int])]

  public convenience init(configuration: LintConfiguration = LintConfiguration(), sharing other: Linter? = nil) {
    self.init(
      configuration: configuration,
      frontendContext: FrontendContext(limits: configuration.readingLimits, sharing: other?.frontendContext))
  }

  package init(configuration: LintConfiguration, frontendContext: FrontendContext) {
    self.configuration = configuration
    self.enabledRules = RuleRegistry.all.compactMap { rule in
      let id = rule.metadata.id
      let settings = configuration.rules[id.rawValue]
      return settings.map { $0.severity != nil } ?? true ? (rule, id, settings?.options ?? [:]) : nil
    }
    self.frontendContext = frontendContext
  }

  /// Reads a project through its frontend.
  public func read(_ frontend: some ProjectFrontend) -> Project {
    let project = withRunSettings(frontend.readProject(frontendContext))
    if configuration.keepsModelsUntilExit { ModelsKeptUntilExit.keep(project) }
    return project
  }

  /// Reads every build variant of a project.
  public func readVariants(_ frontend: some ProjectFrontend) -> [Project] {
    let projects = frontend.readVariants(frontendContext).map(withRunSettings)
    if configuration.keepsModelsUntilExit { ModelsKeptUntilExit.keep(projects) }
    return projects
  }

  /// A project with what the command line says about it: `--xcode-version` wins over the project's own.
  private func withRunSettings(_ project: Project) -> Project {
    guard let xcode = configuration.xcodeVersion else { return project }
    var project = project
    project.toolchain = Toolchain(xcode: xcode, source: "--xcode-version")
    return project
  }

  /// Reads and lints a project, in every build variant it has.
  public func lint(_ frontend: some ProjectFrontend) -> [Finding] {
    lint(variants: readVariants(frontend))
  }

  /// Lints the variants of one project. A finding made in every variant is reported once; one made in
  /// some only says in which.
  public func lint(variants: [Project]) -> [Finding] {
    guard variants.count > 1 else { return variants.first.map(lint) ?? [] }
    let perVariant = variants.map(lint)
    struct Identity: Hashable {
      package var rule: String
      package var file: String
      package var start: Int
      package var end: Int
      package var message: String
    }
    func identity(_ finding: Finding) -> Identity {
      Identity(
        rule: finding.ruleID, file: finding.file, start: finding.span.start, end: finding.span.end,
        message: finding.message)
    }
    var variantsByIdentity: [Identity: [Int]] = [:]
    var firstSeen: [(Identity, Finding)] = []
    for (index, findings) in perVariant.enumerated() {
      for finding in findings {
        let key = identity(finding)
        if variantsByIdentity[key] == nil { firstSeen.append((key, finding)) }
        if variantsByIdentity[key]?.last != index { variantsByIdentity[key, default: []].append(index) }
      }
    }
    return firstSeen.map { key, finding in
      let seenIn = variantsByIdentity[key] ?? []
      guard seenIn.count < variants.count else { return finding }
      var annotated = finding
      let names = seenIn.compactMap { variants[$0].variant }
      if !names.isEmpty { annotated.message += " (only in \(names.joined(separator: " and ")))" }
      return annotated
    }.sorted(by: Finding.sourceOrder)
  }

  /// Lints a project read before: the rules, then the finishing stage.
  public func lint(_ project: Project) -> [Finding] {
    Finisher(configuration: configuration).finish(runRules(on: project), of: project)
  }

  /// Lints one manifest. `directory` is where its relative `sources` are read from, and
  /// `displayDirectory` how that folder is shown in findings.
  public func lint(manifest source: SourceText, directory: String, displayDirectory: String) -> [Finding] {
    lint(ManifestFrontend(source: source, directory: directory, displayDirectory: displayDirectory))
  }

  /// What every enabled rule observes. Rules only read the project, so they run side by side; their
  /// observations are joined in registry order, so the result does not depend on which finished first.
  package func runRules(on project: Project) -> [Observation] {
    guard let first = enabledRules.first else { return [] }
    guard configuration.runsRulesSideBySide else {
      let context = RuleContext(project: project, rule: first.rule, id: first.id, options: first.options)
      var observations: [Observation] = []
      for (index, (rule, id, options)) in enabledRules.enumerated() {
        if index > 0 { observations += context.turn(to: rule, id: id, options: options) }
        rule.init().check(context)
      }
      return observations + context.observations
    }
    let check: @Sendable (Int) -> [Observation] = { [enabledRules] index in
      let (rule, id, options) = enabledRules[index]
      let context = RuleContext(project: project, rule: rule, id: id, options: options)
      rule.init().check(context)
      return context.observations
    }
    return Array(concurrentMap(enabledRules.count, check).joined())
  }
}

extension Finding {
  /// Manifest findings first, then by file, position and rule.
  package static func sourceOrder(_ lhs: Finding, _ rhs: Finding) -> Bool {
    if lhs.file != rhs.file { return lhs.file < rhs.file }
    if lhs.span.start != rhs.span.start { return lhs.span.start < rhs.span.start }
    return lhs.ruleID < rhs.ruleID
  }
}
