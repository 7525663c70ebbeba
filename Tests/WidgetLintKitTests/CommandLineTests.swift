import ArgumentParser
import Testing

@testable import widgetlint

/// The everyday command line is read without ArgumentParser; these tests hold that reading to
/// ArgumentParser's own for the same arguments.
@Suite struct CommandLineTests {
  /// What ArgumentParser makes of a command line that reaches `LintCommand`.
  func parsedByArgumentParser(_ arguments: [String]) throws -> LintOptions {
    let command = try WidgetLintCommand.parseAsRoot(arguments)
    let lint = try #require(command as? LintCommand, "\(arguments) did not reach the lint command")
    return lint.options
  }

  @Test(arguments: [
    ["widgets.yaml"],
    ["-"],
    ["a.yaml", "b/widgets.yml", "c d/widgets.json", "."],
    ["--strict", "widgets.yaml"],
    ["widgets.yaml", "--strict"],
    ["--format", "json", "widgets.yaml"],
    ["widgets.yaml", "--format=sarif"],
    ["--format=github", "--strict", "apps/one", "apps/two"],
    ["a.yaml", "--format", "junit", "b.yaml", "--strict", "c.yaml"],
    ["Lint.yaml", "rules.yaml", "explain/widgets.yaml"],
  ])
  func commonCommandLinesReadAsArgumentParserReadsThem(_ arguments: [String]) throws {
    let fast = try #require(LintOptions(commonArguments: arguments))
    #expect(fast == (try parsedByArgumentParser(arguments)))
  }

  @Test(arguments: [
    [], ["--strict"], ["rules"], ["lint", "widgets.yaml"], ["help"], ["explain", "app-group-mismatch"],
    ["--version"], ["--help"], ["-h"], ["widgets.yaml", "--verbose"], ["widgets.yaml", "-v"],
    ["--format", "yaml", "widgets.yaml"], ["--format"], ["widgets.yaml", "--format", "json", "--format", "text"],
    ["--strict", "--strict", "widgets.yaml"], ["--", "widgets.yaml"], ["--sources", "Widgets"],
    ["widgets.yaml", "--output", "report.txt"], ["widgets.yaml", "--strict=true"],
  ])
  func everythingElseIsLeftToArgumentParser(_ arguments: [String]) {
    #expect(LintOptions(commonArguments: arguments) == nil)
  }

  @Test func defaultsAreArgumentParsersDefaults() throws {
    let parsed = try parsedByArgumentParser(["widgets.yaml"])
    #expect(parsed.maxFileSize == LintOptions.defaultMaxFileSize)
    #expect(parsed.maxSourceSize == LintOptions.defaultMaxSourceSize)
    #expect(parsed.maxFindings == LintOptions.defaultMaxFindings)
    #expect(parsed.color == .auto)
    #expect(parsed.format == nil)
  }
}
