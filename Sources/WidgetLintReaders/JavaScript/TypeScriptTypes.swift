// MARK: - TypeScript

/// Removes the TypeScript a config file holds, leaving the JavaScript it compiles to: annotations on
/// variables, parameters and return types (`: T`, `?:`), `as T`, `as const`, `satisfies T`, the non-null
/// `!`, `interface` and `type` declarations. Imports stay (their names read as unknown). Works on the
/// tokens, in one pass; unbalanced brackets leave the tokens as they are, for the reader to report.
enum TypeScriptTypes {
  typealias Token = JavaScriptConfigReader.Token

  static func strip(_ tokens: [Token]) -> [Token] {
    var partner = Array(repeating: -1, count: tokens.count)
    var open: [Int] = []
    for (index, token) in tokens.enumerated() {
      guard case .punctuator(let text) = token.kind else { continue }
      if ["(", "[", "{"].contains(text) {
        open.append(index)
      } else if [")", "]", "}"].contains(text) {
        guard let last = open.popLast() else { return tokens }
        partner[last] = index
        partner[index] = last
      }
    }
    guard open.isEmpty else { return tokens }
    var stripper = Stripper(tokens: tokens, partner: partner)
    stripper.run()
    var result: [Token] = []
    result.reserveCapacity(tokens.count)
    var newline = false
    for (index, token) in tokens.enumerated() {
      guard stripper.keep[index] else {
        newline = newline || token.newlineBefore
        continue
      }
      var kept = token
      kept.newlineBefore = token.newlineBefore || newline || result.isEmpty
      newline = false
      result.append(kept)
    }
    return result
  }

  private struct Stripper {
    let tokens: [Token]
    let partner: [Int]
    var keep: [Bool]

    init(tokens: [Token], partner: [Int]) {
      self.tokens = tokens
      self.partner = partner
      self.keep = Array(repeating: true, count: tokens.count)
    }

    func kind(_ index: Int) -> JavaScriptConfigReader.TokenKind {
      index >= 0 && index < tokens.count ? tokens[index].kind : .end
    }
    func isPunctuator(_ index: Int, _ text: String) -> Bool { kind(index) == .punctuator(text) }
    func identifier(_ index: Int) -> String? {
      if case .identifier(let name) = kind(index) { return name }
      return nil
    }
    func isOpener(_ index: Int) -> Bool {
      isPunctuator(index, "(") || isPunctuator(index, "[") || isPunctuator(index, "{")
    }

    mutating func remove(_ range: Range<Int>) {
      for index in range where index < keep.count { keep[index] = false }
    }

    /// True when the token can end an expression (so `as`, `satisfies` and `!` after it are TypeScript).
    func endsValue(_ index: Int) -> Bool {
      switch kind(index) {
      case .identifier(let word):
        return !["return", "typeof", "void", "await", "yield", "new", "delete", "in", "of", "case", "else"].contains(
          word)
      case .string, .template, .number, .regex, .jsx: return true
      case .punctuator(let text): return [")", "]", "}"].contains(text)
      case .end: return false
      }
    }

    /// Whether a statement starts at `index` (the start of the file, or after `;`, `}`, or a line break).
    func startsStatement(_ index: Int) -> Bool {
      index == 0 || isPunctuator(index - 1, ";") || isPunctuator(index - 1, "}") || isPunctuator(index - 1, "{")
        || tokens[index].newlineBefore || identifier(index - 1) == "export" || identifier(index - 1) == "declare"
    }

    /// The index past the type that starts at `start`.
    func skipType(_ start: Int) -> Int {
      var index = start
      while true {
        while isPunctuator(index, "|") || isPunctuator(index, "&") { index += 1 }
        while let word = identifier(index), ["typeof", "keyof", "readonly", "unique", "infer"].contains(word),
          identifier(index + 1) != nil || isOpener(index + 1)
        {
          index += 1
        }
        switch kind(index) {
        case .identifier:
          index += 1
          while isPunctuator(index, "."), identifier(index + 1) != nil { index += 2 }
        case .string, .number, .template:
          index += 1
        case .punctuator("-") where kind(index + 1) == .number:
          index += 2
        case .punctuator("{"), .punctuator("["):
          index = partner[index] + 1
        case .punctuator("("):
          index = partner[index] + 1
          if isPunctuator(index, "=>") { return skipType(index + 1) }
        default:
          return index
        }
        if isPunctuator(index, "<") {
          // Type arguments, to the `>` that closes them (`>>` closes two).
          var level = 0
          while index < tokens.count {
            if isOpener(index) {
              index = partner[index] + 1
              continue
            }
            switch kind(index) {
            case .punctuator("<"): level += 1
            case .punctuator(">"): level -= 1
            case .punctuator(">>"): level -= 2
            case .punctuator(">>>"): level -= 3
            case .punctuator(";"), .end: return index
            default: break
            }
            index += 1
            if level <= 0 { break }
          }
        }
        while isPunctuator(index, "["), partner[index] >= 0 { index = partner[index] + 1 }
        guard isPunctuator(index, "|") || isPunctuator(index, "&") else { return index }
      }
    }

    mutating func run() {
      var index = 0
      while index < tokens.count {
        let word = identifier(index)
        if word == "import" || (word == "export" && isPunctuator(index + 1, "{")) {
          // `import { a as b } from "…"`: names, not types.
          var next = index + 1
          while next < tokens.count, !isPunctuator(next, ";") {
            if case .string = kind(next) { break }
            next = isOpener(next) ? partner[next] + 1 : next + 1
          }
          index = next + 1
          continue
        }
        if let word, ["interface", "type"].contains(word), startsStatement(index), identifier(index + 1) != nil,
          word == "interface" || isPunctuator(index + 2, "=") || isPunctuator(index + 2, "<")
        {
          var end = index + 2
          if word == "interface" {
            while end < tokens.count, !isPunctuator(end, "{") { end += 1 }
            end = end < tokens.count ? partner[end] + 1 : end
          } else {
            if isPunctuator(end, "<") { end = skipType(index + 1) }
            end = skipType(end + 1)
            if isPunctuator(end, ";") { end += 1 }
          }
          if identifier(index - 1) == "export" { keep[index - 1] = false }
          remove(index..<end)
          index = end
          continue
        }
        if let word, ["const", "let", "var"].contains(word) {
          // `const name: T =`, `const { a }: T =`
          var name = index + 1
          if isOpener(name) { name = partner[name] }
          if isPunctuator(name + 1, "!") { keep[name + 1] = false }
          let colon = isPunctuator(name + 1, "!") ? name + 2 : name + 1
          if isPunctuator(colon, ":") { remove(colon..<skipType(colon + 1)) }
          index += 1
          continue
        }
        if isPunctuator(index, "(") {
          stripParameters(index)
          index += 1
          continue
        }
        if let word, word == "as" || word == "satisfies", index > 0, endsValue(index - 1), keep[index - 1] || true {
          let end = identifier(index + 1) == "const" ? index + 2 : skipType(index + 1)
          if end > index + 1 {
            remove(index..<end)
            index = end
            continue
          }
        }
        if isPunctuator(index, "!"), index > 0, endsValue(index - 1), !tokens[index].newlineBefore {
          keep[index] = false
        }
        index += 1
      }
    }

    /// A parameter list's annotations and the return type after it, when the parentheses at `open` are
    /// a function's parameters: an arrow's, or a `function`'s.
    mutating func stripParameters(_ open: Int) {
      let close = partner[open]
      var isFunction = identifier(open - 1) == "function" || identifier(open - 2) == "function"
      var returnType: Range<Int>?
      if isPunctuator(close + 1, "=>") {
        isFunction = true
      } else if isPunctuator(close + 1, ":") {
        let end = skipType(close + 2)
        if isPunctuator(end, "=>") || (isFunction && isPunctuator(end, "{")) {
          isFunction = true
          returnType = (close + 1)..<end
        }
      }
      guard isFunction else { return }
      if let returnType { remove(returnType) }
      var index = open + 1
      while index < close {
        if isPunctuator(index, "...") { index += 1 }
        if identifier(index) != nil {
          index += 1
        } else if isOpener(index) {
          index = partner[index] + 1
        } else {
          return
        }
        if isPunctuator(index, "?") {
          keep[index] = false
          index += 1
        }
        if isPunctuator(index, ":") {
          let end = skipType(index + 1)
          remove(index..<end)
          index = end
        }
        // A default value, to the next parameter.
        while index < close, !isPunctuator(index, ",") { index = isOpener(index) ? partner[index] + 1 : index + 1 }
        index += 1
      }
    }
  }
}
