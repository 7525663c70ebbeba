import WidgetLintCore
import WidgetLintModel

/// Finds, in the tokens of one JavaScript or TypeScript file, what the components marked with the
/// `'widget'` directive use that the widget runtime of Expo's expo-widgets cannot run. Expo's docs
/// (https://docs.expo.dev/versions/latest/sdk/widgets/, "Known limitations"): code in a `'widget'`-marked
/// component "runs in an isolated runtime and can only use @expo/ui/swift-ui components, with no React
/// hooks, app state, or asynchronous work".
///
/// A component is a function whose body starts with the `'widget'` directive, in a file that imports
/// from `expo-widgets` or `@expo/ui/swift-ui`. In its body: a call of a hook (`useX(…)`, `React.useX(…)`);
/// `await`, `async` or `Promise`; a name imported from a relative module (the app's own code); and a JSX
/// element imported from a package other than `@expo/ui/swift-ui` (React's `Fragment` aside). Names the
/// file declares itself are not judged.
enum JavaScriptWidgetRuntimeScanner {
  typealias Token = JavaScriptConfigReader.Token

  static let uiPackage = "@expo/ui/swift-ui"
  static let widgetsPackage = "expo-widgets"

  static func uses(in tokens: [Token], source: SourceText) -> [WidgetRuntimeUse] {
    let directives = tokens.indices.filter { tokens[$0].kind == .string("widget") && isDirective($0, tokens) }
    guard !directives.isEmpty else { return [] }
    let imports = self.imports(in: tokens)
    guard imports.values.contains(where: { $0 == widgetsPackage || $0.hasPrefix(uiPackage) }) else { return [] }
    let partner = partners(tokens)
    var uses: [WidgetRuntimeUse] = []
    for directive in directives {
      let open = directive - 1
      guard partner[open] > open else { continue }
      let (component, asyncToken) = componentName(before: open, tokens, partner)
      var reader = BodyReader(
        tokens: tokens, source: source, imports: imports, component: component)
      if let asyncToken { reader.add(.asynchronous, "async", at: reader.span(asyncToken)) }
      reader.read(from: directive + 1, to: partner[open])
      uses += reader.uses
    }
    return uses
  }

  /// A `'widget'` string that is the first statement of a function body: after `{` that follows `=>` or
  /// the parameters' `)`, and ending its statement.
  static func isDirective(_ index: Int, _ tokens: [Token]) -> Bool {
    guard index >= 2, tokens[index - 1].kind == .punctuator("{") else { return false }
    let before = tokens[index - 2].kind
    guard before == .punctuator("=>") || before == .punctuator(")") else { return false }
    let next = index + 1 < tokens.count ? tokens[index + 1] : nil
    return next == nil || next!.kind == .punctuator(";") || next!.kind == .punctuator("}") || next!.newlineBefore
  }

  /// The local names the file imports, with their modules: `import X`, `import { a, b as c }`,
  /// `import * as N`, from `"module"`.
  static func imports(in tokens: [Token]) -> [String: String] {
    var imports: [String: String] = [:]
    var index = 0
    while index < tokens.count {
      defer { index += 1 }
      guard tokens[index].kind == .identifier("import"), index == 0 || tokens[index - 1].kind != .punctuator(".")
      else { continue }
      var names: [String] = []
      var cursor = index + 1
      var braces = 0
      while cursor < tokens.count, cursor < index + 512 {
        let kind = tokens[cursor].kind
        if case .string(let module) = kind {
          if cursor > index + 1 { for name in names { imports[name] = module } }
          index = cursor
          break
        }
        if kind == .punctuator("{") { braces += 1 }
        if kind == .punctuator("}") { braces -= 1 }
        if kind == .punctuator(";") || kind == .punctuator("(") { break }
        if case .identifier(let name) = kind, !["from", "as", "type", "typeof"].contains(name) {
          // `a as b` binds b; `* as N` binds N; a default import before `{` or `,` binds itself.
          let next = cursor + 1 < tokens.count ? tokens[cursor + 1].kind : .end
          if next != .identifier("as") { names.append(name) }
        }
        cursor += 1
      }
    }
    return imports
  }

  /// The index of the bracket that closes each opening bracket; -1 elsewhere.
  static func partners(_ tokens: [Token]) -> [Int] {
    var partner = [Int](repeating: -1, count: tokens.count)
    var stack: [Int] = []
    for (index, token) in tokens.enumerated() {
      guard case .punctuator(let text) = token.kind else { continue }
      switch text {
      case "(", "[", "{", "${": stack.append(index)
      case ")", "]", "}":
        if let open = stack.popLast() {
          partner[open] = index
          partner[index] = open
        }
      default: break
      }
    }
    return partner
  }

  /// The component's name (`const Name = (…) => {`, `function Name(…) {`) and its `async`, if any.
  static func componentName(before open: Int, _ tokens: [Token], _ partner: [Int]) -> (String?, Int?) {
    var index = open - 1
    if tokens[index].kind == .punctuator("=>") { index -= 1 }
    // The parameters: `(…)`, or one name.
    if tokens[index].kind == .punctuator(")"), partner[index] >= 0 {
      index = partner[index] - 1
    } else if case .identifier = tokens[index].kind, tokens[open - 1].kind == .punctuator("=>") {
      index -= 1
    }
    guard index >= 0 else { return (nil, nil) }
    var asyncToken: Int?
    if tokens[index].kind == .identifier("async") {
      asyncToken = index
      index -= 1
    }
    guard index >= 0 else { return (nil, asyncToken) }
    if case .identifier(let name) = tokens[index].kind, index >= 1, tokens[index - 1].kind == .identifier("function") {
      let asyncFunction = index >= 2 && tokens[index - 2].kind == .identifier("async") ? index - 2 : asyncToken
      return (name, asyncFunction)
    }
    if tokens[index].kind == .identifier("function") {
      return (nil, index >= 1 && tokens[index - 1].kind == .identifier("async") ? index - 1 : asyncToken)
    }
    if tokens[index].kind == .punctuator("="), index >= 1, case .identifier(let name) = tokens[index - 1].kind {
      return (name, asyncToken)
    }
    return (nil, asyncToken)
  }

  /// Reads one component's body.
  struct BodyReader {
    let tokens: [Token]
    let source: SourceText
    let imports: [String: String]
    let component: String?
    var uses: [WidgetRuntimeUse] = []
    /// Each name is reported once per component, where it is first used.
    var reported: Set<String> = []

    init(tokens: [Token], source: SourceText, imports: [String: String], component: String?) {
      self.tokens = tokens
      self.source = source
      self.imports = imports
      self.component = component
    }

    func span(_ index: Int) -> SourceSpan {
      SourceSpan(file: source, start: tokens[index].start, end: tokens[index].end)
    }

    mutating func add(_ kind: WidgetRuntimeUse.Kind, _ name: String, module: String? = nil, at span: SourceSpan) {
      // Asynchronous work is one mistake however many `await`s it takes: reported once per component.
      let key = kind == .asynchronous ? kind.rawValue : "\(kind.rawValue) \(name)"
      guard reported.insert(key).inserted else { return }
      uses.append(WidgetRuntimeUse(kind: kind, name: name, module: module, component: component, span: span))
    }

    func kind(_ index: Int) -> JavaScriptConfigReader.TokenKind { index < tokens.count ? tokens[index].kind : .end }

    mutating func read(from start: Int, to end: Int) {
      var index = start
      while index < end {
        defer { index += 1 }
        switch tokens[index].kind {
        case .jsx: readElements(index)
        case .identifier(let name):
          let isMember = index > 0 && (kind(index - 1) == .punctuator(".") || kind(index - 1) == .punctuator("?."))
          let isKey =
            kind(index + 1) == .punctuator(":")
            && (kind(index - 1) == .punctuator("{") || kind(index - 1) == .punctuator(","))
          if ["await", "async"].contains(name) || (name == "Promise" && !isMember) {
            add(.asynchronous, name, at: span(index))
          } else if Self.isHook(name), kind(index + 1) == .punctuator("("),
            !isMember || (index >= 2 && kind(index - 2) == .identifier("React"))
          {
            add(.hook, name, at: span(index))
          } else if !isMember, !isKey, let module = imports[name], JavaScriptAppCallScanner.isRelative(module) {
            add(.appModule, name, module: module, at: span(index))
          }
        default: break
        }
      }
    }

    /// `useX`: React's naming of hooks, a `use` followed by a capital letter.
    static func isHook(_ name: String) -> Bool {
      guard name.hasPrefix("use"), let next = name.dropFirst(3).first else { return false }
      return next.isUppercase
    }

    /// The opening tags of a stretch of JSX: `<Name` and `<Ns.Name`, outside attribute strings.
    mutating func readElements(_ index: Int) {
      let token = tokens[index]
      let bytes = source.bytes
      var offset = token.start
      var inTag = false
      var quote: UInt8?
      while offset < token.end {
        let byte = bytes[offset]
        if let open = quote {
          if byte == open { quote = nil }
        } else if inTag, byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
          quote = byte
        } else if byte == UInt8(ascii: ">") {
          inTag = false
        } else if byte == UInt8(ascii: "<") {
          inTag = true
          var end = offset + 1
          while end < token.end, Self.isNameByte(bytes[end]) { end += 1 }
          if end > offset + 1 {
            element(String(decoding: bytes[(offset + 1)..<end], as: UTF8.self), start: offset + 1, end: end)
          }
          offset = end
          continue
        }
        offset += 1
      }
    }

    static func isNameByte(_ byte: UInt8) -> Bool {
      (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
        || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
        || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
        || byte == UInt8(ascii: "$") || byte == UInt8(ascii: ".")
    }

    mutating func element(_ name: String, start: Int, end: Int) {
      let head = String(name.prefix { $0 != "." })
      guard let first = head.first, first.isUppercase, let module = imports[head] else { return }
      let span = SourceSpan(file: source, start: start, end: end)
      if JavaScriptAppCallScanner.isRelative(module) {
        add(.appModule, name, module: module, at: span)
      } else if !module.hasPrefix(JavaScriptWidgetRuntimeScanner.uiPackage),
        !(module == "react" && (name == "Fragment" || name == "React.Fragment"))
      {
        add(.foreignComponent, name, module: module, at: span)
      }
    }
  }
}
