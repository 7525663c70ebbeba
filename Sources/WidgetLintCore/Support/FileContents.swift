/// The bytes of many files, read side by side (`TextOverlay.readInBatches`) into one array per batch of
/// files rather than one each, so that thousands of files can be searched more than once without being
/// read again.
package struct FileContents: Sendable {
  private struct Batch: Sendable {
    var bytes: [UInt8] = []
    /// Where each file's bytes are in `bytes`; nil for a file that could not be read.
    var ranges: [Range<Int>?] = []
  }

  private let batches: [Batch]

  /// Reads the files, each as `overlay` gives it; a file that cannot be read (or is larger than
  /// `maxSize`) is left out of every search.
  package init(paths: [String], overlay: TextOverlay, maxSize: Int) {
    batches = overlay.readInBatches(
      paths, maxSize: maxSize, empty: { Batch() },
      add: { batch, bytes in
        guard let bytes else { return batch.ranges.append(nil) }
        let start = batch.bytes.count
        batch.bytes += bytes
        batch.ranges.append(start..<batch.bytes.count)
      })
  }

  /// `look` applied to each file's bytes, in the order of the paths, the batches side by side; nil for a
  /// file that could not be read.
  package func map<Answer: Sendable>(_ look: @Sendable (UnsafeBufferPointer<UInt8>) -> Answer) -> [Answer?] {
    flattened(
      concurrentMap(batches.count) { index in
        let batch = batches[index]
        return batch.bytes.withUnsafeBufferPointer { bytes in
          batch.ranges.map { range in range.map { look(UnsafeBufferPointer(rebasing: bytes[$0])) } }
        }
      })
  }
}
