/// The project model rules read: the manifest, what was found while reading it, and the facts
/// read from each target's Swift sources.
public struct Project: Sendable {
  public var manifestFile: SourceText
  public var manifest: Manifest?
  /// Findings made while parsing and decoding (`yaml-syntax`, `unknown-key`, …).
  public var readingObservations: [Observation]
  /// Swift facts per target, in the order of `manifest.targets`.
  public var targetSources: [[SwiftFileFacts]]
  /// The parsed manifest document, for suppressions and finding identities.
  public var document: YAMLDocument?

  public init(
    manifestFile: SourceText, manifest: Manifest?, readingObservations: [Observation],
    targetSources: [[SwiftFileFacts]] = [], document: YAMLDocument? = nil
  ) {
    self.document = document
    self.manifestFile = manifestFile
    self.manifest = manifest
    self.readingObservations = readingObservations
    self.targetSources = targetSources
  }

  public func sources(ofTarget index: Int) -> [SwiftFileFacts] {
    index < targetSources.count ? targetSources[index] : []
  }

  /// The Swift facts of a target's sources taken together.
  public func code(ofTarget index: Int) -> TargetCode {
    index < targetCode.count ? targetCode[index] : TargetCode(files: [])
  }

  /// Built once from `targetSources` by the linter.
  public var targetCode: [TargetCode] = [] {
    didSet { targetsWithCodeIndices = targetCode.indices.filter { !targetCode[$0].isEmpty } }
  }

  /// The indexes of the targets that have Swift sources: most rules about code look at those only,
  /// and a large manifest has thousands of targets without any.
  public private(set) var targetsWithCodeIndices: [Int] = []

  /// home_widget calls in the Flutter app's Dart code (Flutter projects only).
  public var dartCalls: [DartHomeWidgetScanner.Call] = []

  /// Every file read for this project, for `--verbose`.
  public var filesRead: [String] = []

  /// The iOS or watchOS version a target deploys to, and where it was set (nil when it is the default).
  public func deploymentTarget(of target: Manifest.Target) -> (version: OSVersion, setAt: SourceSpan?)? {
    if let own = target.deploymentTarget { return (own.value, own.span) }
    if manifest?.origin != .manifest { return nil }
    // The app's deployment target is an iOS version; a watchOS target without its own is unknown.
    guard target.resolvedPlatform == .ios else { return nil }
    if let app = manifest?.app?.deploymentTarget { return (app.value, app.span) }
    return (Manifest.defaultDeploymentTarget, nil)
  }
}

extension Manifest {
  /// The iOS deployment target a manifest means when it names none.
  public static let defaultDeploymentTarget = OSVersion(14, 0)
}
