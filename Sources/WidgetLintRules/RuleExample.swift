/// A manifest that shows the rule: a failing one must produce the rule, a passing one must not.
/// `files` are extra files (Swift sources) beside the manifest, by relative path. With an empty
/// manifest the files are a whole project (an Expo or Flutter app) linted as a folder.
///
/// In a failing example, `↓` stands just before each place a finding of the rule starts
/// (`families: [↓medium]`), in the manifest or in a file; the tests lint the text without the marks
/// and check that the rule reports exactly there.
public struct RuleExample: Sendable {
  /// Marks where a finding starts. An arrow reads well in YAML, JSON, Swift and Dart, and none of them
  /// uses it.
  public static let marker: Character = "↓"

  /// A place a marker marks: the file ("" for the manifest) and 1-based line and column, columns
  /// counted in Unicode scalars as findings count them.
  public struct Mark: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
      self.file = file
      self.line = line
      self.column = column
    }

    public var description: String { "\(file.isEmpty ? "manifest" : file):\(line):\(column)" }
  }

  public var title: String
  /// The manifest as the page shows it, marks included.
  public var manifest: String
  public var fails: Bool
  /// The files as the page shows them, marks included.
  public var files: [(path: String, contents: String)]

  public static func failing(_ title: String, _ manifest: String, files: [(String, String)] = []) -> RuleExample {
    RuleExample(title: title, manifest: manifest, fails: true, files: files.map { (path: $0.0, contents: $0.1) })
  }

  public static func passing(_ title: String, _ manifest: String, files: [(String, String)] = []) -> RuleExample {
    RuleExample(title: title, manifest: manifest, fails: false, files: files.map { (path: $0.0, contents: $0.1) })
  }

  /// The manifest to lint: the marks taken out.
  public var unmarkedManifest: String { Self.unmarked(manifest).text }

  /// The files to lint: the marks taken out.
  public var unmarkedFiles: [(path: String, contents: String)] {
    files.map { (path: $0.path, contents: Self.unmarked($0.contents).text) }
  }

  /// Every place the example marks.
  public var marks: Set<Mark> {
    var result = Set(Self.unmarked(manifest).marks.map { Mark(file: "", line: $0.line, column: $0.column) })
    for file in files {
      result.formUnion(
        Self.unmarked(file.contents).marks.map { Mark(file: file.path, line: $0.line, column: $0.column) })
    }
    return result
  }

  /// A text without its marks, and the line and column each mark stood before.
  public static func unmarked(_ text: String) -> (text: String, marks: [(line: Int, column: Int)]) {
    var result = String.UnicodeScalarView()
    var marks: [(line: Int, column: Int)] = []
    var line = 1
    var column = 1
    let markScalar = marker.unicodeScalars.first!
    for scalar in text.unicodeScalars {
      if scalar == markScalar {
        marks.append((line, column))
        continue
      }
      result.append(scalar)
      if scalar == "\n" {
        line += 1
        column = 1
      } else {
        column += 1
      }
    }
    return (String(result), marks)
  }
}
