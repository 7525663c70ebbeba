import Foundation
import WidgetLintFrontends
import WidgetLintModel
import WidgetLintReaders
import WidgetLintRules

/// The settings of one run: rule severities and options, and reading limits.
public struct LintConfiguration: Sendable {
  /// Per-rule settings that differ from the rule's defaults, by rule id.
  public var rules: [String: RuleSettings]
  public var parserLimits: YAMLParser.Limits
  /// Manifests larger than this are not read (bytes).
  public var maxFileSize: Int
  /// Swift sources larger than this are not parsed (bytes): real widget code is far smaller, and a
  /// generated giant must not stall a pre-commit hook.
  public var maxSourceFileSize: Int = 2 << 20
  /// Overrides from the configuration file, applied to each finding by file and pointer.
  public var file: Configuration?
  /// For a command-line run that exits once it has reported: each project model is left for the exit
  /// to reclaim instead of being taken apart object by object (7% of a 3 MB manifest's time).
  public var keepsModelsUntilExit = false
  /// Whether the rules run side by side on the machine's cores. A caller that already keeps every core
  /// busy with projects of its own (the fuzz targets, one worker per core) runs them in turn instead,
  /// which saves a thread hand-over per project.
  public var runsRulesSideBySide = true

  public init(
    rules: [String: RuleSettings] = [:], parserLimits: YAMLParser.Limits = .init(), maxFileSize: Int = 16 << 20,
    file: Configuration? = nil
  ) {
    self.rules = rules
    self.parserLimits = parserLimits
    self.maxFileSize = maxFileSize
    self.file = file
  }

  /// The Xcode version given on the command line (`--xcode-version`): it wins over what a project says.
  public var xcodeVersion: OSVersion?

  /// What the frontends may read at most.
  public var readingLimits: ReadingLimits {
    ReadingLimits(parser: parserLimits, maxFileSize: maxFileSize, maxSourceFileSize: maxSourceFileSize)
  }
}
