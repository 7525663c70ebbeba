// swift-tools-version:6.0
// A package that uses WidgetLintKit as a dependency, the way another tool would: it sees the library's
// public API only. scripts/check-consumer builds and runs it.
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
      dependencies: [.product(name: "WidgetLintKit", package: "widgetlint")]
    )
  ]
)
