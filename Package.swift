// swift-tools-version:6.0
import Foundation
import PackageDescription

let package = Package(
  name: "widgetlint",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "widgetlint", targets: ["widgetlint"]),
    .library(name: "WidgetLintKit", targets: ["WidgetLintKit"]),
    .plugin(name: "WidgetLintBuildToolPlugin", targets: ["WidgetLintBuildToolPlugin"]),
    .plugin(name: "WidgetLintCommandPlugin", targets: ["WidgetLintCommandPlugin"]),
  ],
  dependencies: [
    // Package.resolved is not committed (its pins name one machine's commits), so the ranges are what
    // keep builds reproducible: patch releases only, the versions CI builds and tests.
    .package(url: "https://github.com/apple/swift-argument-parser", .upToNextMinor(from: "1.8.2")),
    .package(url: "https://github.com/swiftlang/swift-syntax", .upToNextMinor(from: "603.0.1")),
  ],
  targets: [
    .systemLibrary(
      name: "CYaml",
      pkgConfig: "yaml-0.1",
      providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
    ),
    // The pipeline, one target per stage; each depends only on the stages before it, so the compiler
    // holds the direction (docs: CONTRIBUTING.md, "How it works"). WidgetLintKit re-exports them all.
    .target(name: "WidgetLintCore"),
    .target(name: "WidgetLintModel", dependencies: ["WidgetLintCore"]),
    .target(
      name: "WidgetLintReaders",
      dependencies: [
        "WidgetLintCore", "WidgetLintModel", "CYaml",
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftParser", package: "swift-syntax"),
      ]
    ),
    .target(name: "WidgetLintFrontends", dependencies: ["WidgetLintCore", "WidgetLintModel", "WidgetLintReaders"]),
    .target(name: "WidgetLintRules", dependencies: ["WidgetLintCore", "WidgetLintModel"]),
    .target(
      name: "WidgetLintEngine",
      dependencies: [
        "WidgetLintCore", "WidgetLintModel", "WidgetLintReaders", "WidgetLintFrontends", "WidgetLintRules",
      ]
    ),
    .target(
      name: "WidgetLintReports",
      dependencies: ["WidgetLintCore", "WidgetLintRules", "WidgetLintEngine"]
    ),
    // The editor's side: lints open files with their unsaved text and answers in the Language Server
    // Protocol. It sits after the reports, beside the command line.
    .target(
      name: "WidgetLintLanguageServer",
      dependencies: [
        "WidgetLintCore", "WidgetLintFrontends", "WidgetLintRules", "WidgetLintEngine", "WidgetLintReports",
      ]
    ),
    .target(
      name: "WidgetLintKit",
      dependencies: [
        "WidgetLintCore", "WidgetLintModel", "WidgetLintReaders", "WidgetLintFrontends", "WidgetLintRules",
        "WidgetLintEngine", "WidgetLintReports", "WidgetLintLanguageServer",
      ]
    ),
    .executableTarget(
      name: "widgetlint",
      dependencies: [
        "WidgetLintKit",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // For packages: a build-tool plugin that lints on every build, and `swift package widgetlint`.
    .plugin(name: "WidgetLintBuildToolPlugin", capability: .buildTool(), dependencies: ["widgetlint"]),
    .plugin(
      name: "WidgetLintCommandPlugin",
      capability: .command(
        intent: .custom(verb: "widgetlint", description: "Lint the package's iOS widget configuration with widgetlint")
      ),
      dependencies: ["widgetlint"]
    ),
    .testTarget(
      name: "WidgetLintKitTests",
      // The CLI tests run the built executable, so it is a dependency to make `swift test` build it.
      // swift-syntax: PlatformConditionTests reads the package's own sources.
      dependencies: [
        "WidgetLintKit", "widgetlint",
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftParser", package: "swift-syntax"),
      ]
    ),
  ]
)

// Fuzzing. The harness (Sources/WidgetLintFuzzing) is a library of its own beside WidgetLintKit, not
// part of the product: it reads projects through WidgetLintKit's frontends and lints them with its
// linter, and the unit tests run the kept fuzz regressions through it. The libFuzzer executable
// (Sources/WidgetLintFuzz) has no main of its own (libFuzzer provides it), so it exists only when
// scripts/fuzz builds it (WIDGETLINT_FUZZ=1, -c release).
package.targets.append(.target(name: "WidgetLintFuzzing", dependencies: ["WidgetLintKit"]))
package.targets.first { $0.name == "WidgetLintKitTests" }?.dependencies.append("WidgetLintFuzzing")
if ProcessInfo.processInfo.environment["WIDGETLINT_FUZZ"] == "1" {
  // Coverage and AddressSanitizer on widgetlint's own code only: the fuzzer is guided by the readers and
  // rules it tests, and does not collect swift-syntax's counters (five sixths of the whole) after every
  // input. A global `-Xswiftc -sanitize=...` would override these flags (the last -sanitize wins).
  // SwiftPM has no setting for sanitizers, hence unsafeFlags; they add checks, turn none off, and exist
  // only in this fuzz build, so a package depending on WidgetLintKit never sees them.
  let fuzzing: [String] = ["-sanitize=fuzzer,address"]
  for target in package.targets
  where target.name.hasPrefix("WidgetLint") && [.regular, .executable].contains(target.type) {
    target.swiftSettings = [.unsafeFlags(fuzzing)]
  }
  package.targets.append(
    .executableTarget(
      name: "WidgetLintFuzz",
      dependencies: ["WidgetLintFuzzing"],
      swiftSettings: [.unsafeFlags(fuzzing + ["-parse-as-library"])],
      linkerSettings: [.unsafeFlags(fuzzing)]
    )
  )
} else {
  package.targets.removeAll { $0.name == "WidgetLintFuzz" }
}
