import WidgetLintCore

// MARK: - Config plugins

extension JavaScriptConfigReader {
  /// Why what a local config plugin changes is not known, and where the file says so.
  public struct PluginUnknown: Error, Sendable {
    public var reason: String
    public var span: SourceSpan
  }

  /// A plugin's `withEntitlementsPlist` mod. Expo runs it after every plugin has run, on the config of
  /// that time with the app's entitlements so far as `modResults`; it gives that config back changed.
  public struct EntitlementsMod {
    package let run: (Located<ConfigValue>) -> Result<Located<ConfigValue>, PluginUnknown>

    /// A mod whose effect is known without reading JavaScript (a published plugin's, read from its source).
    package init(run: @escaping (Located<ConfigValue>) -> Result<Located<ConfigValue>, PluginUnknown>) {
      self.run = run
    }

    public func apply(to config: Located<ConfigValue>) -> Result<Located<ConfigValue>, PluginUnknown> { run(config) }
  }

  /// What a local config plugin does to the Expo config, read as data and never run.
  public struct PluginReading {
    /// The config after the plugin's own changes (`config.ios.entitlements[…] = […]`).
    public var config: Located<ConfigValue>
    /// Its `withEntitlementsPlist` mods, in the order it registers them.
    public var entitlementsMods: [EntitlementsMod]
    /// Why what it changes is not known; nil when it is.
    public var unknown: PluginUnknown?
    /// Its first `withXcodeProject` call: it may add a target (a widget extension) and its files.
    public var xcodeProjectChange: SourceSpan? = nil
    /// The files it requires or imports by a relative path that were read, in the order they were.
    public var modulesRead: [SourceText] = []
  }

  /// The file a plugin names by a relative path (`require("./withAndroidWidget")`, `import p from
  /// "./plugin"`), resolved from the file that names it as Node resolves it, with its text; nil when
  /// the repository holds no such file.
  public typealias PluginModuleLoader = (_ specifier: String, _ importer: String) -> SourceText?

  /// Reads a config plugin of the app's own (`./plugins/withWidgets.js`): the function it exports is
  /// followed statement by statement, with `config` the app's Expo config and its second parameter
  /// `options`, where it is written in plain forms: `config.ios.entitlements[KEY] = […]` (and `??=`,
  /// `||=`, `if (!x) x = …`), `.push(…)` onto a known list (a union), `config.ios = {…}`,
  /// `withEntitlementsPlist(config, (c) => { c.modResults[KEY] = …; return c; })`, `withPlugins`, and
  /// calls of the file's own functions, and plugins of other files it requires or imports by a relative
  /// path (read through `modules`). Mods of other files (Android, Info.plist) change no
  /// entitlements. Anything else that may change the config (a helper from elsewhere, a loop, a
  /// computed key) makes the plugin's effect unknown, with the reason and where.
  public static func readPlugin(
    _ source: SourceText, config: Located<ConfigValue>, options: Located<ConfigValue>?,
    environment: [String: String]? = nil, modules: PluginModuleLoader? = nil
  ) -> PluginReading {
    let state = PluginState(config: config, inMod: false, modules: modules)
    state.chain = [source.path]
    let unknown: PluginUnknown?
    switch pluginParser(source, environment: environment) {
    case .success(let parser):
      unknown = parser.unknownIfStopped({ try parser.runExportedPlugin(state, options: options) })
    case .failure(let failure): unknown = failure
    }
    if let unknown {
      return PluginReading(config: config, entitlementsMods: [], unknown: unknown, modulesRead: state.modulesRead)
    }
    return PluginReading(
      config: state.config, entitlementsMods: state.mods, unknown: nil, xcodeProjectChange: state.xcodeProjectCall,
      modulesRead: state.modulesRead)
  }

  static func pluginParser(_ source: SourceText, environment: [String: String]?) -> Result<Parser, PluginUnknown> {
    do throws(ReadError) {
      var lexer = Lexer(bytes: source.bytes, start: source.byteOrderMarkLength)
      var tokens = try lexer.tokenize()
      let lowered = source.path.lowercased()
      if lowered.hasSuffix(".ts") || lowered.hasSuffix(".mts") || lowered.hasSuffix(".cts") {
        tokens = TypeScriptTypes.strip(tokens)
      }
      let mainCount = tokens.count
      tokens += lexer.substitutions
      return .success(try Parser(source: source, tokens: tokens, mainCount: mainCount, environment: environment))
    } catch {
      return .failure(
        PluginUnknown(
          reason: "it cannot be read (\(error.message))",
          span: SourceSpan(file: source, start: error.start, end: error.end)))
    }
  }

  /// What the reading of a plugin has changed so far.
  final class PluginState {
    var config: Located<ConfigValue>
    var mods: [EntitlementsMod] = []
    /// The first `withXcodeProject` call.
    var xcodeProjectCall: SourceSpan?
    /// Running a mod's callback: changes may touch `modResults` only.
    let inMod: Bool
    var calls = 0
    let modules: PluginModuleLoader?
    /// The files being read, the first plugin's first: a file requiring one of them is a cycle.
    var chain: [String] = []
    var modulesRead: [SourceText] = []

    init(config: Located<ConfigValue>, inMod: Bool, modules: PluginModuleLoader? = nil) {
      self.config = config
      self.inMod = inMod
      self.modules = modules
    }

    func value(at path: [String]) -> Located<ConfigValue>? {
      var current: Located<ConfigValue>? = config
      for key in path { current = current?[key] }
      return current
    }
  }

  /// Where a plugin stops being read, and why.
  struct PluginStop: Error {
    var reason: String
    var start: Int
    var end: Int
  }

  /// A function of a plugin, read: the names that are the config (with their path from its root), and
  /// every name it binds.
  struct PluginFrame {
    var aliases: [String: [String]]
    var names: Set<String>
    /// The parameters' scope.
    var scope: Scope
    /// The names the function's blocks declare.
    var locals: [String: [Binding]] = [:]
  }
}

extension JavaScriptConfigReader.Parser {
  typealias Frame = JavaScriptConfigReader.PluginFrame
  typealias State = JavaScriptConfigReader.PluginState
  typealias Stop = JavaScriptConfigReader.PluginStop

  /// Expo's mods of files other than the entitlements: their callbacks change those files only.
  static let otherFileMods: Set<String> = [
    "withInfoPlist", "withExpoPlist", "withXcodeProject", "withPodfile", "withPodfileProperties", "withAppDelegate",
    "withAndroidManifest", "withStringsXml", "withAndroidColors", "withAndroidColorsNight", "withAndroidStyles",
    "withMainActivity", "withMainApplication", "withProjectBuildGradle", "withAppBuildGradle", "withSettingsGradle",
    "withGradleProperties",
  ]
  /// Methods that change the object they are called on.
  static let mutatingMethods: Set<String> = [
    "push", "unshift", "splice", "pop", "shift", "sort", "reverse", "fill", "copyWithin", "assign", "defineProperty",
    "defineProperties", "set", "add", "delete", "clear", "setPrototypeOf",
  ]
  static let changingOperators: Set<String> = [
    "=", "+=", "-=", "*=", "/=", "%=", "**=", "<<=", ">>=", ">>>=", "&=", "|=", "^=", "&&=", "||=", "??=", "++", "--",
  ]

  func unknownIfStopped(_ body: () throws -> Void) -> JavaScriptConfigReader.PluginUnknown? {
    do {
      try body()
      return nil
    } catch let unknown as JavaScriptConfigReader.PluginUnknown {
      // Met in a file this one requires: its own position.
      return unknown
    } catch let stop as Stop {
      let end = max(stop.start, min(stop.end, tokens.count))
      let start = min(stop.start, tokens.count - 1)
      return .init(reason: stop.reason, span: span(start, max(end, start + 1)))
    } catch let error as JavaScriptConfigReader.ReadError {
      return .init(
        reason: "it cannot be read (\(error.message))",
        span: SourceSpan(file: source, start: error.start, end: error.end))
    } catch {
      return .init(reason: "it cannot be read", span: span(0, 1))
    }
  }

  func stop(_ reason: String, _ start: Int, _ end: Int? = nil) -> Stop {
    Stop(reason: reason, start: start, end: end ?? start + 1)
  }

  /// The exported plugin function, run with the config and the plugin's options.
  func runExportedPlugin(_ state: State, options: Located<ConfigValue>?) throws {
    var candidates: [Int] = []
    for index in 0..<mainCount where depth[index] == 0 {
      guard let name = identifier(index), index == 0 || !(isPunctuator(index - 1, ".") || isPunctuator(index - 1, "?."))
      else { continue }
      if name == "module", isPunctuator(index + 1, "."), identifier(index + 2) == "exports" {
        if isPunctuator(index + 3, "=") {
          candidates.append(index + 4)
        } else if isPunctuator(index + 3, "."), identifier(index + 4) == "default", isPunctuator(index + 5, "=") {
          candidates.append(index + 6)
        }
      } else if name == "exports", isPunctuator(index + 1, "."), identifier(index + 2) == "default",
        isPunctuator(index + 3, "=")
      {
        candidates.append(index + 4)
      } else if name == "export", identifier(index + 1) == "default" {
        candidates.append(index + 2)
      }
    }
    guard let start = candidates.first else {
      throw stop("it exports no plugin function ('module.exports = …' or 'export default …')", 0)
    }
    guard candidates.count == 1 else { throw stop("it sets its export more than once", candidates[1]) }
    let global = JavaScriptConfigReader.Scope(
      bindings: try bindings(in: 0..<mainCount, blockOpen: nil), shadowed: [], parent: nil)
    try runPlugin(start, scope: global, state, options: options)
  }

  /// Runs the plugin an expression names: a function of this file, or the plugin another file exports.
  func runPlugin(
    _ start: Int, scope: JavaScriptConfigReader.Scope, _ state: State, options: Located<ConfigValue>?
  ) throws {
    if let specifier = requiredModule(start, scope: scope, hops: 0) {
      try runModule(specifier, at: start, state, options: options)
      return
    }
    let (function, functionScope) = try pluginFunction(start, scope: scope, hops: 0)
    try call(function, state, scope: functionScope, options: options, configPath: [])
  }

  /// The relative path of the file whose export an expression is: `require("./p")`,
  /// `require("./p").default`, or a name bound to one or imported (`import p from "./p"`).
  func requiredModule(_ start: Int, scope: JavaScriptConfigReader.Scope, hops: Int) -> String? {
    guard hops < 32, let name = identifier(start) else { return nil }
    if name == "require", isPunctuator(start + 1, "("), case .string(let specifier) = kind(start + 2),
      isPunctuator(start + 3, ")"), specifier.hasPrefix("./") || specifier.hasPrefix("../")
    {
      let next = start + 4
      let followed =
        isPunctuator(next, ".") || isPunctuator(next, "?.") || isPunctuator(next, "(") || isPunctuator(next, "[")
      if !followed || (isPunctuator(next, ".") && identifier(next + 1) == "default" && !isPunctuator(next + 2, ".")) {
        return specifier
      }
      return nil
    }
    if ["createRunOncePlugin", "withRunOnce"].contains(name), isPunctuator(start + 1, "(") {
      return requiredModule(start + 2, scope: scope, hops: hops + 1)
    }
    guard let (binding, bindingScope) = scope.lookup(name) else { return nil }
    switch binding.kind {
    case .variable where !changed.contains(name):
      return requiredModule(binding.valueStart, scope: bindingScope, hops: hops + 1)
    case .opaque where identifier(binding.nameIndex - 1) == "import" && identifier(binding.nameIndex + 1) == "from":
      guard case .string(let specifier) = kind(binding.nameIndex + 2),
        specifier.hasPrefix("./") || specifier.hasPrefix("../")
      else { return nil }
      return specifier
    default:
      return nil
    }
  }

  /// Runs the plugin another file of the repository exports, with the same config and state.
  func runModule(_ specifier: String, at start: Int, _ state: State, options: Located<ConfigValue>?) throws {
    guard let modules = state.modules, state.chain.count < 16 else {
      throw stop("it runs the plugin of '\(specifier)', which widgetlint does not read", start, start + 4)
    }
    guard let module = modules(specifier, source.path) else {
      throw stop("it requires '\(specifier)', which is not in the repository", start, start + 4)
    }
    guard !state.chain.contains(module.path) else {
      throw stop("it requires '\(specifier)', which requires it in turn", start, start + 4)
    }
    state.modulesRead.append(module)
    let parser = try JavaScriptConfigReader.pluginParser(module, environment: environment).get()
    state.chain.append(module.path)
    defer { state.chain.removeLast() }
    if let unknown = parser.unknownIfStopped({ try parser.runExportedPlugin(state, options: options) }) {
      throw unknown
    }
  }

  /// The function an expression names: a function expression, a name bound to one, or the plugin a
  /// `createRunOncePlugin(plugin, …)` wraps.
  func pluginFunction(_ start: Int, scope: JavaScriptConfigReader.Scope, hops: Int) throws -> (
    Int, JavaScriptConfigReader.Scope
  ) {
    guard hops < 32 else { throw stop("its functions refer to each other too deeply", start) }
    if functionShape(at: start) != nil { return (start, scope) }
    if isPunctuator(start, "("), !isPunctuator(partner[start] + 1, "=>") {
      return try pluginFunction(start + 1, scope: scope, hops: hops + 1)
    }
    if let name = identifier(start) {
      if ["createRunOncePlugin", "withRunOnce"].contains(name), isPunctuator(start + 1, "(") {
        return try pluginFunction(start + 2, scope: scope, hops: hops + 1)
      }
      if let (binding, bindingScope) = scope.lookup(name) {
        switch binding.kind {
        case .function: return (binding.valueStart, bindingScope)
        case .variable where !changed.contains(name):
          return try pluginFunction(binding.valueStart, scope: bindingScope, hops: hops + 1)
        default: break
        }
      }
      throw stop("it calls '\(name)', which widgetlint does not read", start)
    }
    throw stop("it is not a function widgetlint reads", start)
  }

  /// A function expression, `async` or not.
  func functionShape(at index: Int) -> (shape: FunctionShape, isAsync: Bool)? {
    if identifier(index) == "async", let shape = function(at: index + 1) { return (shape, true) }
    guard let shape = function(at: index) else { return nil }
    if case .other = shape { return nil }
    return (shape, false)
  }

  /// The ranges of a comma-separated list (parameters, arguments, array elements).
  func listItems(_ range: Range<Int>) -> [Range<Int>] {
    var items: [Range<Int>] = []
    var start = range.lowerBound
    var index = start
    while index < range.upperBound {
      if isPunctuator(index, ",") {
        if index > start { items.append(start..<index) }
        start = index + 1
        index += 1
      } else {
        index = isOpener(index) ? partner[index] + 1 : index + 1
      }
    }
    if range.upperBound > start { items.append(start..<range.upperBound) }
    return items
  }

  func known(_ value: Located<ConfigValue>) -> [JavaScriptConfigReader.Binding] {
    [.init(kind: .known, nameIndex: -1, valueStart: -1, known: value)]
  }

  /// Runs a plugin function (or a mod's callback): its first parameter is the config at `configPath`,
  /// its second the options.
  func call(
    _ function: Int, _ state: State, scope: JavaScriptConfigReader.Scope, options: Located<ConfigValue>?,
    configPath: [String]
  ) throws {
    state.calls += 1
    guard state.calls < 64 else { throw stop("its functions call each other too often", function) }
    guard let (shape, isAsync) = functionShape(at: function) else {
      throw stop("it is not a function widgetlint reads", function)
    }
    if isAsync, !state.inMod {
      throw stop("it is 'async'; Expo needs a plugin to return the config itself", function)
    }
    let parameters: Range<Int>
    switch shape {
    case .expressionBody(let range, _), .blockBody(let range, _, _): parameters = range
    case .other: throw stop("it is not a function widgetlint reads", function)
    }
    var frame = Frame(aliases: [:], names: [], scope: scope)
    var bound: [String: [JavaScriptConfigReader.Binding]] = [:]
    for (position, parameter) in listItems(parameters).enumerated() {
      if position == 0 {
        if let name = identifier(parameter.lowerBound), parameter.count == 1 {
          frame.aliases[name] = configPath
          frame.names.insert(name)
          continue
        }
        // `({ modResults }) => …`: names for parts of the config.
        guard isPunctuator(parameter.lowerBound, "{"), partner[parameter.lowerBound] == parameter.upperBound - 1 else {
          throw stop("it takes the config apart in its parameters", parameter.lowerBound)
        }
        for item in listItems((parameter.lowerBound + 1)..<(parameter.upperBound - 1)) {
          let nameIndex = isPunctuator(item.lowerBound + 1, ":") ? item.lowerBound + 2 : item.lowerBound
          guard let key = identifier(item.lowerBound), let name = identifier(nameIndex),
            item.upperBound == nameIndex + 1
          else { throw stop("it takes the config apart in its parameters", item.lowerBound) }
          frame.aliases[name] = configPath + [key]
          frame.names.insert(name)
        }
      } else if position == 1 {
        try bindOptions(parameter, options, into: &bound, frame: &frame)
      } else {
        for index in parameter where identifier(index) != nil { frame.names.insert(identifier(index)!) }
      }
    }
    let shadowed = frame.names.subtracting(bound.keys)
    frame.scope = JavaScriptConfigReader.Scope(bindings: bound, shadowed: shadowed, parent: scope)
    switch shape {
    case .expressionBody(_, let body):
      let end = try skipExpression(body, .declarator)
      try configExpression(body, end, state, frame)
    case .blockBody(_, let open, let close):
      guard try block(open, close, state, frame) else {
        throw stop("it does not return the config", close)
      }
    case .other:
      break
    }
  }

  /// The options parameter: a name, a `{ key }` pattern, either with a default.
  func bindOptions(
    _ parameter: Range<Int>, _ options: Located<ConfigValue>?,
    into bound: inout [String: [JavaScriptConfigReader.Binding]],
    frame: inout Frame
  ) throws {
    let first = parameter.lowerBound
    let patternEnd = isPunctuator(first, "{") ? partner[first] + 1 : first + 1
    var value = options
    if value == nil, isPunctuator(patternEnd, "="), patternEnd + 1 < parameter.upperBound {
      value = try evaluate(patternEnd + 1, pointer: .root, context: .list, scope: frame.scope, nesting: 0).value
    }
    let undefined = Located(ConfigValue.null, span: span(first, patternEnd), pointer: .root)
    if let name = identifier(first) {
      bound[name] = known(value ?? undefined)
      frame.names.insert(name)
      return
    }
    guard isPunctuator(first, "{") else {
      for index in parameter where identifier(index) != nil { frame.names.insert(identifier(index)!) }
      return
    }
    for item in listItems((first + 1)..<partner[first]) {
      guard let key = identifier(item.lowerBound) else { continue }
      let nameIndex = isPunctuator(item.lowerBound + 1, ":") ? item.lowerBound + 2 : item.lowerBound
      guard let name = identifier(nameIndex) else { continue }
      frame.names.insert(name)
      if let member = value?[key] {
        bound[name] = known(member)
      } else if isPunctuator(nameIndex + 1, "=") {
        bound[name] = known(
          try evaluate(nameIndex + 2, pointer: .root, context: .list, scope: frame.scope, nesting: 0).value)
      } else {
        bound[name] = known(Located(.null, span: span(item.lowerBound, item.upperBound), pointer: .root))
      }
    }
  }

  /// The scope a statement is read in: the names for the config with its value now, and the function's
  /// declarations (read where they are used, so they see the config as it is then).
  func statementScope(_ frame: Frame, _ state: State) -> JavaScriptConfigReader.Scope {
    var bindings: [String: [JavaScriptConfigReader.Binding]] = [:]
    for (name, path) in frame.aliases {
      bindings[name] = known(state.value(at: path) ?? Located(.null, span: state.config.span, pointer: .root))
    }
    let aliases = JavaScriptConfigReader.Scope(bindings: bindings, shadowed: [], parent: frame.scope)
    let locals = frame.locals.filter { frame.aliases[$0.key] == nil }
    return JavaScriptConfigReader.Scope(bindings: locals, shadowed: [], parent: aliases)
  }

  /// Runs the statements of a block; true when it returns the config.
  func block(_ open: Int, _ close: Int, _ state: State, _ frame: Frame) throws -> Bool {
    var frame = frame
    let local = try bindings(in: (open + 1)..<close, blockOpen: open)
    frame.names.formUnion(local.keys)
    frame.locals.merge(local) { $1 }
    var index = open + 1
    while index < close {
      if isPunctuator(index, ";") {
        index += 1
        continue
      }
      let end = max(try statementEnd(index), index + 1)
      if try statement(index, min(end, close), state, &frame) { return true }
      index = end
    }
    return false
  }

  /// The index past the statement at `index`.
  func statementEnd(_ index: Int) throws -> Int {
    switch identifier(index) {
    case "if":
      guard isPunctuator(index + 1, "(") else { break }
      var next = try statementEnd(partner[index + 1] + 1)
      if isPunctuator(next, ";") { next += 1 }
      if identifier(next) == "else" { next = try statementEnd(next + 1) }
      return next
    case "for", "while", "with", "switch":
      guard isPunctuator(index + 1, "(") else { break }
      return try statementEnd(partner[index + 1] + 1)
    case "do":
      var next = try statementEnd(index + 1)
      if isPunctuator(next, ";") { next += 1 }
      if identifier(next) == "while", isPunctuator(next + 1, "(") { next = partner[next + 1] + 1 }
      return next
    case "try":
      var next = index + 1
      while isPunctuator(next, "{") || ["catch", "finally"].contains(identifier(next) ?? "") {
        if isPunctuator(next, "{") {
          next = partner[next] + 1
        } else {
          next += 1
          if isPunctuator(next, "(") { next = partner[next] + 1 }
        }
      }
      return next
    case "function":
      var next = index + 1
      while next < tokens.count, !isPunctuator(next, "{") { next = isOpener(next) ? partner[next] + 1 : next + 1 }
      return next < tokens.count ? partner[next] + 1 : next
    case "async" where identifier(index + 1) == "function":
      return try statementEnd(index + 1)
    default:
      break
    }
    if isPunctuator(index, "{") { return partner[index] + 1 }
    return try skipExpression(index, .statement)
  }

  /// Runs one statement; true when it returns.
  func statement(_ start: Int, _ end: Int, _ state: State, _ frame: inout Frame) throws -> Bool {
    switch identifier(start) {
    case "return":
      var value = start + 1
      guard value < end, !tokens[value].newlineBefore else { throw stop("it returns nothing", start) }
      if identifier(value) == "await" { value += 1 }
      try returned(value, end, state, frame)
      return true
    case "const", "let", "var":
      try declaration(start, end, state, &frame)
      return false
    case "function", "class":
      return false
    case "async" where identifier(start + 1) == "function":
      return false
    case "if":
      if try conditionalChange(start, end, state, frame) { return false }
    default:
      if try expressionStatement(start, end, state, &frame) { return false }
    }
    try requireHarmless(start, end, frame)
    return false
  }

  /// What a function returns: the config, or an object built from it (`{ ...config, ios: {…} }`).
  func returned(_ start: Int, _ end: Int, _ state: State, _ frame: Frame) throws {
    if isPunctuator(start, "{") || (isPunctuator(start, "(") && isPunctuator(start + 1, "{")) {
      let (value, _) = try evaluate(
        start, pointer: state.config.pointer, context: .statement, scope: statementScope(frame, state), nesting: 0)
      guard case .object = value.value else { throw stop("it returns a config widgetlint cannot work out", start, end) }
      if state.inMod {
        guard let results = value["modResults"] else { throw stop("its mod returns no 'modResults'", start, end) }
        state.config = try setting(state.config, ["modResults"], results, at: span(start, end))
      } else {
        state.config = repointed(value, to: state.config.pointer)
      }
      return
    }
    try configExpression(start, end, state, frame)
  }

  /// A declaration: a name for the config or a part of it (`const ios = config.ios`, `const next =
  /// withX(config, …)`, `const { modResults } = c`) is followed; other values are read where they are used.
  func declaration(_ start: Int, _ end: Int, _ state: State, _ frame: inout Frame) throws {
    var next = start + 1
    while next < end {
      if let name = identifier(next) {
        guard isPunctuator(next + 1, "=") else {
          next += 1
          if isPunctuator(next, ",") { next += 1 } else { break }
          continue
        }
        let valueEnd = min(try skipExpression(next + 2, .declarator), end)
        if let path = try aliasPath(next + 2, valueEnd, state, frame) {
          frame.aliases[name] = path
        } else if isConfigExpression(next + 2, valueEnd, frame) {
          try configExpression(next + 2, valueEnd, state, frame)
          frame.aliases[name] = []
        } else {
          frame.aliases[name] = nil
        }
        next = valueEnd
      } else if isPunctuator(next, "{"), isPunctuator(partner[next] + 1, "=") {
        let close = partner[next]
        let valueEnd = min(try skipExpression(close + 2, .declarator), end)
        if let path = try aliasPath(close + 2, valueEnd, state, frame) {
          for item in listItems((next + 1)..<close) {
            guard let key = identifier(item.lowerBound) else { continue }
            let nameIndex = isPunctuator(item.lowerBound + 1, ":") ? item.lowerBound + 2 : item.lowerBound
            if let name = identifier(nameIndex), item.upperBound == nameIndex + 1 { frame.aliases[name] = path + [key] }
          }
        }
        next = valueEnd
      } else if isOpener(next) {
        next = partner[next] + 1
        if isPunctuator(next, "=") { next = min(try skipExpression(next + 1, .declarator), end) }
      } else {
        break
      }
      guard isPunctuator(next, ",") else { break }
      next += 1
    }
  }

  /// The path of a member chain that starts at a name for the config (`config.ios.entitlements`,
  /// `c.modResults[KEY]`), with the index past it; nil when the tokens are not one.
  func memberChain(_ start: Int, _ limit: Int, _ state: State, _ frame: Frame) throws -> ([String], Int)? {
    guard let name = identifier(start), let root = frame.aliases[name] else { return nil }
    var path = root
    var index = start + 1
    while index < limit {
      if isPunctuator(index, ".") || isPunctuator(index, "?."), let member = identifier(index + 1) {
        if isPunctuator(index + 2, "(") { break }
        path.append(member)
        index += 2
      } else if isPunctuator(index, "?."), isPunctuator(index + 1, "[") {
        index += 1
      } else if isPunctuator(index, "[") {
        let close = partner[index]
        let key = try expression(
          index + 1, close, pointer: .root, scope: statementScope(frame, state), nesting: 0)
        guard case .string(let text)? = key?.value.value else {
          throw stop("it uses a key widgetlint cannot work out", index, close + 1)
        }
        path.append(text)
        index = close + 1
      } else {
        break
      }
    }
    return (path, index)
  }

  /// The path when the tokens are exactly a member chain of the config.
  func aliasPath(_ start: Int, _ end: Int, _ state: State, _ frame: Frame) throws -> [String]? {
    guard let (path, next) = try memberChain(start, end, state, frame), next == end else { return nil }
    return path
  }

  /// The callee of a call that spans the tokens: `name(…)`, `module.name(…)`, `(0, module.name)(…)`;
  /// nil when the tokens are not one call.
  func callee(_ start: Int, _ end: Int, _ frame: Frame) -> (name: String, open: Int)? {
    var open = start + 1
    var name = identifier(start)
    if name != nil, isPunctuator(start + 1, "."), let member = identifier(start + 2), frame.aliases[name!] == nil {
      name = member
      open = start + 3
    } else if isPunctuator(start, "("), kind(start + 1) == .number, isPunctuator(start + 2, ","),
      identifier(start + 3) != nil, isPunctuator(start + 4, "."), let member = identifier(start + 5),
      partner[start] == start + 6
    {
      name = member
      open = start + 7
    }
    guard let name, frame.aliases[name] == nil, isPunctuator(open, "("), partner[open] == end - 1 else { return nil }
    return (name, open)
  }

  /// True when the tokens are the config: a name for it, or a plugin's call on it.
  func isConfigExpression(_ start: Int, _ end: Int, _ frame: Frame) -> Bool {
    var (start, end) = (start, end)
    while isPunctuator(start, "("), partner[start] == end - 1 {
      start += 1
      end -= 1
    }
    if end == start + 1, let name = identifier(start), frame.aliases[name] == [] { return true }
    guard let (_, open) = callee(start, end, frame), let first = listItems((open + 1)..<(end - 1)).first else {
      return false
    }
    return isConfigExpression(first.lowerBound, first.upperBound, frame)
  }

  /// Follows an expression whose value is the config: a name for it, or a plugin's call on it.
  func configExpression(_ start: Int, _ end: Int, _ state: State, _ frame: Frame) throws {
    var (start, end) = (start, end)
    while isPunctuator(start, "("), partner[start] == end - 1 {
      start += 1
      end -= 1
    }
    if identifier(start) == "await", state.inMod { start += 1 }
    if end == start + 1, let name = identifier(start), frame.aliases[name] == [] { return }
    guard let (name, open) = callee(start, end, frame) else {
      throw stop("it changes the config in code widgetlint does not follow", start, end)
    }
    let arguments = listItems((open + 1)..<(end - 1))
    guard let first = arguments.first, isConfigExpression(first.lowerBound, first.upperBound, frame) else {
      throw stop("it calls '\(name)' in a way widgetlint does not follow", start, end)
    }
    try configExpression(first.lowerBound, first.upperBound, state, frame)
    let second = arguments.count > 1 ? arguments[1] : nil
    switch name {
    case "withEntitlementsPlist":
      guard let second else { throw stop("it calls 'withEntitlementsPlist' without a callback", start, end) }
      let (callback, scope) = try pluginFunction(second.lowerBound, scope: statementScope(frame, state), hops: 0)
      let parser = self
      state.mods.append(
        JavaScriptConfigReader.EntitlementsMod { config in
          let modState = State(config: config, inMod: true)
          if let unknown = parser.unknownIfStopped({
            try parser.call(callback, modState, scope: scope, options: nil, configPath: [])
          }) {
            return .failure(unknown)
          }
          return .success(modState.config)
        })
    case _ where Self.otherFileMods.contains(name):
      // A mod of another file; one whose callback speaks of entitlements is not followed.
      if let second, mentionsEntitlements(second) {
        throw stop("its '\(name)' callback refers to entitlements", second.lowerBound, second.upperBound)
      }
      if name == "withXcodeProject", state.xcodeProjectCall == nil { state.xcodeProjectCall = span(start, end) }
    case "withDangerousMod", "withFinalizedMod", "withMod", "withBaseMod":
      guard let second, try platform(of: second, state, frame) == "android" else {
        throw stop("it calls '\(name)' for iOS, which may change any file", start, end)
      }
    case "withPlugins":
      guard let second, isPunctuator(second.lowerBound, "["), partner[second.lowerBound] == second.upperBound - 1 else {
        throw stop("it calls 'withPlugins' with a list widgetlint does not follow", start, end)
      }
      for item in listItems((second.lowerBound + 1)..<(second.upperBound - 1)) {
        var function = item
        var options: Located<ConfigValue>?
        if isPunctuator(item.lowerBound, "["), partner[item.lowerBound] == item.upperBound - 1 {
          let parts = listItems((item.lowerBound + 1)..<(item.upperBound - 1))
          guard let plugin = parts.first else { continue }
          function = plugin
          if parts.count > 1 { options = try value(parts[1], state, frame) }
        }
        try runPlugin(function.lowerBound, scope: statementScope(frame, state), state, options: options)
      }
    default:
      // The file's own plugin function, called with the config.
      guard open == start + 1 else { throw stop("it calls '\(name)', which widgetlint does not read", start, end) }
      try runPlugin(
        start, scope: statementScope(frame, state), state, options: try second.map { try value($0, state, frame) })
    }
  }

  func value(_ range: Range<Int>, _ state: State, _ frame: Frame) throws -> Located<ConfigValue> {
    try evaluate(range.lowerBound, pointer: .root, context: .list, scope: statementScope(frame, state), nesting: 0)
      .value
  }

  /// The platform a `withDangerousMod(config, ["android", …])` or `withMod(config, { platform: … })` names.
  func platform(of range: Range<Int>, _ state: State, _ frame: Frame) throws -> String? {
    if isPunctuator(range.lowerBound, "["), case .string(let text) = kind(range.lowerBound + 1) { return text }
    if isPunctuator(range.lowerBound, "{") {
      for item in listItems((range.lowerBound + 1)..<partner[range.lowerBound])
      where identifier(item.lowerBound) == "platform" && isPunctuator(item.lowerBound + 1, ":") {
        if case .string(let text) = kind(item.lowerBound + 2) { return text }
      }
    }
    return nil
  }

  func mentionsEntitlements(_ range: Range<Int>) -> Bool {
    range.contains { index in
      switch kind(index) {
      case .identifier(let word): return word.lowercased().contains("entitlements")
      case .string(let text), .template(let text?):
        return text.lowercased().contains("entitlements") || text.contains("application-groups")
      default: return false
      }
    }
  }

  /// An expression statement in a form read: the config passed to a plugin, a name made the config,
  /// an assignment to a part of it, or a `.push(…)` onto one.
  func expressionStatement(_ start: Int, _ end: Int, _ state: State, _ frame: inout Frame) throws -> Bool {
    if let name = identifier(start), isPunctuator(start + 1, "="), isConfigExpression(start + 2, end, frame) {
      try configExpression(start + 2, end, state, frame)
      frame.aliases[name] = []
      return true
    }
    if isConfigExpression(start, end, frame) {
      try configExpression(start, end, state, frame)
      return true
    }
    guard let (path, next) = try memberChain(start, end, state, frame) else { return false }
    if case .punctuator(let operation) = kind(next), ["=", "??=", "||="].contains(operation) {
      try assign(path, operation, next + 1, end, state, frame, target: span(start, next))
      return true
    }
    if isPunctuator(next, "."), identifier(next + 1) == "push", isPunctuator(next + 2, "("),
      partner[next + 2] == end - 1
    {
      try push(path, listItems((next + 3)..<(end - 1)), state, frame, at: span(start, end))
      return true
    }
    return false
  }

  /// `if (!x) x = v`, `if (!Array.isArray(x)) x = v` and `if (!x.includes(v)) x.push(v)`: an
  /// assignment or a union that the condition only makes idempotent.
  func conditionalChange(_ start: Int, _ end: Int, _ state: State, _ frame: Frame) throws -> Bool {
    guard isPunctuator(start + 1, "("), isPunctuator(start + 2, "!") else { return false }
    let conditionEnd = partner[start + 1]
    var body = (conditionEnd + 1)..<end
    if isPunctuator(body.lowerBound, "{"), partner[body.lowerBound] == end - 1 {
      body = (body.lowerBound + 1)..<(end - 1)
    }
    while body.count > 1, isPunctuator(body.upperBound - 1, ";") { body = body.lowerBound..<(body.upperBound - 1) }
    guard !body.isEmpty, try skipExpression(body.lowerBound, .statement) == body.upperBound else { return false }
    let condition = (start + 3)..<conditionEnd
    var tested = condition
    var form = "absent"
    if identifier(condition.lowerBound) == "Array", isPunctuator(condition.lowerBound + 1, "."),
      identifier(condition.lowerBound + 2) == "isArray", isPunctuator(condition.lowerBound + 3, "("),
      partner[condition.lowerBound + 3] == conditionEnd - 1
    {
      tested = (condition.lowerBound + 4)..<(conditionEnd - 1)
      form = "array"
    } else if let (_, next) = try memberChain(condition.lowerBound, conditionEnd, state, frame),
      isPunctuator(next, "."), identifier(next + 1) == "includes", isPunctuator(next + 2, "("),
      partner[next + 2] == conditionEnd - 1
    {
      tested = condition.lowerBound..<next
      form = "includes"
    }
    guard let (path, next) = try memberChain(tested.lowerBound, tested.upperBound, state, frame),
      next == tested.upperBound,
      let (target, after) = try memberChain(body.lowerBound, body.upperBound, state, frame), target == path,
      text(tested.lowerBound, tested.upperBound) == text(body.lowerBound, after)
    else { return false }
    let current = state.value(at: path)
    switch form {
    case "includes":
      guard isPunctuator(after, "."), identifier(after + 1) == "push", isPunctuator(after + 2, "("),
        partner[after + 2] == body.upperBound - 1
      else { return false }
      try push(
        path, listItems((after + 3)..<(body.upperBound - 1)), state, frame, at: span(body.lowerBound, body.upperBound))
    default:
      guard isPunctuator(after, "=") else { return false }
      let keep: Bool? =
        form == "array"
        ? current.map { $0.value.isComputed ? nil : $0.value.array != nil } ?? false
        : current.flatMap { Self.truthiness(Known(value: $0)) } ?? false
      guard let keep else { return true }  // Already unknown: it stays so.
      if !keep { try assign(path, "=", after + 1, body.upperBound, state, frame, target: span(body.lowerBound, after)) }
    }
    return true
  }

  /// `x = v`, `x ??= v`, `x ||= v` on a part of the config.
  func assign(
    _ path: [String], _ operation: String, _ valueStart: Int, _ end: Int, _ state: State, _ frame: Frame,
    target: SourceSpan
  ) throws {
    try requireWritable(path, state, valueStart - 1)
    // A value that hands the config to other code may change more than this member.
    try requireHarmless(valueStart, end, frame)
    let current = state.value(at: path)
    switch operation {
    case "??=":
      if let current, !current.value.isComputed, current.plain != .null { return }
    case "||=":
      if let current, Self.truthiness(Known(value: current)) == true { return }
    default:
      break
    }
    let pointer = path.reduce(state.config.pointer) { $0.appending($1) }
    let (value, _) = try evaluate(
      valueStart, pointer: pointer, context: .statement, scope: statementScope(frame, state), nesting: 0)
    let unknownBefore = current.map { $0.value.isComputed } ?? false
    let result =
      operation != "=" && unknownBefore
      ? Located(ConfigValue.computed(text(valueStart, end)), span: span(valueStart, end), pointer: pointer) : value
    state.config = try setting(state.config, path, result, at: target)
  }

  /// `x.push(a, b)` on a list of the config: the list with the values it lacks added.
  func push(_ path: [String], _ arguments: [Range<Int>], _ state: State, _ frame: Frame, at place: SourceSpan)
    throws
  {
    try requireWritable(path, state, arguments.first?.lowerBound ?? 0)
    guard let current = state.value(at: path) else {
      throw stop("it pushes onto a list the config does not have", arguments.first?.lowerBound ?? 0)
    }
    if current.value.isComputed { return }
    guard case .array(var items) = current.value else {
      throw stop("it pushes onto a value that is not a list", arguments.first?.lowerBound ?? 0)
    }
    for argument in arguments {
      if isPunctuator(argument.lowerBound, "...") {
        throw stop("it pushes a spread widgetlint does not follow", argument.lowerBound, argument.upperBound)
      }
      try requireHarmless(argument.lowerBound, argument.upperBound, frame)
      let item = try value(argument, state, frame)
      if let plain = item.plain, items.contains(where: { $0.plain == plain }) { continue }
      items.append(repointed(item, to: current.pointer.appending(items.count)))
    }
    state.config = try setting(
      state.config, path, Located(.array(items), span: current.span, pointer: current.pointer), at: place)
  }

  /// A mod may change its `modResults` only: changes elsewhere come too late for Expo to use them.
  func requireWritable(_ path: [String], _ state: State, _ at: Int) throws {
    if state.inMod, path.first != "modResults" {
      throw stop("its mod changes the config besides 'modResults'", at)
    }
  }

  /// The config with the value at `path` set: members on the way are created, as the plugin creates them.
  func setting(
    _ node: Located<ConfigValue>, _ path: ArraySlice<String>, _ value: Located<ConfigValue>, at place: SourceSpan
  ) throws -> Located<ConfigValue> {
    guard let key = path.first else { return repointed(value, to: node.pointer) }
    let childPointer = node.pointer.appending(key)
    switch node.value {
    case .computed:
      return node
    case .null:
      return try setting(Located(.object([]), span: place, pointer: node.pointer), path, value, at: place)
    case .object(var members):
      let existing = members.lastIndex { $0.key.value == key }
      let child = existing.map { members[$0].value } ?? Located(.null, span: place, pointer: childPointer)
      let changed = try setting(child, path.dropFirst(), value, at: place)
      if let existing {
        members[existing].value = changed
      } else {
        members.append((Located(key, span: place, pointer: childPointer), changed))
      }
      return Located(.object(members), span: node.span, pointer: node.pointer)
    default:
      throw stop("it sets a member of a value that is not an object", 0)
    }
  }

  func setting(
    _ node: Located<ConfigValue>, _ path: [String], _ value: Located<ConfigValue>, at place: SourceSpan
  ) throws -> Located<ConfigValue> {
    try setting(node, path[...], value, at: place)
  }

  /// A statement not read as a change must change nothing: no assignment, no `delete`, no changing
  /// method, no early `return`, no call that is handed a name the function binds.
  func requireHarmless(_ start: Int, _ end: Int, _ frame: Frame) throws {
    let names = frame.names.union(frame.aliases.keys)
    for index in start..<end {
      switch kind(index) {
      case .punctuator(let text) where Self.changingOperators.contains(text):
        throw stop("it changes values in code widgetlint does not follow", start, end)
      case .identifier(let word) where ["delete", "return", "yield", "await"].contains(word):
        throw stop("it runs code widgetlint does not follow", start, end)
      case .identifier(let word)
      where Self.mutatingMethods.contains(word) && isPunctuator(index - 1, ".") && isPunctuator(index + 1, "("):
        throw stop("it calls '\(word)', which changes what it is called on", start, end)
      case .punctuator("(") where index > start:
        let isCall: Bool
        switch kind(index - 1) {
        case .identifier(let word):
          isCall = !["if", "for", "while", "switch", "catch", "with", "function"].contains(word)
        case .punctuator(")"), .punctuator("]"): isCall = true
        default: isCall = false
        }
        let isConsole = identifier(index - 3) == "console" && isPunctuator(index - 2, ".")
        guard isCall, !isConsole else { continue }
        let handed = ((index + 1)..<partner[index]).contains { argument in
          identifier(argument).map { names.contains($0) && Self.isReference(argument, in: tokens) } ?? false
        }
        if handed { throw stop("it hands the config or its values to code widgetlint does not follow", start, end) }
      default:
        continue
      }
    }
  }
}
