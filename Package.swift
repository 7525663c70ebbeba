// swift-tools-version:6.0
import Foundation
import PackageDescription

let package = Package(
  name: "widgetlint",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "widgetlint", targets: ["widgetlint"]),
    .library(name: "WidgetLintKit", targets: ["WidgetLintKit"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
  ],
  targets: [
    .systemLibrary(
      name: "CYaml",
      pkgConfig: "yaml-0.1",
      providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
    ),
    .target(
      name: "WidgetLintKit",
      dependencies: [
        "CYaml",
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftParser", package: "swift-syntax"),
      ]
    ),
    .executableTarget(
      name: "widgetlint",
      dependencies: [
        "WidgetLintKit",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .testTarget(
      name: "WidgetLintKitTests",
      // The CLI tests run the built executable, so it is a dependency to make `swift test` build it.
      dependencies: ["WidgetLintKit", "widgetlint"]
    ),
  ]
)

// The libFuzzer target hands its main to libFuzzer's driver, so it exists only when scripts/fuzz
// builds it (every module with -sanitize=address). libFuzzer is guided by coverage of widgetlint's
// own code only: swift-syntax's 525,000 counters would otherwise be cleared and scanned after every
// input of every target, though only the swift target runs that code. The options are those
// -sanitize=fuzzer turns on, less stack-depth, for which swiftc has no option.
if ProcessInfo.processInfo.environment["WIDGETLINT_FUZZ"] == "1" {
  let coverage = "-sanitize-coverage=edge,indirect-calls,trace-cmp,inline-8bit-counters,pc-table"
  for target in package.targets where target.name == "WidgetLintKit" {
    target.swiftSettings = [.unsafeFlags([coverage])]
  }
  package.targets.append(
    .executableTarget(
      name: "WidgetLintFuzz",
      dependencies: ["WidgetLintKit"],
      linkerSettings: [.unsafeFlags(["-sanitize=fuzzer"])]
    )
  )
} else {
  package.targets.removeAll { $0.name == "WidgetLintFuzz" }
}
