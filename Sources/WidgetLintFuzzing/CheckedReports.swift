import Foundation
import WidgetLintKit

/// The reports a fuzz worker has checked, by what they depend on. Most mutations of an input lint
/// alike (the ones after the byte that stopped a reader, or in a part no rule reads) and make the same
/// reports: checking those once leaves the time to inputs that do not.
///
/// Every reporter writes a range as the lines and columns of `span.range`, which `checkRanges` checks
/// for every input, so no key holds positions. The GitHub and JUnit reports escape the texts they quote
/// themselves, so they, and the second reading, run for every report that says something new (`words`).
/// The JSON and SARIF reports pass every text (messages, pointers, replacement text) to JSONEncoder
/// unchanged, and JSONEncoder writes each diagnostic, and each text, on its own: a text matters to them
/// only by what JSON encoding does with it (`encodingClass`), and a report only by the diagnostics it
/// holds. They are checked for every report that holds a diagnostic of a new shape (`shapes`).
/// A reporter that reads more from a finding needs it in a key.
public final class CheckedReports: @unchecked Sendable {
  // Unchecked: `checked` is only touched while `lock` is held.
  /// Reports alike in all but positions.
  public static let words = CheckedReports()
  /// Diagnostics alike in all but positions and what their texts say.
  public static let shapes = CheckedReports()

  private let lock = NSLock()
  /// The keys' hashes, not the keys: a report is a few KB, a hash 8 bytes, so a worker remembers every
  /// report of a ten-minute run. Two keys share a 64-bit hash about once in 10^7 runs of a million
  /// reports, and then one report goes unchecked.
  private var checked: Set<Int> = []
  /// Past this many the set starts again, which keeps a worker's memory bounded (16 MB).
  private let capacity = 1 << 20

  public init() {}

  /// Whether a key whose hash is `hash` is seen for the first time; remembers it.
  public func isFirst(hash: Int) -> Bool {
    lock.withLock {
      if checked.count >= capacity { checked.removeAll(keepingCapacity: true) }
      return checked.insert(hash).inserted
    }
  }

  func isFirst(_ key: some Hashable) -> Bool { isFirst(hash: key.hashValue) }

  /// The hash of a report's words: every finding as the reports write it, without positions, and its
  /// stable path (past the per-file limit too: two readings must agree on all of them).
  public static func wordsHash(_ findings: [Finding]) -> Int {
    var hasher = Hasher()
    hasher.combine(findings.count)
    for finding in findings {
      hasher.combine(ReportedFinding(finding) { $0 })
      hasher.combine(finding.stablePath)
    }
    return hasher.finalize()
  }

  /// Whether `findings` hold one of a shape not seen before; remembers them.
  public func holdsNewShape(_ findings: [Finding]) -> Bool {
    var holdsNew = false
    for finding in findings where isFirst(ReportedFinding(finding, Self.encodingClass)) { holdsNew = true }
    return holdsNew
  }

  /// What JSON encoding does with `text` beyond copying it: the characters it writes escaped (control
  /// characters, quote, backslash, slash), each once, and the UTF-8 widths of the characters past ASCII.
  /// Two texts of the same class are encoded by the same code paths. Computed for every text of every
  /// report, so it allocates nothing: a bit per character and per width, written as a short string.
  public static func encodingClass(_ text: String) -> String {
    guard !text.isEmpty else { return "empty" }
    // Bits 0–31: the control characters; 32–34: quote, backslash, slash; 35–37: UTF-8 widths 2–4.
    var bits: UInt64 = 0
    for byte in text.utf8 {
      switch byte {
      case 0..<0x20: bits |= 1 << UInt64(byte)
      case UInt8(ascii: "\""): bits |= 1 << 32
      case UInt8(ascii: "\\"): bits |= 1 << 33
      case UInt8(ascii: "/"): bits |= 1 << 34
      // A Swift string is valid UTF-8, so a byte from 0xC0 leads a character of 2 to 4 bytes.
      case 0xF0...: bits |= 1 << 37
      case 0xE0...: bits |= 1 << 36
      case 0xC0...: bits |= 1 << 35
      default: break
      }
    }
    // At most 8 digits: Swift keeps a string that short inline, without allocating.
    return String(bits, radix: 36)
  }
}
