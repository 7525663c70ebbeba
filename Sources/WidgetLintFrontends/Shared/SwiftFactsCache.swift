import Foundation
import WidgetLintCore
import WidgetLintModel
import WidgetLintReaders

/// The facts of the Swift files a run has read, shared by every project of the run (targets and
/// manifests often name the same folder); files not read before are read side by side.
package final class SwiftFactsCache: @unchecked Sendable {
  private let lock = NSLock()
  private var facts: [String: SwiftFileFacts] = [:]
  private var failures: [String: String] = [:]

  private static func scan(_ file: SwiftFileResolver.ResolvedFile, maxFileSize: Int) -> Result<
    SwiftFileFacts, InputError
  > {
    InputReader.read(path: file.path, maxSize: maxFileSize).flatMap { bytes in
      if let refusal = SwiftSourceScanner.refusal(for: bytes) {
        return .failure(InputError(path: file.path, message: refusal))
      }
      return .success(SwiftSourceScanner.scan(SourceText(path: file.displayPath, bytes: bytes)))
    }
  }

  /// The facts of each file, and why a file could not be read.
  package func facts(for files: [SwiftFileResolver.ResolvedFile], maxFileSize: Int) -> (
    [SwiftFileResolver.ResolvedFile: SwiftFileFacts], [SwiftFileResolver.ResolvedFile: String]
  ) {
    let missing = lock.withLock { files.filter { facts[$0.path] == nil && failures[$0.path] == nil } }
    let scanned = concurrentMap(missing.count) { Self.scan(missing[$0], maxFileSize: maxFileSize) }
    return lock.withLock {
      for (file, result) in zip(missing, scanned) {
        switch result {
        case .success(let scannedFacts): facts[file.path] = scannedFacts
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
}
