import Foundation
import WidgetLintCore
import WidgetLintModel
import WidgetLintReaders

/// What every frontend reads with: the reading limits, the Swift facts shared by a run's projects,
/// and the readers of the file formats project files are written in.
public final class FrontendContext: Sendable {
  public let limits: ReadingLimits
  package let swiftFacts: SwiftFactsCache
  /// Finds the paths projects name as a Mac's default volume does, listing each folder once.
  package let paths = PathLookup()
  /// Texts to read instead of the project files on disk: the editor's unsaved text, or what `--fix` has
  /// changed and not written yet. Every file a frontend reads is read through it.
  package let overlay: TextOverlay
  /// The folders discovery walked, and their files.
  package let folderListings: FolderListings
  /// Project files parsed and app code searched, kept from one run to the next (the language server's).
  package let projectCache: ProjectReadingCache?
  private let appCodeByFiles = AppCodeCache()

  public init(limits: ReadingLimits = ReadingLimits(), sharing other: FrontendContext? = nil) {
    self.limits = limits
    self.swiftFacts = other?.swiftFacts ?? SwiftFactsCache()
    self.overlay = other?.overlay ?? TextOverlay()
    self.folderListings = other?.folderListings ?? FolderListings()
    self.projectCache = other?.projectCache
  }

  /// A context that reads Swift through a cache kept longer than one run (the language server's), the
  /// overlay's texts instead of those files, the folders discovery walked, and what a cache kept longer
  /// than one run holds of project files and app code.
  package init(
    limits: ReadingLimits, swiftFacts: SwiftFactsCache? = nil, overlay: TextOverlay = TextOverlay(),
    folderListings: FolderListings = FolderListings(), projectCache: ProjectReadingCache? = nil
  ) {
    self.limits = limits
    self.swiftFacts = swiftFacts ?? SwiftFactsCache()
    self.overlay = overlay
    self.folderListings = folderListings
    self.projectCache = projectCache
  }

  /// The files below `directory` (relative to it, sorted), as `SwiftFileResolver.walk` gives them: from
  /// discovery's walk when it went through that folder, else by walking it.
  package func files(below directory: String, skipping: Set<String> = [], skippingNames: Set<String> = []) -> [String] {
    folderListings.files(below: directory, skipping: skipping, skippingNames: skippingNames)
      ?? SwiftFileResolver(baseDirectory: directory, displayDirectory: directory).walk(
        ".", skipping: skipping, skippingNames: skippingNames)
  }

  /// A project file's bytes: the overlay's text for it, else what the file holds.
  package func read(path: String, maxSize: Int) -> Result<[UInt8], InputError> {
    overlay.read(path: path, maxSize: maxSize)
  }

  /// Parses YAML or JSON; a `.json` file is held to JSON's own rules (no comments, no trailing commas),
  /// whose problems replace libyaml's syntax errors for it.
  package func parseDocument(_ source: SourceText) -> (YAMLDocument, [ReadingProblem]) {
    var (document, problems) = YAMLParser(limits: limits.parser).parse(source)
    if source.path.lowercased().hasSuffix(".json") {
      let strictness = JSONStrictness.problems(in: source)
      if !strictness.isEmpty {
        problems = strictness + problems.filter { $0.kind != .syntax }
      }
    }
    return (document, problems)
  }

  /// Reads one project file (JSON, JavaScript, property list) as a value, with its reading problems.
  ///
  /// JavaScript and TypeScript are read as data (``JavaScriptConfigReader``), with `process.env` as
  /// `environment` has it (nil: not known) and an exported function's argument, when known.
  package func readValue(
    at path: String, display: String, environment: [String: String]? = nil, argument: Located<ConfigValue>? = nil
  ) -> (Located<ConfigValue>?, [ReadingProblem], SourceText?) {
    switch read(path: path, maxSize: limits.maxFileSize) {
    case .failure(let error):
      let empty = SourceText(path: display, text: "")
      let problem = ReadingProblem(
        kind: .invalidValue, message: "cannot read '\(display)': \(error.message)",
        span: SourceSpan(file: empty, start: 0, end: 0), pointer: .root)
      return (nil, [problem], empty)
    case .success(let bytes):
      let source = SourceText(path: display, bytes: bytes)
      let (value, problems) = readValue(source, at: path, environment: environment, argument: argument)
      return (value, problems, source)
    }
  }

  /// Reads a project file's text as a value, by the kind its name says it is.
  package func readValue(
    _ source: SourceText, at path: String, environment: [String: String]? = nil, argument: Located<ConfigValue>? = nil
  ) -> (Located<ConfigValue>?, [ReadingProblem]) {
    if Self.scriptExtensions.contains((path as NSString).pathExtension.lowercased()) {
      return JavaScriptConfigReader.read(source, environment: environment, argument: argument)
    }
    // Expo reads its static app config as JSON5, not JSON.
    if ExpoAppFrontend.staticConfigNames.contains((path as NSString).lastPathComponent) {
      return JavaScriptConfigReader.readJSON5(source)
    }
    if path.hasSuffix(".plist") || path.hasSuffix(".entitlements") {
      return PropertyListReader.read(source)
    }
    let (document, problems) = parseDocument(source)
    return (problems.isEmpty ? ConfigValues.value(of: document) : nil, problems)
  }

  package static let scriptExtensions: Set<String> = ["js", "mjs", "cjs", "ts", "mts", "cts"]

  /// The `widgetlint-disable…` comments of a file `readValue` read, where its kind has comments: a
  /// JavaScript or TypeScript config, or a static Expo config (JSON5), found by the JavaScript lexer.
  package func suppressions(of source: SourceText?) -> FileSuppressions? {
    guard let source, SuppressionDirective.mayBeIn(source.bytes) else { return nil }
    let name = (source.path as NSString).lastPathComponent
    guard
      Self.scriptExtensions.contains((name as NSString).pathExtension.lowercased())
        || ExpoAppFrontend.staticConfigNames.contains(name)
    else { return nil }
    return SourceComments.javaScriptSuppressions(source, readsJSX: false)
  }

  /// A file a project names (a build setting's value, an include), found as a Mac finds it, with what
  /// to say about it at the place it is named: a `path-case` note when the name differs from the file in
  /// case, an `invalid-value` error when there is no such file (or several differ from it in case only).
  /// `base` is the project's folder as given, whose own spelling is not checked.
  package func locate(_ path: String, below base: String, namedAt name: Located<String>, what: String) -> (
    path: String?, observations: [ReadingProblem]
  ) {
    switch paths.find(path, below: base) {
    case .exact(let found):
      return (found, [])
    case .caseDiffers(let found):
      return (
        found,
        [
          ReadingProblem(
            kind: .pathCase,
            message:
              "'\(path)' is spelled '\(found)' on disk: the case differs, which a Mac's default volume ignores and a case-sensitive one does not",
            span: name.span, pointer: name.pointer)
        ]
      )
    case .ambiguous(let folder, let names):
      let listed = Wording.list(names.map { "'\($0)'" }, separator: " and ")
      return (
        nil,
        [
          ReadingProblem(
            kind: .invalidValue,
            message:
              "cannot read \(what) '\(path)': \(listed) in '\(folder)' differ from it in case only, and which one a Mac would open is not known",
            span: name.span, pointer: name.pointer)
        ]
      )
    case .missing:
      return (
        nil,
        [
          ReadingProblem(
            kind: .invalidValue, message: "cannot read \(what) '\(path)': there is no such file",
            span: name.span, pointer: name.pointer)
        ]
      )
    }
  }

  /// Reads a file a project names, found as ``locate(_:below:namedAt:what:)`` finds it; every problem of
  /// finding or reading it is said at the place it is named. `value` is nil when it was not read.
  package func readNamedFile(_ path: String, below base: String, namedAt name: Located<String>, what: String) -> (
    value: Located<ConfigValue>?, path: String?, observations: [ReadingProblem], wasRead: Bool
  ) {
    let (found, notes) = locate(path, below: base, namedAt: name, what: what)
    guard let found else { return (nil, nil, notes, false) }
    switch read(path: found, maxSize: limits.maxFileSize) {
    case .failure(let error):
      let problem = ReadingProblem(
        kind: .invalidValue, message: "cannot read \(what) '\(found)': \(error.message)", span: name.span,
        pointer: name.pointer)
      return (nil, found, notes + [problem], false)
    case .success(let bytes):
      let (value, problems) = readValue(SourceText(path: found, bytes: bytes), at: found)
      return (value, found, notes + problems, true)
    }
  }

  /// Reads an Xcode `project.pbxproj`, within the reading limits.
  package typealias XcodeProjectRead = (Located<ConfigValue>?, [ReadingProblem], SourceText?)

  package func readXcodeProject(at path: String) -> XcodeProjectRead {
    guard let projectCache else { return parseXcodeProject(at: path) }
    return projectCache.xcodeProject(at: path, overlay: overlay) { parseXcodeProject(at: path) }
  }

  /// A project file's object graph, with paths from `projectFolder` (nil when it cannot be read or has no
  /// project), the problems of reading it, and its value.
  package func readXcodeProjectObjects(at path: String, projectFolder: String) -> (
    objects: XcodeProjectObjects?, problems: [ReadingProblem], value: Located<ConfigValue>?
  ) {
    let (value, problems, _) = readXcodeProject(at: path)
    guard let value else { return (nil, problems, nil) }
    let make = { XcodeProjectObjects(root: value, projectFolder: projectFolder) }
    guard let projectCache else { return (make(), problems, value) }
    return (
      projectCache.xcodeObjects(at: path, projectFolder: projectFolder, overlay: overlay, make: make), problems, value
    )
  }

  private func parseXcodeProject(at path: String) -> XcodeProjectRead {
    switch read(path: path, maxSize: limits.maxFileSize) {
    case .failure(let error):
      let empty = SourceText(path: path, text: "")
      return (nil, [XcodeProjectReader.problem(empty, "cannot read '\(path)': \(error.message)", 0, 0)], empty)
    case .success(let bytes):
      let source = SourceText(path: path, bytes: bytes)
      let (value, problems) = XcodeProjectReader.read(source, maxDepth: limits.parser.maxDepth)
      return (value, problems, source)
    }
  }

  /// A `computed-value` note for every part of a value that is computed when the project builds.
  package func computedNotes(_ value: Located<ConfigValue>) -> [ReadingProblem] {
    ConfigValues.computedParts(of: value).map { part in
      ReadingProblem(
        kind: .computedValue,
        message:
          "value computed at prebuild time, not checked: \(part.value.count > 60 ? String(part.value.prefix(60)) + "…" : part.value)",
        span: part.span, pointer: part.pointer)
    }
  }

  /// The calls by which an app's code reaches its widgets: a file without any of them is not parsed.
  package static let appCodeNeedles = [
    "reloadTimelines", "reloadControls", "suiteName", "forSecurityApplicationGroupIdentifier",
  ].map { Array($0.utf8) }

  /// Reads the app target's code that touches widgets into the project (`Project.appCode`). Big apps
  /// compile thousands of files, so only those that call what `appCodeNeedles` names are parsed, and
  /// then those that may declare a constant those calls use (`let name` or `var name`: a declaration
  /// written otherwise is not found, and the constant stays unknown).
  package func attachAppCode(_ files: [SwiftFileResolver.ResolvedFile], to project: inout Project) {
    guard let code = appCode(files) else { return }
    project.appCode = code
    project.filesRead += code.files.map(\.file.path).filter { !project.filesRead.contains($0) }
    Self.noteUnknownConstant(
      in: (code.reloadedKinds + code.reloadedControlKinds), of: code,
      pointer: project.manifest?.app?.pointer.appending("sources") ?? JSONPointer(["app", "sources"]),
      subject: nil, to: &project)
    Self.noteComputedKind(
      of: code, pointer: project.manifest?.app?.pointer.appending("sources") ?? JSONPointer(["app", "sources"]),
      subject: nil, to: &project)
    if !code.reloadedKinds.isEmpty { Self.noteUnknownWidgets(host: nil, in: &project) }
  }

  /// The facts of an app's Swift files that touch widgets (see `attachAppCode`); nil when none does.
  /// Kept for the run: the variants of a project (Debug and Release) compile the same app files, and
  /// an app of thousands of files is searched once.
  package func appCode(_ files: [SwiftFileResolver.ResolvedFile]) -> TargetCode? {
    if let known = appCodeByFiles.value(for: files) { return known }
    let code: TargetCode?
    if let projectCache {
      code = projectCache.appCode(files, maxFileSize: limits.maxSourceFileSize, overlay: overlay) { readAppCode(files) }
    } else {
      code = readAppCode(files)
    }
    appCodeByFiles.set(code, for: files)
    return code
  }

  private func readAppCode(_ files: [SwiftFileResolver.ResolvedFile]) -> TargetCode? {
    let limit = limits.maxSourceFileSize
    let contents = FileContents(paths: files.map(\.path), overlay: overlay, maxSize: limit)
    // Every needle in one pass over each file, the files side by side: thousands of them are searched.
    func filesMentioning(_ needles: [[UInt8]]) -> [SwiftFileResolver.ResolvedFile] {
      let needles = ByteSearch.NeedleSet(needles)
      let found = contents.map { needles.anyOccurs(in: $0) }
      return files.indices.filter { found[$0] == true }.map { files[$0] }
    }
    var candidates = filesMentioning(Self.appCodeNeedles)
    guard !candidates.isEmpty else { return nil }
    func parse() -> TargetCode {
      TargetCode(
        files: swiftFacts.facts(for: candidates, maxFileSize: limit, overlay: overlay).0.values.sorted {
          $0.file.path < $1.file.path
        })
    }
    /// Adds the files not parsed yet that mention a needle; whether there were any.
    func add(mentioning needles: [[UInt8]]) -> Bool {
      let parsed = Set(candidates)
      let more = filesMentioning(needles).filter { !parsed.contains($0) }
      candidates = more + candidates
      return !more.isEmpty
    }
    var code = parse()
    // The calls of a function that reloads the kind it is passed: in any file that names it.
    // A function passing its parameter on to a wrapper is one too: its calls are searched for in turn.
    var searched: Set<String> = []
    while true {
      let wrappers = Set(code.reloadWrappers.map(\.function)).subtracting(searched)
      guard !wrappers.isEmpty else { break }
      searched.formUnion(wrappers)
      if add(mentioning: wrappers.sorted().map { Array("\($0)(".utf8) }) { code = parse() }
    }
    let uses = code.reloadedKinds + code.reloadedControlKinds + code.files.flatMap(\.code.groupIdentifiers)
    let unresolved = Set(
      uses.filter { code.resolve($0) == nil }.compactMap { use -> String? in
        if case .reference(_, let name) = use.value { return name }
        return nil
      })
    // Only the files that may declare one (a constant, or an enum's case): a bare name (`identifier`)
    // is mentioned in many more.
    let declarations = unresolved.sorted().flatMap {
      [Array("let \($0)".utf8), Array("var \($0)".utf8), Array("case \($0)".utf8)]
    }
    if !unresolved.isEmpty, add(mentioning: declarations) { code = parse() }
    return code
  }

  private static let unknownConstantNote = "kind not checked: "

  private static let computedFamiliesNote = "families not checked: "

  /// One `computed-value` note per project for the first widget whose `.supportedFamilies(…)` the target
  /// cannot follow to a list written out: the rules that judge its families say nothing of them.
  private static func noteComputedFamilies(
    of code: TargetCode, pointer: JSONPointer, subject: String?, to project: inout Project
  ) {
    guard
      !project.readingProblems.contains(where: {
        $0.kind == .computedValue && $0.message.hasPrefix(computedFamiliesNote)
      })
    else { return }
    let widgets = code.widgets.values.sorted {
      ($0.nameSpan.file.path, $0.nameSpan.start) < ($1.nameSpan.file.path, $1.nameSpan.start)
    }
    guard let computed = widgets.lazy.filter(\.familiesAreComputed).compactMap(\.computedFamilies).first else { return }
    project.readingProblems.append(
      ReadingProblem(
        kind: .computedValue,
        message: computedFamiliesNote
          + "`\(computed.name)` is not a list of families written out in the target (the code computes it, or "
          + "declares it more than once), which widgetlint does not follow",
        span: computed.span, pointer: pointer, subject: subject))
  }

  /// One `computed-value` note per project (with the unknown constant's, for kinds) for the first kind
  /// the code reloads that it builds at run time: widgetlint does not run the code, and says so.
  package static func noteComputedKind(
    of code: TargetCode, pointer: JSONPointer, subject: String?, to project: inout Project
  ) {
    guard
      !project.readingProblems.contains(where: {
        $0.kind == .computedValue && $0.message.hasPrefix(unknownConstantNote)
      }),
      let first = code.files.lazy.flatMap(\.code.computedReloadKinds).first ?? code.computedWrapperKinds.first
    else { return }
    project.readingProblems.append(
      ReadingProblem(
        kind: .computedValue,
        message: unknownConstantNote + "`\(first.name)` is built when the app runs, which widgetlint does not follow",
        span: first.span, pointer: pointer, subject: subject))
  }

  /// One `computed-value` note per project when the widgets a reload is judged against are not all known
  /// (`unknown-widget-kind` then says nothing): the extensions of one app (`host`, nil for the app's)
  /// whose `@main` does not list its widgets as written, or whose widget's kind names a constant no file
  /// of the target declares. A kind declared but not known has its own note (`noteUnknownConstant`).
  package static func noteUnknownWidgets(host: JSONPointer?, in project: inout Project) {
    guard
      !project.readingProblems.contains(where: {
        $0.kind == .computedValue && $0.message.hasPrefix(unknownConstantNote)
      }),
      let targets = project.manifest?.targets
    else { return }
    for index in project.targetsWithCodeIndices where index < targets.count && targets[index].host?.pointer == host {
      let target = targets[index]
      let code = project.targetCode[index]
      let name = target.name?.value ?? ""
      var found: (String, SourceSpan)?
      if !code.declaresWidgets || !code.bundleIsFullyKnown {
        let span = code.mainBundle?.nameSpan ?? target.name?.span ?? target.span
        found = (
          "the widgets of target '\(name)' are not known: no `@main` WidgetBundle or Widget of its code lists them "
            + "as written (a `main()` that does more than launch bundles, or a bundle whose body does more than "
            + "list widgets, is not followed), so the kinds reloaded are not judged", span
        )
      } else if let widget = code.bundledWidgets.first(where: {
        !$0.isLiveActivity && $0.kind.map { code.resolve($0) == nil } ?? false
      }), let use = widget.kind, code.unknownConstant(in: use) == nil {
        found = (
          "the kind of widget '\(widget.typeName)' in target '\(name)' names a constant no file the target "
            + "compiles declares, so the kinds reloaded are not judged", use.span
        )
      }
      guard let (message, span) = found else { continue }
      project.readingProblems.append(
        ReadingProblem(
          kind: .computedValue, message: unknownConstantNote + message, span: span,
          pointer: target.pointer.appending("sources"), subject: target.name?.value))
      return
    }
  }

  /// One `computed-value` note per project for the first kind (a widget's, a control's, or one the code
  /// reloads) whose constant a declaration leaves unknown: the rules that need it say nothing of it.
  private static func noteUnknownConstant(
    in uses: [WidgetCodeFacts.StringUse], of code: TargetCode, pointer: JSONPointer, subject: String?,
    to project: inout Project
  ) {
    guard
      !project.readingProblems.contains(where: {
        $0.kind == .computedValue && $0.message.hasPrefix(unknownConstantNote)
      })
    else { return }
    for use in uses {
      guard let reason = code.unknownConstant(in: use) else { continue }
      project.readingProblems.append(
        ReadingProblem(
          kind: .computedValue, message: unknownConstantNote + reason, span: use.span, pointer: pointer,
          subject: subject))
      return
    }
  }

  /// The typed constants and enum cases a target's kinds name and its own files do not declare, read
  /// from the linked files that may declare them (`case name`, `let name`, `var name`): a declaration
  /// written otherwise is not found, and the kind stays unknown.
  private func addLinkedDeclarations(from linked: [SwiftFileResolver.ResolvedFile], to code: inout TargetCode) {
    let names = code.undeclaredTypedKindNames
    guard !linked.isEmpty, !names.isEmpty else { return }
    let limit = limits.maxSourceFileSize
    let contents = FileContents(paths: linked.map(\.path), overlay: overlay, maxSize: limit)
    let needles = ByteSearch.NeedleSet(
      names.sorted().flatMap { [Array("case \($0)".utf8), Array("let \($0)".utf8), Array("var \($0)".utf8)] })
    let found = contents.map { needles.anyOccurs(in: $0) }
    let declaring = linked.indices.filter { found[$0] == true }.map { linked[$0] }
    guard !declaring.isEmpty else { return }
    let facts = swiftFacts.facts(for: declaring, maxFileSize: limit, overlay: overlay).0
    code.addLinkedDeclarations(from: declaring.compactMap { facts[$0] })
  }

  /// Reads the Swift facts of each target's files into the project, in the order of its targets.
  /// Whether the files declare an `@main` widget or widget bundle (read once: the facts are kept for
  /// `attachCode`).
  package func declaresWidgets(_ files: [SwiftFileResolver.ResolvedFile]) -> Bool {
    guard !files.isEmpty else { return false }
    let facts = swiftFacts.facts(for: files, maxFileSize: limits.maxSourceFileSize, overlay: overlay).0
    return TargetCode(files: files.compactMap { facts[$0] }).declaresWidgets
  }

  /// `linkedPerTarget`: for each target, the files of the project's frameworks it links without owning
  /// them (those the app links too), searched only for the declarations of the kinds it names.
  package func attachCode(
    _ filesPerTarget: [[SwiftFileResolver.ResolvedFile]], linkedPerTarget: [[SwiftFileResolver.ResolvedFile]] = [],
    to project: inout Project
  ) {
    let (facts, problems) = swiftFacts.facts(
      for: Array(Set(filesPerTarget.joined())), maxFileSize: limits.maxSourceFileSize, overlay: overlay)
    var firstTarget: [SwiftFileResolver.ResolvedFile: Int] = [:]
    if !problems.isEmpty {
      for (index, files) in filesPerTarget.enumerated() {
        for file in files where firstTarget[file] == nil { firstTarget[file] = index }
      }
    }
    for (file, message) in problems.sorted(by: { $0.key.displayPath < $1.key.displayPath }) {
      guard let index = firstTarget[file], let target = project.manifest?.targets[index]
      else { continue }
      project.readingProblems.append(
        ReadingProblem(
          kind: .invalidValue, message: "'\(file.displayPath)' was not read: \(message)",
          span: target.name?.span ?? target.span, pointer: target.pointer.appending("sources"),
          subject: target.name?.value))
    }
    project.targetSwiftFiles = filesPerTarget.map { files in files.compactMap { facts[$0] } }
    // Targets that share their files (a monorepo's common folder) share one merged view of the code,
    // and the distinct views are merged side by side.
    var firstWithFiles: [[SwiftFileResolver.ResolvedFile]: Int] = [:]
    for (index, files) in filesPerTarget.enumerated() where firstWithFiles[files] == nil {
      firstWithFiles[files] = index
    }
    let distinct = firstWithFiles.values.sorted()
    let swiftFiles = project.targetSwiftFiles
    let codeByFirst = Dictionary(
      uniqueKeysWithValues: zip(
        distinct, concurrentMap(distinct.count) { TargetCode(files: swiftFiles[distinct[$0]]) }))
    project.targetCode = filesPerTarget.map { codeByFirst[firstWithFiles[$0]!]! }
    for (index, linked) in linkedPerTarget.enumerated() where index < project.targetCode.count {
      addLinkedDeclarations(from: linked, to: &project.targetCode[index])
    }
    // A target without Swift files has no code to note (a large manifest's targets mostly have none).
    for (index, code) in project.targetCode.enumerated() where !filesPerTarget[index].isEmpty {
      guard let targets = project.manifest?.targets, index < targets.count else { continue }
      let target = targets[index]
      let uses =
        code.bundledWidgets.compactMap(\.kind) + code.bundledControls.compactMap { code.controlKinds[$0] }
        + (code.reloadedKinds + code.reloadedControlKinds)
      Self.noteUnknownConstant(
        in: uses, of: code, pointer: target.pointer.appending("sources"), subject: target.name?.value, to: &project)
      Self.noteComputedKind(
        of: code, pointer: target.pointer.appending("sources"), subject: target.name?.value, to: &project)
      Self.noteComputedFamilies(
        of: code, pointer: target.pointer.appending("sources"), subject: target.name?.value, to: &project)
      if !code.reloadedKinds.isEmpty { Self.noteUnknownWidgets(host: target.host?.pointer, in: &project) }
    }
    for index in project.targetCode.indices {
      let unavailable = Set(project.targetCode[index].files.flatMap(\.code.extensionUnavailableDeclarations))
      guard !unavailable.isEmpty else { continue }
      project.targetCode[index].extensionUnavailableReferences = project.targetCode[index].files.flatMap {
        $0.references(to: unavailable)
      }
    }
    project.filesRead += filesPerTarget.joined().map(\.displayPath)
  }
}

/// The app code read for each list of files in one run (`FrontendContext.appCode`).
private final class AppCodeCache: @unchecked Sendable {
  // Unchecked: `codes` is only touched while `lock` is held.
  private let lock = NSLock()
  private var codes: [[SwiftFileResolver.ResolvedFile]: TargetCode?] = [:]

  /// The code read for `files`: nil when it was not read yet, `.some(nil)` when none of them touches
  /// widgets.
  func value(for files: [SwiftFileResolver.ResolvedFile]) -> TargetCode?? {
    lock.withLock { codes[files] }
  }

  func set(_ code: TargetCode?, for files: [SwiftFileResolver.ResolvedFile]) {
    lock.withLock { codes[files] = code }
  }
}
