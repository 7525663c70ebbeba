import ArgumentParser
import Foundation
import WidgetLintKit

/// `--fix` and `--dry-run`: the library finds and applies the fixes in memory; this writes the result
/// (each file atomically), or prints it as a diff, or as the fixed text of standard input.
extension LintCommand {
  var fixUsageProblem: String? {
    if dryRun && !fix { return "--dry-run goes with --fix (widgetlint --fix --dry-run ...)" }
    guard fix else { return nil }
    if !sources.isEmpty { return "--fix corrects manifests; --sources has none" }
    if writeBaseline != nil { return "--fix and --write-baseline cannot be combined; fix first, then record" }
    if printConfig != nil { return "--fix and --print-config cannot be combined" }
    return nil
  }

  /// Whether standard output carries the diff (`--dry-run`) or the fixed standard input, so the report
  /// goes to standard error.
  var reportsToStandardError: Bool { fix && (dryRun || paths.contains("-")) }

  /// Applies the fixes and returns the texts to lint for the report of what is left, and how many files
  /// the fixes changed (or, with `--dry-run`, would change).
  func applyFixes(_ run: LintRun) throws -> (contents: [String: [UInt8]], changedFiles: Int) {
    let outcome = FixApplier(run: run).fix(arguments: lintedPaths, lintingWhatIsLeft: false)
    var failures: [InputError] = []
    // Standard input cannot be read again: its error ends the run.
    if let error = outcome.standardInputError { failures.append(error) }
    failures += outcome.unreadableFixes
    for change in outcome.changes {
      if dryRun {
        let diff = UnifiedDiff.diff(
          path: change.path == "<stdin>" ? "-" : change.path, original: change.original, fixed: change.fixed)
        FileHandle.standardOutput.write(Data(diff.utf8))
      } else if change.path == "<stdin>" {
        continue
      } else {
        do {
          try AtomicFileWriter.write(change.fixed, to: change.path)
        } catch {
          failures.append(InputError(path: change.path, message: "cannot write: \(error)"))
        }
      }
    }
    // Fixed or not, standard input is printed, so `widgetlint --fix - < a > b` always fills b.
    if !dryRun, let text = outcome.standardInput { FileHandle.standardOutput.write(Data(text)) }
    if !failures.isEmpty {
      printErrors(failures)
      throw LintFailure(status: 2)
    }
    let files = Set(outcome.changes.map(\.path)).count
    let verb = dryRun ? "would fix" : "fixed"
    if !quiet {
      FileHandle.standardError.write(
        Data(
          "widgetlint: \(verb) \(outcome.appliedFixes) problem\(outcome.appliedFixes == 1 ? "" : "s") in \(files) file\(files == 1 ? "" : "s")\n"
            .utf8))
    }
    return (outcome.fileContents, files)
  }
}
