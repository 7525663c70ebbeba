import CYaml
import Foundation
import WidgetLintCore

/// One of libyaml's events, copied out of libyaml with its marks turned into byte offsets, so that
/// libyaml can parse on one thread while `YAMLParser` builds the document on another. Texts are ranges
/// of the batch's `bytes`: an event holds no reference, so batches are copied and freed without
/// counting references event by event.
package struct YAMLEvent {
  package enum Kind: UInt8 {
    case documentStart, scalar, alias, sequenceStart, mappingStart, sequenceEnd, mappingEnd
  }

  package var kind: Kind
  package var style: YAMLDocument.ScalarStyle = .plain
  package var start: Int
  package var end: Int
  /// A scalar's text, as a range of its batch's `bytes`.
  package var text: Range<Int> = 0..<0
  /// The anchor a node defines, or the one an alias names.
  package var anchor: Range<Int>?
  package var tag: Range<Int>?
}
