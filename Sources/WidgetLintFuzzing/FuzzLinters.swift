import WidgetLintKit

/// The linters a fuzz target reads its inputs with: the first reading's and the second's, each with a
/// frontend context (and so a cache of Swift facts) of its own.
enum FuzzLinters {
  private static let first = Linter(configuration: configuration)
  private static let second = Linter(configuration: configuration)

  /// scripts/fuzz runs one worker per core, and each worker reads every input on two threads already.
  private static var configuration: LintConfiguration {
    var configuration = LintConfiguration()
    configuration.runsRulesSideBySide = false
    return configuration
  }

  /// The two linters for one input. A linter keeps the facts of every Swift file it has read, by path,
  /// for the run: that reads the workspace's fixed Swift once, and would keep the first reading of a
  /// Swift file that is the input, so the swift target reads each input with new linters.
  static func pair(for target: FuzzTarget) -> (first: Linter, second: Linter) {
    guard target == .swift else { return (first, second) }
    return (Linter(configuration: configuration), Linter(configuration: configuration))
  }
}
