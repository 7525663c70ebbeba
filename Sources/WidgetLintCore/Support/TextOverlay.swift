/// Texts to read instead of files on disk, by the files' absolute paths: what an editor holds unsaved
/// (the language server's open documents), or what `--fix` has changed and not written yet. Every
/// project file a run reads is read through the run's overlay, so a lint sees one consistent text.
public struct TextOverlay: Sendable {
  private let texts: [String: [UInt8]]

  /// The texts, by any path that names each file.
  public init(_ texts: [String: [UInt8]] = [:]) {
    var absolute: [String: [UInt8]] = [:]
    for (path, bytes) in texts { absolute[PathUtilities.absolute(path)] = bytes }
    self.texts = absolute
  }

  public var isEmpty: Bool { texts.isEmpty }

  /// The overlay's text of a file, by any path that names it.
  public func text(of path: String) -> [UInt8]? {
    texts.isEmpty ? nil : texts[PathUtilities.absolute(path)]
  }

  /// A file's bytes: the overlay's text for it, else what the file holds, within the same size limit.
  public func read(path: String, maxSize: Int) -> Result<[UInt8], InputError> {
    guard let text = text(of: path) else { return InputReader.read(path: path, maxSize: maxSize) }
    return text.count > maxSize
      ? .failure(InputError(path: path, message: InputReader.tooLarge(text.count, maxSize))) : .success(text)
  }

  /// `look` applied to each file's bytes (as `read` gives them), the files side by side; nil for a file
  /// that cannot be read. The bytes are only lent: each worker reads its files into one buffer, so a
  /// search of thousands of files keeps none of them.
  package func look<Answer: Sendable>(
    at paths: [String], maxSize: Int, _ look: @Sendable (UnsafeBufferPointer<UInt8>) -> Answer
  ) -> [Answer?] {
    let batch = 32
    let batches = concurrentMap((paths.count + batch - 1) / batch) { index in
      var buffer: [UInt8] = []
      return paths[index * batch..<min(paths.count, (index + 1) * batch)].map { path -> Answer? in
        if let text = text(of: path) { return text.count > maxSize ? nil : text.withUnsafeBufferPointer(look) }
        return try? InputReader.withContents(of: path, maxSize: maxSize, buffer: &buffer, look).get()
      }
    }
    return Array(batches.joined())
  }
}
