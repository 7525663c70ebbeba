/// Texts to read instead of files on disk, by the files' absolute paths: what an editor holds unsaved
/// (the language server's open documents), or what `--fix` has changed and not written yet. Every
/// project file a run reads is read through the run's overlay, so a lint sees one consistent text.
public struct TextOverlay: Sendable {
  private let texts: [String: [UInt8]]
  /// The names of the files (their paths' last parts): a path with another name is not looked up, which
  /// would make it absolute (asking the system for the current folder) for each of an app's files.
  private let names: Set<Substring>

  /// The texts, by any path that names each file.
  public init(_ texts: [String: [UInt8]] = [:]) {
    var absolute: [String: [UInt8]] = [:]
    for (path, bytes) in texts { absolute[PathUtilities.absolute(path)] = bytes }
    self.texts = absolute
    names = Set(absolute.keys.map(PathUtilities.name))
  }

  public var isEmpty: Bool { texts.isEmpty }

  /// The overlay's text of a file, by any path that names it.
  public func text(of path: String) -> [UInt8]? {
    guard !texts.isEmpty else { return nil }
    let name = PathUtilities.name(of: path)
    guard names.contains(name) || name == "." || name == ".." else { return nil }
    return texts[PathUtilities.absolute(path)]
  }

  /// A file's bytes: the overlay's text for it, else what the file holds, within the same size limit.
  public func read(path: String, maxSize: Int) -> Result<[UInt8], InputError> {
    guard let text = text(of: path) else { return InputReader.read(path: path, maxSize: maxSize) }
    return text.count > maxSize
      ? .failure(InputError(path: path, message: InputReader.tooLarge(text.count, maxSize))) : .success(text)
  }

  /// Up to `count` bytes from the start of a file, as `read` gives them; nil when it cannot be read.
  public func readPrefix(path: String, count: Int) -> [UInt8]? {
    guard let text = text(of: path) else { return InputReader.readPrefix(path: path, count: count) }
    return Array(text.prefix(count))
  }

  /// `look` applied to each file's bytes (as `read` gives them), the files side by side; nil for a file
  /// that cannot be read. The bytes are only lent, so a search of thousands of files keeps none of them.
  package func look<Answer: Sendable>(
    at paths: [String], maxSize: Int, _ look: @Sendable (UnsafeBufferPointer<UInt8>) -> Answer
  ) -> [Answer?] {
    let batches = readInBatches(
      paths, maxSize: maxSize, empty: { [Answer?]() },
      add: { answers, bytes in answers.append(bytes.map(look)) })
    return flattened(batches)
  }

  /// Reads the files side by side in batches of 32, each batch on one worker into one buffer that serves
  /// file after file (thousands of files cost no allocation each). `add` is lent each file's bytes, in
  /// the paths' order, or nil for a file that cannot be read or is larger than `maxSize`, and builds the
  /// batch's answer from `empty()`.
  package func readInBatches<Batch: Sendable>(
    _ paths: [String], maxSize: Int, empty: @Sendable () -> Batch,
    add: @Sendable (inout Batch, UnsafeBufferPointer<UInt8>?) -> Void
  ) -> [Batch] {
    let size = 32
    return concurrentMap((paths.count + size - 1) / size) { index in
      var batch = empty()
      var buffer: [UInt8] = []
      for path in paths[index * size..<min(paths.count, (index + 1) * size)] {
        if let text = text(of: path) {
          if text.count > maxSize { add(&batch, nil) } else { text.withUnsafeBufferPointer { add(&batch, $0) } }
        } else if case .failure = InputReader.withContents(
          of: path, maxSize: maxSize, buffer: &buffer, { add(&batch, $0) })
        {
          add(&batch, nil)
        }
      }
      return batch
    }
  }
}
