import Foundation

/// The settings of one run: rule severities and options, and reading limits.
public struct LintConfiguration: Sendable {
  /// Per-rule settings that differ from the rule's defaults, by rule id.
  public var rules: [String: RuleSettings]
  public var parserLimits: YAMLParser.Limits
  /// Manifests larger than this are not read (bytes).
  public var maxFileSize: Int
  /// Swift sources larger than this are not parsed (bytes): real widget code is far smaller, and a
  /// generated giant must not stall a pre-commit hook.
  public var maxSourceFileSize: Int = 2 << 20
  /// Overrides from the configuration file, applied to each finding by file and pointer.
  public var file: Configuration?
  /// For a command-line run that exits once it has reported: each project model is left for the exit
  /// to reclaim instead of being taken apart object by object (7% of a 3 MB manifest's time).
  public var keepsModelsUntilExit = false

  public init(
    rules: [String: RuleSettings] = [:], parserLimits: YAMLParser.Limits = .init(), maxFileSize: Int = 16 << 20,
    file: Configuration? = nil
  ) {
    self.rules = rules
    self.parserLimits = parserLimits
    self.maxFileSize = maxFileSize
    self.file = file
  }
}

/// The pipeline: text → document → manifest and Swift facts → rules → findings.
public final class Linter: @unchecked Sendable {
  public let configuration: LintConfiguration
  let swiftCache: SwiftFactsCache

  public init(configuration: LintConfiguration = LintConfiguration(), sharing other: Linter? = nil) {
    self.configuration = configuration
    self.swiftCache = other?.swiftCache ?? SwiftFactsCache()
  }

  /// Lints one manifest. `directory` is where its relative `sources` are read from, and
  /// `displayDirectory` how that folder is shown in findings.
  public func lint(manifest source: SourceText, directory: String, displayDirectory: String) -> [Finding] {
    let project = buildProject(manifest: source, directory: directory, displayDirectory: displayDirectory)
    if configuration.keepsModelsUntilExit { ModelsKeptUntilExit.keep(project) }
    var findings = runRules(on: project)
    var suppressions = Suppressions(source: source, document: project.document)
    let (kept, directiveObservations) = suppressions.apply(to: findings, file: source)
    findings = kept + assignSeverities(directiveObservations)
    if let file = configuration.file {
      findings = findings.compactMap { finding in
        guard let override = file.overriddenSeverity(rule: finding.ruleID, file: finding.file, pointer: finding.pointer)
        else { return finding }
        guard let severity = override else { return nil }
        var changed = finding
        changed.severity = severity
        return changed
      }
    }
    if let document = project.document {
      var paths = StablePaths(document: document)
      for index in findings.indices { findings[index].stablePath = paths.path(for: findings[index].pointer) }
    }
    return findings.sorted(by: Finding.sourceOrder)
  }

  /// Findings with the severity the configuration gives their rule; rules turned off give none.
  private func assignSeverities(_ observations: [Observation]) -> [Finding] {
    observations.compactMap { observation in
      let settings = configuration.rules[observation.ruleID]
      if let settings, settings.severity == nil { return nil }
      let metadata = RuleRegistry.rule(withID: observation.ruleID)?.metadata
      let severity = settings?.severity ?? observation.severityOverride ?? metadata?.defaultSeverity ?? .error
      return Finding(observation, severity: severity)
    }
  }

  /// Lints a folder of widget Swift code with no manifest: only what the code itself says is judged.
  /// Without `deploymentTarget`, OS availability is not judged.
  public func lint(sourcesIn directory: String, displayDirectory: String, deploymentTarget: OSVersion?) -> [Finding] {
    let project = sourcesProject(
      directory: directory, displayDirectory: displayDirectory, deploymentTarget: deploymentTarget)
    let virtual = project.manifestFile
    return runRules(on: project).map { finding in
      var finding = finding
      finding.related.removeAll { $0.span.file === virtual }
      return finding
    }
  }

  /// The project `--sources` describes: one made-up target whose sources are the folder.
  public func sourcesProject(directory: String, displayDirectory: String, deploymentTarget: OSVersion?) -> Project {
    let virtual = SourceText(path: displayDirectory.isEmpty ? "." : displayDirectory, bytes: [])
    let nowhere = SourceSpan(file: virtual, start: 0, end: 0)
    let name = (PathUtilities.absolute(directory) as NSString).lastPathComponent
    let target = Manifest.Target(span: nowhere, pointer: JSONPointer(["targets", "0"]))
    target.name = Located(name, span: nowhere, pointer: JSONPointer(["targets", "0", "name"]))
    target.deploymentTarget = deploymentTarget.map {
      Located($0, span: nowhere, pointer: JSONPointer(["targets", "0", "deploymentTarget"]))
    }
    var manifest = Manifest(rootSpan: nowhere)
    manifest.isSynthesized = true
    manifest.targets = [target]
    var project = Project(manifestFile: virtual, manifest: manifest, readingObservations: [])
    let resolver = SourceResolver(baseDirectory: directory, displayDirectory: displayDirectory)
    let files = resolver.files(for: ".") ?? []
    attachCode([files], to: &project)
    return project
  }

  /// Parses YAML or JSON; a `.json` file is held to JSON's own rules (no comments, no trailing commas),
  /// whose problems replace libyaml's syntax errors for it.
  func parseDocument(
    _ source: SourceText, onListItem: YAMLParser.ListItemHandler? = nil
  ) -> (YAMLDocument, [Observation]) {
    var (document, problems) = YAMLParser(limits: configuration.parserLimits).parse(
      source, onListItem: onListItem)
    if source.path.lowercased().hasSuffix(".json") {
      let strictness = JSONStrictness.problems(in: source)
      if !strictness.isEmpty {
        problems = strictness + problems.filter { $0.ruleID != YAMLParser.syntaxRule }
      }
    }
    return (document, problems)
  }

  public func buildProject(manifest source: SourceText, directory: String, displayDirectory: String) -> Project {
    let resolver = SourceResolver(baseDirectory: directory, displayDirectory: displayDirectory)
    // Each target's sources are resolved and scanned as soon as the target is read, while the rest of
    // the manifest is parsed: reading a manifest leaves most of the second core idle.
    let early = EarlySourceScan(resolver: resolver, cache: swiftCache, maxFileSize: configuration.maxSourceFileSize)
    let prefetch = ManifestDecoder.Prefetch()
    prefetch.onTarget = { early.start($0.sources.map(\.value)) }
    let (document, parseProblems) = parseDocument(source, onListItem: prefetch.handler)
    let resolvedEarly = early.finish()
    // No scan this manifest started goes on after it is built, whichever way the building ends.
    defer { swiftCache.waitForScans() }
    var observations = parseProblems
    // A document cut short by a syntax error would decode into misleading schema findings.
    let stoppedEarly = parseProblems.contains { $0.ruleID == YAMLParser.syntaxRule }
    guard !stoppedEarly else {
      return Project(manifestFile: source, manifest: nil, readingObservations: observations, document: document)
    }
    let (manifest, decodeProblems) = ManifestDecoder.decode(document, prefetched: prefetch)
    observations += decodeProblems
    var project = Project(
      manifestFile: source, manifest: manifest, readingObservations: observations, document: document)
    if let manifest {
      var filesPerTarget: [[SourceResolver.ResolvedFile]] = []
      // Many targets may name one folder: each entry is resolved once (most were while the manifest was
      // read), and the rest side by side.
      var seen: Set<String> = []
      let entries = manifest.targets.flatMap { $0.sources.map(\.value) }.filter {
        resolvedEarly.index(forKey: $0) == nil && seen.insert($0).inserted
      }
      let filesByEntry = resolvedEarly.merging(
        zip(entries, concurrentMap(entries.count) { resolver.files(for: entries[$0]) }), uniquingKeysWith: { $1 })
      for target in manifest.targets {
        var files: [SourceResolver.ResolvedFile] = []
        for entry in target.sources {
          if let found = filesByEntry[entry.value] ?? nil {
            files += found
          } else {
            project.readingObservations.append(
              Observation(
                ruleID: DocumentReader.invalidValueRule,
                message: "sources entry '\(entry.value)' matches no file (paths are relative to the manifest)",
                span: entry.span, pointer: entry.pointer, subject: target.name?.value))
          }
        }
        filesPerTarget.append(files)
      }
      attachCode(filesPerTarget, to: &project)
    }
    return project
  }

  public func runRules(on project: Project) -> [Finding] {
    let enabled = RuleRegistry.all.filter { configuration.rules[$0.metadata.id].map { $0.severity != nil } ?? true }
    // Rules only read the project, so they run side by side; their observations are joined in registry
    // order, so the result does not depend on which finished first.
    let observations = concurrentMap(enabled.count) { index in
      let ruleType = enabled[index]
      let context = RuleContext(
        project: project, metadata: ruleType.metadata,
        options: configuration.rules[ruleType.metadata.id]?.options ?? [:])
      ruleType.init().check(context)
      return context.observations
    }
    return assignSeverities(Array(observations.joined())).sorted(by: Finding.sourceOrder)
  }
}

extension Finding {
  /// Manifest findings first, then by file, position and rule.
  static func sourceOrder(_ lhs: Finding, _ rhs: Finding) -> Bool {
    if lhs.file != rhs.file { return lhs.file < rhs.file }
    if lhs.span.start != rhs.span.start { return lhs.span.start < rhs.span.start }
    return lhs.ruleID < rhs.ruleID
  }
}

/// A manifest's `sources` entries resolved, and their files handed to the Swift facts cache, in the
/// background while the manifest is still being read.
final class EarlySourceScan: @unchecked Sendable {
  private let resolver: SourceResolver
  private let cache: SwiftFactsCache
  private let maxFileSize: Int
  private let lock = NSLock()
  private let group = DispatchGroup()
  private var requested: Set<String> = []
  private var resolved: [String: [SourceResolver.ResolvedFile]?] = [:]

  init(resolver: SourceResolver, cache: SwiftFactsCache, maxFileSize: Int) {
    self.resolver = resolver
    self.cache = cache
    self.maxFileSize = maxFileSize
  }

  /// Resolves the entries not asked for before and starts scanning their files.
  func start(_ entries: [String]) {
    let new = lock.withLock { entries.filter { requested.insert($0).inserted } }
    for entry in new {
      DispatchQueue.global().async(group: group) { [self] in
        let files = resolver.files(for: entry)
        lock.withLock { resolved[entry] = files }
        if let files { cache.startScanning(files, maxFileSize: maxFileSize) }
      }
    }
  }

  /// Waits for the entries to be resolved (not for their files to be scanned: the cache waits for
  /// those), and returns what each resolved to.
  func finish() -> [String: [SourceResolver.ResolvedFile]?] {
    group.wait()
    return lock.withLock { resolved }
  }
}

/// Parsed Swift files, shared by every manifest of a run and parsed in parallel.
final class SwiftFactsCache: @unchecked Sendable {
  private let lock = NSLock()
  private var facts: [String: SwiftFileFacts] = [:]
  private var failures: [String: String] = [:]
  /// Files being scanned in the background (`startScanning`), which `facts(for:)` waits for.
  private let scanning = DispatchGroup()
  private var started: Set<String> = []

  /// Starts reading the facts of files not read or started before, in the background.
  func startScanning(_ files: [SourceResolver.ResolvedFile], maxFileSize: Int) {
    let new = lock.withLock {
      files.filter { facts[$0.path] == nil && failures[$0.path] == nil && started.insert($0.path).inserted }
    }
    for file in new {
      DispatchQueue.global().async(group: scanning) { [self] in
        let result = Self.scan(file, maxFileSize: maxFileSize)
        lock.withLock { store(result, for: file) }
      }
    }
  }

  private static func scan(_ file: SourceResolver.ResolvedFile, maxFileSize: Int) -> Result<
    SwiftFileFacts, InputError
  > {
    InputReader.read(path: file.path, maxSize: maxFileSize).flatMap { bytes in
      if let refusal = SwiftSourceScanner.refusal(for: bytes) {
        return .failure(InputError(path: file.path, message: refusal))
      }
      return .success(SwiftSourceScanner.scan(SourceText(path: file.displayPath, bytes: bytes)))
    }
  }

  private func store(_ result: Result<SwiftFileFacts, InputError>, for file: SourceResolver.ResolvedFile) {
    switch result {
    case .success(let scannedFacts): facts[file.path] = scannedFacts
    case .failure(let error): failures[file.path] = error.message
    }
  }

  func waitForScans() { scanning.wait() }

  func facts(for files: [SourceResolver.ResolvedFile], maxFileSize: Int) -> (
    [SourceResolver.ResolvedFile: SwiftFileFacts], [SourceResolver.ResolvedFile: String]
  ) {
    waitForScans()
    let missing = lock.withLock { files.filter { facts[$0.path] == nil && failures[$0.path] == nil } }
    let scanned = concurrentMap(missing.count) { Self.scan(missing[$0], maxFileSize: maxFileSize) }
    lock.withLock {
      for (file, result) in zip(missing, scanned) { store(result, for: file) }
    }
    return lock.withLock {
      var found: [SourceResolver.ResolvedFile: SwiftFileFacts] = [:]
      var problems: [SourceResolver.ResolvedFile: String] = [:]
      for file in files {
        if let fact = facts[file.path] {
          found[file] = fact
        } else if let failure = failures[file.path] {
          problems[file] = failure
        }
      }
      return (found, problems)
    }
  }
}

/// The models of a command-line run, kept until the process exits (see `keepsModelsUntilExit`).
enum ModelsKeptUntilExit {
  private static let lock = NSLock()
  nonisolated(unsafe) private static var models: [Any] = []

  static func keep(_ model: Any) { lock.withLock { models.append(model) } }
}
