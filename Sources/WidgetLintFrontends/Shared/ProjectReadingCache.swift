import Foundation
import WidgetLintCore
import WidgetLintModel
import WidgetLintReaders

/// What the language server keeps from one lint to the next, for big projects: the parse of each Xcode
/// project file, and the search of each app's code (thousands of files: Swift, or an Expo app's scripts). Each is used again only while
/// every file it was made from is as it was: the same text in the overlay, or else the same file on disk
/// (device, inode, size and modification time). A file changed less than two seconds before it was
/// looked at is not trusted to show a later change in its time, and what was made from it is not kept.
///
/// When the client watches the files and says when one changes (`workspace/didChangeWatchedFiles`), the
/// searches of an app's code no longer ask the disk about each of its thousands of files on every lint:
/// a kept search holds until the client reports a change to one of its files (`filesChanged`), or its
/// text in the overlay differs.
package final class ProjectReadingCache: @unchecked Sendable {
  // Unchecked: every stored property is only touched while `lock` is held.
  private let lock = NSLock()
  /// Whether the client reports changes to the files on disk: then an app's files are not `stat`ed.
  private var watched = false
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

  /// From now on the client reports every change to the files on disk (`filesChanged`).
  package func trustWatchedFiles() { lock.withLock { watched = true } }

  /// The client says these files (or folders) changed on disk, were created or deleted: the searches
  /// made from any of them, or from a file below one of them, are not kept.
  package func filesChanged(_ paths: [String]) {
    guard !paths.isEmpty else { return }
    let changed = Set(paths.map(PathUtilities.absolute))
    func touched(_ path: String) -> Bool {
      var path = PathUtilities.absolute(path)
      while true {
        if changed.contains(path) { return true }
        let folder = PathUtilities.folder(of: path)
        if folder == path || folder.isEmpty { return false }
        path = folder
      }
    }
    lock.withLock {
      appCode = appCode.filter { key, _ in !key.files.contains { touched($0.path) } }
      scriptSearches = scriptSearches.filter { key, _ in !key.paths.contains(where: touched) }
    }
  }

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
    let watched = lock.withLock { self.watched }
    let stamps = concurrentMap(files.count) { FileStamp(files[$0].path, overlay: overlay, watched: watched) }
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
    let watched = lock.withLock { self.watched }
    let stamps = concurrentMap(paths.count) { FileStamp(paths[$0], overlay: overlay, watched: watched) }
    let settled = stamps.allSatisfy(\.isSettled)
    if let kept = lock.withLock({ scriptSearches[key] }), settled, kept.stamps == stamps { return kept.found }
    let fresh = search()
    lock.withLock { scriptSearches[key] = settled ? (stamps, fresh) : nil }
    return fresh
  }
}

/// How a file is at one moment: its text in the overlay, or what `stat` says of it on disk, or, when the
/// client reports the changes on disk, only that it is not in the overlay.
struct FileStamp: Equatable, Sendable {
  private enum State: Equatable, Sendable {
    case text([UInt8])
    case watched
    case disk(device: UInt64, inode: UInt64, size: Int64, seconds: Int, nanoseconds: Int)
    case unreadable
  }

  private let state: State
  /// Whether the state can be trusted to change with the file: not a modification in the last two
  /// seconds, which a further change in the same tick of the file system's clock could hide.
  let isSettled: Bool

  init(_ path: String, overlay: TextOverlay, watched: Bool = false) {
    if let text = overlay.text(of: path) {
      state = .text(text)
      isSettled = true
      return
    }
    if watched {
      state = .watched
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
