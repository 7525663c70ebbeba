// swift-tools-version:6.0
// Floor programs for scripts/bench: what widgetlint's time is compared with.
//
// - foundation-floor: a Swift program linked with Foundation that does nothing (process start).
// - swift-parse-floor: parses every .swift file below a folder with SwiftParser and nothing else,
//   on all cores (DispatchQueue.concurrentPerform, as widgetlint does).
//
// The libyaml parse floor is plain C: yaml-parse-floor.c beside this file.
import PackageDescription

let package = Package(
  name: "widgetlint-benchmarks",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(url: "https://github.com/swiftlang/swift-syntax", .upToNextMinor(from: "603.0.1"))
  ],
  targets: [
    .executableTarget(name: "foundation-floor"),
    .executableTarget(
      name: "swift-parse-floor",
      dependencies: [
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftParser", package: "swift-syntax"),
      ]
    ),
  ]
)
