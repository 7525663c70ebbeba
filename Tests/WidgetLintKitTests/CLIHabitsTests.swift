import Foundation
import Testing

@testable import WidgetLintCore
@testable import WidgetLintFrontends
@testable import WidgetLintKit

/// What users of other linters expect of the command line: `--fix --dry-run` as a check, `--quiet`,
/// and input errors on standard error that say what they are.
extension CLITests {
  @Test func dryRunExitsOneWhenItWouldChangeAFileAndZeroWhenNot() throws {
    // Every problem of this manifest is fixable: the run fails only because a fix would change the file.
    let fixable = try TestSupport.run(["--fix", "--dry-run", "examples/broken-fix/unknown-widget-family.yaml"])
    #expect(fixable.status == 1)
    #expect(fixable.stdout.hasPrefix("--- a/examples/broken-fix/unknown-widget-family.yaml\n"))
    #expect(fixable.stderr == "widgetlint: would fix 2 problems in 1 file\n")
    let clean = try TestSupport.run(["--fix", "--dry-run", "examples/pillar-valley/widgets.yaml"])
    #expect(clean.status == 0)
    #expect(clean.stdout.isEmpty)
    #expect(clean.stderr == "widgetlint: would fix 0 problems in 0 files\n")
    // Writing the fixes leaves nothing to report: that run passes.
    let directory = try TestSupport.directory(with: [])
    defer { try? FileManager.default.removeItem(at: directory) }
    let copy = try FixTests.copy("examples/broken-fix/unknown-widget-family.yaml", to: directory)
    let written = try TestSupport.run(["--fix", copy])
    #expect(written.status == 0)
    #expect(written.stderr == "widgetlint: fixed 2 problems in 1 file\n")
  }

  /// `--exclude` and a configuration's `ignore:` leave out the projects they match, and the findings
  /// of an app that lie in a file they match (a vendored copy the app's code walk reads).
  @Test func excludedAndIgnoredFoldersAreNeitherLintedNorReported() throws {
    let broken = try String(
      contentsOfFile: TestSupport.path("examples/broken/app-group-mismatch.yaml"), encoding: .utf8)
    let app =
      #"{"expo": {"name": "Tides", "ios": {"bundleIdentifier": "com.example.tides"}, "plugins": ["@bacons/apple-targets"]}}"#
    let opens =
      #"import { ExtensionStorage } from "@bacons/apple-targets";"#
      + "\nnew ExtensionStorage(\"group.com.example.other\");\n"
    let directory = try TestSupport.directory(with: [
      ("apps/tides/widgets.yaml", broken), ("vendor/kit/widgets.yaml", broken),
      ("expo/app.json", app), ("expo/targets/w/expo-target.config.json", #"{"type": "widget"}"#),
      ("expo/vendor/storage/index.ts", opens),
    ])
    defer { try? FileManager.default.removeItem(at: directory) }
    func places(_ arguments: [String]) throws -> [String] {
      let result = try TestSupport.run(["--format", "json"] + arguments + ["."], currentDirectory: directory)
      let diagnostics = try TestSupport.json(result.stdout)["diagnostics"] as? [[String: Any]] ?? []
      return diagnostics.compactMap { diagnostic in
        guard diagnostic["severity"] as? String == "error", let file = diagnostic["file"] as? String else { return nil }
        return "\(file):\(diagnostic["line"] ?? "")"
      }.sorted()
    }
    #expect(
      try places([]) == [
        "apps/tides/widgets.yaml:23", "expo/vendor/storage/index.ts:2", "vendor/kit/widgets.yaml:23",
      ])
    #expect(try places(["--exclude", "vendor/**", "--exclude", "expo/vendor/**"]) == ["apps/tides/widgets.yaml:23"])
    try Data("ignore: [\"vendor/**\", \"expo/vendor/\"]\n".utf8).write(
      to: directory.appendingPathComponent(".widgetlint.yml"))
    #expect(try places([]) == ["apps/tides/widgets.yaml:23"])
  }

  @Test func quietPrintsTheFindingsOnly() throws {
    let result = try TestSupport.run(["-q", "examples/broken/availability.yaml"])
    #expect(result.status == 1)
    #expect(
      result.stdout == """
        examples/broken/availability.yaml:20:33: error: accessoryRectangular needs iOS 16.0, but the target deploys to iOS 15.0; raise deploymentTarget or drop the family [availability]
         20 |         families: [systemSmall, accessoryRectangular]
            |                                 ^~~~~~~~~~~~~~~~~~~~
        examples/broken/availability.yaml:6:21: note: deployment target set here

        """)
    #expect(result.stderr.isEmpty)
    #expect(
      try TestSupport.run(["examples/broken/availability.yaml"]).stdout.hasSuffix(
        "1 error, 0 warnings, 0 notes in 1 file\n"))
    // An app's "what was read" line and --fix's count are progress lines: --quiet drops them.
    let app = try TestSupport.run(["--quiet", "examples/expo-variants"])
    #expect(app.status == 0)
    #expect(app.stdout.isEmpty)
    #expect(app.stderr.isEmpty)
    let dryRun = try TestSupport.run(["-q", "--fix", "--dry-run", "examples/pillar-valley/widgets.yaml"])
    #expect(dryRun.status == 0)
    #expect(dryRun.stderr.isEmpty)
    // Errors are still said.
    let missing = try TestSupport.run(["-q", "no/such/widgets.yaml"])
    #expect(missing.status == 2)
    #expect(missing.stderr == "widgetlint: error: no/such/widgets.yaml: no such file or directory\n")
    let both = try TestSupport.run(["-q", "-v", "examples/pillar-valley/widgets.yaml"])
    #expect(both.status == 2)
    #expect(both.stderr.hasPrefix("Error: --quiet and --verbose cannot be combined\n"))
  }

  @Test func anUnclosedQuoteIsReportedWhereItOpens() throws {
    let directory = try TestSupport.directory(with: [
      ("widgets.yaml", "app:\n  bundleIdentifier: \"com.example.app\n  deploymentTarget: 17.0\n")
    ])
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("widgets.yaml").path
    let result = try TestSupport.run([path])
    #expect(result.status == 1)
    #expect(
      result.stdout.hasPrefix(
        "\(path):2:21: error: unclosed quote: the string opened here with \" has no closing \" [yaml-syntax]\n"))
  }

  @Test func inputErrorsGoToStandardErrorAndMachineReportsStayComplete() throws {
    let text = try TestSupport.run(["no/such/widgets.yaml", "examples/pillar-valley/widgets.yaml"])
    #expect(text.status == 2)
    #expect(text.stdout.isEmpty)
    #expect(text.stderr == "widgetlint: error: no/such/widgets.yaml: no such file or directory\n")
    // A text report written to a file keeps the error, so the file says why the run failed.
    let directory = try TestSupport.directory(with: [])
    defer { try? FileManager.default.removeItem(at: directory) }
    let report = directory.appendingPathComponent("report.txt").path
    let written = try TestSupport.run(["-o", report, "no/such/widgets.yaml"])
    #expect(written.status == 2)
    #expect(
      try String(contentsOfFile: report, encoding: .utf8) == "no/such/widgets.yaml: error: no such file or directory\n")
    #expect(written.stderr == "widgetlint: error: no/such/widgets.yaml: no such file or directory\n")
    let sarif = try TestSupport.run(["--format", "sarif", "no/such/widgets.yaml"])
    #expect(sarif.status == 2)
    let runs = try #require(try TestSupport.json(sarif.stdout)["runs"] as? [[String: Any]])
    let invocations = try #require(runs.first?["invocations"] as? [[String: Any]])
    #expect(invocations.first?["executionSuccessful"] as? Bool == false)
    #expect(sarif.stderr == "widgetlint: error: no/such/widgets.yaml: no such file or directory\n")
  }

  /// Tests run as root in CI, and root lists any folder: the folder's listing error comes through the seam.
  @Test func anUnlistableFolderSaysPermissionDenied() throws {
    let directory = try TestSupport.directory(with: [("widgets.yaml", "app: {}\n")])
    defer { try? FileManager.default.removeItem(at: directory) }
    let discovery = ProjectDiscovery.discover([directory.path], listingError: { _ in EACCES })
    #expect(discovery.errors == [InputError(path: directory.path, message: "permission denied")])
    #expect(discovery.inputs.isEmpty)
    #expect(ProjectDiscovery.listingError(directory.path) == nil)
    #expect(ProjectDiscovery.listingError(directory.appendingPathComponent("widgets.yaml").path) == ENOTDIR)
  }

  @Test(.disabled(if: getuid() == 0, "root lists a folder whatever its permissions"))
  func anUnreadableFolderArgumentSaysPermissionDenied() throws {
    let directory = try TestSupport.directory(with: [("app/widgets.yaml", "app: {}\n")])
    let folder = directory.appendingPathComponent("app").path
    chmod(folder, 0o000)
    defer {
      chmod(folder, 0o755)
      try? FileManager.default.removeItem(at: directory)
    }
    let result = try TestSupport.run([folder])
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == "widgetlint: error: \(folder): permission denied\n")
  }
}

/// On a Mac, /tmp and /var are links into /private, and the system names the working folder by its
/// /private path while the shell's `PWD` and the user's arguments do not: paths are shown as given.
extension CLITests {
  @Test func aWorkingFolderReachedThroughALinkIsNamedAsTheShellNamesIt() throws {
    let manifest = try String(
      contentsOfFile: TestSupport.path("examples/broken/app-group-format.yaml"), encoding: .utf8)
    let real = try TestSupport.directory(with: [("widgets.yaml", manifest), (".git/HEAD", "ref: refs/heads/main\n")])
    let link = real.deletingLastPathComponent().appendingPathComponent("link-\(UUID().uuidString)")
    try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: real.path)
    defer {
      try? FileManager.default.removeItem(at: link)
      try? FileManager.default.removeItem(at: real)
    }
    let result = try TestSupport.run(
      ["--format", "sarif", link.path + "/widgets.yaml"], environment: ["PWD": link.path], currentDirectory: real)
    #expect(result.status == 1)
    let log = try TestSupport.json(result.stdout)
    let runs = try #require(log["runs"] as? [[String: Any]])
    let results = try #require(runs.first?["results"] as? [[String: Any]])
    let locations = results.compactMap { result in
      ((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["artifactLocation"]
        as? [String: String]
    }
    #expect(!locations.isEmpty)
    #expect(locations.allSatisfy { $0 == ["uri": "widgets.yaml", "uriBaseId": "%SRCROOT%"] }, "\(locations)")
    // A PWD that is another folder is not believed: the working folder is the system's (its real path,
    // which on a Mac is under /private when the temporary folder is).
    // realpath(3): Foundation's resolvingSymlinksInPath drops a leading /private on a Mac.
    let resolved = try #require(realpath(real.path, nil))
    defer { free(resolved) }
    let realPath = String(cString: resolved)
    let elsewhere = try TestSupport.run(
      ["--format", "sarif", realPath + "/widgets.yaml"], environment: ["PWD": "/"],
      currentDirectory: URL(fileURLWithPath: realPath))
    #expect(
      elsewhere.stdout.contains(#""uri":"widgets.yaml""#) || elsewhere.stdout.contains(#""uri" : "widgets.yaml""#))
  }
}
