import Foundation
import WidgetLintCore
import WidgetLintEngine
import WidgetLintFrontends
import WidgetLintReports
import WidgetLintRules

/// `widgetlint lsp`: a Language Server Protocol server. It lints the project of each open file with the
/// editor's text (unsaved changes included), publishes the findings as diagnostics on every file they
/// are in, offers fixes as code actions and the rule's explanation on hover.
package actor LanguageServer {
  /// How long after the last change a project is linted again: a burst of keystrokes is linted once.
  /// Short, because a lint takes milliseconds: what is typed shows within one keystroke's time.
  package static let defaultDebounce: Duration = .milliseconds(25)

  private let writer: MessageWriter
  private let debounce: Duration
  private var shutdownRequested = false
  /// Whether the client asked for traces (`initialize`'s `trace`, `$/setTrace`): then each lint's time,
  /// from the debounce's end to the last diagnostics written, is sent as a `$/logTrace`
  /// (scripts/bench-editor reads them).
  private var traces = false
  /// Whether the client can watch files for the server (`workspace.didChangeWatchedFiles`'s dynamic
  /// registration): then, once it has agreed to, the searches of big apps' code are kept until it says a
  /// file changed, instead of asking the disk about each of the app's files on every lint.
  private var clientWatchesFiles = false
  /// The URI each open document was opened with, by its absolute path.
  private var openDocuments: [String: String] = [:]
  /// The editor's text of each open document, unsaved changes included, by its absolute path: what the
  /// project is linted with instead of the file on disk. Which project a file belongs to is found from
  /// the files on disk.
  private var editorTexts: [String: [UInt8]] = [:]
  /// Per project (its input's configuration path), the files it last published diagnostics for.
  private var publishedFiles: [String: Set<String>] = [:]
  /// The project each file was last linted in, by the file's absolute path.
  private var lintedProject: [String: String] = [:]
  /// The findings last published for each file, by absolute path, for code actions and hover.
  private var findingsByFile: [String: [Finding]] = [:]
  private var pendingLints: [String: Task<Void, Never>] = [:]
  /// What was read of each Swift file, kept between lints: a file is parsed again only when its text
  /// changed (in the editor or on disk).
  private let swiftFacts = SwiftFactsCache(revalidates: true)
  private let projectCache = ProjectReadingCache()

  package init(writer: MessageWriter, debounce: Duration = LanguageServer.defaultDebounce) {
    self.writer = writer
    self.debounce = debounce
  }

  /// Serves a client over standard input and output until it says `exit`; the process's exit status.
  package static func serve(debounce: Duration = defaultDebounce) async -> Int32 {
    let (messages, continuation) = AsyncStream.makeStream(of: Data.self)
    // The blocking reads run on a thread of their own; the messages are handled in order on the actor.
    let reading = Thread {
      var reader = MessageReader(descriptor: STDIN_FILENO)
      while let body = try? reader.next() { continuation.yield(body) }
      continuation.finish()
    }
    reading.start()
    return await serve(messages, writer: MessageWriter(descriptor: STDOUT_FILENO), debounce: debounce)
  }

  /// Handles the messages in order until the client says `exit`; the exit status. The session fuzzer
  /// serves in-process this way, reading the messages from a pipe itself.
  package static func serve(_ messages: AsyncStream<Data>, writer: MessageWriter, debounce: Duration) async -> Int32 {
    let server = LanguageServer(writer: writer, debounce: debounce)
    for await body in messages {
      if let status = await server.handle(body) { return status }
    }
    // The client went away without `exit`: the protocol's exit status for that.
    return 1
  }

  /// Handles one message; the exit status once the client has said `exit`.
  package func handle(_ body: Data) -> Int32? {
    guard let message = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
      let method = message["method"] as? String
    else {
      if let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any], object["id"] != nil {
        // A response to a request of ours: the only one that matters agrees to watch the files.
        if object["id"] as? String == Self.watchRegistrationID, object["error"] == nil, object["result"] != nil {
          projectCache.trustWatchedFiles()
        }
        return nil
      }
      send(["jsonrpc": "2.0", "id": NSNull(), "error": ["code": -32700, "message": "not a JSON-RPC message"]])
      return nil
    }
    let id = message["id"]
    let params = message["params"] as? [String: Any] ?? [:]
    switch method {
    case "initialize":
      traces = Self.tracesOn(params["trace"])
      clientWatchesFiles = Self.watchesFiles(params["capabilities"])
      respond(to: id, with: Self.initializeResult)
    case "initialized":
      if clientWatchesFiles { send(Self.watchRegistration) }
    case "$/setTrace":
      traces = Self.tracesOn(params["value"])
    case "$/cancelRequest", "workspace/didChangeConfiguration":
      break
    case "workspace/didChangeWatchedFiles":
      let changes = params["changes"] as? [[String: Any]] ?? []
      projectCache.filesChanged(changes.compactMap { ($0["uri"] as? String).flatMap(Self.path(ofURI:)) })
    case "shutdown":
      shutdownRequested = true
      for task in pendingLints.values { task.cancel() }
      respond(to: id, with: NSNull())
    case "exit":
      return shutdownRequested ? 0 : 1
    case "textDocument/didOpen":
      guard let document = params["textDocument"] as? [String: Any], let uri = document["uri"] as? String,
        let path = Self.path(ofURI: uri)
      else { break }
      openDocuments[path] = uri
      editorTexts[path] = Array((document["text"] as? String ?? "").utf8)
      lint(fileAt: path)
    case "textDocument/didChange":
      guard let uri = (params["textDocument"] as? [String: Any])?["uri"] as? String,
        let path = Self.path(ofURI: uri), let changes = params["contentChanges"] as? [[String: Any]],
        let text = changes.last?["text"] as? String
      else { break }
      // Full-document sync (the capability says so): the last change holds the whole text.
      editorTexts[path] = Array(text.utf8)
      scheduleLint(fileAt: path)
      scheduleLintsGoverned(byConfiguration: path)
    case "textDocument/didSave":
      guard let uri = (params["textDocument"] as? [String: Any])?["uri"] as? String, let path = Self.path(ofURI: uri)
      else { break }
      lint(fileAt: path)
    case "textDocument/didClose":
      guard let uri = (params["textDocument"] as? [String: Any])?["uri"] as? String, let path = Self.path(ofURI: uri)
      else { break }
      openDocuments[path] = nil
      // The project is linted again from what is on disk: the closed file's unsaved text is gone.
      editorTexts[path] = nil
      lint(fileAt: path)
      scheduleLintsGoverned(byConfiguration: path)
    case "textDocument/codeAction":
      respond(to: id, with: codeActions(params))
    case "textDocument/hover":
      respond(to: id, with: hover(params))
    default:
      if id != nil {
        send(["jsonrpc": "2.0", "id": id!, "error": ["code": -32601, "message": "no method '\(method)'"]])
      }
    }
    return nil
  }

  private static var initializeResult: [String: Any] {
    [
      "capabilities": [
        "positionEncoding": "utf-16",
        "textDocumentSync": ["openClose": true, "change": 1, "save": ["includeText": false]],
        "codeActionProvider": ["codeActionKinds": ["quickfix"]],
        "hoverProvider": true,
      ],
      "serverInfo": ["name": WidgetLintInfo.name, "version": WidgetLintInfo.version],
    ]
  }

  /// The id of the server's request that the client watch the files.
  static let watchRegistrationID = "widgetlint-watch-files"

  /// Asks the client to report changes to every file of the workspace (`client/registerCapability`).
  private static var watchRegistration: [String: Any] {
    let watchers: [[String: Any]] = [["globPattern": "**/*"]]
    return [
      "jsonrpc": "2.0", "id": watchRegistrationID, "method": "client/registerCapability",
      "params": [
        "registrations": [
          [
            "id": watchRegistrationID, "method": "workspace/didChangeWatchedFiles",
            "registerOptions": ["watchers": watchers],
          ]
        ]
      ],
    ]
  }

  /// Whether the client's capabilities say it can watch files for the server.
  private static func watchesFiles(_ capabilities: Any?) -> Bool {
    let workspace = (capabilities as? [String: Any])?["workspace"] as? [String: Any]
    let watching = workspace?["didChangeWatchedFiles"] as? [String: Any]
    return watching?["dynamicRegistration"] as? Bool ?? false
  }

  // MARK: Linting

  private func scheduleLint(fileAt path: String) {
    pendingLints[path]?.cancel()
    let delay = debounce
    pendingLints[path] = Task {
      try? await Task.sleep(for: delay)
      guard !Task.isCancelled else { return }
      self.lint(fileAt: path)
    }
  }

  /// A configuration file's text changed in the editor (or was closed, back to the disk's): the open
  /// documents in its folder and below are linted again with it, as the command line would lint them.
  private func scheduleLintsGoverned(byConfiguration path: String) {
    guard Configuration.fileNames.contains(String(PathUtilities.name(of: path))) else { return }
    let folder = PathUtilities.folder(of: path)
    for document in openDocuments.keys.sorted() where document != path && document.hasPrefix(folder + "/") {
      scheduleLint(fileAt: document)
    }
  }

  /// Lints the project the file belongs to and publishes its findings on every file they are in,
  /// clearing the files of that project whose findings are gone.
  package func lint(fileAt path: String) {
    let started = ContinuousClock.now
    defer { if traces { trace("linted \(path) in \(Self.milliseconds(ContinuousClock.now - started)) ms") } }
    pendingLints[path]?.cancel()
    pendingLints[path] = nil
    // Which project a file belongs to, and whether it is a manifest at all, is judged by the editor's
    // texts too: the command line judges the same texts once they are saved.
    let discovery = ProjectDiscovery.discover([path], overlay: TextOverlay(editorTexts))
    let project = discovery.inputs.first?.configurationPath
    if let former = lintedProject[path], former != project { leave(former, except: path) }
    lintedProject[path] = project
    guard let project else {
      // Not a file widgetlint reads (or in no project): nothing of it to show.
      publish([], for: path)
      return
    }
    var run = LintRun()
    run.swiftFacts = swiftFacts
    run.projectCache = projectCache
    run.fileContents = editorTexts
    let report = run.run(discovery)
    var byFile: [String: [Finding]] = [:]
    for finding in report.findings { byFile[PathUtilities.absolute(finding.file), default: []].append(finding) }
    for error in report.inputErrors {
      send([
        "jsonrpc": "2.0", "method": "window/logMessage",
        "params": ["type": 1, "message": "widgetlint: \(error.path): \(error.message)"],
      ])
    }
    let previous = publishedFiles[project] ?? []
    for file in previous.union([path]).subtracting(byFile.keys) { publish([], for: file) }
    for (file, findings) in byFile { publish(findings, for: file) }
    publishedFiles[project] = Set(byFile.keys)
  }

  /// A project a file no longer belongs to (its text made it leave, or broke the project): what it
  /// published is cleared, and its other open files are linted again for what they belong to now.
  private func leave(_ project: String, except path: String) {
    for file in publishedFiles.removeValue(forKey: project) ?? [] { publish([], for: file) }
    let members = lintedProject.filter { $0.value == project && $0.key != path }.map(\.key).sorted()
    for member in members { lintedProject[member] = nil }
    for member in members where openDocuments[member] != nil { lint(fileAt: member) }
  }

  private func publish(_ findings: [Finding], for path: String) {
    findingsByFile[path] = findings.isEmpty ? nil : findings
    send([
      "jsonrpc": "2.0", "method": "textDocument/publishDiagnostics",
      "params": ["uri": uri(of: path), "diagnostics": findings.map(Self.diagnostic)],
    ])
  }

  /// A finding as the protocol's diagnostic.
  package static func diagnostic(_ finding: Finding) -> [String: Any] {
    let severity: Int
    switch finding.severity {
    case .error: severity = 1
    case .warning: severity = 2
    case .note: severity = 3
    }
    var diagnostic: [String: Any] = [
      "range": EditorRange(finding.span).json, "severity": severity, "code": finding.ruleID,
      "codeDescription": ["href": WidgetLintInfo.rulesURL + finding.ruleID + ".md"], "source": WidgetLintInfo.name,
      "message": finding.message,
    ]
    if !finding.related.isEmpty {
      diagnostic["relatedInformation"] = finding.related.map { related in
        [
          "location": [
            "uri": fileURI(PathUtilities.absolute(related.span.file.path)), "range": EditorRange(related.span).json,
          ],
          "message": related.message,
        ] as [String: Any]
      }
    }
    return diagnostic
  }

  // MARK: Code actions and hover

  /// The fixes of the findings in the requested range, as quick fixes that edit every file they touch.
  private func codeActions(_ params: [String: Any]) -> [[String: Any]] {
    guard let uri = (params["textDocument"] as? [String: Any])?["uri"] as? String, let path = Self.path(ofURI: uri),
      let range = EditorRange(json: params["range"])
    else { return [] }
    return (findingsByFile[path] ?? []).compactMap { finding -> [String: Any]? in
      guard let fix = finding.fix, EditorRange(finding.span).overlaps(range) else { return nil }
      var changes: [String: [[String: Any]]] = [:]
      for replacement in fix.replacements {
        let file = self.uri(of: PathUtilities.absolute(replacement.file))
        changes[file, default: []].append(["range": EditorRange(replacement.span).json, "newText": replacement.text])
      }
      return [
        "title": fix.description, "kind": "quickfix", "isPreferred": true,
        "diagnostics": [Self.diagnostic(finding)], "edit": ["changes": changes],
      ]
    }
  }

  /// On a finding: its message and the rule's explanation, as `widgetlint explain` prints it.
  private func hover(_ params: [String: Any]) -> Any {
    guard let uri = (params["textDocument"] as? [String: Any])?["uri"] as? String, let path = Self.path(ofURI: uri),
      let position = EditorPosition(json: params["position"])
    else { return NSNull() }
    let here = EditorRange(start: position, end: position)
    let findings = (findingsByFile[path] ?? []).filter { EditorRange($0.span).overlaps(here) }
    guard let first = findings.first else { return NSNull() }
    var text = findings.map { "**\($0.ruleID)**: \($0.message)" }.joined(separator: "\n\n")
    if let rule = RuleRegistry.rule(withID: first.ruleID) {
      text += "\n\n---\n\n" + RuleDocumentation.markdown(rule.metadata)
    }
    return ["contents": ["kind": "markdown", "value": text], "range": EditorRange(first.span).json]
  }

  // MARK: Messages and URIs

  /// A `TraceValue` (`off`, `messages`, `verbose`): whether it asks for traces.
  private static func tracesOn(_ value: Any?) -> Bool { (value as? String).map { $0 != "off" } ?? false }

  private func trace(_ message: String) {
    send(["jsonrpc": "2.0", "method": "$/logTrace", "params": ["message": message]])
  }

  /// A duration in milliseconds, to the microsecond.
  private static func milliseconds(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    return String(format: "%.3f", Double(seconds) * 1e3 + Double(attoseconds) / 1e15)
  }

  private func respond(to id: Any?, with result: Any) {
    guard let id else { return }
    send(["jsonrpc": "2.0", "id": id, "result": result])
  }

  private func send(_ message: [String: Any]) {
    guard let body = try? JSONSerialization.data(withJSONObject: message, options: [.withoutEscapingSlashes])
    else { return }
    writer.write(body)
  }

  /// The URI the editor opened a file with, else one made from its path.
  private func uri(of path: String) -> String { openDocuments[path] ?? Self.fileURI(path) }

  package static func fileURI(_ path: String) -> String { URL(fileURLWithPath: path).absoluteString }

  /// The absolute path of a `file:` URI; nil for other schemes (an unsaved buffer, a remote file).
  package static func path(ofURI uri: String) -> String? {
    guard let url = URL(string: uri), url.isFileURL else { return nil }
    return PathUtilities.standardize(url.path)
  }
}
