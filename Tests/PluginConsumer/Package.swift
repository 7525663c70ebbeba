// swift-tools-version:6.0
// A package that uses widgetlint's plugins over the prebuilt binary (dist/WidgetLintPlugins, made by
// scripts/release), as an app's package would: no widgetlint or swift-syntax source is compiled.
// scripts/check-consumer builds a copy of it, with the plugin package's path filled in.
import PackageDescription

let package = Package(
  name: "widgetlint-plugin-consumer",
  dependencies: [
    .package(name: "WidgetLintPlugins", path: "WIDGETLINT_PLUGINS")
  ],
  targets: [
    .target(
      name: "Recipes",
      plugins: [.plugin(name: "WidgetLintBuildToolPlugin", package: "WidgetLintPlugins")]
    )
  ]
)
