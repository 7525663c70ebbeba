import WidgetLintCore

/// The project model rules read, whatever the frontend that read it: the targets and app (as a
/// manifest), what was found while reading them, and the facts read from each target's Swift files.
public struct Project: Sendable {
  /// The file the project was read from: the manifest, the Expo app's config, or a placeholder for a
  /// folder (an Xcode app's `ios/`, a `--sources` folder).
  public var manifestFile: SourceText
  public var manifest: Manifest?
  /// Findings made while parsing and decoding (`yaml-syntax`, `unknown-key`, …).
  public var readingProblems: [ReadingProblem]
  /// Swift facts per target, in the order of `manifest.targets`.
  public var targetSwiftFiles: [[SwiftFileFacts]]
  /// How the finishing stage names findings for the baseline: a pointer into a manifest becomes a path
  /// that names list items by what they are called, so that it survives reordering. Nil for projects
  /// not read from a manifest, whose findings are named by their pointers.
  public var stablePaths: StablePaths?
  /// Where rules' fixes are made: the manifest, whose every value has its exact range. Nil for projects
  /// read from other files (an Expo or Xcode project's values may be derived or computed).
  public var manifestEdits: ManifestEdits?

  public init(
    manifestFile: SourceText, manifest: Manifest?, readingProblems: [ReadingProblem],
    targetSwiftFiles: [[SwiftFileFacts]] = []
  ) {
    self.manifestFile = manifestFile
    self.manifest = manifest
    self.readingProblems = readingProblems
    self.targetSwiftFiles = targetSwiftFiles
  }

  public func swiftFiles(ofTarget index: Int) -> [SwiftFileFacts] {
    index < targetSwiftFiles.count ? targetSwiftFiles[index] : []
  }

  /// The Swift facts of a target's sources taken together.
  public func code(ofTarget index: Int) -> TargetCode {
    index < targetCode.count ? targetCode[index] : TargetCode(files: [])
  }

  /// Built once from `targetSwiftFiles` by the linter.
  public var targetCode: [TargetCode] = [] {
    didSet { targetsWithCodeIndices = targetCode.indices.filter { !targetCode[$0].isEmpty } }
  }

  /// The indexes of the targets that have Swift sources: most rules about code look at those only,
  /// and a large manifest has thousands of targets without any.
  public private(set) var targetsWithCodeIndices: [Int] = []

  /// The app target's own Swift, as far as it touches widgets: the files that reload a widget or open
  /// an App Group (and those holding the constants they use). Nil where the app's code is not read.
  public var appCode: TargetCode?

  /// The Swift of the other apps that embed targets (a watch app, `Manifest.Target.host`), read as the
  /// app's is: each with the host it belongs to.
  public var hostCode: [(host: Manifest.App, code: TargetCode)] = []

  /// The calls of the app's own code outside its Swift that open an App Group or reload a widget kind
  /// that is known: a Flutter app's home_widget calls, an Expo app's JavaScript.
  public var appCalls: [AppCall] = []
  /// What the app's components marked `'widget'` (expo-widgets) do that the widget runtime cannot.
  public var widgetRuntimeUses: [WidgetRuntimeUse] = []

  /// The Xcode the project builds with, where it is known.
  public var toolchain: Toolchain?

  /// The Xcode whose SDK the rules judge by: the one stated (`toolchain`), else for a real project (an
  /// Xcode, XcodeGen, Tuist, Flutter or Expo app, a folder of sources) the App Store's minimum. Nil for a
  /// manifest that states none: manifests keep their documented default.
  public var buildToolchain: Toolchain? {
    if let toolchain { return toolchain }
    guard let origin = manifest?.origin, origin != .manifest else { return nil }
    return .appStoreMinimum
  }

  /// The build variant this project is read for, as findings name it ("the Debug configuration"); nil
  /// when the input has one variant.
  public var variant: String?

  /// Every file read for this project, for `--verbose`.
  public var filesRead: [String] = []

  /// The `widgetlint-disable…` comments of the files read for this project other than the targets' Swift
  /// files (whose are in their facts), one entry per file that has any.
  public var suppressions: [FileSuppressions] = []

  /// Adds the directives of a file, unless the file's are already here.
  public mutating func addSuppressions(_ file: FileSuppressions?) {
    guard let file, !suppressions.contains(where: { $0.file === file.file }) else { return }
    suppressions.append(file)
  }

  /// Adds the directives of each file, unless the file's are already here.
  public mutating func addSuppressions(_ files: [FileSuppressions?]) {
    for file in files { addSuppressions(file) }
  }

  /// The iOS or watchOS version a target deploys to, and where it was set (nil when it is the default).
  public func deploymentTarget(of target: Manifest.Target) -> (version: OSVersion, setAt: SourceSpan?)? {
    if let own = target.deploymentTarget { return (own.value, own.span) }
    // One bad value, one finding: a version that could not be read is unknown, not the default.
    if target.hasUnreadableDeploymentTarget || manifest?.app?.hasUnreadableDeploymentTarget == true { return nil }
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
