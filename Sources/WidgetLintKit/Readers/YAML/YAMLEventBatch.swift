import CYaml
import Foundation

/// A run of events in parse order. The last batch of a stream has `isLast`; when libyaml stopped at a
/// syntax error, that batch also carries the error.
struct YAMLEventBatch {
  struct SyntaxError {
    var problem: String
    var context: String?
    var contextOffset: Int
    var problemOffset: Int
  }

  var events: [YAMLEvent] = []
  var bytes: [UInt8] = []
  var syntaxError: SyntaxError?
  var isLast = false
}
