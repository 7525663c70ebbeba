import WidgetLintCore

/// Reads a target's `expo-target.config.js` (the @bacons/apple-targets config) as data, never running it.
///
/// The plugin `require`s the file and, when its export is a function, calls it with the Expo config at
/// prebuild time. This reader finds the exported object in the forms people write:
///
/// - `module.exports = { … }` and `export default { … }`;
/// - a function of the config: `(config) => ({ … })`, `config => { return { … } }`,
///   `function (config) { … return { … } }` (one unconditional `return` at the function's top level);
/// - a name bound once at the top level (or in the function body) and never touched again:
///   `const config = { … }; module.exports = config;`, or a `function` declaration.
///
/// Literal parts (strings, templates without `${}`, numbers, `true`/`false`/`null`, objects, arrays) are
/// read with their spans. Everything else, whatever it would evaluate to, is `.computed` with its source
/// text and span: member access (`config.ios.bundleIdentifier`), `process.env.X`, calls, conditionals,
/// `+`, templates with `${}`, shorthand properties `{ name }`, methods and getters. It never guesses:
///
/// - an object spread `...x` keeps the literal members and adds a member with the key `"..."` whose value
///   is `.computed` (members before it may be overridden by it); a computed key `[k]: v` is read the same way;
/// - an array with a spread element is `.computed` as a whole, since its indexes are unknown;
/// - `undefined` reads as `.null`, and an array hole (`[a, , b]`) as `.null`;
/// - a number keeps its source text (`0xFF`, `-1.5e3`); a parenthesized literal is that literal;
/// - an export that is assigned piecewise, conditionally, more than once, or is anything but the forms
///   above is `.computed` as a whole.
///
/// Malformed input, a missing export, nesting deeper than `maxDepth` brackets, or a function that returns
/// nothing give an `invalid-value` problem and no value.
///
/// The reader is in parts: `JavaScriptLexer` (tokens), `TypeScriptTypes` (the TypeScript removed before
/// parsing), `JavaScriptParser` (finding the export and reading literals), `JavaScriptEvaluation`
/// (expressions whose value is known) and `JavaScriptConfigPlugins` (what a local config plugin changes).
public enum JavaScriptConfigReader {
  /// The deepest nesting of brackets (and of template literals inside `${}`) read.
  public static let maxDepth = 200

  public static func read(_ source: SourceText) -> (value: Located<ConfigValue>?, problems: [ReadingProblem]) {
    read(source, environment: nil)
  }

  /// Reads a config with a known environment (`process.env.NAME`: the value, or undefined when unset;
  /// nil leaves `process.env` computed) and, for a function export, the value of its first parameter
  /// (an app config's `ConfigContext`, whose `config` is the static app.json config). A `.ts`, `.mts`
  /// or `.cts` file is read with its TypeScript types removed.
  public static func read(
    _ source: SourceText, environment: [String: String]?, argument: Located<ConfigValue>? = nil
  ) -> (value: Located<ConfigValue>?, problems: [ReadingProblem]) {
    let (value, problems, _, _) = readCountingWork(source, environment: environment, argument: argument)
    return (value, problems)
  }

  /// Reads a file that is one JSON5 value, as Expo reads app.json and app.config.json (`@expo/json-file`
  /// with `json5: true`): JSON with comments, trailing commas, unquoted keys, single-quoted strings, and
  /// the other literal forms JSON5 takes from JavaScript.
  public static func readJSON5(_ source: SourceText) -> (value: Located<ConfigValue>?, problems: [ReadingProblem]) {
    let (value, problems, _, _) = readCountingWork(source, environment: nil, wholeFileIsOneValue: true)
    return (value, problems + (value.map(duplicateKeys) ?? []))
  }

  /// A key written twice in one object: JSON5, like JavaScript, keeps the later value without a word.
  package static func duplicateKeys(in value: Located<ConfigValue>) -> [ReadingProblem] {
    var problems: [ReadingProblem] = []
    var pending = [value]
    while let next = pending.popLast() {
      switch next.value {
      case .object(let members):
        var first: [String: Located<String>] = [:]
        for (key, member) in members {
          pending.append(member)
          // A spread or computed key is known only by running the file.
          guard key.value != "..." else { continue }
          guard let earlier = first[key.value] else {
            first[key.value] = key
            continue
          }
          problems.append(
            ReadingProblem(
              kind: .duplicateKey,
              message: "key '\(key.value)' appears twice in this object; the later value replaces the earlier one",
              span: key.span, pointer: key.pointer,
              related: [RelatedLocation("'\(key.value)' first set here", at: earlier.span)]))
        }
      case .array(let elements):
        pending += elements
      default:
        break
      }
    }
    return problems.sorted { $0.span.start < $1.span.start }
  }

  /// `read`, with the work evaluation did (tokens scanned, values built and moved): bounded by a
  /// budget proportional to the file's tokens, whatever the file; tests check the bound.
  package static func readCountingWork(
    _ source: SourceText, environment: [String: String]?, argument: Located<ConfigValue>? = nil,
    wholeFileIsOneValue: Bool = false
  ) -> (value: Located<ConfigValue>?, problems: [ReadingProblem], work: Int, tokens: Int) {
    var work = 0
    var tokenCount = 0
    do throws(ReadError) {
      var lexer = Lexer(bytes: source.bytes, start: source.byteOrderMarkLength)
      var tokens = try lexer.tokenize()
      let lowered = source.path.lowercased()
      if lowered.hasSuffix(".ts") || lowered.hasSuffix(".mts") || lowered.hasSuffix(".cts") {
        tokens = TypeScriptTypes.strip(tokens)
      }
      // The code of template substitutions follows the file's own tokens, each run ended by `.end`.
      let mainCount = tokens.count
      tokens += lexer.substitutions
      let parser = try Parser(
        source: source, tokens: tokens, mainCount: mainCount, environment: environment, argument: argument)
      tokenCount = tokens.count
      defer { work = parser.budget.initial - parser.budget.remaining }
      let value = try wholeFileIsOneValue ? parser.readWholeValue() : parser.readExport()
      return (value, [], parser.budget.initial - parser.budget.remaining, tokenCount)
    } catch {
      let span = SourceSpan(file: source, start: error.start, end: error.end)
      return (
        nil, [ReadingProblem(kind: .invalidValue, message: error.message, span: span, pointer: .root)], work,
        tokenCount
      )
    }
  }

  struct ReadError: Error {
    var message: String
    var start: Int
    var end: Int
  }
}
