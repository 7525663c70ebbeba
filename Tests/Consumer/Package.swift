// swift-tools-version:6.0
// A package that uses widgetlint as a dependency, the way other packages would: WidgetLintKit's public
// API only, the build-tool plugin on its target (which lints widgets.yaml on every build), and the
// command plugin (`swift package widgetlint`). scripts/check-consumer builds and runs it.
import PackageDescription

let package = Package(
  name: "widgetlint-consumer",
  platforms: [.macOS(.v13)],
  dependencies: [
    // Named: a path dependency is known by its folder's name, which is whatever the clone is called.
    .package(name: "widgetlint", path: "../..")
  ],
  targets: [
    .executableTarget(
      name: "WidgetLintConsumer",
      dependencies: [.product(name: "WidgetLintKit", package: "widgetlint")],
      plugins: [.plugin(name: "WidgetLintBuildToolPlugin", package: "widgetlint")]
    )
  ]
)
