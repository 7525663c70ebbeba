import Foundation
import Testing

@testable import WidgetLintCore
@testable import WidgetLintEngine
@testable import WidgetLintFrontends
@testable import WidgetLintKit
@testable import WidgetLintModel
@testable import WidgetLintReaders
@testable import WidgetLintReports
@testable import WidgetLintRules

/// What a newcomer meets before any rule: help, a clean run, -v, an unwritable -o, tabs, annotations.
@Suite struct FirstRunTests {
  static let cleanExample = "examples/pillar-valley/widgets.yaml"

  @Test func helpShowsTheLintOptionsAndTheOtherCommands() throws {
    for flag in ["--help", "-h"] {
      let result = try TestSupport.run([flag])
      #expect(result.status == 0)
      #expect(result.stdout.hasPrefix("OVERVIEW: Lint the configuration of an iOS widget bundle"))
      #expect(result.stdout.contains("USAGE: widgetlint [lint] [<options>] [<paths> ...]\n"))
      #expect(result.stdout.contains("  --format <format>"))
      #expect(result.stdout.contains("  --baseline <file>"))
      #expect(result.stdout.contains("SUBCOMMANDS:\n  lint (default)"))
    }
  }

  @Test func aCleanRunIsSilentInAPipe() throws {
    let result = try TestSupport.run([Self.cleanExample])
    #expect(result.status == 0)
    #expect(result.stdout == "")
    #expect(result.stderr == "")
  }

  #if os(Linux)
    /// util-linux's `script` gives the command a terminal, as a person's shell does.
    @Test func aCleanRunOnATerminalSaysSoInOneLine() throws {
      let text = try Self.runOnATerminal(Self.cleanExample)
      #expect(text == "widgetlint: no problems: 1 manifest, 3 files read\n")
    }

    /// What widgetlint prints for `arguments` (one shell word each) on a terminal, standard output and
    /// standard error together, with the terminal's line ends made plain.
    static func runOnATerminal(_ arguments: String...) throws -> String {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
      process.arguments = ["-qec", ([TestSupport.executable.path] + arguments).joined(separator: " "), "/dev/null"]
      process.currentDirectoryURL = TestSupport.packageRoot
      var environment = ProcessInfo.processInfo.environment
      environment["GITHUB_ACTIONS"] = nil
      process.environment = environment
      let output = Pipe()
      process.standardOutput = output
      process.standardInput = FileHandle.nullDevice
      try process.run()
      let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      #expect(process.terminationStatus == 0)
      return text.replacingOccurrences(of: "\r\n", with: "\n")
    }

    /// An app says what it was recognised as in a pipe too; on a terminal the same count line follows.
    @Test func aCleanAppOnATerminalCountsItsFiles() throws {
      let text = try Self.runOnATerminal("examples/native-widgets")
      #expect(
        text == """
          widgetlint: examples/native-widgets: Xcode app, 10 files read
          widgetlint: no problems: 1 project, 10 files read

          """)
    }
  #endif

  @Test func verboseListsTheFilesReadForAManifest() throws {
    let result = try TestSupport.run(["-v", Self.cleanExample])
    #expect(
      result.stderr == """
        widgetlint: examples/pillar-valley/widgets.yaml: manifest, 3 files read
          examples/pillar-valley/widgets.yaml
          examples/pillar-valley/targets/widgets/PillarWidget.swift
          examples/pillar-valley/targets/widgets/index.swift

        """)
  }

  @Test func writingIntoAMissingFolderIsOneLineAndExitTwo() throws {
    let result = try TestSupport.run(["-o", "no-such-folder/report.txt", Self.cleanExample])
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "widgetlint: error: cannot write 'no-such-folder/report.txt': the folder 'no-such-folder' does not exist\n")
  }

  @Test func aTabIndentedManifestIsToldToUseSpaces() throws {
    let findings = try TestSupport.lint("app:\n\tbundleIdentifier: com.example.app\n")
    #expect(
      findings.map { "\($0.ruleID) \(TestSupport.position($0)) \($0.message)" } == [
        "yaml-syntax 2:1-2:2 tabs cannot indent YAML; use spaces"
      ])
  }

  @Test func githubAnnotationsAreRelativeToTheWorkspace() throws {
    let result = try TestSupport.run(
      ["--format", "github", "broken/availability.yaml"],
      environment: ["GITHUB_WORKSPACE": TestSupport.packageRoot.path],
      currentDirectory: TestSupport.packageRoot.appendingPathComponent("examples"))
    #expect(result.status == 1)
    #expect(
      result.stdout
        == "::error file=examples/broken/availability.yaml,line=20,col=33,endLine=20,endColumn=53,title=widgetlint availability::accessoryRectangular needs iOS 16.0, but the target deploys to iOS 15.0; raise deploymentTarget or drop the family\n"
    )
    // Without a workspace, paths stay as given.
    let plain = try TestSupport.run(
      ["--format", "github", "broken/availability.yaml"], environment: ["GITHUB_WORKSPACE": ""],
      currentDirectory: TestSupport.packageRoot.appendingPathComponent("examples"))
    #expect(plain.stdout.hasPrefix("::error file=broken/availability.yaml,"))
  }

  @Test func xcodeVersionOnTheCommandLineDecidesTheBundleLimit() throws {
    let broken = "examples/broken/widget-kind-limit.yaml"
    #expect(try TestSupport.run([broken]).status == 1)
    #expect(try TestSupport.run(["--xcode-version", "16.0", broken]).status == 0)
    let bad = try TestSupport.run(["--xcode-version", "sixteen", broken])
    #expect(bad.status == 2)
    #expect(bad.stderr.hasPrefix("Error: --xcode-version takes a version such as 16.2\n"))
  }
}
