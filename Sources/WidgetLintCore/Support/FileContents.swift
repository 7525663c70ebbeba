/// The bytes of many files, read side by side into one buffer per batch of files rather than an array
/// each, so that thousands of files can be searched more than once without being read again.
package struct FileContents: Sendable {
  private struct Batch: Sendable {
    var bytes: [UInt8] = []
    /// Where each file's bytes are in `bytes`; nil for a file that could not be read.
    var ranges: [Range<Int>?] = []
  }

  private static let filesPerBatch = 32
  private let batches: [Batch]

  /// Reads the files, each as `overlay` gives it; a file that cannot be read (or is larger than
  /// `maxSize`) is left out of every search.
  package init(paths: [String], overlay: TextOverlay, maxSize: Int) {
    let size = Self.filesPerBatch
    batches = concurrentMap((paths.count + size - 1) / size) { index in
      var batch = Batch()
      var buffer: [UInt8] = []
      for path in paths[index * size..<min(paths.count, (index + 1) * size)] {
        let start = batch.bytes.count
        let appended: Bool
        if let text = overlay.text(of: path) {
          appended = text.count <= maxSize
          if appended { batch.bytes += text }
        } else {
          appended =
            (try? InputReader.withContents(of: path, maxSize: maxSize, buffer: &buffer) { batch.bytes += $0 }.get())
            != nil
        }
        batch.ranges.append(appended ? start..<batch.bytes.count : nil)
      }
      return batch
    }
  }

  /// `look` applied to each file's bytes, in the order of the paths, the batches side by side; nil for a
  /// file that could not be read.
  package func map<Answer: Sendable>(_ look: @Sendable (UnsafeBufferPointer<UInt8>) -> Answer) -> [Answer?] {
    Array(
      concurrentMap(batches.count) { index in
        let batch = batches[index]
        return batch.bytes.withUnsafeBufferPointer { bytes in
          batch.ranges.map { range in range.map { look(UnsafeBufferPointer(rebasing: bytes[$0])) } }
        }
      }.joined())
  }
}
