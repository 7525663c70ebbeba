import WidgetLintCore
import WidgetLintModel

/// Finds, in one JavaScript or TypeScript file of an Expo app, the calls by which the app writes its
/// widgets' data and reloads them. The file is read as data, token by token, never evaluated:
///
/// - @bacons/apple-targets (packages/apple-targets/src/ExtensionStorage.ts): `new ExtensionStorage(group)`
///   opens an App Group; `ExtensionStorage.reloadWidget(kind?)` reloads the widgets of a kind (no kind:
///   every widget) and `ExtensionStorage.reloadControls(kind?)` the controls of one;
/// - react-native-shared-group-preferences: `SharedGroupPreferences.setItem(key, value, group)` and
///   `SharedGroupPreferences.getItem(key, group)` open the group they are given.
///
/// The class must come from its package: a named or namespace import (`import { ExtensionStorage }`,
/// `import * as Targets`), SharedGroupPreferences' default import, or the lazy forms
/// `const { ExtensionStorage } = require("@bacons/apple-targets")`, `await import(…)`, and
/// `X = require("@bacons/apple-targets").ExtensionStorage` (a `let X = null` assigned in a `try`). A
/// class of that name from anywhere else is not these APIs, and its calls are not read.
///
/// An argument is known when it is a string literal (or a template literal without `${}`), or a name
/// bound once in the file: a `const` holding such a literal, or a named import from another module
/// (`import { APP_GROUP } from "./constants"`, `const { APP_GROUP } = require("@/constants")`), which the
/// caller resolves (a relative path, or a path alias of the app's) from that module's `exports`: ES
/// exports, or CommonJS `exports.X = …`, `module.exports.X = …` and `module.exports = { X: … }`.
/// Anything else (a template with `${}`, a call, `process.env.X`, a parameter, a name bound more than
/// once) is unknown. The file is tokenized (JSX in `.js`, `.jsx` and `.tsx` files; TypeScript's types
/// dropped), so calls in comments and strings never match.
public enum JavaScriptAppCallScanner {
  /// Text a file must contain to hold one of these calls: a file without it is not parsed. The widget
  /// functions and the `'widget'` directive of expo-widgets' components (`JavaScriptWidgetRuntimeScanner`)
  /// count only in a file that imports their package, so the packages' names are what is looked for:
  /// long needles keep the byte search's steps long.
  public static let needles =
    ["ExtensionStorage", "SharedGroupPreferences", JavaScriptWidgetRuntimeScanner.uiPackage]
    + widgetFunctions.keys.sorted()

  /// Functions that name a widget declared in a config plugin's options by its kind, imported from their
  /// package by name: Expo's `expo-widgets` (`createWidget(name, component)`, whose name "must match the
  /// 'name' field in your widget configuration", `build/Widgets.d.ts`) and Voltra's
  /// (`updateWidget(id, …)`, `scheduleWidget(id, …)`, `clearWidget(id)`, `packages/ios-client/src/widgets/widget-api.ts`).
  public static let widgetFunctions: [String: Set<String>] = [
    "expo-widgets": ["createWidget"],
    "@use-voltra/ios-client": ["updateWidget", "scheduleWidget", "clearWidget"],
    "voltra/client": ["updateWidget", "scheduleWidget", "clearWidget"],
  ]

  public static let extensionStoragePackage = "@bacons/apple-targets"
  public static let sharedGroupPreferencesPackage = "react-native-shared-group-preferences"

  public struct Call: Sendable {
    public enum Effect: Sendable, Equatable {
      case opensAppGroup
      case reloadsWidgetKind
      /// `ExtensionStorage.reloadControls`: a control's kind (`ControlCenter.reloadControls(ofKind:)`).
      case reloadsControlKind
    }

    public var effect: Effect
    /// The API as its documentation writes it: `new ExtensionStorage`, `ExtensionStorage.reloadWidget`,
    /// `SharedGroupPreferences.setItem`.
    public var callee: String
    /// The group or kind argument.
    public var argument: Argument
    /// From the callee (or `new`) to the call's closing parenthesis.
    public var span: SourceSpan
    /// The argument is a string literal written in the call's parentheses (not a constant's, bound
    /// elsewhere): an edit of that literal changes this call only.
    public var argumentIsInCall = false
  }

  public enum Argument: Sendable {
    /// Not given (`reloadWidget()`, or `undefined`).
    case absent
    /// A string literal, in the call or in the file's constant the call names.
    case literal(Located<String>)
    /// A name imported from a relative module (`import { GROUP as APP_GROUP } from "./constants"`):
    /// the module as written, the name it exports, and where the call names it.
    case imported(module: String, name: String, at: SourceSpan)
    /// Computed, or bound in a way this reading does not follow.
    case unknown
  }

  /// What a module exports under a name, when it is a string constant.
  public enum Export: Sendable {
    case literal(Located<String>)
    /// `export { GROUP } from "./other"`, or an imported constant exported again.
    case reexport(module: String, name: String)
  }

  public struct FileFacts: Sendable {
    public var calls: [Call] = []
    /// The string constants the module exports, by exported name.
    public var exports: [String: Export] = [:]
    /// The modules of `export * from "…"`, in order.
    public var starExports: [String] = []
    /// The file's `widgetlint-disable…` comments.
    public var suppressions: [SuppressionDirective] = []
    /// What its components marked `'widget'` use that the widget runtime cannot run.
    public var widgetRuntimeUses: [WidgetRuntimeUse] = []
  }

  /// The calls and string exports of one file; nil when it cannot be read as JavaScript (a syntax the
  /// tokenizer does not take): nothing is known of it then.
  public static func scan(_ source: SourceText) -> FileFacts? { scanCountingWork(source).facts }

  /// `scan`, with the work the scanner did past tokenizing (tokens looked at by its passes, declarations,
  /// argument lists): the tests hold it to a few steps per token, whatever the file.
  package static func scanCountingWork(_ source: SourceText) -> (facts: FileFacts?, work: Int, tokens: Int) {
    let lowered = source.path.lowercased()
    let isTypeScript = [".ts", ".tsx", ".mts", ".cts"].contains(where: lowered.hasSuffix)
    let readsJSX = ![".ts", ".mts", ".cts"].contains(where: lowered.hasSuffix)
    var lexer = JavaScriptConfigReader.Lexer(bytes: source.bytes, start: source.byteOrderMarkLength, readsJSX: readsJSX)
    guard var tokens = try? lexer.tokenize() else { return (nil, 0, 0) }
    if isTypeScript { tokens = TypeScriptTypes.strip(tokens) }
    tokens += lexer.substitutions
    var scanner = Scanner(source: source, tokens: tokens)
    var facts = scanner.run()
    facts.widgetRuntimeUses = JavaScriptWidgetRuntimeScanner.uses(in: tokens, source: source)
    if SuppressionDirective.mayBeIn(source.bytes) {
      facts.suppressions = SuppressionDirective.directives(in: source, comments: lexer.comments)
    }
    return (facts, scanner.work, tokens.count)
  }

  /// Whether an import names a module by a relative path (`./constants`, `../config`).
  public static func isRelative(_ module: String) -> Bool { module.hasPrefix("./") || module.hasPrefix("../") }
}

extension JavaScriptAppCallScanner {
  fileprivate typealias Token = JavaScriptConfigReader.Token
  fileprivate typealias TokenKind = JavaScriptConfigReader.TokenKind

  fileprivate enum API {
    case extensionStorage, sharedGroupPreferences
  }

  /// What a name is bound to, by one declaration or assignment.
  fileprivate enum Binding {
    /// `const NAME = "literal"`.
    case constant(Located<String>)
    /// `import … from "module"`: the name it exports (`default` for a default import, `*` for a namespace).
    case imported(module: String, name: String)
    /// `require("module")` (member nil), `require("module").member`, `await import("module")`, or a
    /// member destructured from one of them.
    case required(module: String, member: String?)
    /// No value, `null` or `undefined`.
    case empty
    case other
  }

  fileprivate struct Scanner {
    let source: SourceText
    let tokens: [Token]
    /// The index of the bracket that closes (or opens) each bracket; -1 for other tokens and for
    /// brackets without a partner.
    let partner: [Int]
    var bindings: [String: [Binding]] = [:]
    var assignments: [String: [Binding]] = [:]
    /// The name tokens that declarations bind, which are no assignments.
    var declaredNames: Set<Int> = []
    var exportedConstants: [String] = []
    var localExports: [(local: String, exported: String)] = []
    /// CommonJS exports: what `exports.X = …`, `module.exports.X = …` and `module.exports = { X: … }`
    /// assign to each name (a literal, a name of the file, or anything else: nil).
    var commonJSExports: [String: [CommonJSValue]] = [:]
    /// `module.exports` replaced by anything but one object literal of plain members: nothing it
    /// exports is known.
    var commonJSExportsAreUnknown = false
    var moduleExportsAssignments = 0

    enum CommonJSValue {
      case literal(Located<String>)
      case name(String)
      case unknown
    }
    var facts = FileFacts()
    /// Steps taken by the passes over the tokens (see `scanCountingWork`).
    var work = 0

    init(source: SourceText, tokens: [Token]) {
      self.source = source
      self.tokens = tokens
      var partner = [Int](repeating: -1, count: tokens.count)
      var open: [Int] = []
      for (index, token) in tokens.enumerated() {
        switch token.kind {
        case .punctuator("("), .punctuator("["), .punctuator("{"):
          open.append(index)
        case .punctuator(")"), .punctuator("]"), .punctuator("}"):
          if let opener = open.popLast() {
            partner[opener] = index
            partner[index] = opener
          }
        case .end:
          // Each template substitution's code is a run of its own.
          open.removeAll()
        default:
          break
        }
      }
      self.partner = partner
    }

    // MARK: Token helpers

    func kind(_ index: Int) -> TokenKind { tokens.indices.contains(index) ? tokens[index].kind : .end }
    func isPunctuator(_ index: Int, _ text: String) -> Bool { kind(index) == .punctuator(text) }
    func identifier(_ index: Int) -> String? {
      if case .identifier(let name) = kind(index) { return name }
      return nil
    }
    func string(_ index: Int) -> String? {
      if case .string(let text) = kind(index) { return text }
      return nil
    }
    func isOpener(_ index: Int) -> Bool {
      isPunctuator(index, "(") || isPunctuator(index, "[") || isPunctuator(index, "{")
    }
    /// `.` or `?.`.
    func isMemberAccess(_ index: Int) -> Bool { isPunctuator(index, ".") || isPunctuator(index, "?.") }
    /// A name after `.` is a member, not a binding.
    func isMemberName(_ index: Int) -> Bool { isMemberAccess(index - 1) }
    func span(_ index: Int) -> SourceSpan {
      SourceSpan(file: source, start: tokens[index].start, end: tokens[index].end)
    }

    /// A string literal, or a template literal without substitutions, at `index`.
    func literal(_ index: Int) -> Located<String>? {
      switch kind(index) {
      case .string(let text), .template(let text?): return Located(text, span: span(index), pointer: .root)
      default: return nil
      }
    }

    /// True when the token can end an expression, so a line break after it may end the statement.
    func endsExpression(_ index: Int) -> Bool {
      switch kind(index) {
      case .identifier(let word): return !JavaScriptConfigReader.wordsBeforeExpression.contains(word)
      case .string, .template, .number, .regex, .jsx: return true
      case .punctuator(let text): return [")", "]", "}", "++", "--"].contains(text)
      case .end: return false
      }
    }

    /// True when the token, after a line break, continues the expression before it.
    func continuesExpression(_ index: Int) -> Bool {
      switch kind(index) {
      case .punctuator(let text): return !["{", "++", "--", "!", "~"].contains(text)
      case .template: return true
      case .identifier(let word): return ["in", "instanceof", "of", "as", "satisfies"].contains(word)
      default: return false
      }
    }

    /// The index just past the expression that starts at `start`: the `,` or `;` after it, a bracket that
    /// closes around it, or a line break where a statement can end. With a limit, nil when the expression
    /// is longer than that many tokens and bracketed groups.
    mutating func expressionEnd(_ start: Int, limit: Int = .max) -> Int? {
      var index = start
      var steps = 0
      while index < tokens.count {
        work += 1
        switch kind(index) {
        case .end, .punctuator(";"), .punctuator(","), .punctuator(")"), .punctuator("]"), .punctuator("}"):
          return index
        default:
          break
        }
        if index > start, tokens[index].newlineBefore, endsExpression(index - 1), !continuesExpression(index) {
          return index
        }
        steps += 1
        if steps > limit { return nil }
        if isOpener(index) {
          guard partner[index] > index else { return tokens.count }
          index = partner[index] + 1
        } else {
          index += 1
        }
      }
      return tokens.count
    }

    // MARK: Reading the file

    mutating func run() -> FileFacts {
      var index = 0
      while index < tokens.count {
        work += 1
        index = step(index)
      }
      resolveExports()
      findCalls()
      return facts
    }

    /// Reads what binds a name at `index`; returns the next index to look at.
    mutating func step(_ index: Int) -> Int {
      switch kind(index) {
      case .identifier("import")
      where !isMemberName(index) && !isPunctuator(index + 1, "(")
        && !isMemberAccess(index + 1):
        return readImport(index)
      case .identifier("export") where !isMemberName(index):
        return readExport(index)
      case .identifier(let word)
      where ["const", "let", "var"].contains(word) && !isMemberName(index)
        && (identifier(index + 1) != nil || isPunctuator(index + 1, "{") || isPunctuator(index + 1, "[")):
        readDeclaration(index)
        return index + 1
      case .identifier(let word) where (word == "function" || word == "class") && !isMemberName(index):
        var name = index + 1
        if isPunctuator(name, "*") { name += 1 }
        if let bound = identifier(name), !["extends", "implements"].contains(bound) {
          bind(bound, .other, at: name)
        }
        return index + 1
      case .punctuator("("):
        if isParameterList(index) {
          var names: [Int] = []
          collectBindingNames(in: (index + 1)..<partner[index], into: &names, depth: 0)
          for name in names { bind(identifier(name)!, .other, at: name) }
        }
        return index + 1
      case .identifier("module")
      where !isMemberName(index) && isPunctuator(index + 1, ".") && identifier(index + 2) == "exports":
        return readCommonJSExport(index + 3)
      case .identifier("exports") where !isMemberName(index) && isPunctuator(index + 1, "."):
        return readCommonJSExport(index + 1)
      case .identifier(let name) where !isMemberName(index) && !declaredNames.contains(index):
        if isPunctuator(index + 1, "=>") {
          // `group => …`: a parameter.
          bind(name, .other, at: index)
        } else if isPunctuator(index + 1, "=") {
          // Only short values are told apart (a literal, `null`, `require(…).X`): each assignment of a
          // chain (`a = b = c`) looks at a few tokens, not at the rest of the chain.
          let end = expressionEnd(index + 2, limit: 4)
          assignments[name, default: []].append(
            end.map { classify(value: (index + 2)..<$0, constant: false) } ?? .other)
        } else if case .punctuator(let text) = kind(index + 1), Self.compoundAssignments.contains(text) {
          assignments[name, default: []].append(.other)
        }
        return index + 1
      default:
        return index + 1
      }
    }

    static let compoundAssignments: Set<String> = [
      "+=", "-=", "*=", "/=", "%=", "**=", "<<=", ">>=", ">>>=", "&=", "|=", "^=", "&&=", "||=", "??=", "++", "--",
    ]

    /// Words before a parenthesis that make it no function's parameters.
    static let notFunctionWords: Set<String> = [
      "if", "for", "while", "switch", "with", "return", "typeof", "await", "yield", "new", "delete", "void", "in",
      "of", "instanceof", "case", "do", "else", "throw",
    ]

    /// Whether the parentheses at `open` are a function's parameters: an arrow's, a `function`'s, a
    /// method's (`name(…) {`, or `name(…): T {` with a TypeScript return type), or `catch (e) {`. A call
    /// taken for one only makes its names unknown.
    func isParameterList(_ open: Int) -> Bool {
      let close = partner[open]
      guard close > open else { return false }
      if isPunctuator(close + 1, "=>") { return true }
      if identifier(open - 1) == "function" || identifier(open - 2) == "function" { return true }
      guard let word = identifier(open - 1), !Self.notFunctionWords.contains(word) else { return false }
      return isPunctuator(close + 1, "{") || isPunctuator(close + 1, ":")
    }

    mutating func bind(_ name: String, _ binding: Binding, at index: Int) {
      bindings[name, default: []].append(binding)
      declaredNames.insert(index)
    }

    /// The names a parameter list or a destructuring pattern binds: every name in it that is not a
    /// member, an object pattern's key or in a default value (a TypeScript type's names too: a name
    /// taken for bound only makes it unknown).
    mutating func collectBindingNames(in range: Range<Int>, into names: inout [Int], depth: Int, inObject: Bool = false)
    {
      guard depth < JavaScriptConfigReader.maxDepth else { return }
      var index = range.lowerBound
      var inDefault = false
      while index < range.upperBound {
        work += 1
        switch kind(index) {
        case .punctuator(","):
          inDefault = false
        case .punctuator("="):
          inDefault = true
        case .punctuator("{"), .punctuator("["), .punctuator("("):
          guard partner[index] > index else { return }
          if !inDefault, !isPunctuator(index, "(") {
            collectBindingNames(
              in: (index + 1)..<partner[index], into: &names, depth: depth + 1, inObject: isPunctuator(index, "{"))
          }
          index = partner[index] + 1
          continue
        case .identifier where !inDefault && !isMemberName(index) && !(inObject && isPunctuator(index + 1, ":")):
          names.append(index)
        default:
          break
        }
        index += 1
      }
    }

    /// `const|let|var` declarators, from the keyword at `keyword`.
    mutating func readDeclaration(_ keyword: Int) {
      let isConstant = identifier(keyword) == "const"
      let exported = identifier(keyword - 1) == "export" && !isMemberName(keyword - 1)
      var index = keyword + 1
      while true {
        var names: [Int] = []
        var pattern: Int?
        let targetEnd: Int
        if identifier(index) != nil {
          names = [index]
          targetEnd = index + 1
        } else if isPunctuator(index, "{") || isPunctuator(index, "["), partner[index] > index {
          pattern = index
          collectBindingNames(in: (index + 1)..<partner[index], into: &names, depth: 0)
          targetEnd = partner[index] + 1
        } else {
          return
        }
        guard isPunctuator(targetEnd, "=") else {
          // `let x;` has no value yet; `for (const x of list)` is bound to each element.
          let value: Binding = identifier(targetEnd) == "of" || identifier(targetEnd) == "in" ? .other : .empty
          for name in names { bind(identifier(name)!, value, at: name) }
          guard isPunctuator(targetEnd, ",") else { return }
          index = targetEnd + 1
          continue
        }
        let value = (targetEnd + 1)..<(expressionEnd(targetEnd + 1) ?? tokens.count)
        if let pattern {
          bindDestructured(pattern: pattern, names: names, value: value)
        } else {
          let name = identifier(names[0])!
          let binding = classify(value: value, constant: isConstant)
          bind(name, binding, at: names[0])
          if exported, case .constant = binding { exportedConstants.append(name) }
        }
        guard isPunctuator(value.upperBound, ",") else { return }
        index = value.upperBound + 1
      }
    }

    /// `const { ExtensionStorage, Other: Local } = require("…")`: each member of the module as the name
    /// it is bound to. Any other pattern binds names to values not known.
    mutating func bindDestructured(pattern: Int, names: [Int], value: Range<Int>) {
      guard isPunctuator(pattern, "{"), case .required(let module, nil) = classify(value: value, constant: false)
      else {
        for name in names { bind(identifier(name)!, .other, at: name) }
        return
      }
      var item = pattern + 1
      let close = partner[pattern]
      while item < close {
        var end = item
        while end < close, !isPunctuator(end, ",") {
          work += 1
          end = isOpener(end) && partner[end] > end ? partner[end] + 1 : end + 1
        }
        if let key = identifier(item), end == item + 1 || isPunctuator(item + 1, "=") {
          bind(key, .required(module: module, member: key), at: item)
        } else if let key = identifier(item), isPunctuator(item + 1, ":"), let local = identifier(item + 2),
          end == item + 3
        {
          bind(local, .required(module: module, member: key), at: item + 2)
        } else {
          var nested: [Int] = []
          collectBindingNames(in: item..<end, into: &nested, depth: 1, inObject: true)
          for name in nested { bind(identifier(name)!, .other, at: name) }
        }
        item = end + 1
      }
    }

    /// What a value binds a name to.
    mutating func classify(value: Range<Int>, constant: Bool) -> Binding {
      if value.count == 1 {
        if constant, let literal = literal(value.lowerBound) { return .constant(literal) }
        if ["null", "undefined"].contains(identifier(value.lowerBound)) { return .empty }
      }
      if let (module, member) = required(value) { return .required(module: module, member: member) }
      return .other
    }

    /// `require("m")`, `require("m").member`, `await import("m")`, `(await import("m")).member`.
    func required(_ value: Range<Int>) -> (module: String, member: String?)? {
      var start = value.lowerBound
      var end = value.upperBound
      var member: String?
      if end - start >= 3, isMemberAccess(end - 2), let name = identifier(end - 1) {
        member = name
        end -= 2
      }
      if isPunctuator(start, "("), partner[start] == end - 1 {
        start += 1
        end -= 1
      }
      if identifier(start) == "await", identifier(start + 1) == "import" {
        start += 1
      } else if identifier(start) != "require" {
        return nil
      }
      guard end - start == 4, isPunctuator(start + 1, "("), let module = string(start + 2), isPunctuator(start + 3, ")")
      else { return nil }
      return (module, member)
    }

    /// `import` declarations: each name they bind, with its module. Type-only imports bind no value.
    mutating func readImport(_ keyword: Int) -> Int {
      var index = keyword + 1
      if string(index) != nil { return index + 1 }
      var typeOnly = false
      if identifier(index) == "type",
        (identifier(index + 1) != nil && identifier(index + 1) != "from") || isPunctuator(index + 1, "{")
          || isPunctuator(index + 1, "*")
      {
        typeOnly = true
        index += 1
      }
      var specifiers: [(imported: String, local: Int)] = []
      if identifier(index) != nil, !(identifier(index) == "from" && string(index + 1) != nil) {
        specifiers.append(("default", index))
        index += 1
        if isPunctuator(index, ",") { index += 1 }
      }
      if isPunctuator(index, "*"), identifier(index + 1) == "as", identifier(index + 2) != nil {
        specifiers.append(("*", index + 2))
        index += 3
      }
      if isPunctuator(index, "{"), partner[index] > index {
        for item in items(inBraces: index) where !item.isType {
          specifiers.append((item.name, item.alias))
        }
        index = partner[index] + 1
      }
      guard identifier(index) == "from", let module = string(index + 1) else { return keyword + 1 }
      if !typeOnly {
        for specifier in specifiers where identifier(specifier.local) != nil {
          bind(identifier(specifier.local)!, .imported(module: module, name: specifier.imported), at: specifier.local)
        }
      }
      return index + 2
    }

    /// The items of `{ a, b as c, type d, "e" as f }` in an import or export: the name, the index of the
    /// name it is known by on the other side of `as`, and whether it is a type.
    mutating func items(inBraces open: Int) -> [(name: String, alias: Int, isType: Bool)] {
      var result: [(name: String, alias: Int, isType: Bool)] = []
      var index = open + 1
      let close = partner[open]
      while index < close {
        work += 1
        var isType = false
        if identifier(index) == "type", identifier(index + 1) != nil || string(index + 1) != nil,
          !isPunctuator(index + 1, ",")
        {
          isType = identifier(index + 1) != "as" || identifier(index + 2) == "as"
          if isType { index += 1 }
        }
        let nameIndex = index
        let name = identifier(index) ?? string(index)
        var alias = index
        if identifier(index + 1) == "as", identifier(index + 2) != nil || string(index + 2) != nil {
          alias = index + 2
          index += 3
        } else {
          index += 1
        }
        if let name, nameIndex < close, alias < close { result.append((name, alias, isType)) }
        while index < close, !isPunctuator(index, ",") {
          work += 1
          index += 1
        }
        index += 1
      }
      return result
    }

    /// `export { a, b as c }`, `export { a } from "m"`, `export * from "m"`; `export const` is read as
    /// the declaration it is.
    mutating func readExport(_ keyword: Int) -> Int {
      let index = keyword + 1
      if identifier(index) == "type", isPunctuator(index + 1, "{"), partner[index + 1] > index + 1 {
        return partner[index + 1] + 1
      }
      if isPunctuator(index, "{"), partner[index] > index {
        let items = items(inBraces: index).filter { !$0.isType }
        let after = partner[index] + 1
        if identifier(after) == "from", let module = string(after + 1) {
          for item in items {
            guard let exported = identifier(item.alias) ?? string(item.alias) else { continue }
            facts.exports[exported] = .reexport(module: module, name: item.name)
          }
          return after + 2
        }
        for item in items {
          guard let exported = identifier(item.alias) ?? string(item.alias) else { continue }
          localExports.append((item.name, exported))
        }
        return after
      }
      if isPunctuator(index, "*"), identifier(index + 1) == "from", let module = string(index + 2) {
        facts.starExports.append(module)
        return index + 3
      }
      return index
    }

    /// `exports.X = …` / `module.exports.X = …` (from the `.` at `index`), or `module.exports = {…}`
    /// (from the `=` at `index`).
    mutating func readCommonJSExport(_ index: Int) -> Int {
      if isPunctuator(index, "."), let name = identifier(index + 1), isPunctuator(index + 2, "=") {
        let end = expressionEnd(index + 3) ?? tokens.count
        commonJSExports[name, default: []].append(commonJSValue((index + 3)..<end))
        return end
      }
      // `module.exports` read, or a member of an export (`exports.X.Y = …`): nothing assigned to a name.
      guard isPunctuator(index, "="), identifier(index - 1) == "exports" else { return index }
      moduleExportsAssignments += 1
      let end = expressionEnd(index + 1) ?? tokens.count
      guard isPunctuator(index + 1, "{"), partner[index + 1] == end - 1 else {
        commonJSExportsAreUnknown = true
        return end
      }
      var item = index + 2
      let close = partner[index + 1]
      while item < close {
        var itemEnd = item
        while itemEnd < close, !isPunctuator(itemEnd, ",") {
          work += 1
          itemEnd = isOpener(itemEnd) && partner[itemEnd] > itemEnd ? partner[itemEnd] + 1 : itemEnd + 1
        }
        if let key = identifier(item) ?? string(item), itemEnd == item + 1, identifier(item) != nil {
          commonJSExports[key, default: []].append(.name(key))
        } else if let key = identifier(item) ?? string(item), isPunctuator(item + 1, ":"), itemEnd > item + 2 {
          commonJSExports[key, default: []].append(commonJSValue((item + 2)..<itemEnd))
        } else if item < itemEnd {
          // A spread, a method, a computed key: any name may be exported.
          commonJSExportsAreUnknown = true
        }
        item = itemEnd + 1
      }
      return end
    }

    func commonJSValue(_ value: Range<Int>) -> CommonJSValue {
      guard value.count == 1 else { return .unknown }
      if let literal = literal(value.lowerBound) { return .literal(literal) }
      if let name = identifier(value.lowerBound) { return .name(name) }
      return .unknown
    }

    /// The one binding of a name, when the file binds it once and never assigns it.
    func onlyBinding(of name: String) -> Binding? {
      guard assignments[name] == nil, let all = bindings[name], all.count == 1 else { return nil }
      return all[0]
    }

    mutating func resolveExports() {
      for name in exportedConstants {
        if case .constant(let literal)? = onlyBinding(of: name) { facts.exports[name] = .literal(literal) }
      }
      for (local, exported) in localExports {
        if let export = export(of: local) { facts.exports[exported] = export }
      }
      // CommonJS: a name assigned once, when `module.exports` is replaced at most once, by an object.
      guard !commonJSExportsAreUnknown, moduleExportsAssignments <= 1 else { return }
      for (exported, values) in commonJSExports where values.count == 1 {
        switch values[0] {
        case .literal(let literal): facts.exports[exported] = .literal(literal)
        case .name(let local): if let export = export(of: local) { facts.exports[exported] = export }
        case .unknown: break
        }
      }
    }

    /// What exporting a name of the file exports: its constant, or the constant it imports from a
    /// module (a relative one or an alias, which the caller resolves).
    func export(of local: String) -> Export? {
      switch onlyBinding(of: local) {
      case .constant(let literal)?:
        return .literal(literal)
      case .imported(let module, let name)? where name != "*" && name != "default":
        return .reexport(module: module, name: name)
      case .required(let module, let member?)? where member != "default":
        return .reexport(module: module, name: member)
      default:
        return nil
      }
    }

    // MARK: The calls

    /// The names bound to the APIs' classes, and to @bacons/apple-targets' module object: every binding
    /// and assignment of the name is the class (or empty: `let X = null`, assigned in a `try`).
    func apiNames() -> (classes: [String: API], modules: Set<String>) {
      var classes: [String: API] = [:]
      var modules: Set<String> = []
      let storage = JavaScriptAppCallScanner.extensionStoragePackage
      let preferences = JavaScriptAppCallScanner.sharedGroupPreferencesPackage
      for (name, declared) in bindings {
        var api: API?
        var isModule = false
        var holdsOther = false
        for binding in declared + (assignments[name] ?? []) {
          switch binding {
          case .imported(storage, "ExtensionStorage"), .required(storage, "ExtensionStorage"):
            holdsOther = holdsOther || api == .sharedGroupPreferences
            api = .extensionStorage
          case .imported(preferences, "default"), .required(preferences, "default"):
            holdsOther = holdsOther || api == .extensionStorage
            api = .sharedGroupPreferences
          case .imported(storage, "*"), .required(storage, nil):
            isModule = true
          case .empty:
            break
          default:
            holdsOther = true
          }
        }
        guard !holdsOther else { continue }
        if let api, !isModule { classes[name] = api }
        if isModule, api == nil { modules.insert(name) }
      }
      return (classes, modules)
    }

    /// The API class an expression starting at `index` names, and the index after it: a name bound to
    /// it, `Targets.ExtensionStorage` of the module object, or `require("…").ExtensionStorage`.
    func api(at index: Int, classes: [String: API], modules: Set<String>) -> (API, next: Int)? {
      guard let name = identifier(index), !isMemberName(index) else { return nil }
      if let api = classes[name] { return (api, index + 1) }
      if modules.contains(name), isMemberAccess(index + 1), identifier(index + 2) == "ExtensionStorage" {
        return (.extensionStorage, index + 3)
      }
      if name == "require", isPunctuator(index + 1, "("), let module = string(index + 2), isPunctuator(index + 3, ")"),
        isMemberAccess(index + 4), let member = identifier(index + 5)
      {
        if module == JavaScriptAppCallScanner.extensionStoragePackage, member == "ExtensionStorage" {
          return (.extensionStorage, index + 6)
        }
        if module == JavaScriptAppCallScanner.sharedGroupPreferencesPackage, member == "default" {
          return (.sharedGroupPreferences, index + 6)
        }
      }
      return nil
    }

    /// The local names bound to a widget function of a config-declared widget library, with the name the
    /// package exports: every binding and assignment of the name is that import.
    func widgetFunctionNames() -> [String: String] {
      var functions: [String: String] = [:]
      for (name, declared) in bindings {
        let all = declared + (assignments[name] ?? [])
        guard case .imported(let module, let exported)? = all.first, all.count == 1,
          JavaScriptAppCallScanner.widgetFunctions[module]?.contains(exported) == true
        else { continue }
        functions[name] = exported
      }
      return functions
    }

    mutating func findCalls() {
      let (classes, modules) = apiNames()
      let functions = widgetFunctionNames()
      guard
        !classes.isEmpty || !modules.isEmpty || !functions.isEmpty
          || tokens.contains(where: { $0.kind == .identifier("require") })
      else { return }
      for index in tokens.indices {
        work += 1
        if !functions.isEmpty, let name = identifier(index), let exported = functions[name], !isMemberName(index),
          identifier(index - 1) != "function", isPunctuator(index + 1, "("), partner[index + 1] > index + 1
        {
          record(.reloadsWidgetKind, exported, from: index, open: index + 1, position: 0)
          continue
        }
        if identifier(index) == "new", let (api, next) = api(at: index + 1, classes: classes, modules: modules),
          api == .extensionStorage, isPunctuator(next, "("), partner[next] > next
        {
          record(.opensAppGroup, "new ExtensionStorage", from: index, open: next, position: 0)
          continue
        }
        guard identifier(index - 1) != "new", let (api, next) = api(at: index, classes: classes, modules: modules),
          isMemberAccess(next), let method = identifier(next + 1)
        else { continue }
        var open = next + 2
        if isPunctuator(open, "?.") { open += 1 }
        guard isPunctuator(open, "("), partner[open] > open else { continue }
        switch (api, method) {
        case (.extensionStorage, "reloadWidget"):
          record(.reloadsWidgetKind, "ExtensionStorage.reloadWidget", from: index, open: open, position: 0)
        case (.extensionStorage, "reloadControls"):
          record(.reloadsControlKind, "ExtensionStorage.reloadControls", from: index, open: open, position: 0)
        case (.sharedGroupPreferences, "setItem"):
          record(.opensAppGroup, "SharedGroupPreferences.setItem", from: index, open: open, position: 2)
        case (.sharedGroupPreferences, "getItem"):
          record(.opensAppGroup, "SharedGroupPreferences.getItem", from: index, open: open, position: 1)
        default:
          break
        }
      }
    }

    mutating func record(_ effect: Call.Effect, _ callee: String, from start: Int, open: Int, position: Int) {
      let close = partner[open]
      let (argument, isInCall) = argument(open: open, position: position)
      var call = Call(
        effect: effect, callee: callee, argument: argument,
        span: SourceSpan(file: source, start: tokens[start].start, end: tokens[close].end))
      call.argumentIsInCall = isInCall
      facts.calls.append(call)
    }

    /// The argument at `position` of the call whose parentheses open at `open`, and whether it is a
    /// literal written there.
    mutating func argument(open: Int, position: Int) -> (Argument, isInCall: Bool) {
      let close = partner[open]
      var arguments: [Range<Int>] = []
      var start = open + 1
      var index = open + 1
      while index < close {
        work += 1
        if isPunctuator(index, ",") {
          arguments.append(start..<index)
          start = index + 1
        }
        index = isOpener(index) && partner[index] > index ? partner[index] + 1 : index + 1
      }
      if start < close { arguments.append(start..<close) }
      // A spread before it may stand for any number of arguments.
      if arguments.prefix(position + 1).contains(where: { isPunctuator($0.lowerBound, "...") }) {
        return (.unknown, false)
      }
      guard position < arguments.count else { return (.absent, false) }
      var range = arguments[position]
      while range.count >= 2, isPunctuator(range.lowerBound, "("), partner[range.lowerBound] == range.upperBound - 1 {
        range = (range.lowerBound + 1)..<(range.upperBound - 1)
      }
      guard range.count == 1 else { return (range.isEmpty ? .absent : .unknown, false) }
      if let literal = literal(range.lowerBound) { return (.literal(literal), true) }
      guard let name = identifier(range.lowerBound) else { return (.unknown, false) }
      if name == "undefined" { return (.absent, false) }
      // A name imported from another module (relative, or through an alias the caller may resolve),
      // by `import { X }` or `const { X } = require(…)`.
      switch onlyBinding(of: name) {
      case .constant(let literal)?:
        return (.literal(literal), false)
      case .imported(let module, let imported)? where imported != "*" && imported != "default":
        return (.imported(module: module, name: imported, at: span(range.lowerBound)), false)
      case .required(let module, let member?)? where member != "default":
        return (.imported(module: module, name: member, at: span(range.lowerBound)), false)
      default:
        return (.unknown, false)
      }
    }
  }
}
