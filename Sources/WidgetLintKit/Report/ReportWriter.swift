import Foundation

/// Writes a report through a temporary file in the same folder and a rename, so a reader never
/// sees half a report and an interrupted run leaves the previous one intact.
public enum ReportWriter {
  public static func write(_ text: String, to path: String) throws {
    let url = URL(fileURLWithPath: path)
    let temporary = url.deletingLastPathComponent()
      .appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
    do {
      try Data(text.utf8).write(to: temporary)
      // rename(2) replaces the destination atomically; FileManager's replaceItemAt does not on Linux.
      guard rename(temporary.path, url.path) == 0 else {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
      }
    } catch {
      try? FileManager.default.removeItem(at: temporary)
      throw error
    }
  }
}
