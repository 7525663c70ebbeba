import Foundation
import WidgetLintCore

/// Findings recorded to be accepted for now, so a project can adopt widgetlint and see only new ones.
/// A finding is matched by rule, file, stable path and subject: never by line or message, so
/// reformatting or reordering a manifest does not bring recorded findings back.
public struct Baseline: Codable, Sendable, Equatable {
  public struct Entry: Codable, Sendable, Hashable, Comparable {
    public var rule: String
    public var file: String
    public var path: String
    public var subject: String?
    /// How many findings share this identity (two uses of one API in one file).
    public var count: Int

    public static func < (lhs: Entry, rhs: Entry) -> Bool {
      (lhs.file, lhs.rule, lhs.path, lhs.subject ?? "") < (rhs.file, rhs.rule, rhs.path, rhs.subject ?? "")
    }

    package var key: Key { Key(rule: rule, file: file, path: path, subject: subject) }
  }

  package struct Key: Hashable {
    package var rule: String
    package var file: String
    package var path: String
    package var subject: String?
  }

  public var version = 1
  public var findings: [Entry]

  /// A finding's identity, with its file relative to `directory` (the baseline's folder).
  package static func key(of finding: Finding, relativeTo directory: String) -> Key {
    Key(
      rule: finding.ruleID, file: relativeFile(finding.file, to: directory), path: finding.stablePath,
      subject: finding.subject)
  }

  public static func relativeFile(_ file: String, to directory: String) -> String {
    guard file != "<stdin>" else { return file }
    let absolute = PathUtilities.absolute(file)
    let base = PathUtilities.absolute(directory)
    let prefix = base.hasSuffix("/") ? base : base + "/"
    return absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : absolute
  }

  public init(findings: [Finding], directory: String) {
    var counts: [Key: Int] = [:]
    for finding in findings { counts[Self.key(of: finding, relativeTo: directory), default: 0] += 1 }
    self.findings = counts.map {
      Entry(rule: $0.key.rule, file: $0.key.file, path: $0.key.path, subject: $0.key.subject, count: $0.value)
    }
    .sorted()
  }

  /// The findings not recorded in the baseline.
  public func newFindings(_ findings: [Finding], directory: String) -> [Finding] {
    var remaining: [Key: Int] = [:]
    for entry in self.findings { remaining[entry.key, default: 0] += entry.count }
    return findings.filter { finding in
      let key = Self.key(of: finding, relativeTo: directory)
      guard let left = remaining[key], left > 0 else { return true }
      remaining[key] = left - 1
      return false
    }
  }

  public static func load(path: String) -> Result<Baseline, InputError> {
    switch InputReader.read(path: path, maxSize: 64 << 20) {
    case .failure(let error): return .failure(error)
    case .success(let bytes):
      do {
        let baseline = try JSONDecoder().decode(Baseline.self, from: Data(bytes))
        guard baseline.version == 1 else {
          return .failure(
            InputError(path: path, message: "baseline version \(baseline.version) is not supported (1 is)"))
        }
        return .success(baseline)
      } catch {
        return .failure(
          InputError(path: path, message: "not a widgetlint baseline (expected {\"version\": 1, \"findings\": [...]})"))
      }
    }
  }

  /// Stable output: sorted entries and keys, so the file diffs cleanly in review.
  public func encoded() -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return
      ((try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{\"version\":1,\"findings\":[]}")
      + "\n"
  }

  /// A short stable hash of a finding's identity, for SARIF's partialFingerprints.
  public static func fingerprint(of finding: Finding, relativeTo directory: String) -> String {
    let key = key(of: finding, relativeTo: directory)
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in "\(key.rule)\u{0}\(key.file)\u{0}\(key.path)\u{0}\(key.subject ?? "")".utf8 {
      hash ^= UInt64(byte)
      hash &*= 0x100_0000_01b3
    }
    return String(hash, radix: 16).leftPadded(to: 16)
  }
}
