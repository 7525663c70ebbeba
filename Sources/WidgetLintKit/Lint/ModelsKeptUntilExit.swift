import Foundation

/// The models of a command-line run, kept until the process exits (see `keepsModelsUntilExit`).
enum ModelsKeptUntilExit {
  private static let lock = NSLock()
  nonisolated(unsafe) private static var models: [Any] = []

  static func keep(_ model: Any) { lock.withLock { models.append(model) } }
}
