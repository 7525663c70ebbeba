import WidgetLintReaders

/// How much a run reads at most, so that a hostile or generated input cannot stall it.
public struct ReadingLimits: Sendable {
  public var parser: YAMLParser.Limits
  /// Manifests and project files larger than this are not read (bytes).
  public var maxFileSize: Int
  /// Swift sources larger than this are not parsed (bytes): real widget code is far smaller, and a
  /// generated giant must not stall a pre-commit hook.
  public var maxSourceFileSize: Int

  public init(parser: YAMLParser.Limits = .init(), maxFileSize: Int = 16 << 20, maxSourceFileSize: Int = 2 << 20) {
    self.parser = parser
    self.maxFileSize = maxFileSize
    self.maxSourceFileSize = maxSourceFileSize
  }
}
