// swift-tools-version:6.0
// widgetlint's plugins over its prebuilt binary, as SwiftLint's plugins are offered: a package that uses
// them compiles neither widgetlint nor swift-syntax. scripts/release writes this package into dist/ with
// the plugins' sources (Plugins/ of the main package) and the artifact bundle beside it; the release
// workflow points the binary target at the bundle attached to the release, with its checksum.
import PackageDescription

let package = Package(
  name: "WidgetLintPlugins",
  products: [
    .plugin(name: "WidgetLintBuildToolPlugin", targets: ["WidgetLintBuildToolPlugin"]),
    .plugin(name: "WidgetLintCommandPlugin", targets: ["WidgetLintCommandPlugin"]),
  ],
  targets: [
    .binaryTarget(name: "WidgetLintBinary", path: "widgetlint.artifactbundle"),
    .plugin(name: "WidgetLintBuildToolPlugin", capability: .buildTool(), dependencies: ["WidgetLintBinary"]),
    .plugin(
      name: "WidgetLintCommandPlugin",
      capability: .command(
        intent: .custom(verb: "widgetlint", description: "Lint the package's iOS widget configuration with widgetlint")
      ),
      dependencies: ["WidgetLintBinary"]
    ),
  ]
)
