import Foundation
import WidgetLintKit

/// A seeded random session against `widgetlint lsp`, served in-process over pipes: copies of the
/// example projects are opened and edited at random (bytes inserted and deleted, surrogate pairs split,
/// lone surrogates sent, bodies that are not UTF-8), with hover, code-action, close, open and cancel
/// messages in between. What must hold: the server answers every request within the limit, and once a
/// session has settled, the diagnostics last published for each open document are those a lint of the
/// same texts, written to disk, finds through the command line's entry point (`LintRun.run(arguments:)`).
/// A crash stops the process; the seed printed first replays the run (up to the timing of the server's
/// debounce against the edits).
package struct ServerSessionFuzzer {
  package struct Options: Sendable {
    /// The repository: its `examples/` are the projects, its fuzz dictionaries the tokens inserted.
    package var repository: String
    package var seed: UInt64
    /// The run stops at the first session that ends past this time, or after `sessions`.
    package var duration: Swift.Duration
    package var sessions: Int = .max
    /// Edits per session, chosen at random in this range.
    package var editsPerSession: ClosedRange<Int> = 500...2000
    package var responseLimit: Swift.Duration = .seconds(1)
    package var debounce: Swift.Duration = LanguageServer.defaultDebounce
    /// Where each session's copy of an example is made.
    package var scratch: String = NSTemporaryDirectory()
    /// One session to run again: the example's folder name and the session's seed, as a failure names them.
    package var replay: (example: String, seed: UInt64)?

    package init(repository: String, seed: UInt64, duration: Swift.Duration) {
      self.repository = repository
      self.seed = seed
      self.duration = duration
    }
  }

  /// What a run did and what broke.
  package struct Summary: CustomStringConvertible, Sendable {
    package var seed: UInt64
    package var sessions = 0
    package var edits = 0
    package var requests = 0
    package var cancellations = 0
    package var lintPauses = 0
    /// The open documents whose diagnostics were checked at the end of a session, and how many of
    /// those were not empty, and the diagnostics of those.
    package var documentsChecked = 0
    package var documentsWithDiagnostics = 0
    package var diagnosticsChecked = 0
    package var maxLatency: Swift.Duration = .zero
    package var elapsed: Swift.Duration = .zero
    /// Each broken property, with the session (and its seed) that broke it.
    package var failures: [String] = []

    package var description: String {
      let milliseconds = { (duration: Swift.Duration) in
        String(
          format: "%.1f", Double(duration.components.attoseconds) / 1e15 + Double(duration.components.seconds) * 1e3)
      }
      return """
        seed \(seed): \(sessions) sessions, \(edits) edits, \(requests) requests (\(cancellations) cancelled), \
        \(lintPauses) pauses for a lint, \(documentsChecked) documents checked at the end \
        (\(documentsWithDiagnostics) with \(diagnosticsChecked) diagnostics), slowest response \(milliseconds(maxLatency)) ms, \
        \(milliseconds(elapsed)) ms in all, \(failures.count) failures
        """
    }
  }

  package let options: Options

  package init(options: Options) { self.options = options }

  /// Runs sessions until the time or the count is used up, or a property breaks.
  package func run() -> Summary {
    // A write to a server that has stopped is a failure to report, not a signal that ends the process.
    signal(SIGPIPE, SIG_IGN)
    var summary = Summary(seed: options.seed)
    var random = SeededGenerator(seed: options.seed)
    let examples = Self.examples(in: options.repository)
    let tokens = FuzzTokens(repository: options.repository)
    let clock = ContinuousClock()
    let start = clock.now
    if let (name, seed) = options.replay {
      var session = ServerSession(
        example: options.repository + "/examples/" + name, seed: seed, options: options, tokens: tokens,
        summary: summary)
      session.run()
      summary = session.summary
      summary.sessions = 1
      summary.elapsed = clock.now - start
      return summary
    }
    while summary.sessions < options.sessions, clock.now - start < options.duration, summary.failures.isEmpty {
      let sessionSeed = random.next()
      let example = examples[Int(random.next() % UInt64(examples.count))]
      var session = ServerSession(
        example: example, seed: sessionSeed, options: options, tokens: tokens, summary: summary)
      session.run()
      summary = session.summary
      summary.sessions += 1
    }
    summary.elapsed = clock.now - start
    return summary
  }

  /// The example projects: every folder of `examples/`, the broken ones too.
  static func examples(in repository: String) -> [String] {
    let folder = repository + "/examples"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.sorted().map { folder + "/" + $0 }.filter { path in
      var isFolder: ObjCBool = false
      return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
    }
  }
}

/// SplitMix64: a seeded generator, so that a seed replays a run's choices.
package struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  package init(seed: UInt64) { state = seed }

  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  /// A number in `0..<bound` (bound > 0).
  mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(bound, 1))) }

  /// True once in `times`.
  mutating func oneIn(_ times: Int) -> Bool { below(times) == 0 }
}

/// The tokens of the libFuzzer dictionaries (Tests/Fixtures/fuzz-dictionaries), by the dictionary's
/// name: the syntax of each kind of file, inserted whole so that edits make near-valid text too.
struct FuzzTokens {
  private var byDictionary: [String: [[UInt16]]] = [:]

  init(repository: String) {
    let folder = repository + "/Tests/Fixtures/fuzz-dictionaries"
    for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasSuffix(".dict") {
      guard let text = try? String(contentsOfFile: folder + "/" + name, encoding: .utf8) else { continue }
      let tokens = text.split(whereSeparator: \.isNewline).compactMap(Self.token)
      byDictionary[String(name.dropLast(5))] = tokens.map { Array(String(decoding: $0, as: UTF8.self).utf16) }
    }
  }

  /// The bytes of a dictionary line (`"..."` or `name="..."`, with `\\`, `\"` and `\xNN` escapes).
  private static func token(_ line: Substring) -> [UInt8]? {
    guard !line.hasPrefix("#"), let open = line.firstIndex(of: "\""), line.last == "\"",
      open < line.index(before: line.endIndex)
    else { return nil }
    let quoted = Array(line[line.index(after: open)..<line.index(before: line.endIndex)].utf8)
    var bytes: [UInt8] = []
    var index = 0
    while index < quoted.count {
      if quoted[index] == UInt8(ascii: "\\"), index + 1 < quoted.count {
        if quoted[index + 1] == UInt8(ascii: "x"), index + 3 < quoted.count,
          let value = UInt8(String(decoding: quoted[index + 2...index + 3], as: UTF8.self), radix: 16)
        {
          bytes.append(value)
          index += 4
          continue
        }
        bytes.append(quoted[index + 1])
        index += 2
        continue
      }
      bytes.append(quoted[index])
      index += 1
    }
    return bytes
  }

  /// The dictionaries whose tokens suit a file, by its name.
  static func dictionaries(for path: String) -> [String] {
    let name = (path as NSString).lastPathComponent
    switch (name as NSString).pathExtension.lowercased() {
    case "yaml", "yml": return ["manifest", "xcodegen"]
    case "json": return ["manifest", "javascript"]
    case "plist", "entitlements": return ["plist"]
    case "swift": return name == "Project.swift" ? ["tuist", "swift"] : ["swift"]
    case "js", "mjs", "cjs", "ts", "tsx", "jsx": return ["appjs", "javascript"]
    case "dart": return ["dart"]
    case "pbxproj": return ["pbxproj"]
    default: return []
    }
  }

  func random(for path: String, using random: inout SeededGenerator) -> [UInt16]? {
    let names = Self.dictionaries(for: path).filter { byDictionary[$0]?.isEmpty == false }
    guard !names.isEmpty else { return nil }
    let tokens = byDictionary[names[random.below(names.count)]]!
    return tokens[random.below(tokens.count)]
  }
}

/// One session: a copy of an example, one server, its edits and the check at its end.
struct ServerSession {
  let example: String
  let seed: UInt64
  let options: ServerSessionFuzzer.Options
  let tokens: FuzzTokens
  var summary: ServerSessionFuzzer.Summary
  private var random: SeededGenerator
  private var project = ""
  private var connection: ServerConnection!
  /// The files the session may open: every file of the copy that a reader of widgetlint reads.
  private var candidates: [String] = []
  /// The open documents: the editor's text as UTF-16 code units (as an editor keeps it, so that a
  /// surrogate pair can be split), by path.
  private var buffers: [String: [UInt16]] = [:]
  /// The last message body the server accepted for each open document: its text is the server's.
  private var acceptedBodies: [String: [UInt8]] = [:]
  private var originals: [String: [UInt16]] = [:]
  private var versions: [String: Int] = [:]
  private var nextID = 1
  private var expectedParseErrors = 0

  init(
    example: String, seed: UInt64, options: ServerSessionFuzzer.Options, tokens: FuzzTokens,
    summary: ServerSessionFuzzer.Summary
  ) {
    self.example = example
    self.seed = seed
    self.options = options
    self.tokens = tokens
    self.summary = summary
    random = SeededGenerator(seed: seed)
  }

  private var name: String { (example as NSString).lastPathComponent }

  private mutating func fail(_ message: String) {
    summary.failures.append(
      "session \(summary.sessions), WIDGETLINT_SERVER_FUZZ_REPLAY=\(name):\(seed) replays it: \(message)")
  }

  mutating func run() {
    let scratch = options.scratch.hasSuffix("/") ? String(options.scratch.dropLast()) : options.scratch
    let folder = scratch + "/widgetlint-server-fuzz-\(getpid())-\(summary.sessions)"
    try? FileManager.default.removeItem(atPath: folder)
    project = folder + "/" + name
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      try FileManager.default.copyItem(atPath: example, toPath: project)
    } catch {
      fail("cannot copy the example: \(error)")
      return
    }
    defer { try? FileManager.default.removeItem(atPath: folder) }
    candidates = Self.editableFiles(in: project)
    guard !candidates.isEmpty else { return }
    connection = ServerConnection(debounce: options.debounce)
    defer { connection.close() }

    request(
      "initialize",
      ["processId": Int(getpid()), "rootUri": LanguageServer.fileURI(project), "capabilities": [String: Any]()])
    notify("initialized", [:])
    for _ in 0...random.below(3) { open(candidates[random.below(candidates.count)]) }

    let edits = options.editsPerSession.lowerBound + random.below(options.editsPerSession.count)
    var made = 0
    while made < edits, summary.failures.isEmpty {
      // Mostly edits, faster than anyone types, so most lints are of texts that many edits broke; a
      // lint also runs whenever the session waits on an answer longer than the debounce.
      switch random.below(200) {
      case 0..<180:
        edit()
        made += 1
      case 180..<186: hover()
      case 186..<192: codeAction()
      case 192..<195: cancelledRequest()
      case 195..<197: closeOrOpen()
      case 197:
        // Let the debounce run out, so that a lint runs on the texts as they are now.
        summary.lintPauses += 1
        Thread.sleep(forTimeInterval: Self.seconds(options.debounce) * Double(1 + random.below(3)))
      default: malformedMessage()
      }
    }
    guard summary.failures.isEmpty else { return }
    settle()
    checkDiagnostics()
    request("shutdown", nil)
    notify("exit", nil)
    if let status = connection.exitStatus(within: .seconds(10)), status != 0 {
      fail("the server exited with status \(status) after shutdown and exit")
    }
    let parseErrors = connection.parseErrors
    if parseErrors != expectedParseErrors {
      fail("\(parseErrors) messages were refused as not JSON-RPC; \(expectedParseErrors) were sent broken")
    }
  }

  /// Files of the project a widgetlint reader reads (none over 512 KiB: the edits send the whole text).
  static func editableFiles(in folder: String) -> [String] {
    var files: [String] = []
    let enumerator = FileManager.default.enumerator(atPath: folder)
    while let relative = enumerator?.nextObject() as? String {
      let path = folder + "/" + relative
      guard !FuzzTokens.dictionaries(for: path).isEmpty,
        let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size < 512 << 10
      else { continue }
      files.append(path)
    }
    return files.sorted()
  }

  // MARK: Documents

  private mutating func open(_ path: String) {
    let text = Array(String(decoding: (FileManager.default.contents(atPath: path) ?? Data()), as: UTF8.self).utf16)
    buffers[path] = text
    originals[path] = text
    versions[path] = 1
    var body = Array(#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"#.utf8)
    JSONText.append(Array(LanguageServer.fileURI(path).utf16), to: &body)
    body += Array(#","languageId":"","version":1,"text":"#.utf8)
    JSONText.append(text, to: &body)
    body += Array("}}}".utf8)
    send(body, for: path)
  }

  private mutating func close(_ path: String) {
    notify("textDocument/didClose", ["textDocument": ["uri": LanguageServer.fileURI(path)]])
    buffers[path] = nil
    acceptedBodies[path] = nil
  }

  private mutating func closeOrOpen() {
    if let path = buffers.keys.sorted().randomElement(using: &random), buffers.count > 1 || random.oneIn(2) {
      close(path)
      if random.oneIn(3) { open(path) }  // Reopened: the editor's changes are gone, the text is the disk's.
    } else {
      open(candidates[random.below(candidates.count)])
    }
  }

  /// Sends a document's message; the server keeps its text when the body reads as JSON.
  private mutating func send(_ body: [UInt8], for path: String, broken: Bool = false) {
    connection.write(body)
    if broken, (try? JSONSerialization.jsonObject(with: Data(body))) == nil {
      expectedParseErrors += 1
      return
    }
    acceptedBodies[path] = body
  }

  /// One random edit of an open document, sent as its whole text (the server's sync is full).
  private mutating func edit() {
    guard let path = buffers.keys.sorted().randomElement(using: &random) else {
      open(candidates[random.below(candidates.count)])
      return
    }
    var text = buffers[path]!
    let original = originals[path]!
    switch random.below(20) {
    case 0..<6:
      text.insert(contentsOf: insertion(for: path), at: position(in: text))
    case 6..<10:
      let start = position(in: text)
      text.removeSubrange(start..<min(text.count, start + 1 + random.below(random.oneIn(4) ? 200 : 12)))
    case 10..<12:
      let start = position(in: text)
      text.replaceSubrange(start..<min(text.count, start + 1 + random.below(8)), with: insertion(for: path))
    case 12..<14:
      // A slice of the text copied elsewhere: a duplicated key, target or line.
      let start = position(in: text)
      let slice = Array(text[start..<min(text.count, start + random.below(120))])
      text.insert(contentsOf: slice, at: position(in: text))
    case 14..<16:
      // The middle of a surrogate pair, where an editor that counts UTF-16 code units can cut.
      let pairs = text.indices.dropLast().filter {
        UTF16.isLeadSurrogate(text[$0]) && UTF16.isTrailSurrogate(text[$0 + 1])
      }
      if let lead = pairs.randomElement(using: &random) {
        if random.oneIn(2) {
          text.remove(at: lead + (random.oneIn(2) ? 0 : 1))
        } else {
          text.insert(contentsOf: insertion(for: path), at: lead + 1)
        }
      } else {
        text.insert(contentsOf: [0xD83D, 0xDE00], at: position(in: text))
      }
    case 16:
      text = original  // Undone: the findings go back to what they were.
    case 17:
      text.removeAll()
    default:
      text.insert(
        contentsOf: Array(String(repeating: random.oneIn(2) ? " " : "\n", count: 1 + random.below(4)).utf16),
        at: position(in: text))
    }
    if text.count > 2 * original.count + 8192 { text = original }
    buffers[path] = text
    versions[path, default: 1] += 1
    var body = Array(#"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"#.utf8)
    JSONText.append(Array(LanguageServer.fileURI(path).utf16), to: &body)
    body += Array(#","version":\#(versions[path]!)},"contentChanges":[{"text":"#.utf8)
    // A lone surrogate is escaped as JSON allows; whether the server takes the text is JSON's to say.
    var broken = JSONText.append(text, to: &body)
    body += Array("}]}}".utf8)
    if random.oneIn(200), !body.isEmpty {
      // Bytes that are not UTF-8 inside the text (a client that sends raw bytes): the message is refused.
      let at = body.count - 5 - random.below(max(1, body.count / 2))
      body.insert(
        contentsOf: [[0xFF], [0xC3], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xC0, 0x80]].randomElement(using: &random)!,
        at: max(at, 0))
      broken = true
    }
    send(body, for: path, broken: broken)
    summary.edits += 1
  }

  /// Where an edit goes: anywhere, at a line's start or end, or at either end of the text.
  private mutating func position(in text: [UInt16]) -> Int {
    guard !text.isEmpty else { return 0 }
    switch random.below(8) {
    case 0: return 0
    case 1: return text.count
    case 2, 3:
      let from = random.below(text.count)
      return text[from...].firstIndex(of: 0x0A) ?? text.count
    default: return random.below(text.count + 1)
    }
  }

  /// What an edit inserts: a token of the file's syntax, or code units of every width and kind.
  private mutating func insertion(for path: String) -> [UInt16] {
    if random.oneIn(3), let token = tokens.random(for: path, using: &random) { return token }
    let pieces: [[UInt16]] = [
      [0x22], [0x27], [0x3A], [0x2D], [0x7B], [0x7D], [0x5B], [0x5D], [0x3C], [0x3E], [0x2F], [0x5C], [0x23],
      [0x2C], [0x0A], [0x0D], [0x0D, 0x0A], [0x09], [0x20], [0x00], [0x1B], [0x7F], [0x85], [0xE9],
      [0x2028], [0xFEFF], [0xFFFD], [0xFFFF], [0x65E5, 0x672C], [0xD83D, 0xDE00], [0xD83D], [0xDE00], [0xDBFF, 0xDFFF],
    ]
    var units: [UInt16] = []
    for _ in 0...random.below(6) {
      if random.oneIn(3) {
        units.append(UInt16(0x20 + random.below(0x5F)))
      } else {
        units += pieces[random.below(pieces.count)]
      }
    }
    return units
  }

  // MARK: Requests

  /// A position that may be past the line's end or the last line, negative, or not a position at all.
  private mutating func randomPosition(in path: String) -> Any {
    let lines = (buffers[path] ?? []).split(separator: 0x0A, omittingEmptySubsequences: false)
    switch random.below(12) {
    case 0: return ["line": -1 - random.below(3), "character": random.below(5)]
    case 1: return ["line": random.below(lines.count + 1), "character": Int(Int32.max)]
    case 2: return ["line": 1 << 40, "character": 0]
    case 3: return ["line": "1", "character": NSNull()] as [String: Any]
    case 4: return [:] as [String: Any]
    default:
      let line = random.below(lines.count + 2)
      let length = line < lines.count ? lines[line].count : 0
      return ["line": line, "character": random.below(length + 3)]
    }
  }

  private mutating func openPath() -> String {
    buffers.keys.sorted().randomElement(using: &random) ?? candidates[random.below(candidates.count)]
  }

  private mutating func hover() {
    let path = openPath()
    request(
      "textDocument/hover",
      ["textDocument": ["uri": LanguageServer.fileURI(path)], "position": randomPosition(in: path)])
  }

  private mutating func codeAction() {
    let path = openPath()
    let range: [String: Any] = ["start": randomPosition(in: path), "end": randomPosition(in: path)]
    request(
      "textDocument/codeAction",
      ["textDocument": ["uri": LanguageServer.fileURI(path)], "range": range, "context": ["diagnostics": [Any]()]])
  }

  /// A request cancelled at once: the server still answers it (with its result or an error).
  private mutating func cancelledRequest() {
    let path = openPath()
    let id = nextID
    nextID += 1
    summary.cancellations += 1
    let started = ContinuousClock.now
    connection.write(
      json(
        [
          "jsonrpc": "2.0", "id": id, "method": "textDocument/hover",
          "params": ["textDocument": ["uri": LanguageServer.fileURI(path)], "position": randomPosition(in: path)],
        ] as [String: Any]))
    notify("$/cancelRequest", ["id": random.oneIn(4) ? id - 1 - random.below(3) : id])
    answer(to: id, sentAt: started, method: "cancelled textDocument/hover")
  }

  private mutating func malformedMessage() {
    switch random.below(4) {
    case 0:
      connection.write(Array(#"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"#.utf8))
      expectedParseErrors += 1
    case 1:
      connection.write(Array("[1,2,3]".utf8))
      expectedParseErrors += 1
    case 2:
      // Parameters of the wrong types: ignored.
      notify("textDocument/didChange", ["textDocument": 5, "contentChanges": "x"])
    default:
      request("widgetlint/noSuchMethod", [:], expectsError: true)
    }
  }

  private mutating func request(_ method: String, _ params: [String: Any]?, expectsError: Bool = false) {
    let id = nextID
    nextID += 1
    var message: [String: Any] = ["jsonrpc": "2.0", "id": id, "method": method]
    if let params { message["params"] = params }
    let started = ContinuousClock.now
    connection.write(json(message))
    guard let response = answer(to: id, sentAt: started, method: method) else { return }
    if (response["error"] != nil) != expectsError {
      fail("\(method) was answered \(response)")
    }
  }

  /// Waits for the answer to a request: a failure when it is later than the limit, or never comes.
  @discardableResult
  private mutating func answer(to id: Int, sentAt started: ContinuousClock.Instant, method: String) -> [String: Any]? {
    summary.requests += 1
    guard let (response, arrival) = connection.response(to: id, within: .seconds(10)) else {
      fail("no answer to \(method) (request \(id)) in 10 s" + (connection.ended ? ": the server stopped" : ""))
      return nil
    }
    let latency = arrival - started
    summary.maxLatency = max(summary.maxLatency, latency)
    if latency > options.responseLimit { fail("\(method) (request \(id)) was answered after \(latency)") }
    return response
  }

  private func notify(_ method: String, _ params: [String: Any]?) {
    var message: [String: Any] = ["jsonrpc": "2.0", "method": method]
    if let params { message["params"] = params }
    connection.write(json(message))
  }

  private func json(_ object: Any) -> [UInt8] {
    Array(try! JSONSerialization.data(withJSONObject: object))
  }

  // MARK: The check

  /// Waits until the debounce has run out and the lints it started have published: a request is
  /// answered after every lint queued before it, and the session has settled when one more wait
  /// brings no new diagnostics.
  private mutating func settle() {
    for _ in 0..<50 {
      let published = connection.publishCount
      Thread.sleep(forTimeInterval: Self.seconds(options.debounce) * 3)
      request(
        "textDocument/hover", ["textDocument": ["uri": "file:///settle"], "position": ["line": 0, "character": 0]])
      if connection.publishCount == published { return }
    }
    fail("the server kept publishing diagnostics without edits")
  }

  /// The diagnostics last published for each open document against a lint of its text from disk.
  private mutating func checkDiagnostics() {
    var texts: [String: [UInt8]] = [:]
    for (path, body) in acceptedBodies where buffers[path] != nil {
      guard let message = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any],
        let params = message["params"] as? [String: Any]
      else { continue }
      let text =
        (params["contentChanges"] as? [[String: Any]])?.last?["text"] as? String
        ?? (params["textDocument"] as? [String: Any])?["text"] as? String ?? ""
      texts[path] = Array(text.utf8)
    }
    for (path, bytes) in texts {
      do { try Data(bytes).write(to: URL(fileURLWithPath: path)) } catch {
        fail("cannot write \(path): \(error)")
        return
      }
    }
    for path in texts.keys.sorted() {
      let report = LintRun().run(arguments: [path])
      let expected = report.findings.filter { PathUtilities.absolute($0.file) == path }.map {
        Self.canonical(LanguageServer.diagnostic($0))
      }.sorted()
      let published = (connection.diagnostics(for: LanguageServer.fileURI(path)) ?? []).map(Self.canonical).sorted()
      summary.documentsChecked += 1
      summary.documentsWithDiagnostics += expected.isEmpty ? 0 : 1
      summary.diagnosticsChecked += expected.count
      if published != expected {
        let relative = String(path.dropFirst(project.count + 1))
        let missing = expected.filter { !published.contains($0) }
        let extra = published.filter { !expected.contains($0) }
        fail(
          "\(relative): the published diagnostics differ from a lint of its text; not published: \(missing); "
            + "published, not found by the lint: \(extra)")
      }
    }
  }

  private static func canonical(_ diagnostic: Any) -> String {
    let data = (try? JSONSerialization.data(withJSONObject: diagnostic, options: [.sortedKeys])) ?? Data()
    return String(decoding: data, as: UTF8.self)
  }

  static func seconds(_ duration: Swift.Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }
}

/// JSON string literals written by hand: a lone surrogate becomes a `\uXXXX` escape, as a JavaScript
/// client writes it (JSONSerialization cannot, since a Swift string holds no lone surrogate).
enum JSONText {
  /// Appends the literal; whether it holds a lone surrogate.
  @discardableResult
  static func append(_ units: [UInt16], to body: inout [UInt8]) -> Bool {
    var loneSurrogate = false
    body.append(UInt8(ascii: "\""))
    var index = 0
    while index < units.count {
      let unit = units[index]
      if unit < 0x80 {
        switch unit {
        case 0x22: body += [0x5C, 0x22]
        case 0x5C: body += [0x5C, 0x5C]
        case 0x0A: body += [0x5C, UInt8(ascii: "n")]
        case 0x0D: body += [0x5C, UInt8(ascii: "r")]
        case 0x09: body += [0x5C, UInt8(ascii: "t")]
        case ..<0x20: escape(unit, into: &body)
        default: body.append(UInt8(unit))
        }
        index += 1
        continue
      }
      var scalar: Unicode.Scalar?
      if UTF16.isLeadSurrogate(unit), index + 1 < units.count, UTF16.isTrailSurrogate(units[index + 1]) {
        scalar = Unicode.Scalar(0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(units[index + 1]) - 0xDC00))
        index += 2
      } else {
        scalar = Unicode.Scalar(unit)  // nil for a lone surrogate
        index += 1
      }
      if let scalar {
        body += Array(String(Character(scalar)).utf8)
      } else {
        escape(unit, into: &body)
        loneSurrogate = true
      }
    }
    body.append(UInt8(ascii: "\""))
    return loneSurrogate
  }

  private static func escape(_ unit: UInt16, into body: inout [UInt8]) {
    body += Array(#"\u"#.utf8)
    let hex = String(unit, radix: 16)
    body += Array((String(repeating: "0", count: 4 - hex.count) + hex).utf8)
  }
}

/// The client's end of an in-process server: two pipes, the server's message loop on the concurrency
/// pool, and a thread that reads what it sends.
final class ServerConnection: @unchecked Sendable {
  // Unchecked: the mutable state is read and written only while `condition` is held.
  private let condition = NSCondition()
  private var responses: [Int: ([String: Any], ContinuousClock.Instant)] = [:]
  private var published: [String: [Any]] = [:]
  private var publishes = 0
  private var refused = 0
  private var status: Int32?
  private var readersRunning = 2
  private let toServer: [Int32]
  private let fromServer: [Int32]
  private let writer: MessageWriter

  init(debounce: Swift.Duration) {
    var toServer: [Int32] = [0, 0]
    var fromServer: [Int32] = [0, 0]
    guard pipe(&toServer) == 0, pipe(&fromServer) == 0 else { fatalError("widgetlint server fuzz: no pipe") }
    self.toServer = toServer
    self.fromServer = fromServer
    writer = MessageWriter(descriptor: toServer[1])
    let (messages, continuation) = AsyncStream.makeStream(of: Data.self)
    let (serverInput, serverOutput, clientInput) = (toServer[0], fromServer[1], fromServer[0])
    // The server's side: framed messages read from the pipe, as `serve` reads standard input.
    Thread { [self] in
      var reader = MessageReader(descriptor: serverInput)
      while let body = try? reader.next() { continuation.yield(body) }
      continuation.finish()
      readerEnded()
    }.start()
    Task.detached { [self] in
      let status = await LanguageServer.serve(
        messages, writer: MessageWriter(descriptor: serverOutput), debounce: debounce)
      self.finished(with: status)
    }
    Thread { [self] in
      var reader = MessageReader(descriptor: clientInput)
      while let body = try? reader.next() { received(body) }
      readerEnded()
    }.start()
  }

  func write(_ body: [UInt8]) { writer.write(Data(body)) }

  private func received(_ body: Data) {
    let arrival = ContinuousClock.now
    guard let message = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else { return }
    condition.lock()
    defer {
      condition.broadcast()
      condition.unlock()
    }
    if let id = message["id"] as? Int {
      responses[id] = (message, arrival)
    } else if message["id"] is NSNull, message["error"] != nil {
      refused += 1
    } else if message["method"] as? String == "textDocument/publishDiagnostics",
      let params = message["params"] as? [String: Any], let uri = params["uri"] as? String
    {
      published[uri] = params["diagnostics"] as? [Any] ?? []
      publishes += 1
    }
  }

  private func finished(with status: Int32) {
    condition.lock()
    self.status = status
    condition.broadcast()
    condition.unlock()
  }

  private func readerEnded() {
    condition.lock()
    readersRunning -= 1
    condition.broadcast()
    condition.unlock()
  }

  private func waiting<T>(within limit: Swift.Duration, for value: () -> T?) -> T? {
    let deadline = Date(timeIntervalSinceNow: ServerSession.seconds(limit))
    condition.lock()
    defer { condition.unlock() }
    while true {
      if let found = value() { return found }
      if !condition.wait(until: deadline) { return value() }
    }
  }

  func response(to id: Int, within limit: Swift.Duration) -> ([String: Any], ContinuousClock.Instant)? {
    waiting(within: limit) { responses.removeValue(forKey: id) }
  }

  func exitStatus(within limit: Swift.Duration) -> Int32? { waiting(within: limit) { status } }

  var ended: Bool { waiting(within: .zero) { status.map { _ in true } } ?? false }

  func diagnostics(for uri: String) -> [Any]? { waiting(within: .zero) { published[uri] } }

  var publishCount: Int { waiting(within: .zero) { publishes }! }

  var parseErrors: Int { waiting(within: .zero) { refused }! }

  /// Closes the client's ends; the readers see the end of their streams, and the server's ends are
  /// closed once nothing reads them.
  func close() {
    Foundation.close(toServer[1])
    _ = exitStatus(within: .seconds(10))
    Foundation.close(fromServer[1])
    _ = waiting(within: .seconds(10)) { readersRunning == 0 ? true : nil }
    Foundation.close(toServer[0])
    Foundation.close(fromServer[0])
  }
}
