import Foundation

/// The models of a command-line run, kept until the process exits (see `keepsModelsUntilExit`): the
/// process ends without freeing them one by one.
package enum ModelsKeptUntilExit {
  private static let lock = NSLock()
  /// Read and written only while `lock` is held. (`Mutex` would say so to the compiler, but needs
  /// macOS 15, and the package builds on macOS 13.)
  nonisolated(unsafe) private static var models: [any Sendable] = []

  package static func keep(_ model: any Sendable) { lock.withLock { models.append(model) } }
}
