import CYaml
import Foundation

/// A run of events in parse order. The last batch of a stream has `isLast`; when libyaml stopped at a
/// syntax error, that batch also carries the error.
package struct YAMLEventBatch {
  package struct SyntaxError {
    package var problem: String
    package var context: String?
    package var contextOffset: Int
    package var problemOffset: Int
  }

  package var events: [YAMLEvent] = []
  package var bytes: [UInt8] = []
  package var syntaxError: SyntaxError?
  package var isLast = false
}
