import Foundation
import PackagePlugin

/// Lints the package's widget configuration on every build of a target that uses the plugin. widgetlint
/// prints its findings as `file:line:column: error: message`, which `swift build` and Xcode show as
/// build diagnostics; an error fails the build.
@main
struct WidgetLintBuildToolPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let widgetlint = try context.tool(named: "widgetlint")
    // A command without outputs runs on every build: what it reads (a manifest, an app's project files,
    // Swift anywhere in the package) is not the target's sources alone, so no input list is complete.
    return [
      .buildCommand(
        displayName: "widgetlint \(context.package.displayName)",
        executable: widgetlint.url,
        arguments: ["lint", "--color", "never", context.package.directoryURL.path],
        outputFiles: []
      )
    ]
  }
}
