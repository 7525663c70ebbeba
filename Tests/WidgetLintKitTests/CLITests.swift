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

/// Runs the built executable: exit codes, formats, inputs and outputs as a user or CI sees them.
@Suite struct CLITests {
  @Test func cleanExampleExitsZeroSilently() throws {
    let result = try TestSupport.run(["examples/pillar-valley/widgets.yaml"])
    #expect(result.status == 0)
    #expect(result.stdout.isEmpty)
  }

  @Test func textReportIsEditorParseable() throws {
    let result = try TestSupport.run(["examples/broken/availability.yaml"])
    #expect(result.status == 1)
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(
      lines[0]
        == "examples/broken/availability.yaml:20:33: error: accessoryRectangular needs iOS 16.0, but the target deploys to iOS 15.0; raise deploymentTarget or drop the family [availability]"
    )
    #expect(lines[1] == " 20 |         families: [systemSmall, accessoryRectangular]")
    #expect(
      lines[2] == "    |                                 ^"
        + String(repeating: "~", count: "accessoryRectangular".count - 1))
    #expect(lines[3] == "examples/broken/availability.yaml:6:21: note: deployment target set here")
    #expect(lines[4] == "1 error, 0 warnings, 0 notes in 1 file")
    #expect(!result.stdout.contains("\u{1B}["), "no color when not on a terminal")
  }

  @Test func colorOnlyWhenAskedAndNeverWithNoColor() throws {
    let forced = try TestSupport.run(["--color", "always", "examples/broken/availability.yaml"])
    #expect(forced.stdout.contains("\u{1B}[1;31merror"))
    let auto = try TestSupport.run(["examples/broken/availability.yaml"], environment: ["NO_COLOR": "1"])
    #expect(!auto.stdout.contains("\u{1B}["))
  }

  @Test func warningsFailOnlyWithStrict() throws {
    let relaxed = try TestSupport.run(["examples/broken/refresh-interval-too-short.yaml"])
    #expect(relaxed.status == 0)
    #expect(relaxed.stdout.contains("warning: a reload every 1m"))
    let strict = try TestSupport.run(["--strict", "examples/broken/refresh-interval-too-short.yaml"])
    #expect(strict.status == 1)
  }

  @Test func jsonReportHasTheDocumentedShape() throws {
    let result = try TestSupport.run(["--format", "json", "examples/broken/app-group-mismatch.yaml"])
    #expect(result.status == 1)
    let report = try TestSupport.json(result.stdout)
    #expect(report["version"] as? Int == 1)
    let tool = try #require(report["tool"] as? [String: Any])
    #expect(tool["name"] as? String == "widgetlint")
    let summary = try #require(report["summary"] as? [String: Int])
    #expect(summary == ["inputs": 1, "files": 1, "errors": 1, "warnings": 0, "notes": 0, "omitted": 0])
    let diagnostics = try #require(report["diagnostics"] as? [[String: Any]])
    let diagnostic = try #require(diagnostics.first)
    #expect(diagnostic["rule"] as? String == "app-group-mismatch")
    #expect(diagnostic["severity"] as? String == "error")
    #expect(diagnostic["file"] as? String == "examples/broken/app-group-mismatch.yaml")
    #expect(diagnostic["line"] as? Int == 23)
    #expect(diagnostic["column"] as? Int == 19)
    #expect(diagnostic["endLine"] as? Int == 23)
    #expect(diagnostic["endColumn"] as? Int == 54)
    #expect(diagnostic["path"] as? String == "/targets/0/widgets/0/appGroup")
    let related = try #require((diagnostic["related"] as? [[String: Any]])?.first)
    #expect(related["line"] as? Int == 15)
    #expect(related["message"] as? String == "target 'RecipeWidget' App Groups declared here")
  }

  @Test(arguments: ["examples", "examples/broken", "examples/broken-fix"])
  func jsonIsValidForEveryExample(directory: String) throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: TestSupport.path(directory))
    let files = names.compactMap { name -> String? in
      if name.hasSuffix(".yaml") || name.hasSuffix(".json") { return "\(directory)/\(name)" }
      let manifest = "\(directory)/\(name)/widgets.yaml"
      return FileManager.default.fileExists(atPath: TestSupport.path(manifest)) ? manifest : nil
    }
    #expect(!files.isEmpty)
    var fixes = 0
    for file in files {
      let result = try TestSupport.run(["--format", "json", file])
      #expect([0, 1].contains(result.status), "\(file)")
      let report = try TestSupport.json(result.stdout)
      let diagnostics = try #require(report["diagnostics"] as? [[String: Any]])
      for diagnostic in diagnostics {
        for key in ["rule", "severity", "message", "file", "path"] {
          #expect(diagnostic[key] is String, "\(file) \(key)")
        }
        for key in ["line", "column", "endLine", "endColumn"] { #expect((diagnostic[key] as? Int ?? 0) >= 1) }
        guard let fix = diagnostic["fix"] as? [String: Any] else { continue }
        fixes += 1
        #expect(fix["description"] is String)
        let replacements = try #require(fix["replacements"] as? [[String: Any]])
        #expect(!replacements.isEmpty)
        for replacement in replacements {
          #expect(replacement["file"] is String && replacement["text"] is String)
          for key in ["line", "column", "endLine", "endColumn"] { #expect((replacement[key] as? Int ?? 0) >= 1) }
        }
      }
    }
    if directory == "examples/broken-fix" { #expect(fixes >= files.count / 2, "the broken-fix cases carry fixes") }
  }

  @Test func manifestThatIsNotYAMLGetsAPositionedFindingAndValidJSON() throws {
    let directory = try TestSupport.directory(with: [("notes/widgets.yaml", "this is: not: yaml [\n\t- oops\n")])
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("notes/widgets.yaml").path
    let text = try TestSupport.run([path])
    #expect(text.status == 1)
    #expect(text.stdout.hasPrefix("\(path):1:13: error: mapping values are not allowed in this context [yaml-syntax]"))
    let json = try TestSupport.run(["--format", "json", path])
    let report = try TestSupport.json(json.stdout)
    let diagnostics = try #require(report["diagnostics"] as? [[String: Any]])
    #expect(diagnostics.map { $0["rule"] as? String } == ["yaml-syntax"])
  }

  @Test func missingFileExitsTwoWithValidJSON() throws {
    let text = try TestSupport.run(["no/such/widgets.yaml"])
    #expect(text.status == 2)
    #expect(text.stdout.isEmpty)
    #expect(text.stderr == "widgetlint: error: no/such/widgets.yaml: no such file or directory\n")
    let json = try TestSupport.run(["--format", "json", "no/such/widgets.yaml", "examples/up-next/widgets.yaml"])
    #expect(json.status == 2)
    let report = try TestSupport.json(json.stdout)
    let errors = try #require(report["errors"] as? [[String: String]])
    #expect(errors == [["file": "no/such/widgets.yaml", "message": "no such file or directory"]])
    #expect((report["summary"] as? [String: Int])?["inputs"] == 1)
    #expect(json.stderr.contains("no/such/widgets.yaml"))
  }

  @Test func usageErrorsExitTwo() throws {
    #expect(try TestSupport.run(["--max-findings", "0"]).status == 2)
    #expect(try TestSupport.run(["--format", "xml", "examples"]).status == 2)
    let unknown = try TestSupport.run(["--bogus", "examples"])
    #expect(unknown.status == 2)
    #expect(unknown.stderr.contains("Unknown option '--bogus'"))
  }

  @Test func lintIsTheDefaultSubcommand() throws {
    let implicit = try TestSupport.run(["--format=json", "examples/broken/availability.yaml", "--strict"])
    #expect(implicit.status == 1)
    let explicit = try TestSupport.run(["lint", "--format=json", "examples/broken/availability.yaml", "--strict"])
    #expect(explicit.status == implicit.status)
    #expect(explicit.stdout == implicit.stdout)
    let version = try TestSupport.run(["--version"])
    #expect(version.status == 0)
    #expect(version.stdout == WidgetLintInfo.version + "\n")
  }

  @Test func standardInputIsLinted() throws {
    let manifest =
      "app:\n  bundleIdentifier: com.example.app\ntargets:\n  - name: w\n    bundleIdentifier: com.other.w\n"
    let result = try TestSupport.run(["-"], stdin: manifest)
    #expect(result.status == 1)
    #expect(result.stdout.hasPrefix("<stdin>:5:23: error: extension bundle identifier 'com.other.w'"))
  }

  @Test func outputFileReceivesTheWholeReport() throws {
    let directory = try TestSupport.directory(with: [])
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("report.json").path
    let result = try TestSupport.run(["--format", "json", "--output", output, "examples/broken/missing-key.yaml"])
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    let report = try TestSupport.json(try String(contentsOfFile: output, encoding: .utf8))
    #expect((report["diagnostics"] as? [[String: Any]])?.first?["rule"] as? String == "missing-key")
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(leftovers == ["report.json"], "the temporary file is renamed, not left behind")
    let unwritable = try TestSupport.run(["--output", "/nonexistent-dir/r.txt", "examples/up-next/widgets.yaml"])
    #expect(unwritable.status == 2)
  }

  @Test func rulesAndExplain() throws {
    let list = try TestSupport.run(["rules"])
    #expect(list.status == 0)
    #expect(list.stdout.split(separator: "\n").count == RuleRegistry.all.count)
    #expect(list.stdout.contains("widget-kind-limit"))
    let json = try TestSupport.run(["rules", "--format", "json"])
    let rules = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
    #expect(rules.map { $0["id"] as? String } == RuleRegistry.ids)
    let explain = try TestSupport.run(["explain", "availability"])
    #expect(explain.stdout.hasPrefix("# availability\n"))
    let unknown = try TestSupport.run(["explain", "availabilty"])
    #expect(unknown.status == 2)
    #expect(unknown.stderr.contains("did you mean 'availability'?"))
  }
}

extension CLITests {
  @Test func expoVariantsEnvironmentAndResolvedConfig() throws {
    let variants = try TestSupport.run(["examples/expo-variants"])
    #expect(variants.status == 0)
    #expect(
      variants.stderr.contains(
        "Expo app, 6 files read, 2 variants (the default variant, variant APP_VARIANT=development)"))
    let broken = "examples/broken-projects/expo-dev-variant-group"
    #expect(try TestSupport.run([broken]).stdout.contains("(only in variant APP_VARIANT=development)"))
    #expect(try TestSupport.run(["--env", "APP_VARIANT=production", broken]).status == 0)
    let development = try TestSupport.run(["--env", "APP_VARIANT=development", broken])
    #expect(development.status == 1)
    #expect(!development.stdout.contains("only in"))
    #expect(try TestSupport.run(["--env", "APP_VARIANT", broken]).status == 2)

    let resolved = "examples/broken-projects/expo-resolved-config"
    #expect(try TestSupport.run([resolved]).status == 0)
    #expect(try TestSupport.run(["--expo-config", resolved + "/expo-config.json", resolved]).status == 1)
    let json = try String(contentsOfFile: TestSupport.path(resolved + "/expo-config.json"), encoding: .utf8)
    #expect(try TestSupport.run(["--expo-config", "-", resolved], stdin: json).status == 1)
    #expect(try TestSupport.run(["--expo-config", resolved + "/missing.json", resolved]).status == 2)
  }

  @Test func anExpoAppWithNoWidgetTargetSaysSoAndExitsZero() throws {
    let directory = try TestSupport.directory(with: [
      ("app.json", #"{"name": "demo", "slug": "demo", "ios": {"bundleIdentifier": "com.example.demo"}}"#)
    ])
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try TestSupport.run([directory.path])
    #expect(result.status == 0)
    #expect(result.stderr.contains("Expo app, 1 file read; no widget target"))
  }

  /// Expo reads app.json as JSON5, so a folder is recognised by its keys however they are written; a
  /// root-level app.json of another tool, with none of Expo's keys and no expo dependency, is not.
  @Test func anAppJSONIsRecognisedByItsKeysReadAsJSON5() throws {
    let json5 = "{\n  // Expo reads this file as JSON5.\n  expo: {name: 'demo', slug: 'demo',},\n}\n"
    let other = #"{"name": "demo", "version": "1.0.0", "description": "expo"}"#
    for (text, isExpo) in [(json5, true), (other, false)] {
      let directory = try TestSupport.directory(with: [("app.json", text)])
      defer { try? FileManager.default.removeItem(at: directory) }
      let result = try TestSupport.run([directory.path])
      #expect(result.stderr.contains("Expo app, 1 file read; no widget target") == isExpo, "\(text)")
      #expect(result.status == (isExpo ? 0 : 2), "\(text)")
    }
  }
}
