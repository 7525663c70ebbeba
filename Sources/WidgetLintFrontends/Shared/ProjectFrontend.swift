import WidgetLintModel

/// Turns one kind of input into the project model: a manifest, a folder of Swift sources, an Expo app,
/// an Xcode or Flutter app. A frontend reads files and knows nothing of rules or reports; everything
/// after it (rules, the finishing stage, reporters) is the same whatever the input.
public protocol ProjectFrontend {
  /// Reads the input into a project, with the problems met while reading it.
  func readProject(_ context: FrontendContext) -> Project

  /// Reads the input once for each build variant it has (an Xcode project's configurations, an Expo
  /// config's environment variants), each project naming its `variant`. Most inputs have one.
  func readVariants(_ context: FrontendContext) -> [Project]
}

extension ProjectFrontend {
  public func readVariants(_ context: FrontendContext) -> [Project] { [readProject(context)] }
}
