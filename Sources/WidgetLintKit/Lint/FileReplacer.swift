import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Replaces a file's contents the way `--fix` must: through a temporary file in the same folder and a
/// rename, so a reader sees the old file or the new one and never half of it, with the file's permissions
/// kept (and its owner, where the user may keep it). A file that is not writable is refused, not replaced
/// behind the user's back; a symbolic link stays one, and the file it points to is replaced.
public enum FileReplacer {
  public static func replace(_ path: String, with bytes: [UInt8]) -> InputError? {
    var info = stat()
    guard stat(path, &info) == 0 else {
      return InputError(path: path, message: "cannot write: \(InputReader.errnoMessage())")
    }
    guard access(path, W_OK) == 0 else {
      return InputError(path: path, message: "cannot write: \(InputReader.errnoMessage())")
    }
    let url = URL(fileURLWithPath: path).resolvingSymlinksInPath()
    let temporary = url.deletingLastPathComponent()
      .appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).fix.tmp").path
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return InputError(path: path, message: "cannot write: \(InputReader.errnoMessage())") }
    var written = 0
    while written < bytes.count {
      let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return failed(descriptor, temporary, path) }
      written += count
    }
    // Only root may give a file away; anyone else's new file is already theirs.
    _ = fchown(descriptor, info.st_uid, info.st_gid)
    guard fchmod(descriptor, info.st_mode & 0o7777) == 0, fsync(descriptor) == 0 else {
      return failed(descriptor, temporary, path)
    }
    close(descriptor)
    guard rename(temporary, url.path) == 0 else {
      let reason = InputReader.errnoMessage()
      unlink(temporary)
      return InputError(path: path, message: "cannot write: \(reason)")
    }
    return nil
  }

  private static func failed(_ descriptor: Int32, _ temporary: String, _ path: String) -> InputError {
    let reason = InputReader.errnoMessage()
    close(descriptor)
    unlink(temporary)
    return InputError(path: path, message: "cannot write: \(reason)")
  }

}
