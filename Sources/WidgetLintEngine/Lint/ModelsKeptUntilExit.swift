import Foundation
import WidgetLintCore
import WidgetLintFrontends
import WidgetLintModel
import WidgetLintReaders
import WidgetLintRules

/// The models of a command-line run, kept until the process exits (see `keepsModelsUntilExit`).
package enum ModelsKeptUntilExit {
  private static let lock = NSLock()
  nonisolated(unsafe) private static var models: [Any] = []

  package static func keep(_ model: Any) { lock.withLock { models.append(model) } }
}
