import Foundation
import WidgetLintKit

/// The folder a fuzz process writes its projects in: one project per target, made of the fixed files
/// of `FixedProjectFiles` and the input, written where that target's reader reads it. The frontends
/// then read the project as they read a user's. The folder is `$TMPDIR/widgetlint-fuzz-<pid>`
/// (scripts/fuzz points TMPDIR at memory where it can), made again when the process starts and removed
/// when it exits.
public final class FuzzWorkspace: @unchecked Sendable {
  // Unchecked: the files are written only while `lock` is held (`FuzzTarget.run`), and every other
  // member is a constant.
  public static let shared = FuzzWorkspace()

  /// Held while one input is written and read: inputs of one process share the files.
  let lock = NSLock()
  let root: String

  /// Where one input was written, and the project folder its frontend reads.
  struct Input {
    /// The project's folder.
    var project: String
    /// The input's file (a manifest's is not written: `ManifestFrontend` reads it from memory).
    var path: String
    var bytes: [UInt8]
  }

  private init() {
    root = Self.join(NSTemporaryDirectory(), "widgetlint-fuzz-\(getpid())")
    try? FileManager.default.removeItem(atPath: root)
    for target in FuzzTarget.allCases {
      for file in FixedProjectFiles.files(of: target) {
        Self.write(Array(file.text.utf8), to: path(of: file.path, in: target))
      }
    }
    atexit { try? FileManager.default.removeItem(atPath: FuzzWorkspace.shared.root) }
  }

  static func join(_ folder: String, _ name: String) -> String {
    folder.hasSuffix("/") ? folder + name : folder + "/" + name
  }

  /// The project folder of a target.
  func project(of target: FuzzTarget, json: Bool = false) -> String {
    Self.join(root, target.rawValue + (json ? "-json" : ""))
  }

  /// A file of a target's project, by its path in the project.
  func path(of relative: String, in target: FuzzTarget, json: Bool = false) -> String {
    Self.join(project(of: target, json: json), relative)
  }

  /// Writes an input where its target reads it.
  func write(_ bytes: [UInt8], for target: FuzzTarget) -> Input {
    let json = Self.startsWithBrace(bytes)
    let project = project(of: target, json: json && target == .javascript)
    let paths: [String]
    switch target {
    case .manifest: return Input(project: project, path: json ? "widgets.json" : "widgets.yaml", bytes: bytes)
    case .javascript: paths = [json ? "app.json" : "targets/widget/expo-target.config.js"]
    case .appjs: paths = ["src/widget.tsx"]
    case .plist: paths = ["ios/WidgetExtension/WidgetExtension.entitlements", "ios/ShareExtension/Info.plist"]
    case .dart: paths = ["lib/main.dart"]
    case .swift: paths = ["Sources/CounterWidget.swift"]
    case .pbxproj: paths = ["ios/Runner.xcodeproj/project.pbxproj"]
    case .tuist: paths = ["Project.swift"]
    case .xcodegen: paths = ["project.yml"]
    }
    for path in paths { Self.write(bytes, to: Self.join(project, path)) }
    return Input(project: project, path: Self.join(project, paths[0]), bytes: bytes)
  }

  /// Whether the first byte that is not white space is `{`: how a target tells JSON input from the rest.
  static func startsWithBrace(_ bytes: [UInt8]) -> Bool {
    bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } == UInt8(ascii: "{")
  }

  private static func write(_ bytes: [UInt8], to path: String) {
    let folder = PathUtilities.folder(of: path)
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      try Data(bytes).write(to: URL(fileURLWithPath: path))
    } catch {
      fatalError("widgetlint fuzz: cannot write \(path): \(error)")
    }
  }
}
