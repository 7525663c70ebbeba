import WidgetLintCore

/// The Xcode a project builds with, and so the SDK whose rules apply (WidgetBundleBuilder's block size,
/// the iOS 17 container background), where the project or the command line says so.
public struct Toolchain: Sendable {
  public var xcode: OSVersion
  /// Where the version was read, as a finding names it ("app.xcodeVersion", "--xcode-version",
  /// "Expo SDK 53 in package.json").
  public var source: String
  public var span: SourceSpan?

  /// Since 28 April 2026 App Store Connect accepts only builds made with Xcode 26 and the 26 SDKs: the
  /// Xcode a real project whose Xcode is not stated builds with.
  public static let appStoreMinimum = Toolchain(
    xcode: OSVersion(26),
    source: "Xcode 26, the App Store's minimum; say which Xcode builds the app with .xcode-version or --xcode-version"
  )

  public init(xcode: OSVersion, source: String, span: SourceSpan? = nil) {
    self.xcode = xcode
    self.source = source
    self.span = span
  }
}
