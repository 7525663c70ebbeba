import Foundation
import WidgetLintKit

/// One libFuzzer target per reader of untrusted text. Each writes its input into a small project in a
/// folder of its own (`FuzzWorkspace`), reads the project through the frontend that reads such
/// projects and lints it with the linter the command line uses, then renders every report and traps
/// with a `widgetlint fuzz property` message when something that must hold for every input does not
/// (see `FuzzProperties`). Nothing here reads a file format or builds a project itself.
///
/// `scripts/fuzz` builds one optimised executable (WidgetLintFuzz) that runs the target named by
/// `WIDGETLINT_FUZZ_TARGET`; the unit tests run every file of `Tests/Fixtures/fuzz-regressions/<target>/`
/// through `run` too. To add a reader: add a case, its project in `FuzzWorkspace` and its branch in
/// `findings(for:)`, and a dictionary in `Tests/Fixtures/fuzz-dictionaries/<target>.dict`; the script
/// and the regression test take every case.
public enum FuzzTarget: String, CaseIterable, Sendable {
  /// YAML and JSON manifests (JSON when the first byte that is not white space is `{`), read by
  /// `ManifestFrontend` from memory, without Swift.
  case manifest
  /// An Expo app (`ExpoAppFrontend`) with one @bacons/apple-targets widget target: the input is the
  /// target's `expo-target.config.js`, or, when it starts with `{`, the app's `app.json` (JSON5).
  case javascript
  /// The same Expo app, whose own code `src/widget.tsx` is the input (JSX and TypeScript), beside a
  /// constants module it may import from: the scanner of the app's widget calls.
  case appjs
  /// Property lists, XML and binary: an Xcode app's folders (`XcodeAppFrontend`, no `.xcodeproj`) where
  /// the input is the widget extension's entitlements and another extension's Info.plist.
  case plist
  /// A Flutter app (`FlutterAppFrontend`) whose `lib/main.dart` is the input, with the home_widget
  /// scanner's work counter held linear.
  case dart
  /// A manifest whose one widget target's Swift file is the input (`ManifestFrontend`).
  case swift
  /// An Xcode app (`XcodeAppFrontend`) whose `Runner.xcodeproj/project.pbxproj` is the input, beside
  /// the app's and the widget's folders.
  case pbxproj
  /// A Tuist project (`TuistFrontend`) whose `Project.swift` is the input, beside a helper in
  /// `Tuist/ProjectDescriptionHelpers`, the app's entitlements and the widget's Swift.
  case tuist
  /// An XcodeGen project (`XcodeGenFrontend`) whose `project.yml` is the input, beside the app's and the
  /// widget's folders, an xcconfig and a committed generated project (`Counter.xcodeproj`).
  case xcodegen

  /// Runs one input and checks the properties; traps when one is broken. Inputs run one at a time in a
  /// process: they share the workspace's files.
  public func run(_ bytes: [UInt8]) {
    FuzzWorkspace.shared.lock.withLock { runAlone(bytes) }
  }

  private func runAlone(_ bytes: [UInt8]) {
    let workspace = FuzzWorkspace.shared
    let input = workspace.write(bytes, for: self)
    if self == .dart { FuzzProperties.checkDartWork(bytes) }
    let linters = FuzzLinters.pair(for: self)
    let found = findings(of: input, linter: linters.first)
    FuzzProperties.checkRanges(found, target: self)
    if self == .manifest {
      FuzzProperties.checkFixes(found, linter: linters.first)
    } else {
      FuzzProperties.checkProjectFileFixes(found, target: self)
    }
    let report = FuzzProperties.report(of: found)
    // The text report quotes the input's lines, so it is rendered for every input.
    _ = TextReporter(color: true).render(report)
    // Most mutations lint like an input checked already, and the rest is checked once per kind of
    // report (see `CheckedReports`). An input whose reports say something new is read again, on another
    // thread and with another linter, while this thread renders the reports that escape its words; the
    // two readings must give the same findings. A reader that is not deterministic makes new reports,
    // so its inputs are the ones read twice.
    guard CheckedReports.words.isFirst(hash: CheckedReports.wordsHash(found)) else { return }
    let again = BackgroundReading { self.findings(of: input, linter: linters.second) }
    _ = GitHubReporter().render(report)
    _ = JUnitReporter().render(report)
    if CheckedReports.shapes.holdsNewShape(found) {
      FuzzProperties.checkReports(report, target: self)
    }
    let first = found.map(FindingAgreement.init)
    let second = again.wait().map(FindingAgreement.init)
    if first != second {
      let (firstText, secondText) = (first.map(\.description), second.map(\.description))
      FuzzProperties.broken(
        "\(self): two readings of the same bytes differ:\n\(firstText.joined(separator: "\n"))\n--\n\(secondText.joined(separator: "\n"))"
      )
    }
  }

  /// The findings of the project `input` is part of, read by its frontend and linted by `linter`.
  func findings(of input: FuzzWorkspace.Input, linter: Linter) -> [Finding] {
    switch self {
    case .manifest:
      let source = SourceText(path: input.path, bytes: input.bytes)
      return linter.lint(
        ManifestFrontend(source: source, directory: input.project, displayDirectory: "", resolvesSwiftFiles: false))
    case .swift:
      let manifest = FuzzWorkspace.shared.path(of: FixedProjectFiles.swiftManifest.path, in: .swift)
      return linter.lint(
        ManifestFrontend(
          source: SourceText(path: manifest, text: FixedProjectFiles.swiftManifest.text), directory: input.project,
          displayDirectory: input.project))
    case .javascript, .appjs:
      return linter.lint(ExpoAppFrontend(appConfig: FuzzWorkspace.join(input.project, "app.json")))
    case .dart:
      return linter.lint(FlutterAppFrontend(directory: input.project))
    case .plist, .pbxproj:
      return linter.lint(XcodeAppFrontend(directory: input.project))
    case .tuist:
      return linter.lint(TuistFrontend(directory: input.project))
    case .xcodegen:
      return linter.lint(XcodeGenFrontend(spec: input.path))
    }
  }
}
