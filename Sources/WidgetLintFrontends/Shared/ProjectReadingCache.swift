import Foundation
import WidgetLintCore
import WidgetLintModel
import WidgetLintReaders

/// What the language server keeps from one lint to the next, for big projects: the parse of each Xcode
/// project file, and the search of each app's code (thousands of files: Swift, or an Expo app's scripts). Each is used again only while
/// every file it was made from is as it was: the same text in the overlay, or else the same file on disk
/// (device, inode, size and modification time). A file changed less than two seconds before it was
/// looked at is not trusted to show a later change in its time, and what was made from it is not kept.
package final class ProjectReadingCache: @unchecked Sendable {
  // Unchecked: `xcodeProjects` and `appCode` are only touched while `lock` is held.
  private let lock = NSLock()
  private var xcodeProjects: [String: (stamp: FileStamp, read: FrontendContext.XcodeProjectRead)] = [:]
  /// By project file and the folder its paths start from.
  private var xcodeObjects: [String: (stamp: FileStamp, objects: XcodeProjectObjects?)] = [:]
  private var appCode: [AppCodeKey: (stamps: [FileStamp], code: TargetCode?)] = [:]
  /// By the scripts searched and the size limit: for each, its bytes when it mentions a call.
  private var scriptSearches: [ScriptSearchKey: (stamps: [FileStamp], found: [[UInt8]??])] = [:]

  private struct AppCodeKey: Hashable {
    var files: [SwiftFileResolver.ResolvedFile]
    var maxFileSize: Int
  }

  private struct ScriptSearchKey: Hashable {
    var paths: [String]
    var maxFileSize: Int
  }

  package init() {}

  func xcodeProject(
    at path: String, overlay: TextOverlay, read: () -> FrontendContext.XcodeProjectRead
  ) -> FrontendContext.XcodeProjectRead {
    let stamp = FileStamp(path, overlay: overlay)
    if let kept = lock.withLock({ xcodeProjects[path] }), kept.stamp == stamp, stamp.isSettled { return kept.read }
    let fresh = read()
    lock.withLock { xcodeProjects[path] = stamp.isSettled ? (stamp, fresh) : nil }
    return fresh
  }

  func xcodeObjects(
    at path: String, projectFolder: String, overlay: TextOverlay, make: () -> XcodeProjectObjects?
  ) -> XcodeProjectObjects? {
    let key = path + "\u{0}" + projectFolder
    let stamp = FileStamp(path, overlay: overlay)
    if let kept = lock.withLock({ xcodeObjects[key] }), kept.stamp == stamp, stamp.isSettled { return kept.objects }
    let fresh = make()
    lock.withLock { xcodeObjects[key] = stamp.isSettled ? (stamp, fresh) : nil }
    return fresh
  }

  func appCode(
    _ files: [SwiftFileResolver.ResolvedFile], maxFileSize: Int, overlay: TextOverlay, read: () -> TargetCode?
  ) -> TargetCode? {
    let key = AppCodeKey(files: files, maxFileSize: maxFileSize)
    let stamps = concurrentMap(files.count) { FileStamp(files[$0].path, overlay: overlay) }
    let settled = stamps.allSatisfy(\.isSettled)
    if let kept = lock.withLock({ appCode[key] }), settled, kept.stamps == stamps { return kept.code }
    let fresh = read()
    lock.withLock { appCode[key] = settled ? (stamps, fresh) : nil }
    return fresh
  }

  /// The search of an Expo app's scripts (`ExpoAppScripts.read`), kept as `appCode` is.
  func scriptSearch(
    _ paths: [String], maxFileSize: Int, overlay: TextOverlay, search: () -> [[UInt8]??]
  ) -> [[UInt8]??] {
    let key = ScriptSearchKey(paths: paths, maxFileSize: maxFileSize)
    let stamps = concurrentMap(paths.count) { FileStamp(paths[$0], overlay: overlay) }
    let settled = stamps.allSatisfy(\.isSettled)
    if let kept = lock.withLock({ scriptSearches[key] }), settled, kept.stamps == stamps { return kept.found }
    let fresh = search()
    lock.withLock { scriptSearches[key] = settled ? (stamps, fresh) : nil }
    return fresh
  }
}

/// How a file is at one moment: its text in the overlay, or what `stat` says of it on disk.
struct FileStamp: Equatable, Sendable {
  private enum State: Equatable, Sendable {
    case text([UInt8])
    case disk(device: UInt64, inode: UInt64, size: Int64, seconds: Int, nanoseconds: Int)
    case unreadable
  }

  private let state: State
  /// Whether the state can be trusted to change with the file: not a modification in the last two
  /// seconds, which a further change in the same tick of the file system's clock could hide.
  let isSettled: Bool

  init(_ path: String, overlay: TextOverlay) {
    if let text = overlay.text(of: path) {
      state = .text(text)
      isSettled = true
      return
    }
    guard let info = FileStatus(path: path) else {
      state = .unreadable
      isSettled = true
      return
    }
    state = .disk(
      device: info.device, inode: info.inode, size: Int64(info.size),
      seconds: info.modifiedSeconds, nanoseconds: info.modifiedNanoseconds)
    isSettled = info.modifiedSeconds < Int(Date().timeIntervalSince1970) - 2
  }
}
