import WidgetLintCore

/// The Xcode a project builds with, and so the SDK whose rules apply (WidgetBundleBuilder's block size,
/// the iOS 17 container background), where the project or the command line says so.
public struct Toolchain: Sendable {
  public var xcode: OSVersion
  /// Where the version was read, as a finding names it ("app.xcodeVersion", "--xcode-version",
  /// "Expo SDK 53 in package.json").
  public var source: String
  public var span: SourceSpan?

  public init(xcode: OSVersion, source: String, span: SourceSpan? = nil) {
    self.xcode = xcode
    self.source = source
    self.span = span
  }
}
