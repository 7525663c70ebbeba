import Foundation

/// Writes a file the one way widgetlint writes files (a report with `-o`, a baseline, a manifest, a file
/// corrected by `--fix`): through a temporary file in the same folder and a rename, so a reader sees the
/// old file or the new one and never half of it, and an interrupted run leaves the old one intact.
///
/// A file that exists keeps its permissions (and its owner, where the user may keep it); one that is not
/// writable is refused, not replaced behind the user's back; a symbolic link stays one, and the file it
/// points to is replaced; what is not a regular file (a device, a pipe) is refused rather than replaced
/// by one. A new file is created with mode 0644 less the umask, in a folder that must exist.
public enum AtomicFileWriter {
  /// Why a file could not be written, in one line a person can act on.
  public struct WriteError: Error, CustomStringConvertible, Sendable, Equatable {
    public var description: String

    public init(description: String) {
      self.description = description
    }
  }

  public static func write(_ text: String, to path: String) throws(WriteError) {
    try write(Array(text.utf8), to: path)
  }

  public static func write(_ bytes: [UInt8], to path: String) throws(WriteError) {
    let destination = try Destination(path)
    var attempt = 0
    var temporary: String
    var descriptor: Int32
    // O_EXCL never opens a file someone else put there; a name left by an earlier run is stepped over.
    repeat {
      temporary = destination.folder + "/.\(destination.name).\(getpid()).\(attempt).tmp"
      descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, destination.existing == nil ? 0o644 : 0o600)
      attempt += 1
    } while descriptor < 0 && errno == EEXIST && attempt < 100
    guard descriptor >= 0 else { throw WriteError(description: InputReader.errnoMessage()) }
    guard writeAll(bytes, to: descriptor) else { throw failed(descriptor, temporary) }
    if let existing = destination.existing {
      // Only root may give a file away; anyone else's new file is already theirs.
      _ = fchown(descriptor, existing.owner, existing.group)
      guard fchmod(descriptor, existing.permissions) == 0 else { throw failed(descriptor, temporary) }
    }
    guard fsync(descriptor) == 0 else { throw failed(descriptor, temporary) }
    guard close(descriptor) == 0 else {
      let reason = InputReader.errnoMessage()
      unlink(temporary)
      throw WriteError(description: reason)
    }
    // rename(2) replaces the destination atomically; FileManager's replaceItemAt does not on Linux.
    guard rename(temporary, destination.path) == 0 else {
      let reason = InputReader.errnoMessage()
      unlink(temporary)
      throw WriteError(description: reason)
    }
  }

  /// The file that is replaced: the one a symbolic link points to, or the new one named by the path.
  private struct Destination {
    var path: String
    var folder: String
    var name: String
    /// The replaced file's status; nil for a new file.
    var existing: FileStatus?

    init(_ path: String) throws(WriteError) {
      if let info = FileStatus(path: path) {
        guard info.kind == .regular else { throw WriteError(description: "is not a regular file") }
        guard access(path, W_OK) == 0 else { throw WriteError(description: InputReader.errnoMessage()) }
        guard let resolved = realpath(path, nil) else { throw WriteError(description: InputReader.errnoMessage()) }
        self.path = String(cString: resolved)
        free(resolved)
        existing = info
      } else if errno == ENOENT {
        self.path = path
        existing = nil
      } else {
        throw WriteError(description: InputReader.errnoMessage())
      }
      let url = URL(fileURLWithPath: self.path)
      folder = url.deletingLastPathComponent().path
      name = url.lastPathComponent
      if existing == nil {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
          throw WriteError(description: "the folder '\(PathUtilities.folder(of: path))' does not exist")
        }
      }
    }
  }

  private static func failed(_ descriptor: Int32, _ temporary: String) -> WriteError {
    let reason = InputReader.errnoMessage()
    close(descriptor)
    unlink(temporary)
    return WriteError(description: reason)
  }
}

/// Writes every byte, as many calls as it takes; false with `errno` set on failure.
private func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
  var written = 0
  while written < bytes.count {
    let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    if count < 0, errno == EINTR { continue }
    guard count > 0 else { return false }
    written += count
  }
  return true
}
