import Foundation
import PackagePlugin

/// `swift package widgetlint [widgetlint's arguments]`: lints the package's folder, or what the arguments
/// name (`swift package widgetlint --strict App/widgets.yaml`), and fails when widgetlint does.
@main
struct WidgetLintCommandPlugin: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    let widgetlint = try context.tool(named: "widgetlint")
    let namesAPath = arguments.contains { !$0.hasPrefix("-") }
    let process = Process()
    process.executableURL = widgetlint.url
    process.arguments = ["lint"] + arguments + (namesAPath ? [] : [context.package.directoryURL.path])
    process.currentDirectoryURL = context.package.directoryURL
    try process.run()
    process.waitUntilExit()
    guard process.terminationReason == .exit, process.terminationStatus == 0 else {
      throw WidgetLintFailed(status: process.terminationStatus)
    }
  }
}

struct WidgetLintFailed: Error, CustomStringConvertible {
  var status: Int32
  var description: String { "widgetlint exited with status \(status)" }
}
