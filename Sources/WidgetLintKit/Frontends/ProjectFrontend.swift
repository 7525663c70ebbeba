/// Turns one kind of input into the project model: a manifest, a folder of Swift sources, an Expo app,
/// an Xcode or Flutter app. A frontend reads files and knows nothing of rules or reports; everything
/// after it (rules, the finishing stage, reporters) is the same whatever the input.
public protocol ProjectFrontend {
  /// Reads the input into a project, with the problems met while reading it.
  func readProject(_ context: FrontendContext) -> Project
}
