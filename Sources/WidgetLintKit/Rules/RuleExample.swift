/// A manifest that shows the rule: a failing one must produce the rule, a passing one must not.
/// `files` are extra files (Swift sources) beside the manifest, by relative path. With an empty
/// manifest the files are a whole project (an Expo or Flutter app) linted as a folder.
public struct RuleExample: Sendable {
  public var title: String
  public var manifest: String
  public var fails: Bool
  public var files: [(path: String, contents: String)]

  public static func failing(_ title: String, _ manifest: String, files: [(String, String)] = []) -> RuleExample {
    RuleExample(title: title, manifest: manifest, fails: true, files: files.map { (path: $0.0, contents: $0.1) })
  }

  public static func passing(_ title: String, _ manifest: String, files: [(String, String)] = []) -> RuleExample {
    RuleExample(title: title, manifest: manifest, fails: false, files: files.map { (path: $0.0, contents: $0.1) })
  }
}
