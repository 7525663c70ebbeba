import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a report through a temporary file in the same folder and a rename, so a reader never
/// sees half a report and an interrupted run leaves the previous one intact.
public enum ReportWriter {
  /// Why a report could not be written, in one line a person can act on.
  public struct WriteError: Error, CustomStringConvertible, Sendable {
    public var description: String
  }

  public static func write(_ text: String, to path: String) throws {
    let url = URL(fileURLWithPath: path)
    let folder = url.deletingLastPathComponent().path
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
      throw WriteError(description: "the folder '\((path as NSString).deletingLastPathComponent)' does not exist")
    }
    let temporary = url.deletingLastPathComponent()
      .appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp").path
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor >= 0 else { throw WriteError(description: String(cString: strerror(errno))) }
    guard writeAll(Array(text.utf8), to: descriptor) else {
      let reason = String(cString: strerror(errno))
      close(descriptor)
      unlink(temporary)
      throw WriteError(description: reason)
    }
    close(descriptor)
    // rename(2) replaces the destination atomically; FileManager's replaceItemAt does not on Linux.
    guard rename(temporary, path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw WriteError(description: reason)
    }
  }
}

/// Writes every byte to a file descriptor, as many calls as it takes; false with `errno` set on failure.
private func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
  var written = 0
  while written < bytes.count {
    let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    guard count > 0 else { return false }
    written += count
  }
  return true
}
