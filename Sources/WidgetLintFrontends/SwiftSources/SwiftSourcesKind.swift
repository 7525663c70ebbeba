import WidgetLintCore
import WidgetLintModel

/// A folder of widget Swift code with no manifest (`--sources`): named on the command line only, never
/// found by discovery.
package enum SwiftSourcesKind: ProjectKind {
  package static let id = "sources"
  package static let summaryName = "Swift sources"

  package static func frontend(for input: ProjectDiscovery.Input, options: FrontendOptions) -> Result<
    (frontend: any ProjectFrontend, shownPath: String), InputError
  > {
    let frontend = SwiftSourcesFrontend(
      directory: input.path, displayDirectory: input.path, deploymentTarget: input.deploymentTarget)
    return .success((frontend, input.path))
  }

  /// The folder's own configuration applies, not its parent's.
  package static func configurationDirectory(of input: ProjectDiscovery.Input) -> String { input.path }
}

extension ProjectDiscovery.Input {
  /// A folder of widget Swift code (`--sources`), and the iOS version it deploys to (nil: OS
  /// availability is not judged).
  public static func swiftSources(directory: String, deploymentTarget: OSVersion?) -> Self {
    Self(kind: SwiftSourcesKind.self, path: directory, deploymentTarget: deploymentTarget)
  }
}
