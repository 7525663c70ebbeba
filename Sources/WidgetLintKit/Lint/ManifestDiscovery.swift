import Foundation

/// Finds the manifests a command line names: files as given, directories searched for
/// `widgets.yaml`, `widgets.yml` and `widgets.json`.
public enum ManifestDiscovery {
  public static let manifestNames: Set<String> = ["widgets.yaml", "widgets.yml", "widgets.json"]

  public enum Input: Equatable, Sendable {
    /// A file to lint, and how to show its path.
    case file(path: String)
    case standardInput
  }

  /// The inputs for the given arguments, and the arguments that named nothing lintable.
  public static func inputs(for arguments: [String]) -> (inputs: [Input], errors: [InputError]) {
    var inputs: [Input] = []
    var errors: [InputError] = []
    for argument in arguments {
      if argument == "-" {
        inputs.append(.standardInput)
        continue
      }
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory) else {
        let message =
          (try? FileManager.default.destinationOfSymbolicLink(atPath: argument)) != nil
          ? "is a broken symbolic link" : "no such file or directory"
        errors.append(InputError(path: argument, message: message))
        continue
      }
      guard isDirectory.boolValue else {
        inputs.append(.file(path: argument))
        continue
      }
      let resolver = SourceResolver(baseDirectory: argument, displayDirectory: argument)
      let found = resolver.walk(".").filter { manifestNames.contains(($0 as NSString).lastPathComponent) }
      if found.isEmpty {
        errors.append(
          InputError(path: argument, message: "contains no manifest (widgets.yaml, widgets.yml or widgets.json)"))
      }
      inputs += found.map { .file(path: SourceResolver.join(argument, $0)) }
    }
    return (inputs, errors)
  }
}
