import Foundation
import WidgetLintCore
import WidgetLintModel
import WidgetLintReaders

/// The facts of the Swift files a run has read, shared by every project of the run (targets and
/// manifests often name the same folder); files not read before are read side by side. The language
/// server keeps one across its runs: a file whose text is what it was is not parsed again.
package final class SwiftFactsCache: @unchecked Sendable {
  /// `facts`, `failures` and `texts` are read and written only while `lock` is held: the files of a run
  /// are scanned on several threads.
  private let lock = NSLock()
  private var facts: [String: SwiftFileFacts] = [:]
  private var failures: [String: String] = [:]
  /// With `revalidates`, the text each fact was read from: a file is read again on every run, and
  /// parsed again only when its text changed.
  private var texts: [String: [UInt8]] = [:]
  private let revalidates: Bool

  package init(revalidates: Bool = false) { self.revalidates = revalidates }

  /// How a file is read: from disk, or as `--fix` left it (`FrontendContext.read`).
  package typealias Read = @Sendable (_ path: String, _ maxSize: Int) -> Result<[UInt8], InputError>

  private static func scan(_ file: SwiftFileResolver.ResolvedFile, maxFileSize: Int, read: Read) -> Result<
    SwiftFileFacts, InputError
  > {
    read(file.path, maxFileSize).flatMap { bytes in
      if let refusal = SwiftSourceScanner.refusal(for: bytes) {
        return .failure(InputError(path: file.path, message: refusal))
      }
      return .success(SwiftSourceScanner.scan(SourceText(path: file.displayPath, bytes: bytes)))
    }
  }

  /// The facts of each file, and why a file could not be read.
  package func facts(
    for files: [SwiftFileResolver.ResolvedFile], maxFileSize: Int,
    read: Read = { InputReader.read(path: $0, maxSize: $1) }
  ) -> (
    [SwiftFileResolver.ResolvedFile: SwiftFileFacts], [SwiftFileResolver.ResolvedFile: String]
  ) {
    if revalidates { forgetChanged(files, maxFileSize: maxFileSize, read: read) }
    let missing = lock.withLock { files.filter { facts[$0.path] == nil && failures[$0.path] == nil } }
    let scanned = concurrentMap(missing.count) { Self.scan(missing[$0], maxFileSize: maxFileSize, read: read) }
    return lock.withLock {
      for (file, result) in zip(missing, scanned) {
        switch result {
        case .success(let scannedFacts):
          facts[file.path] = scannedFacts
          if revalidates { texts[file.path] = scannedFacts.file.bytes }
        case .failure(let error): failures[file.path] = error.message
        }
      }
      var found: [SwiftFileResolver.ResolvedFile: SwiftFileFacts] = [:]
      var problems: [SwiftFileResolver.ResolvedFile: String] = [:]
      for file in files {
        if let fact = facts[file.path] {
          found[file] = fact
        } else if let failure = failures[file.path] {
          problems[file] = failure
        }
      }
      return (found, problems)
    }
  }

  /// Drops what was read of the files whose text is no longer the text it was read from.
  private func forgetChanged(_ files: [SwiftFileResolver.ResolvedFile], maxFileSize: Int, read: Read) {
    for file in files {
      let current = try? read(file.path, maxFileSize).get()
      lock.withLock {
        guard facts[file.path] != nil || failures[file.path] != nil, current != texts[file.path] else { return }
        facts[file.path] = nil
        failures[file.path] = nil
        texts[file.path] = nil
      }
    }
  }
}
