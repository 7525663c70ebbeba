/// A function of a Dart file (top-level, a class's method, or a closure), with its parameters and
/// body: what a parameter an argument names is, and which calls of the function pass it.
struct DartFunction {
  struct Parameter {
    var name: String
    /// Its place among the positional parameters; nil for a named one (`{String name}`).
    var position: Int?
  }

  /// Nil for a closure (`(kind) => …`).
  var name: String?
  /// The index of the name's token.
  var nameToken: Int?
  var parameters: [Parameter]
  /// The body's tokens: between its braces, or the expression after `=>`.
  var body: Range<Int>

  /// Words before a parenthesis that opens a statement's condition, not a parameter list.
  private static let statementWords: Set<String> = [
    "if", "for", "while", "switch", "catch", "on", "assert", "return", "await", "super", "this",
  ]

  /// Every function of a file: each `(…)` followed (after any `async`, `async*` or `sync*`) by a body.
  static func all(_ tokens: [DartToken], brackets: BracketTable) -> [DartFunction] {
    var functions: [DartFunction] = []
    for close in tokens.indices where tokens[close].isPunctuation(")") {
      guard let open = brackets.opener[close] else { continue }
      var next = close + 1
      while next < tokens.count,
        tokens[next].isIdentifier("async") || tokens[next].isIdentifier("sync") || tokens[next].isPunctuation("*")
      {
        next += 1
      }
      guard next < tokens.count else { continue }
      let body: Range<Int>
      if tokens[next].isPunctuation("{") {
        guard let end = brackets.closer[next] else { continue }
        body = (next + 1)..<end
      } else if tokens[next].isPunctuation("=>") {
        body = (next + 1)..<brackets.expressionEnd(tokens, from: next + 1)
      } else {
        continue
      }
      var nameToken: Int?
      if open > 0, tokens[open - 1].kind == .identifier {
        guard !statementWords.contains(tokens[open - 1].text) else { continue }
        nameToken = open - 1
      }
      functions.append(
        DartFunction(
          name: nameToken.map { tokens[$0].text }, nameToken: nameToken,
          parameters: parameters(tokens, open: open, close: close, brackets: brackets), body: body))
    }
    return functions
  }

  /// The parameters between the parentheses at `open` and `close`: positional ones, then a `[…]`
  /// group of optional positional ones or a `{…}` group of named ones.
  private static func parameters(
    _ tokens: [DartToken], open: Int, close: Int, brackets: BracketTable
  ) -> [Parameter] {
    var list: [Parameter] = []
    var position = 0
    var named = false
    var start = open + 1
    var index = open + 1
    func finish(_ end: Int) {
      // The name is the last word before any default value (`= 'x'`, or the old `: 'x'`).
      var name: String?
      var cursor = start
      while cursor < end, !tokens[cursor].isPunctuation("="), !tokens[cursor].isPunctuation(":") {
        if BracketTable.opens(tokens[cursor]), let skip = brackets.closer[cursor], skip < end {
          cursor = skip + 1
          continue
        }
        if tokens[cursor].kind == .identifier { name = tokens[cursor].text }
        cursor += 1
      }
      guard let name else { return }
      list.append(Parameter(name: name, position: named ? nil : position))
      if !named { position += 1 }
    }
    while index < close {
      let token = tokens[index]
      if index == start, token.isPunctuation("{") || token.isPunctuation("[") {
        named = token.isPunctuation("{")
        index += 1
        start = index
        continue
      }
      if index != start, BracketTable.opens(token), let skip = brackets.closer[index], skip < close {
        index = skip + 1
        continue
      }
      if token.isPunctuation(",") || token.isPunctuation("}") || token.isPunctuation("]") {
        finish(index)
        start = index + 1
      }
      index += 1
    }
    finish(close)
    return list
  }
}
