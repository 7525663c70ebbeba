import Foundation
import PackagePlugin

/// Lints the package's widget configuration when a build of a target that uses the plugin follows a change
/// to a file the lint reads. widgetlint prints its findings as `file:line:column: error: message`, which
/// `swift build` and Xcode show as build diagnostics; an error fails the build.
@main
struct WidgetLintBuildToolPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let widgetlint = try context.tool(named: "widgetlint")
    let package = context.package.directoryURL
    // The build system runs a command again only when an input changed or its output is missing: the
    // inputs are the files a lint of the package reads, and the output a stamp written when it passes
    // (a failed lint leaves the command failed, so the next build runs it again). The stamp is a Swift
    // file holding a comment: an output of another type would become a resource of the target.
    let stamp = context.pluginWorkDirectoryURL.appendingPathComponent("WidgetLintPassed.swift")
    return [
      .buildCommand(
        displayName: "widgetlint \(context.package.displayName)",
        executable: URL(fileURLWithPath: "/bin/sh"),
        arguments: [
          "-c", #""$0" lint --color never "$1" && echo "// widgetlint passed" >"$2""#, widgetlint.url.path,
          package.path, stamp.path,
        ],
        inputFiles: LintInputs.files(below: package) + [widgetlint.url],
        outputFiles: [stamp]
      )
    ]
  }
}

/// The files a lint of a folder may read, told by their names as the pre-commit hooks tell them
/// (`.pre-commit-hooks.yaml`): manifests, app and target configs, Xcode, XcodeGen and Tuist files,
/// entitlements, Info.plists, and the app's Swift, Dart and JavaScript.
enum LintInputs {
  static let names: Set<String> = [
    "widgets.yaml", "widgets.yml", "widgets.json", "app.json", "app.config.json", "expo-target.config.json",
    "tsconfig.json", "jsconfig.json", "pubspec.yaml", "pubspec.lock", "project.yml", "project.pbxproj",
    ".widgetlint.yml", ".widgetlint.yaml", ".xcode-version",
  ]
  static let extensions: Set<String> = [
    "entitlements", "xcconfig", "swift", "dart", "js", "cjs", "mjs", "jsx", "ts", "tsx",
  ]
  /// Folders a lint never enters (widgetlint's walk skips them too), besides hidden ones.
  static let skippedFolders: Set<String> = [".build", "node_modules", "Pods", "DerivedData"]

  static func files(below root: URL) -> [URL] {
    var files: [URL] = []
    let hiddenInputs = names.filter { $0.hasPrefix(".") }
    for name in hiddenInputs.sorted()
    where FileManager.default.fileExists(atPath: root.appendingPathComponent(name).path) {
      files.append(root.appendingPathComponent(name))
    }
    guard
      let walk = FileManager.default.enumerator(
        at: root, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles])
    else { return files }
    for case let url as URL in walk {
      let name = url.lastPathComponent
      if (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true {
        if skippedFolders.contains(name) { walk.skipDescendants() }
        continue
      }
      if names.contains(name) || extensions.contains(url.pathExtension) || name.hasSuffix("Info.plist") {
        files.append(url)
      }
    }
    return files
  }
}
